"""Turns, draws and auctions, one rule sentence per test (shared/spec/ra.md, Turn and Auction)."""

from __future__ import annotations

import math

import pytest

from conftest import legal, play
from thebes.core import CHANCE, IllegalEventError, InvalidEventError, get_game


def test_the_sun_deal_is_the_first_event_with_probability_one_over_n_factorial():
    for n in (3, 4, 5):
        state = get_game("ra").new_initial_state(n)
        assert state.current_player() == CHANCE
        outcomes = state.chance_outcomes()
        assert len(outcomes) == math.factorial(n)
        assert all(p == pytest.approx(1 / math.factorial(n)) for _, p in outcomes)


def test_sun_groups_are_written_from_high_to_low_and_any_other_spelling_is_illegal():
    state = get_game("ra").new_initial_state(3)
    with pytest.raises(InvalidEventError):
        state.apply("suns 2,5,8,13 / 12,9,6,3 / 11,10,7,4")
    with pytest.raises(InvalidEventError):
        state.apply("suns 13, 8,5,2 / 12,9,6,3 / 11,10,7,4")
    state.apply("suns 12,9,6,3 / 13,8,5,2 / 11,10,7,4")
    assert state.current_player() == 1  # seat 2 holds 13


def test_the_holder_of_the_highest_sun_begins_the_epoch():
    assert play(players=5, deal="suns 12,11,6 / 13,10,5 / 14,9,4 / 16,7,2 / 15,8,3").current_player() == 3


def test_records_spec_example_seat_two_takes_the_pharaoh_and_sun_one():
    state = play("draw", "pharaoh", "ra", "pass", "bid 5", "bid 12")
    assert state.display[1][3] == 1  # pharaoh
    assert state.suns_down[1] == [1]
    assert state.centre == 12
    assert state.suns_up[0] == [13, 8, 5, 2]  # seat 1's bid of 5 came back
    assert state.current_player() == 2  # left of the Ra player (seat 2)


def test_a_drawn_tile_goes_on_the_lowest_empty_space_and_play_passes_left():
    state = play("draw", "gold")
    assert state.track[0] == 2 and state.track_count == 1
    assert state.current_player() == 1


def test_a_draw_has_probability_count_left_in_bag_over_tiles_left():
    state = play("draw")
    probs = dict(state.chance_outcomes())
    assert probs[0] == pytest.approx(30 / 180)
    assert sum(probs.values()) == pytest.approx(1)
    state.apply("ra")  # a Ra tile: drawn auction
    state2 = play("draw", "ra", "pass", "pass", "pass", "draw")
    assert dict(state2.chance_outcomes())[0] == pytest.approx(29 / 179)


def test_draw_is_illegal_when_the_auction_track_is_full(ra3):
    ra3.track = [3] * 8
    ra3.track_count = 8
    assert "draw" not in legal(ra3)
    assert "ra" in legal(ra3)


def test_draw_is_illegal_when_the_bag_is_empty(ra3):
    ra3.bag = [0] * 23
    ra3.bag_total = 0
    assert legal(ra3) == {"ra"}


def test_ra_is_legal_with_an_empty_auction_track_and_the_winner_takes_only_the_centre_sun():
    state = play("ra", "bid 12", "pass", "pass")
    assert state.suns_down[1] == [1] and state.centre == 12
    assert sum(state.display[1]) == 0


def test_bidding_goes_once_around_from_left_of_the_ra_player_ending_with_him():
    state = play("draw", "gold", "ra")  # seat 2 invokes Ra
    order = []
    for event in ("pass", "pass", "bid 9"):
        order.append(state.current_player())
        state.apply(event)
    assert order == [2, 0, 1]


def test_a_bid_must_beat_the_high_bid():
    state = play("ra", "bid 9")  # seat 2 bids 9 after seat 1's ra; seat 3 holds 11 10 7 4
    assert legal(state) == {"pass", "bid 11", "bid 10"}


def test_a_bidder_with_suns_but_none_higher_must_pass_and_the_pass_is_recorded():
    state = play("ra", "bid 9", "bid 11")
    assert state.current_player() == 0
    assert legal(state) == {"pass", "bid 13"}
    state = play("draw", "gold", "ra", "bid 11", "bid 13")
    assert state.current_player() == 1
    assert legal(state) == {"pass"}


def test_voluntary_auction_ra_player_must_bid_if_everyone_before_passed():
    state = play("ra", "pass", "pass")
    assert legal(state) == {"bid 13", "bid 8", "bid 5", "bid 2"}


def test_voluntary_auction_ra_player_may_pass_once_someone_bid():
    assert "pass" in legal(play("ra", "bid 3", "pass"))


def test_drawn_auction_may_end_with_everyone_passing_and_the_track_stays():
    state = play("draw", "gold", "draw", "ra", "pass", "pass")
    assert state.current_player() == 1  # the Ra player is seat 2
    assert "pass" in legal(state)
    state.apply("pass")
    assert state.track[0] == 2 and state.track_count == 1
    assert state.current_player() == 2


def test_forced_auction_may_end_with_everyone_passing_and_the_track_goes_to_the_box(ra3):
    ra3.track = [3, 4, 4, 3, 2, 11, 12, 6]
    ra3.track_count = 8
    ra3.apply("ra")
    for _ in range(3):
        ra3.apply("pass")
    assert ra3.track_count == 0 and ra3.track == [-1] * 8
    assert ra3.box[3] == 2 and ra3.box[4] == 2
    assert ra3.current_player() == 1


def test_the_high_bidder_takes_the_track_and_the_centre_sun_face_down_and_his_sun_becomes_centre():
    state = play("draw", "gold", "draw", "pharaoh", "draw", "nile", "ra", "bid 3", "pass", "pass")
    assert state.display[1][2] == 1 and state.display[1][3] == 1 and state.display[1][4] == 1
    assert state.suns_down[1] == [1] and state.centre == 3
    assert 3 not in state.suns_up[1]
    assert state.track_count == 0


def test_play_continues_left_of_the_ra_player_whatever_the_outcome():
    assert play("ra", "bid 12", "pass", "pass").current_player() == 1
    assert play("draw", "ra", "pass", "pass", "pass").current_player() == 1


def test_a_player_without_face_up_suns_is_skipped_in_turns_and_auctions(ra3):
    ra3.suns_down[1] = ra3.suns_up[1]
    ra3.suns_up[1] = []
    ra3.apply("draw")
    ra3.apply("gold")
    assert ra3.current_player() == 2
    ra3.apply("ra")
    assert ra3.current_player() == 0  # seat 2 is skipped in the bidding
    ra3.apply("pass")
    assert ra3.current_player() == 2


def test_a_player_alone_with_suns_keeps_taking_turns_and_must_bid_after_his_own_ra(ra3):
    for seat in (1, 2):
        ra3.suns_down[seat] = ra3.suns_up[seat]
        ra3.suns_up[seat] = []
    ra3.apply("draw")
    ra3.apply("gold")
    assert ra3.current_player() == 0
    ra3.apply("ra")
    assert legal(ra3) == {"bid 13", "bid 8", "bid 5", "bid 2"}


def test_a_player_alone_with_suns_may_pass_in_a_drawn_auction(ra3):
    for seat in (1, 2):
        ra3.suns_down[seat] = ra3.suns_up[seat]
        ra3.suns_up[seat] = []
    ra3.apply("draw")
    ra3.apply("ra")
    assert "pass" in legal(ra3)
    ra3.apply("pass")
    assert ra3.current_player() == 0


def test_after_the_last_event_no_event_is_legal():
    from thebes.cli import selfplay_record
    state = selfplay_record("ra", 3, 5, {}).replay()
    assert state.is_terminal() and state.legal_events() == []
    with pytest.raises(IllegalEventError):
        state.apply("draw")


def test_an_event_that_is_not_ra_notation_is_refused_with_the_legal_events(ra3):
    with pytest.raises(InvalidEventError) as err:
        ra3.apply("bid")
    assert set(err.value.legal) == {"draw", "ra"}
    with pytest.raises(IllegalEventError) as err:
        ra3.apply("bid 13")
    assert set(err.value.legal) == {"draw", "ra"}
    with pytest.raises(InvalidEventError):
        ra3.apply("draw ")
    assert ra3.current_player() == 0 and ra3.track_count == 0  # nothing changed


def test_a_sun_bid_in_leading_zeros_is_not_canonical():
    with pytest.raises(IllegalEventError, match="canonical"):
        play("ra").apply("bid 012")


def test_the_move_ra_and_the_drawn_tile_ra_are_told_apart_by_the_state():
    state = play("ra")
    assert state.auction_kind == 1  # voluntary
    state = play("draw", "ra")
    assert state.ra_count == 1 and state.auction_kind == 0  # drawn
