"""The worked examples of the rulebook (shared/seeds/pharaohs-heir.txt) that can be
set up. Bob, Ted and Carol are seats 1, 2 and 3 (0, 1, 2 in the API)."""

import random

from thebes.games.pharaohs_heir.pieces import LAND_BY_NAME
from thebes.games.pharaohs_heir.scoring import area_points, cycle_points, final_ranking

from pharaohs_heir_support import (SPEC_NILE, SPEC_LAND, new, play, pos, set_mat, spec_start,
                                   step, tokens)

BOB, TED, CAROL = 0, 1, 2
FLOOD_FIRST_CHOICE = "nile 2,flood,drought,3,4,5 / 5,flood,drought,2,3,4"


def test_action_order_example_overseers_go_left_and_ted_passes_the_blessing_to_carol():
    state = spec_start(blessing=1)
    rng = random.Random(3)
    overseers = []
    while state.turn == 0:
        if state.phase == 4:
            if not overseers or overseers[-1][0] != state.k:
                overseers.append((state.k, state.cur))
        step(state, rng)
    assert [seat for _, seat in overseers] == [BOB, TED, CAROL, BOB, TED]
    assert state.blessing == CAROL


def test_land_development_example_bob_places_a_null_temple_as_a_crop_ted_must_follow_type():
    land = SPEC_LAND.replace("land crop4,crop1,village6,temple6,village4,crop3 / village1,",
                             "land temple6,crop1,village6,crop4,village1,crop3 / village4,")
    state = play(new(3), [SPEC_NILE, land, "blessing 1"])
    state.apply("develop")
    assert {"take temple6 crop", "take temple6 temple", "take village4 crop"} <= set(
        state.legal_events())
    state.apply("take temple6 crop")
    assert state.tile[pos(state, BOB, "c1")] == LAND_BY_NAME["temple6"]
    assert sorted(state.legal_events()) == ["take village4 village", "take village5 village"]
    state.apply("take village4 village")
    assert state.tile[pos(state, TED, "v1")] == LAND_BY_NAME["village4"]
    state.apply("take village5 village")
    assert state.areas(BOB)[2] == 6
    assert state.height[BOB * 3:BOB * 3 + 3] == [1, 1, 2]  # a second crop, no second temple


def test_sacrifice_example_carol_5_bob_3_ted_7_and_carol_peeks():
    state = spec_start(blessing=3)  # Nile 5; Carol Overseer, then Bob, then Ted
    set_mat(state, CAROL, tiles={"t1": "temple3"}, pop={"t0": 2, "t1": 4})
    set_mat(state, BOB, pop={"t0": 2})
    state.grain[BOB] = 1
    set_mat(state, TED, pop={"t0": 2}, bld={"t0": 2})
    state.grain[TED] = 5
    play(state, ["sacrifice", "offer 0 t0:1 t1:4", "offer 1 t0:2", "offer 3 t0:2"])
    assert [state.track[p * 12] for p in (CAROL, BOB, TED)] == [5, 3, 7]
    bonus = state.clone()
    bonus.apply("bonus")
    assert bonus.track[CAROL * 12] == 5 + 2  # she could add 2 for her 2 temple tiles
    state.apply("peek")
    assert state.track[CAROL * 12] == 5
    assert state.observation(CAROL)["nile"]["peeked"] == "4"


def test_population_example_flood_bob_overseer():
    state = play(new(3), [FLOOD_FIRST_CHOICE, SPEC_LAND, "blessing 1"])
    set_mat(state, BOB, tiles={"v1": "village2"}, pop={"v1": 2})
    set_mat(state, TED, pop={"v0": 1})
    set_mat(state, CAROL, tiles={"t1": "temple2"}, pop={"t1": 1}, canals=("t0",))
    state.nile_next = 1
    state._nile_segment()  # the flood
    state.apply("populate")
    assert tokens(state, BOB) == {"v0": 1, "v1": 5, "t0": 1, "c0": 1}
    assert tokens(state, TED) == {"v0": 3, "t0": 1, "c0": 1}
    assert tokens(state, CAROL) == {"v0": 1, "t0": 1, "c0": 1, "t1": 2}  # canal skipped
    assert state.phase == 4  # no place moves in a flood


def test_population_example_drought_carol_overseer():
    nile = "nile 2,drought,flood,3,4,5 / 5,flood,drought,2,3,4"
    state = play(new(3), [nile, SPEC_LAND, "blessing 3"])
    set_mat(state, CAROL, tiles={"v1": "village1"}, pop={"v1": 4})
    set_mat(state, BOB, tiles={"v1": "village2"}, pop={"v0": 2, "v1": 2})
    set_mat(state, TED, pop={"t0": 1}, canals=("t0",))
    state.nile_next = 1
    state._nile_segment()  # drought: one token off each populated tile
    assert tokens(state, CAROL) == {"v1": 3} and tokens(state, BOB) == {"v0": 1, "v1": 1}
    state.apply("populate")
    assert tokens(state, CAROL) == {"v1": 5}
    assert tokens(state, BOB) == {"v0": 2, "v1": 2}
    assert tokens(state, TED) == {}
    assert state.phase == 4


def test_population_example_nile_3_ted_overseer():
    nile = "nile 3,2,flood,drought,4,5 / 5,flood,drought,2,3,4"
    state = play(new(3), [nile, SPEC_LAND, "blessing 2"])
    for seat in (BOB, TED, CAROL):
        set_mat(state, seat, pop={"v0": 2})
    state.canal[pos(state, TED, "c0")] = 1
    state.canal[pos(state, CAROL, "t0")] = 1
    state.apply("populate")
    assert tokens(state, TED) == {"v0": 4, "c0": 1}
    assert tokens(state, CAROL) == {"v0": 3, "t0": 1}
    assert tokens(state, BOB) == {"v0": 3}
    assert state.cur == TED and "place c0:3" in state.legal_events()
    play(state, ["place c0:3", "place v0:3", "place t0:1 c0:2"])
    assert tokens(state, CAROL) == {"v0": 6, "t0": 1} and state.phase == 4


def test_harvest_example_ted_10_carol_2_and_starves_an_acolyte_bob_7_pays_3():
    state = spec_start(blessing=2)  # Ted Overseer, then Carol, then Bob
    set_mat(state, TED, tiles={"c1": "crop2", "c2": "crop3"},
            pop={"v0": 1, "t0": 1, "c0": 4, "c1": 1, "c2": 1}, bld={"c1": 3})
    set_mat(state, CAROL, tiles={"v1": "village2", "t1": "temple1"},
            pop={"v0": 1, "t0": 1, "v1": 1, "t1": 1, "c0": 2})
    set_mat(state, BOB, tiles={"v1": "village2", "t1": "temple1", "c1": "crop1"},
            pop={"v0": 2, "t0": 1, "v1": 1, "t1": 1, "c0": 6, "c1": 1}, bld={"c0": 1, "v0": 2})
    state.grain = [0, 0, 1]
    play(state, ["harvest", "reap c0:4", "reap c0:2"])
    assert state.grain[TED] == 3 + 4 + 3
    assert state.grain[CAROL] == 1 + 2
    state.apply("reap c0:6")
    # payments: Ted 4 tiles, Carol 3 grain for 4 tiles, Bob 5 tiles less a 2-market
    assert state.grain[TED] == 6 and state.grain[CAROL] == 0
    assert state.cur == CAROL and len(state.legal_events()) == 4
    state.apply("starve t0")
    assert tokens(state, CAROL) == {"v0": 1, "v1": 1, "t1": 1}
    assert state.grain[BOB] == 7 - 3
    assert state.phase == 4


def test_improvement_example_carol_canal_and_altar_bob_canal_and_farm_ted_floodwall():
    state = spec_start(blessing=3)  # Carol Overseer, then Bob, then Ted
    set_mat(state, CAROL, pop={"v0": 3, "t0": 1})
    set_mat(state, BOB, tiles={"c1": "crop5"}, pop={"v0": 1, "c1": 4})
    set_mat(state, TED, pop={"v0": 1, "t0": 1, "c0": 1}, bld={"t0": 2})
    state.reserve[TED * 7 + 2] -= 1
    play(state, ["improve", "build canal c0 altar 2 t0", "pay v0:2 t0:1"])
    assert tokens(state, CAROL) == {"v0": 1} and state.grain[CAROL] == 3
    assert state.bld[pos(state, CAROL, "t0")] == 2 and state.canal[pos(state, CAROL, "c0")]
    state.apply("build canal v0 farm 4 c1")
    assert tokens(state, BOB) == {} and state.bld[pos(state, BOB, "c1")] == 4
    play(state, ["build floodwall 3", "pay v0:1 t0:1 c0:1"])
    assert tokens(state, TED) == {} and state.wall[TED * 7 + 3] == 1
    assert state.phase == 4


def test_scoring_example_averaged_ties_and_the_tie_break_on_gods():
    first = cycle_points([(18, 22, 30, 6, 15), (16, 22, 30, 8, 14), (12, 24, 30, 9, 14)])
    assert first == [[5, 2, 3, 2, 5], [3, 2, 3, 3, 2], [2, 5, 3, 5, 2]]
    second = cycle_points([(20, 37, 30, 12, 12), (20, 20, 25, 12, 14), (25, 21, 23, 12, 14)])
    assert second == [[2, 5, 5, 3, 2], [2, 2, 3, 3, 4], [5, 3, 2, 3, 4]]
    totals = [sum(first[s]) + sum(second[s]) for s in range(3)]
    assert totals == [34, 27, 34]  # R18: Ted's subtotals 13 + 14 = 27, printed 26
    assert final_ranking([first, second]) == [CAROL, BOB, TED]
    assert area_points([30, 30, 30]) == [3, 3, 3]
    assert area_points([5, 5, 5, 5]) == [2, 2, 2, 2]


def test_scoring_example_through_the_engine_end_of_game():
    state = spec_start()
    state.cycle = 1
    first = [[5, 2, 3, 2, 5], [3, 2, 3, 3, 2], [2, 5, 3, 5, 2]]
    for p in range(3):
        state.vp[p * 5:p * 5 + 5] = first[p]
    quantities = [(20, 37, 30, 12, 12), (20, 20, 25, 12, 14), (25, 21, 23, 12, 14)]
    for p, (grain, gods, land, people, buildings) in enumerate(quantities):
        tiles = {}
        values = [6] * (land // 6) + ([land % 6] if land % 6 else [])
        for row, v in enumerate(values, 1):
            tiles[f"v{row}"] = f"village{v}"
        set_mat(state, p, tiles=tiles, pop={"t0": people}, bld={"c0": buildings - 6})
        state.wall[p * 7 + 6] = 1
        state.grain[p] = grain
        state.track[p * 12 + 6:p * 12 + 12] = [gods, 0, 0, 0, 0, 0]
        assert state.areas(p) == (grain, gods, land, people, buildings)
    state._end_cycle()
    assert state.is_terminal()
    assert state.scores() == [34, 27, 34]
    assert state.ranking() == [CAROL, BOB, TED]
