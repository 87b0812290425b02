"""Epoch ends, scoring and ranking (shared/spec/ra.md, End of an epoch; rulebook SCORING)."""

from __future__ import annotations

from conftest import give, legal, play
from thebes.games.ra.scoring import monument_points, most_fewest, score_epoch
from thebes.games.ra.tiles import (CIVILIZATIONS, FLOOD, GOD, GOLD, KIND_INDEX, NILE, NUM_KINDS,
                                   PHARAOH)


def display(**kinds):
    d = [0] * NUM_KINDS
    for name, count in kinds.items():
        d[KIND_INDEX[name.replace("_", "-")]] = count
    return d


# --- the rulebook's worked examples ---------------------------------------------------------
def test_rulebook_pharaohs_example_anna_and_don_gain_five_bob_and_cathy_lose_two():
    assert most_fewest([3, 2, 2, 3], 5, -2) == [5, -2, -2, 5]


def test_rulebook_civilization_example_three_distinct_kinds_score_five():
    tally = score_epoch([display(astronomy=3, agriculture=2, writing=2),
                         display(astronomy=1, agriculture=1, writing=1), display(art=1)],
                        [[1]] * 3, [[]] * 3, final=False)
    assert tally["lines"]["civilizations"] == [5, 5, 0]


def test_rulebook_monuments_example_scores_nineteen():
    assert monument_points(display(pyramid=4, temple=3, fortress=2, sphinx=1)) == 19


def test_rulebook_suns_example_bob_gains_five_anna_and_don_lose_five():
    assert most_fewest([17, 25, 21, 17], 5, -5) == [-5, 5, 0, -5]


# --- the scoring rules ----------------------------------------------------------------------
def test_pharaohs_score_nothing_when_everyone_has_the_same_count():
    assert most_fewest([2, 2, 2], 5, -2) == [0, 0, 0]


def test_nile_tiles_score_only_for_a_player_with_a_flood():
    tally = score_epoch([display(nile=4), display(nile=2, flood=1), display()],
                        [[1]] * 3, [[]] * 3, final=False)
    assert tally["lines"]["nile"] == [0, 3, 0]


def test_a_player_without_civilization_loses_five_and_two_kinds_score_nothing():
    tally = score_epoch([display(), display(art=1, writing=1), display(*(), **{
        "astronomy": 1, "agriculture": 1, "writing": 1, "religion": 1, "art": 1})],
        [[1]] * 3, [[]] * 3, final=False)
    assert tally["lines"]["civilizations"] == [-5, 0, 15]


def test_gods_score_two_and_gold_three_each():
    tally = score_epoch([display(god=2, gold=1), display(), display()], [[1]] * 3, [[]] * 3,
                        final=False)
    assert tally["lines"]["gods"][0] == 4 and tally["lines"]["gold"][0] == 3


def test_seven_and_eight_distinct_monuments_score_ten_and_fifteen():
    seven = display(fortress=1, obelisk=1, palace=1, pyramid=1, temple=1, statue=1, step_pyramid=1)
    assert monument_points(seven) == 10
    assert monument_points(display(**{k: 1 for k in ("fortress", "obelisk", "palace", "pyramid",
                                                     "temple", "statue", "step_pyramid",
                                                     "sphinx")})) == 15
    assert monument_points(display(palace=5)) == 1 + 15


def test_monuments_and_suns_score_only_after_the_third_epoch():
    early = score_epoch([display(pyramid=3)] * 3, [[13], [12], [11]], [[]] * 3, final=False)
    assert "monuments" not in early["lines"] and "suns" not in early["lines"]
    final = score_epoch([display(pyramid=3), display(), display()], [[13], [12], [2]],
                        [[], [], [3]], final=True)
    assert final["lines"]["monuments"] == [6, 0, 0]
    assert final["lines"]["suns"] == [5, 0, -5]


def test_the_tally_lists_pharaohs_civilizations_nile_gods_gold_then_monuments_and_suns():
    final = score_epoch([display()] * 3, [[1]] * 3, [[]] * 3, final=True)
    assert list(final["lines"]) == ["pharaohs", "civilizations", "nile", "gods", "gold",
                                    "monuments", "suns"]


# --- epoch ends -----------------------------------------------------------------------------
def test_a_ra_tile_that_fills_the_ra_track_ends_the_epoch_at_once_without_auction(ra3):
    ra3.ra_count = 7
    ra3.apply("draw")
    ra3.apply("gold")
    ra3.apply("draw")
    ra3.apply("ra")
    assert ra3.epoch == 2 and ra3.ra_count == 0
    assert ra3.track == [-1] * 8  # the gold went to the box
    assert ra3.box[GOLD] == 1 and ra3.box[0] == 8
    assert ra3.current_player() == 0  # sun 13 is still the highest


def test_the_ra_track_ends_an_epoch_at_eight_nine_and_ten_ra_tiles():
    for players, end in ((3, 8), (4, 9), (5, 10)):
        state = play(players=players)
        state.ra_count = end - 2
        state.apply("draw")
        state.apply("ra")
        assert state.epoch == 1
        for _ in range(players):
            state.apply("pass")
        state.apply("draw")
        state.apply("ra")
        assert state.epoch == 2, players


def test_the_epoch_ends_when_after_an_auction_no_player_holds_a_face_up_sun(ra3):
    ra3.suns_down = [[13, 8, 5], [12, 9, 6, 3], [11, 10, 7, 4]]
    ra3.suns_up = [[2], [], []]
    ra3.apply("draw")
    ra3.apply("pharaoh")
    assert ra3.current_player() == 0  # alone with suns: keeps taking turns
    ra3.apply("ra")
    ra3.apply("bid 2")
    assert ra3.epoch == 2
    assert ra3.display[0][PHARAOH] == 1


def test_after_an_epoch_gods_gold_civilizations_and_floods_leave_pharaohs_nile_monuments_stay(ra3):
    give(ra3, 0, god=1, gold=1, art=1, flood=1, pharaoh=1, nile=1, sphinx=1)
    ra3.ra_count = 7
    ra3.apply("draw")
    ra3.apply("ra")
    d = ra3.display[0]
    assert d[GOD] == d[GOLD] == d[FLOOD] == 0 and all(d[k] == 0 for k in CIVILIZATIONS)
    assert d[PHARAOH] == 1 and d[NILE] == 1 and d[KIND_INDEX["sphinx"]] == 1


def test_face_down_suns_turn_face_up_and_the_highest_sun_begins_the_next_epoch():
    state = play("ra", "pass", "pass", "bid 13")  # seat 1 trades 13 for sun 1
    state.ra_count = 7
    state.apply("draw")
    state.apply("ra")
    assert state.epoch == 2
    assert state.suns_up[0] == [8, 5, 2, 1] and state.suns_down[0] == []
    assert state.centre == 13
    assert state.current_player() == 1  # seat 2 holds 12, now the highest


def test_fame_never_falls_below_zero():
    state = play()
    state.fame = [3, 10, 10]
    state.ra_count = 7
    state.apply("draw")
    state.apply("ra")  # nobody holds civilizations: -5 each
    assert state.fame == [0, 5, 5]


def test_the_epoch_tally_is_kept_for_every_seat_with_fame_after_it():
    state = play()
    give(state, 1, pharaoh=2, gold=1)
    state.ra_count = 7
    state.apply("draw")
    state.apply("ra")
    tally = state.observation(0)["tallies"][0]
    assert tally["epoch"] == 1
    assert tally["lines"]["pharaohs"] == [-2, 5, -2]
    assert tally["totals"] == [-7, 3, -7]
    assert tally["fame"] == [3, 13, 3]


def test_the_game_ends_after_the_third_epoch_and_keeps_every_display_as_scored():
    state = play()
    give(state, 0, gold=2, pyramid=3)
    state.epoch = 3
    state.ra_count = 7
    state.apply("draw")
    state.apply("ra")
    assert state.is_terminal() and legal(state) == set()
    assert state.display[0][GOLD] == 2  # ruling 7: nothing more is cleared
    assert "monuments" in state.observation(None)["tallies"][0]["lines"]


def test_ranking_ties_at_every_place_go_to_the_highest_sun_held_face_up_or_down():
    state = play(players=4)
    state.fame = [20, 30, 20, 20]
    state.suns_up = [[6], [12], [11, 8], []]
    state.suns_down = [[2], [7], [4], [13]]
    state.phase = 6  # OVER
    assert state.ranking() == [1, 3, 2, 0]


def test_scores_of_an_unfinished_game_are_the_current_fame():
    state = play("draw", "gold")
    assert state.scores() == [10, 10, 10] and state.ranking() is None
