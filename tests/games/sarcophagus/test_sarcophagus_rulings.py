"""One test per ruling of shared/spec/sarcophagus.md (R1..R24) and per rule
sentence of its body. Situations too long to set up by hand are mined from
random games; every such test asserts it met its situation at least once."""

import pytest
from sarcophagus_helpers import GAME, mine, play

from thebes.games.sarcophagus import notation as nt
from thebes.games.sarcophagus.geometry import (NEIGHBOURS, POSITION_INDEX, POSITION_NAMES,
                                               SARCOPHAGUS_SLOT)
from thebes.games.sarcophagus.scoring import ranking
from thebes.games.sarcophagus.state import (END_TRAP, PASS, PLACE1, PLACE2, TRAP,
                                            SarcophagusState)


def obs(state, seat=None):
    return state.omniscient_observation() if seat is None else state.observation(seat)


def placing(state):
    return state.phase in (PLACE1, PLACE2)


# ----------------------------------------------------------------- setup
def test_r1_after_the_layout_only_a1_is_face_up():
    state = play([])
    for seat in range(3):
        tiles = {p: t["tile"] for p, t in obs(state, seat)["pyramid"].items()}
        assert tiles.pop("a1") == "sun-3"
        assert set(tiles.values()) == {None} and len(tiles) == 20


def test_r3_the_first_player_is_one_chance_event_uniform_over_the_seats():
    for n in (2, 3, 4):
        state = play([], players=n)
        assert state.chance_outcomes() == [(nt.FIRST + k, 1 / n) for k in range(n)]
        assert state.legal_events() == [f"first {k}" for k in range(1, n + 1)]


def test_r3_seat_k_takes_the_first_turn():
    state = play(["first 3"], players=4)
    assert state.current_player() == 2


# ----------------------------------------------------------------- turns
def test_the_first_coin_of_a_turn_goes_on_the_top_left_tile():
    found = mine(lambda b, a, c: b.phase == PLACE1, games=40)
    assert found
    for before, action, _ in found:
        assert action // 6 == before.top_left()
        assert {a // 6 for a in before.legal_actions()} == {before.top_left()}


def test_the_second_coin_goes_on_any_face_up_tile_with_fewer_than_four_coins():
    for before, _, _ in mine(lambda b, a, c: b.phase == PLACE2, games=25):
        o = obs(before, before.cur)
        open_ = {p for p, t in o["pyramid"].items() if t["tile"] and len(t["coins"]) < 4}
        assert {e.split()[2] for e in before.legal_events()} == open_
        assert {int(e.split()[1]) for e in before.legal_events()} == set(o["hand"])


def test_r4_a_player_with_a_coin_after_his_first_coins_claims_places_a_second():
    found = mine(lambda b, a, c: b.phase == PLACE1 and b.handn[b.cur] == 1)
    returned = [f for f in found if f[2].handn[f[0].cur] > 0 and f[2].phase != TRAP
                and f[2].present]
    emptied = [f for f in found if f[2].handn[f[0].cur] == 0]
    assert returned and emptied
    for before, _, after in returned:
        assert after.phase == PLACE2 and after.current_player() == before.cur
    for before, _, after in emptied:
        assert not (after.phase == PLACE2 and after.current_player() == before.cur)


def test_r6_pass_is_legal_only_and_always_with_an_empty_hand():
    found = mine(lambda b, a, c: placing(b) or b.phase == PASS, games=25)
    passes = 0
    for before, _, _ in found:
        empty = obs(before, before.cur)["hand"] == []
        assert (before.legal_events() == ["pass"]) == empty
        passes += empty
    assert passes


def test_r7_after_n_passes_in_a_row_the_top_left_tile_is_assessed_and_the_next_seat_plays():
    found = mine(lambda b, a, c: a == nt.PASS and b.passes == b.num_players - 1)
    assert found
    for before, _, after in found:
        top = POSITION_NAMES[before.top_left()]
        assert top not in obs(after)["pyramid"]
        if after.phase in (PLACE1, PASS):
            assert after.current_player() == (before.cur + 1) % before.num_players
        assert after.passes == 0


def test_r7_fewer_than_n_passes_in_a_row_assess_nothing():
    found = mine(lambda b, a, c: a == nt.PASS and b.passes < b.num_players - 1)
    assert found
    for before, _, after in found:
        assert after.present == before.present and after.passes == before.passes + 1


def empty_handed(players=3):
    """After ``first 1``, every coin taken out of the hands (a white-box position:
    the rules that follow look only at hands and the pyramid)."""
    state = play(["first 1"], players=players)
    for seat in range(players):
        state.handn[seat] = state.handmask[seat] = 0
        for v in range(6):
            state.hand[seat * 6 + v] = 0
    state.phase = PASS
    return state


def test_r8_a_tile_with_no_coin_assessed_after_all_pass_is_discarded():
    state = empty_handed()
    for _ in range(2):
        state.apply("pass")
        assert "a1" in obs(state)["pyramid"]
    state.apply("pass")
    o = obs(state, 0)
    assert "a1" not in o["pyramid"] and o["discards"] == ["sun-3"]
    assert o["to_move"] == 0 and o["passes"] == 0


def test_r5_a_tile_that_becomes_the_top_left_face_down_turns_face_up_at_once():
    state = empty_handed()
    for _ in range(3):
        state.apply("pass")
    # b1 was face down (no coin ever touched a1's neighbours) and is now top-left
    assert obs(state, 1)["top_left"] == "b1"
    assert obs(state, 1)["pyramid"]["b1"]["tile"] == "moon-4"
    assert obs(state, 1)["pyramid"]["b2"]["tile"] is None


def test_r11_a_coin_turns_up_every_face_down_tile_adjacent_to_its_tile_even_the_fourth():
    found = mine(lambda b, a, c: placing(b), games=30)
    fourth = 0
    for before, action, after in found:
        pos = action // 6
        fourth += before.ncoins[pos] == 3
        neighbours = NEIGHBOURS[pos] & before.present
        # every neighbour is face up or has left with a claim
        assert neighbours & ~after.faceup & after.present == 0
        for p in range(21):
            if neighbours >> p & 1 and not after.present >> p & 1:
                assert after.loc[before.layout[p]] in (1, 2, 3, 4, 9)  # held or discarded
    assert fourth


def test_r5_the_top_left_tile_is_always_face_up_during_play():
    found = mine(lambda b, a, c: bool(c.present), games=25)
    assert found
    for _, _, after in found:
        o = obs(after, 0)
        assert o["pyramid"][o["top_left"]]["tile"] is not None


# ----------------------------------------------------------------- claims
def test_the_seat_with_the_most_coins_on_a_full_claimable_tile_claims_it():
    found = mine(lambda b, a, c: placing(b) and b.ncoins[a // 6] == 3
                 and not c.present >> (a // 6) & 1 and len(c.ties) == len(b.ties))
    assert found
    for before, action, after in found:
        pos = action // 6
        owners = [c // 6 for c in before.coins[pos * 4:pos * 4 + 3]] + [before.cur]
        winner = max(set(owners), key=owners.count)
        assert before.layout[pos] in after.held(winner)


def test_r12_a_tie_turns_over_every_coin_and_the_higher_total_claims_or_equal_totals_discard():
    found = mine(lambda b, a, c: len(c.ties) > len(b.ties) and placing(b)
                 and c.ties[len(b.ties)][0] == a // 6)
    claimed = discarded = 0
    for before, action, after in found:
        pos, tile, coins = after.ties[len(before.ties)]
        assert sorted(coins) == sorted(before.coins[pos * 4:pos * 4 + 3] + [
            before.cur * 6 + action % 6])
        totals = {}
        for c in coins:
            totals[c // 6] = totals.get(c // 6, 0) + c % 6
        best = max(totals.values())
        winners = [s for s, t in totals.items() if t == best]
        if len(winners) == 1:
            assert tile in after.held(winners[0])
            claimed += 1
        else:
            assert tile in [nt.TILE_INDEX[t] for t in obs(after)["discards"]]
            discarded += 1
    assert claimed and discarded


def test_r13_a_full_tile_that_is_not_claimable_keeps_its_coins_and_takes_no_more():
    found = mine(lambda b, a, c: c.full & c.present and placing(c), games=100)
    assert found
    for _, _, after in found:
        full = [POSITION_NAMES[p] for p in range(21) if after.full >> p & 1]
        targets = {e.split()[2] for e in after.legal_events()}
        assert not targets & set(full)


def test_r14_a_cascade_assesses_the_first_full_claimable_tile_in_reading_order(monkeypatch):
    from thebes.games.sarcophagus.geometry import claimable
    seen = []
    original = SarcophagusState._assess

    def spy(self, pos):
        if self.ncoins[pos] == 4:
            candidates = [p for p in range(21) if self.full >> p & 1
                          and claimable(self.sides[p], self.present)]
            seen.append((pos, candidates))
        return original(self, pos)

    monkeypatch.setattr(SarcophagusState, "_assess", spy)
    mine(lambda b, a, c: False, games=300)
    assert seen and any(len(c) > 1 for _, c in seen)
    for pos, candidates in seen:
        assert pos == candidates[0]


def test_r15_the_claimer_of_a_trap_discards_at_once_even_out_of_turn():
    found = mine(lambda b, a, c: c.phase == TRAP)
    assert any(after.current_player() != after.turn for _, _, after in found)
    for _, _, after in found:
        seat = after.current_player()
        o = obs(after, seat)
        numbers = [t for t in o["claimed"][seat] if nt.rank(nt.TILE_INDEX[t]) >= 2]
        assert after.legal_events() == [f"discard {t}" for t in numbers]
        assert not o["gods"][seat]


def test_r16_a_trap_without_a_face_up_number_tile_has_no_effect_sarcophagus_tiles_unused():
    def trap_claimed_without_numbers(b, a, c):
        for t in nt.NULLS:
            if b.loc[t] == 0 and c.loc[t] in (1, 2, 3, 4):
                seat = c.loc[t] - 1
                return b.nnum[seat] == 0 and not b.gods >> seat & 1
        return False
    found = mine(trap_claimed_without_numbers, games=300)
    assert found
    with_lot = 0
    for before, _, after in found:
        seat = next(c.loc[t] - 1 for c in [after] for t in nt.NULLS
                    if before.loc[t] == 0 and c.loc[t] in (1, 2, 3, 4))
        assert not (after.phase == TRAP and after.current_player() == seat and
                    after.nnum[seat] == 0)
        with_lot += any(lot[0] == seat for lot in before.lots)
    assert with_lot


def test_r17_a_god_protects_from_later_traps_during_play_and_at_the_end():
    def trap_claimed_with_god(b, a, c):
        return any(b.loc[t] == 0 and c.loc[t] in (1, 2, 3, 4) and b.gods >> (c.loc[t] - 1) & 1
                   and c.nnum[c.loc[t] - 1] for t in nt.NULLS)
    found = mine(trap_claimed_with_god, games=200)
    assert found
    for before, _, after in found:
        for t in nt.NULLS:
            if before.loc[t] == 0 and after.loc[t] in (1, 2, 3, 4) and before.gods >> (
                    after.loc[t] - 1) & 1:
                assert not (after.phase == TRAP and after.current_player() == after.loc[t] - 1)
    ends = mine(lambda b, a, c: c.is_terminal() or c.phase == END_TRAP and b.phase != END_TRAP,
                games=200)
    protected = 0
    for _, _, after in ends:
        for seat in range(after.num_players):
            if after.gods >> seat & 1:
                assert seat not in after.end_queue and not (
                    after.phase == END_TRAP and after.current_player() == seat)
                protected += any(lot[0] == seat and after.layout[21 + lot[1]] in nt.NULLS
                                 for lot in after.lots)
    assert protected


def put(state, pos, seat, value):
    """White-box: move one coin from a hand onto a face-up tile (no claim check)."""
    p = POSITION_INDEX[pos]
    state.hand[seat * 6 + value] -= 1
    state.handn[seat] -= 1
    if not state.hand[seat * 6 + value]:
        state.handmask[seat] &= ~(1 << value)
    state.coins[p * 4 + state.ncoins[p]] = seat * 6 + value
    state.ncoins[p] += 1
    state.faceup |= 1 << p
    if state.ncoins[p] == 4:
        state.full |= 1 << p


def cascade_of_god_and_trap(b1, b2):
    """Two players; b1 and b2 (a god and a trap) full, three of their four coins
    seat 1's; a1 holding three coins, two of them seat 1's; seat 1 holds
    crown-4 face up (taken out of e5, far from the action). Seat 1's fourth
    coin on a1 makes a1 leave, and the cascade claims b1 then b2 for seat 1."""
    layout = (f"layout sun-3 / {b1} {b2} / crown-2 sun-2 moon-4 / "
              "arms-4 arms-2 moon-2 sun-4 / crown-3 arms-ace sun-5 moon-3 crown-4 / "
              "sun-ace arms-3 moon-null moon-5 crown-ace arms-null / "
              "sarcophagus crown-5 arms-5 sun-null")
    state = play(["first 1"], players=2, layout=layout)
    state.present &= ~(1 << POSITION_INDEX["e5"])
    state.loc[nt.TILE_INDEX["crown-4"]] = 1
    state.nnum[0] = 1
    for pos in ("b1", "b2"):
        for seat, value in ((0, 0), (0, 1), (0, 2), (1, 0)):
            put(state, pos, seat, value)
    for seat, value in ((0, 3), (0, 5), (1, 1)):
        put(state, "a1", seat, value)
    state.apply("place 4 a1")
    return state


def test_r17_a_god_claimed_earlier_in_the_same_cascade_protects():
    state = cascade_of_god_and_trap("moon-ace", "crown-null")
    o = obs(state, 0)
    assert o["claimed"][0] == ["sun-3", "moon-ace", "crown-null", "crown-4"]
    assert o["to_move"] == 0 and o["phase"] == "place" and o["coin"] == 2


def test_r14_a_trap_claimed_before_the_god_in_reading_order_costs_a_number_tile():
    state = cascade_of_god_and_trap("crown-null", "moon-ace")
    o = obs(state, 0)
    assert o["claimed"][0] == ["sun-3", "crown-null", "crown-4"]  # the god waits
    assert state.legal_events() == ["discard sun-3", "discard crown-4"]
    state.apply("discard crown-4")
    o = obs(state, 0)
    assert o["claimed"][0] == ["sun-3", "moon-ace", "crown-null"]
    assert o["coin"] == 2 and o["to_move"] == 0


def test_r18_claimed_traps_and_gods_stay_with_the_claimer_and_count_as_held_tiles():
    found = mine(lambda b, a, c: any(b.loc[t] == 0 and c.loc[t] in (1, 2, 3, 4)
                                     for t in nt.NULLS + (1, 7, 13, 19)), games=100)
    assert found
    for before, _, after in found:
        for t in nt.NULLS + (1, 7, 13, 19):
            if before.loc[t] == 0 and after.loc[t] in (1, 2, 3, 4):
                assert nt.TILE_NAMES[t] in obs(after)["claimed"][after.loc[t] - 1]
    assert ranking([10, 10], [3, 2]) == [1, 0]


def test_r19_at_the_end_every_sarcophagus_tile_is_revealed_then_each_trap_costs_a_number_tile():
    found = mine(lambda b, a, c: c.phase == END_TRAP and b.phase != END_TRAP, games=300)
    assert found
    fives = 0
    for _, _, after in found:
        o = obs(after, 0)
        for lot_owner, slot, _, _ in after.lots:
            assert nt.TILE_NAMES[after.layout[21 + slot]] in o["claimed"][lot_owner]
        seat = after.current_player()
        queue = [seat] + list(after.end_queue)
        assert queue == sorted(queue)
        numbers = [t for t in o["claimed"][seat] if nt.rank(nt.TILE_INDEX[t]) >= 2]
        assert after.legal_events() == [f"discard {t}" for t in numbers]
        revealed = [nt.TILE_NAMES[after.layout[21 + slot]]
                    for owner, slot, _, _ in after.lots if owner == seat]
        fives += any(t.endswith("-5") and f"discard {t}" in after.legal_events() for t in revealed)
    assert fives


def test_r20_a_discarded_tile_over_the_sarcophagus_returns_every_coin_and_buries_the_tile_unseen():
    sarc = {POSITION_INDEX[p] for p in ("e3", "f3", "f4")}
    found = mine(lambda b, a, c: c.loc.count(10) > b.loc.count(10), games=300)
    assert found
    for before, _, after in found:
        gone = [p for p in sarc if before.present >> p & 1 and not after.present >> p & 1
                and after.loc[before.layout[p]] == 9]
        assert gone
        assert obs(after, 0)["discarded_unseen"] == obs(before, 0)["discarded_unseen"] + 1
        for p in gone:
            assert after.loc[after.layout[21 + SARCOPHAGUS_SLOT[p]]] == 10
            assert all(lot[1] != SARCOPHAGUS_SLOT[p] for lot in after.lots)
            owners = [c // 6 for c in before.coins[p * 4:p * 4 + before.ncoins[p]]]
            for seat in set(owners):  # every coin back in its owner's hand
                assert after.handn[seat] >= before.handn[seat] + owners.count(seat) - (
                    1 if placing(before) and before.cur == seat else 0)


def test_r21_coins_on_a_claimed_sarcophagus_tile_never_come_back_and_stay_private():
    found = mine(lambda b, a, c: len(c.lots) > len(b.lots))
    assert found
    for before, _, after in found:
        owner, slot, values, turned = after.lots[-1]
        total = sum(after.handn) + sum(after.ncoins) + sum(len(lot[2]) for lot in after.lots)
        per = 2 if after.num_players == 2 else 1
        assert total == 6 * per * after.num_players
        for seat in range(after.num_players):
            shown = obs(after, seat)["sarcophagi"][owner][-1]["values"]
            assert shown == (list(values) if seat == owner or turned else None)


def test_r22_the_game_ends_the_moment_the_last_tile_leaves_even_mid_turn():
    found = mine(lambda b, a, c: b.phase == PLACE1 and c.present == 0
                 and c.handn[b.cur] > 0, games=400)
    assert found
    for _, _, after in found:
        assert after.is_terminal() or after.phase in (END_TRAP, TRAP)
        assert not (after.phase == PLACE2)


def test_r23_ties_in_fame_go_to_fewest_tiles_held_then_share_the_place_listed_by_seat():
    assert ranking([12, 15, 12, 15], [4, 5, 3, 5]) == [1, 3, 2, 0]
    found = mine(lambda b, a, c: c.is_terminal(), games=300)
    assert found
    for _, _, after in found:
        held = [len(after.held(s)) for s in range(after.num_players)]
        scores = after.scores()
        order = after.ranking()
        keys = [(-scores[s], held[s], s) for s in order]
        assert keys == sorted(keys)


def test_r24_two_players_each_hold_one_hand_of_twelve_coins_two_of_each_value():
    state = play([], players=2)
    for seat in (0, 1):
        o = obs(state, seat)
        assert o["hand"] == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5] and o["hands"] == [12, 12]


@pytest.mark.parametrize("players", [3, 4])
def test_with_three_or_four_players_each_seat_holds_one_coin_of_each_value(players):
    o = obs(play([], players=players), 0)
    assert o["hand"] == [0, 1, 2, 3, 4, 5] and o["hands"] == [6] * players


def test_a_claimed_sarcophagus_tile_stays_hidden_from_its_owner_until_the_end():
    found = mine(lambda b, a, c: len(c.lots) > len(b.lots), games=50)
    assert found
    for _, _, after in found:
        owner, slot, _, _ = after.lots[-1]
        tile = nt.TILE_NAMES[after.layout[21 + slot]]
        if not after.present:
            continue
        for seat in range(after.num_players):
            o = obs(after, seat)
            assert tile not in o["claimed"][owner]
            assert tile not in str(o)


def test_no_fame_is_scored_before_the_end():
    state = play(["first 1"])
    assert state.scores() is None and state.ranking() is None
    assert GAME.new_initial_state(2).scores() is None


def test_option_base_free_false_keeps_row_f_from_being_claimed_early():
    state = play(["first 1"], options={"base_free": False})
    assert not state.base_free
    state2 = play(["first 1"])
    assert state2.base_free
