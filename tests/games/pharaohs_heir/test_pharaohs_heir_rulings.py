"""One test per ruling of shared/spec/pharaohs-heir.md (R1-R19), named as the rule."""

import math
import random

import pytest

from thebes.core import CHANCE, IllegalEventError, TERMINAL
from thebes.games.pharaohs_heir.actions import LAND
from thebes.games.pharaohs_heir.pieces import NUMBERED
from thebes.games.pharaohs_heir.state import P_BONUS, P_LAND, P_NILE, P_PROTECT, P_UNREST

from pharaohs_heir_support import (SPEC_LAND, SPEC_NILE, new, play, pos, set_mat, spec_start,
                                   step, tokens)

FLOOD_NEXT = "nile 2,flood,drought,3,4,5 / 5,flood,drought,2,3,4"
DROUGHT_NEXT = "nile 2,drought,flood,3,4,5 / 5,flood,drought,2,3,4"


def legal(state):
    return sorted(state.legal_events())


def with_nile(nile, blessing=1, players=3):
    state = new(players)
    land = SPEC_LAND if players == 3 else "land " + " / ".join(SPEC_LAND[5:].split(" / ")[:4])
    return play(state, [nile, land, f"blessing {blessing}"])


# R1, R2 ---------------------------------------------------------------------------
def test_r1_village_touches_temple_and_temple_touches_crop_but_village_never_touches_crop():
    state = spec_start(blessing=1)  # seat 1 Overseer
    set_mat(state, 0, tiles={"v1": "village2", "t1": "temple2", "c1": "crop2"},
            pop={"v0": 3, "t0": 3, "c0": 3, "v1": 3, "t1": 3, "c1": 3}, canals=("v0", "t0", "c0", "v1"))
    state.apply("improve")
    canal_sites = {e.split()[2] for e in state.legal_events() if e.startswith("build canal")}
    assert canal_sites == {"t1", "c1"}
    set_mat(state, 0, tiles={"v1": "village2", "t1": "temple2", "c1": "crop2"},
            pop={"v0": 3, "t0": 3, "c0": 3, "v1": 3, "t1": 3, "c1": 3}, canals=("v1",))
    canal_sites = {e.split()[2] for e in state.legal_events() if e.startswith("build canal")}
    assert canal_sites == {"v0", "t0", "c0", "t1"}  # c1 is two columns from v1


def test_r2_only_zero_tiles_touch_the_nile_and_diagonals_never_connect():
    state = spec_start(blessing=1)
    set_mat(state, 0, tiles={"v1": "village2", "t1": "temple2"},
            pop={"v1": 2, "t1": 2, "v0": 1}, canals=("v0",))
    state.apply("improve")
    canal_sites = {e.split()[2] for e in state.legal_events() if e.startswith("build canal")}
    assert canal_sites == {"t0", "c0", "v1"}  # t1 is diagonal to v0


# R3 -------------------------------------------------------------------------------
def test_r3_a_nile_stack_with_a_flood_or_drought_on_top_is_impossible():
    state = new(3)
    with pytest.raises(IllegalEventError):
        state.apply("nile flood,4,2,drought,2,5 / 5,flood,drought,3,3,4")
    with pytest.raises(IllegalEventError):
        state.apply("nile 5,4,2,drought,2,flood / drought,flood,5,3,3,4")
    with pytest.raises(IllegalEventError):  # three 5s
        state.apply("nile 5,4,5,drought,2,flood / 5,flood,drought,3,3,4")


def test_r3_nile_probability_is_tops_from_the_numbered_then_the_rest_in_order():
    state = new(3)
    p = state.chance_probability(state.text_to_action(SPEC_NILE))
    # tops 5 then 5: 2/8 * 1/7; the other ten: 10! / (2!^4 ... ) arrangements of the rest
    rest = math.factorial(10) / 2 ** 5  # 4,2,drought,2,flood,flood,drought,3,3,4: five pairs
    assert p == pytest.approx(2 / 8 * 1 / 7 / rest)


def test_r3_the_due_of_a_flood_or_drought_year_is_the_last_numbered_tile_of_the_cycle():
    state = with_nile(DROUGHT_NEXT)
    state.nile_next = 1
    state._nile_segment()  # the drought of turn 2
    state.apply("sacrifice")
    assert state.due == 2


def test_one_piecepack_nile_probability_is_a_quarter_times_one_over_5_factorial():
    state = new(3, 1)
    p = state.chance_probability(state.text_to_action("nile 3,flood,2,drought,5,4"))
    assert p == pytest.approx(1 / 4 / 120)
    assert state.chance_probability(state.text_to_action("nile flood,3,2,drought,5,4")) == 0


# R4 -------------------------------------------------------------------------------
def test_r4_drought_takes_one_token_from_every_populated_tile_of_every_player():
    state = with_nile(DROUGHT_NEXT)
    set_mat(state, 0, tiles={"v1": "village2"}, pop={"v0": 3, "t0": 1, "v1": 0})
    set_mat(state, 1, pop={"c0": 2})
    state.nile_next = 1
    state._nile_segment()
    assert tokens(state, 0) == {"v0": 2}
    assert tokens(state, 1) == {"c0": 1}
    assert tokens(state, 2) == {"v0": 1, "t0": 1, "c0": 1}


# R5 -------------------------------------------------------------------------------
def flooded(walls0: dict, blds0: dict, walls1: dict = None, blds1: dict = None):
    state = with_nile(FLOOD_NEXT, blessing=2)
    set_mat(state, 0, tiles={"v1": "village3", "c1": "crop2"}, bld=blds0, pop={"v0": 1})
    set_mat(state, 1, bld=blds1 or {}, pop={"v0": 1})
    for v, k in walls0.items():
        state.wall[v] = k
        state.reserve[v] -= k
    for v, k in (walls1 or {}).items():
        state.wall[7 + v] = k
        state.reserve[7 + v] -= k
    for p, blds in ((0, blds0), (1, blds1 or {})):
        for v in blds.values():
            state.reserve[p * 7 + v] -= 1
    state.nile_next = 1
    state._nile_segment()
    return state


def test_r5_the_owner_protects_as_many_building_tiles_as_the_floodwalls_cover():
    state = flooded({2: 1}, {"v0": 3, "v1": 1, "c1": 4})
    assert state.phase == P_PROTECT and state.cur == 0
    assert legal(state) == ["protect v0 c1", "protect v0 v1", "protect v1 c1"]
    state.apply("protect v0 c1")
    assert state.bld[pos(state, 0, "v0")] == 3 and state.bld[pos(state, 0, "c1")] == 4
    assert state.bld[pos(state, 0, "v1")] == 0
    assert state.wall[2] == 0 and state.gone[2] == 1 and state.gone[1] == 1


def test_r5_several_floodwalls_add_up_and_all_are_destroyed():
    state = flooded({1: 1, 2: 1}, {"v0": 3, "v1": 1})
    assert legal(state) == ["protect v0 v1"]  # F = 3 >= B = 2: the only list, still a move
    state.apply("protect v0 v1")
    assert state.wall[1] == state.wall[2] == 0 and state.gone[1] == 1 and state.gone[2] == 1
    assert state.phase != P_PROTECT


def test_r5_protection_goes_in_order_from_the_blessing_holder():
    state = flooded({1: 1}, {"v0": 3}, {2: 1}, {"t0": 2})
    assert state.blessing == 1 and state.queue == [1, 0] and state.cur == 1
    state.apply("protect t0")
    assert state.cur == 0


def test_r5_a_player_without_floodwalls_loses_every_building_and_moves_nothing():
    state = flooded({}, {"v0": 3, "c1": 4}, {3: 1}, {})
    assert state.phase != P_PROTECT
    assert state.bld[pos(state, 0, "v0")] == 0 and state.gone[3] == 1 and state.gone[4] == 1
    assert state.wall[7 + 3] == 0 and state.gone[7 + 3] == 1  # walls without buildings go too


# R6 -------------------------------------------------------------------------------
def test_r6_floodwalls_count_as_buildings_in_scoring():
    state = spec_start()
    set_mat(state, 0, bld={"v0": 2})
    state.wall[4] = 1
    assert state.areas(0)[4] == 6


# R7 -------------------------------------------------------------------------------
def test_r7_the_overseer_gets_two_tokens_per_populated_village_only():
    state = spec_start(blessing=1)
    set_mat(state, 0, tiles={"v1": "village2", "v2": "village3"}, pop={"v0": 2, "v1": 1, "t0": 1, "c0": 1})
    set_mat(state, 1, tiles={"v1": "village2"}, pop={"v0": 2, "v1": 1, "t0": 1})
    state.apply("populate")
    assert tokens(state, 0) == {"v0": 4, "v1": 3, "t0": 1, "c0": 1}
    assert tokens(state, 1) == {"v0": 3, "v1": 2, "t0": 1}


# R8 -------------------------------------------------------------------------------
def test_r8_all_x_tokens_are_placed_on_own_tiles_split_freely():
    state = spec_start(blessing=1)
    set_mat(state, 0, tiles={"v1": "village2", "c1": "crop4"}, pop={"v0": 1})
    state.apply("populate")
    moves = state.legal_actions()
    assert len(moves) == math.comb(5 + 5 - 1, 5 - 1)  # 5 tokens over 5 tiles
    events = set(state.legal_events())
    assert "place c1:5" in events and "place v0:1 v1:1 t0:1 c0:1 c1:1" in events
    assert "place v0:4" not in events and "place v0:6" not in events


def test_flood_population_puts_one_token_on_every_land_tile_without_a_move():
    state = with_nile(FLOOD_NEXT)
    set_mat(state, 0, tiles={"c1": "crop2"}, pop={}, canals=("v0",))
    state.nile_next = 1
    state._nile_segment()
    state.apply("populate")
    assert tokens(state, 0) == {"v0": 1, "t0": 1, "c0": 1, "c1": 1}  # no canal token either
    assert state.phase != 8


# R9 -------------------------------------------------------------------------------
def test_r9_a_player_may_decline_to_harvest_but_farm_grain_is_not_optional():
    state = spec_start(blessing=2)  # seat 2 Overseer
    set_mat(state, 1, pop={"c0": 2})
    set_mat(state, 2, tiles={"c1": "crop3"}, pop={"c0": 2, "c1": 3}, bld={"c1": 2})
    state.grain[2] = 0
    state.apply("harvest")
    assert "reap" in state.legal_events()
    state.apply("reap")  # seat 2 declines: +1 per crop tile as Overseer
    assert state.grain[1] == 4 + 1
    assert len(state.legal_actions()) == 3 * 4
    state.apply("reap c1:3")  # seat 3 reaps 3, +2 from the farm
    assert state.grain[2] == 5


def test_r9_the_payment_counts_tiles_populated_after_the_exchange_and_markets_stop_at_zero():
    state = spec_start(blessing=1)
    set_mat(state, 0, pop={"v0": 1, "t0": 1, "c0": 2}, bld={"v0": 5})
    set_mat(state, 1, pop={"v0": 1, "t0": 1, "c0": 2})
    set_mat(state, 2, pop={"v0": 1})
    state.grain = [0, 1, 1]
    play(state, ["harvest", "reap c0:2", "reap c0:2", "reap"])
    assert state.grain[0] == 0 + 2 + 1  # market 5 > 2 populated tiles: pays 0, the rest is lost
    assert state.grain[1] == 1 + 2 - 2  # v0 and t0 still populated, c0 reaped empty
    assert state.grain[2] == 0


def test_r9_a_player_short_of_grain_starves_distinct_tiles_of_their_choice():
    state = spec_start(blessing=1)
    set_mat(state, 1, tiles={"t1": "temple1"}, pop={"v0": 1, "t0": 2, "t1": 1})
    state.grain[1] = 1
    play(state, ["harvest", "reap", "reap"])
    state.apply("reap")
    assert state.cur == 1 and sorted(state.legal_events()) == [
        "starve t0 t1", "starve v0 t0", "starve v0 t1"]
    state.apply("starve v0 t1")
    assert tokens(state, 1) == {"t0": 2} and state.grain[1] == 0


def test_r9_the_overseers_harvest_bonus_counts_every_crop_column_tile():
    state = spec_start(blessing=1)
    set_mat(state, 0, tiles={"c1": "temple6", "c2": "crop1"}, pop={})
    state.grain[0] = 0
    play(state, ["harvest", "reap"])
    assert state.grain[0] == 3


# R10 ------------------------------------------------------------------------------
def test_r10_each_player_pays_exactly_the_due_or_all_they_hold_any_split():
    state = spec_start(blessing=1)  # Nile 5
    set_mat(state, 0, tiles={"t1": "temple4"}, pop={"t0": 2, "t1": 4})
    state.grain[0] = 1
    state.apply("sacrifice")
    events = set(state.legal_events())
    assert events == {"offer 0 t0:1 t1:4", "offer 0 t0:2 t1:3", "offer 1 t1:4",
                      "offer 1 t0:1 t1:3", "offer 1 t0:2 t1:2"}
    state.apply("offer 1 t0:2 t1:2")
    set_mat(state, 1, pop={})
    state.grain[1] = 0
    assert state.legal_events() == ["offer 0"]


def test_r10_altars_add_to_every_entry_even_after_offer_0_and_the_bonus_counts_every_temple():
    state = spec_start(blessing=1)
    set_mat(state, 0, tiles={"t1": "temple4", "t2": "village1"}, pop={"t0": 5})
    set_mat(state, 1, pop={}, bld={"t0": 3})
    state.grain[1] = 0
    play(state, ["sacrifice", "offer 0 t0:5", "offer 0", "offer 4 t0:1"])
    assert state.phase == P_BONUS and legal(state) == ["bonus", "peek"]
    state.apply("bonus")
    assert [state.track[p * 12] for p in range(3)] == [5 + 3, 3, 5]


def test_r10_no_peek_in_the_sixth_turn_of_a_cycle():
    state = spec_start(blessing=1)
    state.turn = 5
    for p in range(3):
        set_mat(state, p, pop={})
    state.grain = [0, 0, 0]
    play(state, ["sacrifice", "offer 0", "offer 0", "offer 0"])
    assert state.legal_events() == ["bonus"]


# R11 ------------------------------------------------------------------------------
def test_r11_a_non_overseer_pays_canal_and_building_from_their_own_tiles():
    state = spec_start(blessing=3)  # seat 3 Overseer; seat 1 moves second
    set_mat(state, 2, pop={})
    state.grain[2] = 0
    set_mat(state, 0, tiles={"v1": "village2"}, pop={"v0": 3, "t0": 1})
    play(state, ["improve", "pass"])
    events = set(state.legal_events())
    assert "build canal v0 market 2 v0" in events  # 2 + 1 on v0
    assert "build canal v0 market 3 v0" not in events
    assert "build market 1 v1" not in events  # v1 has no tokens
    assert "build canal t0 market 3 v0" in events
    assert "build canal v1" not in events  # v1 needs a canal neighbour and its own token
    state.apply("build canal v0 market 2 v0")
    assert tokens(state, 0) == {"t0": 1} and state.grain[0] == 3
    assert state.cur == 1  # no pay move


def test_r11_floodwall_tokens_come_from_any_tiles_and_are_named_by_pay():
    state = spec_start(blessing=3)
    set_mat(state, 2, pop={})
    state.grain[2] = 0
    set_mat(state, 0, pop={"v0": 1, "t0": 1, "c0": 2})
    play(state, ["improve", "pass", "build canal c0 floodwall 3"])
    assert state.cur == 0 and sorted(state.legal_events()) == ["pay v0:1 t0:1 c0:1"]
    state.apply("pay v0:1 t0:1 c0:1")
    assert tokens(state, 0) == {} and state.wall[3] == 1


def test_r11_the_overseer_pays_every_token_from_any_tiles_with_one_pay():
    state = spec_start(blessing=1)
    set_mat(state, 0, tiles={"t1": "temple3"}, pop={"v0": 3, "t0": 1})
    play(state, ["improve"])
    events = set(state.legal_events())
    assert "build canal c0 altar 3 t1" in events and "build canal c0 altar 4 t1" not in events
    state.apply("build canal c0 altar 2 t1")
    assert set(state.legal_events()) == {"pay v0:3", "pay v0:2 t0:1"}
    state.apply("pay v0:2 t0:1")
    assert tokens(state, 0) == {"v0": 1} and state.bld[pos(state, 0, "t1")] == 2


# R12 ------------------------------------------------------------------------------
def test_r12_a_tile_works_as_its_column_whatever_its_printed_type():
    state = spec_start(blessing=1)
    set_mat(state, 0, tiles={"c1": "temple6"}, pop={"c1": 3})
    play(state, ["improve"])
    assert "build farm 3 c1" in state.legal_events()
    assert state.areas(0)[2] == 6  # its value still counts for Land
    with pytest.raises(Exception):
        state.apply("build altar 3 c1")


# R13 ------------------------------------------------------------------------------
def play_to_unrest(state, rng):
    while not (state.phase == P_UNREST or state.cycle == 1) and state.current_player() != TERMINAL:
        step(state, rng)
    return state


def test_r13_the_unrest_exchanges_markets_and_altars_for_tokens_on_the_zero_tiles_only():
    rng = random.Random(2)
    for seed in range(200):
        state = spec_start()
        rng.seed(seed)
        while not (state.phase == 4 and state.turn == 5 and state.k == 4):
            step(state, rng)
        # the last action of the cycle: note the buildings now
        while state.cycle == 0:
            before = [sum(state.bld[p * 21 + s] for s in range(14)) for p in range(3)]
            farms = [sum(state.bld[p * 21 + s] for s in range(14, 21)) for p in range(3)]
            step(state, rng)
        if state.phase != P_UNREST:
            continue
        p = state.cur
        assert state.pending == before[p]
        for e in state.legal_events():
            assert all(w.split(":")[0] in ("v0", "t0", "c0") for w in e.split()[1:])
        for q in range(3):
            assert state.grain[q] == farms[q]
            assert all(state.bld[q * 21 + s] == 0 for s in range(21))
            assert state.height[q * 3:q * 3 + 3] == [1, 1, 1]
            assert sum(state.pop[q * 21:q * 21 + 21]) == 0  # nobody has placed yet
        return
    raise AssertionError("no unrest with markets or altars in 200 games")


# R14, R15 -------------------------------------------------------------------------
def test_r14_four_players_draw_new_land_stacks_from_all_36_tiles_at_the_unrest():
    rng = random.Random(4)
    state = new(4)
    while state.cycle == 0 or state.phase == P_UNREST:
        step(state, rng)
    assert state.phase == P_LAND and state.current_player() == CHANCE
    outcome = state.sample_chance(rng)
    assert len(outcome[1]) == 24
    p = state.chance_probability(outcome)
    assert p == pytest.approx(_draw(outcome[1]))
    state.apply_action(outcome)
    assert len(state.set_aside) == 12 and state.cycle == 1 and state.turn == 0


def _draw(tiles):
    from collections import Counter
    pool = Counter({k: 2 for k in set(range(1, 7)) | set(range(9, 15)) | set(range(17, 23))})
    p, left = 1.0, 36
    for t in tiles:
        p *= pool[t] / left
        pool[t] -= 1
        left -= 1
    return p


def test_r15_one_piecepack_gives_six_coins_and_reforms_nile_and_land_at_the_unrest():
    rng = random.Random(5)
    state = new(3, 1)
    assert state.reserve[1:7] == [1] * 6
    state.apply("nile 3,flood,2,drought,5,4")
    assert state.phase == P_LAND
    while state.cycle == 0 or state.phase == P_UNREST:
        step(state, rng)
    assert state.phase == P_NILE
    step(state, rng)
    assert state.phase == P_LAND
    tiles = state.sample_chance(rng)
    assert tiles[0] == LAND and len(tiles[1]) == 18
    assert state.chance_probability(tiles) == pytest.approx(1 / math.factorial(18))
    state.apply_action(tiles)
    assert state.nile_next == 7 and state.nile[6] in NUMBERED


def test_r15_the_one_piecepack_variant_is_three_players_only():
    from thebes.core import OptionsError, get_game
    with pytest.raises(OptionsError):
        get_game("pharaohs-heir").new_initial_state(4, {"piecepacks": 1})


# R16, R17 -------------------------------------------------------------------------
def test_r16_each_seat_wins_the_first_roll_with_probability_one_in_n():
    state = play(new(4), [SPEC_NILE, "land " + " / ".join(SPEC_LAND[5:].split(" / ")[:4])])
    assert sorted(state.legal_events()) == ["blessing 1", "blessing 2", "blessing 3", "blessing 4"]
    assert all(p == 0.25 for _, p in state.chance_outcomes())


def test_r17_final_ties_go_to_combined_area_vps_then_seat_order():
    from thebes.games.pharaohs_heir.scoring import final_ranking
    vp = [[[5, 2, 3, 2, 5], [3, 2, 3, 3, 2], [2, 5, 3, 5, 2]],
          [[2, 5, 5, 3, 2], [2, 2, 3, 3, 4], [5, 3, 2, 3, 4]]]
    assert final_ranking(vp) == [2, 0, 1]  # the seed's Carol over Bob on Gods 8 to 7
    same = [[[3] * 5] * 3, [[3] * 5] * 3]
    assert final_ranking(same) == [0, 1, 2]


# R19 ------------------------------------------------------------------------------
def test_r19_forced_moves_are_still_events():
    state = spec_start(blessing=1)
    for p in range(3):
        set_mat(state, p, pop={})
    state.grain = [0, 0, 0]
    state.apply("sacrifice")
    assert state.legal_events() == ["offer 0"]
    play(state, ["offer 0", "offer 0", "offer 0"])
    assert legal(state) == ["bonus", "peek"]
    play(state, ["bonus", "harvest"])
    assert state.legal_events() == ["reap"]
    play(state, ["reap", "reap", "reap", "improve"])
    assert state.legal_events() == ["pass"]


def test_r19_the_fifth_action_is_forced_and_still_an_event():
    state = spec_start(blessing=1)
    rng = random.Random(1)
    while state.k < 4:
        step(state, rng)
    assert len(state.legal_actions()) == 1
    assert state.current_player() == (0 + 4) % 3


def test_r19_a_position_appears_at_most_once_in_a_list():
    state = spec_start(blessing=1)
    state.apply("populate")
    with pytest.raises(IllegalEventError):
        state.apply("place v0:2 v0:3")


def test_one_piecepack_nile_outcomes_sum_to_probability_one():
    from itertools import permutations
    from thebes.games.pharaohs_heir.actions import NILE
    state = new(3, 1)
    total = sum(state.chance_probability((NILE, order))
                for order in set(permutations((2, 3, 4, 5, 1, 6))))
    assert total == pytest.approx(1.0)


def test_sampled_nile_tops_follow_their_probabilities():
    rng = random.Random(11)
    state = new(3)
    counts = {t: 0 for t in NUMBERED}
    draws = 8000
    for _ in range(draws):
        outcome = state.sample_chance(rng)
        assert state.chance_probability(outcome) > 0
        counts[outcome[1][6]] += 1  # the second stack's top
    for t in NUMBERED:
        assert abs(counts[t] / draws - 0.25) < 0.03


def test_a_land_event_with_a_tile_too_many_is_impossible():
    state = play(new(3), [SPEC_NILE])
    tiles = list(state.text_to_action(SPEC_LAND)[1])
    tiles[1] = tiles[0]  # a third crop4
    assert state.chance_probability((LAND, tuple(tiles))) == 0.0
    assert state.chance_probability(state.text_to_action(SPEC_LAND)) == pytest.approx(
        2 ** 18 / math.factorial(36))
