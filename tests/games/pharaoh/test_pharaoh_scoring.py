"""Reputation round by round, objectives, ranking and titles
(spec, Scoring, Advanced objectives, Game end; rulings 20-27)."""

import pytest

from pharaoh_helpers import SETUP, give, place, play, solo
from thebes.core import TERMINAL, IllegalEventError
from thebes.games.pharaoh.scoring import OBJECTIVE_POINTS, title


def build_round(state, *events, roll="roll 6 3"):
    """One solo round: a roll offering only `action none`, then ``events`` as the build."""
    state.apply(roll)
    state.apply("action none")
    for e in events:
        state.apply(e)
    return state.sheets[0].rounds[-1]


# ------------------------------------------------------------------ tiles score once
def test_a_road_drawn_later_gives_an_older_housing_nothing():
    state = solo()
    assert build_round(state, "build road c4") == 0  # c3's housing is older and scores nothing
    assert state.scores() == [0]


def test_a_housing_drawn_next_to_an_older_road_scores_its_bonus():
    state = solo()
    build_round(state, "build road c4")
    give(state, grain=1)
    assert build_round(state, "build housing d4") == 1


def test_an_admin_whose_road_is_drawn_by_the_free_build_of_the_same_round_scores_its_bonus():
    state = solo()
    give(state, gold=2)
    assert build_round(state, "build admin d4", "build road d5") == 3


def test_a_treasury_next_to_an_admin_drawn_in_the_same_round_scores_its_bonus():
    state = solo()
    give(state, gold=2, grain=1, material=1)
    assert build_round(state, "build admin d4", "build treasury d5") == 3


def test_an_erased_building_keeps_what_it_scored():
    state = solo()
    give(state, gold=2)
    build_round(state, "build admin d4", "skip")
    state.apply("roll 5 5")
    state.apply("action flood")
    state.apply("erase d4")
    state.apply("skip")
    assert state.sheets[0].rounds == [2, 0]
    assert state.scores() == [2]


def test_a_round_score_and_the_total_may_be_negative():
    state = solo("roll 6 6", "action invasion", "skip", "roll 6 6", "action invasion", "skip")
    assert state.sheets[0].rounds == [-2, -2]
    assert state.scores() == [-4]


def test_scores_so_far_are_the_rounds_already_written():
    state = play(SETUP[:5] + ["build housing c3", "take gold gold", "build housing c3",
                              "take gold gold", "roll 6 3", "action none", "build admin d4",
                              "skip"], players=2)
    assert state.current_player() == 1
    assert state.scores() == [0, 0]  # seat 1 drew an admin, the round is not over
    state.apply("action none")
    state.apply("skip")
    assert state.scores() == [2, 0]


def test_the_game_ends_after_the_scores_of_round_20_are_written():
    state = solo()
    for _ in range(19):
        build_round(state, "skip")
    assert state.round == 19 and state.current_player() == -1
    give(state, gold=2)
    build_round(state, "build admin d4", "skip")
    assert state.current_player() == TERMINAL
    assert len(state.sheets[0].rounds) == 20
    assert state.scores() == [2] and state.ranking() == [0]
    assert state.legal_events() == []
    with pytest.raises(IllegalEventError):
        state.apply("roll 1 1")


def test_tied_seats_are_ranked_in_seat_order():
    state = play(SETUP[:5] + ["build housing c3", "take gold gold"] * 3, players=3)
    for _ in range(20):
        state.apply("roll 6 3")
        for seat in range(3):
            state.apply("action none")
            if seat == 2 and state.round == 1:
                state.apply("build admin d4")
            state.apply("skip")
    assert state.scores() == [0, 0, 2]
    assert state.ranking() == [2, 0, 1]


@pytest.mark.parametrize("score, name", [(-3, None), (9, None), (10, "Peasant"), (19, "Peasant"),
                                         (20, "Clerk"), (24, "Clerk"), (25, "Governor"),
                                         (29, "Governor"), (30, "Pharaoh"), (77, "Pharaoh")])
def test_solo_titles_start_at_10(score, name):
    assert title(score) == name


# ------------------------------------------------------------------ objectives
def test_objective_points_match_the_chart():
    assert OBJECTIVE_POINTS[1:] == (2, 3, 2, 2, 3, 3, 2, 2, 3, 3, 2, 2)


def test_objective_1_three_housing_counting_the_starting_one_scores_2_once():
    state = solo(objectives=(1, 2))
    place(state, "housing", "d4")
    give(state, grain=3)
    assert build_round(state, "build housing d5") == 2
    assert state.observation(0)["seats"][0]["objectives_done"] == [1]
    assert build_round(state, "build housing b5") == 3  # objective 2, and 1 not again
    assert build_round(state, "build housing b6") == 0


def test_objective_2_four_housing_scores_3():
    state = solo(objectives=(2, 2))
    for sq in ("d4", "d5", "d6"):
        place(state, "housing", sq)
    assert build_round(state, "skip") == 3


def test_objectives_count_what_stands_on_the_sheet_at_the_end_of_the_round():
    state = solo(objectives=(1, 2))
    place(state, "housing", "d4")
    place(state, "housing", "d5")
    state.apply("roll 5 5")
    state.apply("action flood")
    state.apply("erase d5")
    state.apply("skip")
    assert state.sheets[0].rounds == [0]


def test_objective_3_a_prevented_flood_scores_2():
    state = solo(objectives=(1, 2))
    place(state, "religious", "d4")
    state.apply("roll 5 5")
    state.apply("action flood")
    state.apply("skip")
    assert state.sheets[0].rounds == [2]
    assert state.observation(0)["seats"][0]["objectives_done"] == [3]


def test_objective_4_a_prevented_invasion_scores_2():
    state = solo(objectives=(4, 4))
    place(state, "military", "d4")
    state.apply("roll 6 6")
    state.apply("action invasion")
    state.apply("skip")
    assert state.sheets[0].rounds == [2]


def test_objective_5_a_produce_yielding_3_material_scores_3():
    state = solo(objectives=(5, 5))
    for sq in ("d4", "d5", "d6"):
        place(state, "industrial", sq)
    state.apply("roll 4 6")
    state.apply("action produce")
    state.apply("skip")
    assert state.sheets[0].rounds == [3]


def test_objectives_5_and_6_count_the_actions_yield_not_the_guilds_resource():
    state = solo(objectives=(5, 5))
    place(state, "industrial", "d4")
    place(state, "industrial", "d5")
    give(state, gold=1, material=0)
    state.apply("roll 4 6")
    state.apply("action produce")  # 2 material
    state.apply("build guild d6")
    state.apply("take material")
    assert state.sheets[0].storage[3] == 2 and state.sheets[0].rounds == [2]  # guild's points only


def test_objective_6_a_collect_yielding_3_gold_scores_3():
    state = solo(objectives=(6, 6))
    for sq in ("d4", "d5", "d6"):
        place(state, "treasury", sq)
    state.apply("roll 3 1")
    state.apply("action collect")
    state.apply("skip")
    assert state.sheets[0].rounds == [3]


def test_objective_7_four_resources_of_one_kind_in_storage_at_the_end_of_the_round():
    state = solo(objectives=(3, 4))
    give(state, gold=4)
    assert build_round(state, "skip") == 2
    state = solo(objectives=(3, 4))
    give(state, gold=4)
    assert build_round(state, "build industrial d4") == 0  # 3 gold left at the end


def test_objective_8_two_adjacent_roads_score_2():
    state = solo(objectives=(4, 4))
    place(state, "road", "d4")
    assert build_round(state, "build road e5") == 0  # diagonal
    assert build_round(state, "build road d5") == 2


@pytest.mark.parametrize("objectives, kinds, needed", [
    ((4, 5), ("military", "admin"), "guild"),
    ((5, 5), ("religious", "admin"), "guild"),
    ((5, 6), ("monument",), "monument"),
    ((6, 6), ("industrial",), "industrial"),
])
def test_objectives_9_to_12_need_their_buildings_on_the_sheet(objectives, kinds, needed):
    number = {"guild": 9 if objectives == (4, 5) else 10, "monument": 11, "industrial": 12}[needed]
    state = solo(objectives=objectives)
    for kind, sq in zip(kinds, ("d4", "d5")):
        place(state, kind, sq)
    give(state, gold=9, material=9)
    assert build_round(state, "skip") == 0
    score = build_round(state, f"build {needed} b5", *(["take labour"] if needed == "guild" else []))
    points = {"guild": 2, "monument": 5, "industrial": 0}[needed]
    assert score == points + OBJECTIVE_POINTS[number]  # b5: no edge
    assert number in state.observation(0)["seats"][0]["objectives_done"]


def test_an_unmarked_objective_scores_nothing():
    state = solo(objectives=(1, 1))  # marks 1 and 2
    place(state, "road", "d4")
    assert build_round(state, "build road d5") == 0


def test_without_the_option_no_objective_is_marked():
    state = solo()
    place(state, "road", "d4")
    assert build_round(state, "build road d5") == 0
    assert state.observation(0)["marked"] == []


def test_each_seat_completes_objectives_for_itself():
    state = play(["objectives 4 4"] + SETUP[:5] + ["build housing c3", "take gold gold",
                                                   "build housing c3", "take gold gold"],
                 players=2, objectives=True)
    place(state, "road", "d4", seat=0)
    place(state, "road", "d4", seat=1)
    state.apply("roll 6 3")
    state.apply("action none")
    state.apply("build road d5")
    state.apply("action none")
    state.apply("skip")
    assert [s.rounds for s in state.sheets] == [[2], [0]]
    state.apply("roll 6 3")
    state.apply("action none")
    state.apply("skip")
    state.apply("action none")
    state.apply("build road d5")
    assert [s.rounds for s in state.sheets] == [[2, 0], [0, 2]]
