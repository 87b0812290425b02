"""The build action: every building's cost, points, bonus and ability; the admin's free
build; the guild's resource; the monument limit (spec, Build action; rulings 12-16)."""

import pytest

from pharaoh_helpers import give, legal, place, solo, storage
from thebes.core import IllegalEventError
from thebes.games.pharaoh.board import COST, KINDS, POINTS, RESOURCES
from thebes.games.pharaoh.state import FREE_BUILD, GUILD_TAKE

CHART = {  # kind: (points, cost as labour, grain, gold, material) from the spec's chart
    "housing": (0, (0, 1, 0, 0)), "road": (0, (0, 0, 0, 0)), "industrial": (0, (0, 0, 1, 0)),
    "farming": (0, (1, 0, 0, 0)), "treasury": (0, (0, 1, 0, 1)), "admin": (2, (0, 0, 2, 0)),
    "military": (2, (1, 1, 0, 0)), "guild": (2, (0, 0, 1, 1)), "religious": (2, (1, 0, 1, 0)),
    "monument": (5, (0, 0, 2, 2))}


def at_build(**amounts):
    """Solo, round 1, build action, with exactly ``amounts`` in storage."""
    state = solo("roll 6 3", "action none")
    give(state, labour=0, grain=0, gold=0, material=0)
    give(state, **amounts)
    return state


def test_the_chart_tables_match_the_spec():
    for kind, (points, cost) in CHART.items():
        k = KINDS.index(kind)
        assert (POINTS[k], COST[k]) == (points, cost)


@pytest.mark.parametrize("kind", KINDS)
def test_each_building_costs_exactly_its_chart_cost(kind):
    points, cost = CHART[kind]
    paid = dict(zip(RESOURCES, cost))
    state = at_build(**paid)
    assert f"build {kind} d3" in state.legal_events()
    for r, n in paid.items():  # one unit short of any part: not legal
        if n:
            short = at_build(**{**paid, r: n - 1})
            assert f"build {kind} d3" not in short.legal_events()
    state.apply(f"build {kind} d3")
    assert storage(state) == {r: 0 for r in RESOURCES}


@pytest.mark.parametrize("kind", KINDS)
def test_each_building_scores_its_points_in_the_round_it_is_drawn(kind):
    points, cost = CHART[kind]
    state = at_build(**dict(zip(RESOURCES, cost)))
    state.apply(f"build {kind} d5")  # no road, not an edge, no river, no admin next to d5
    if kind == "admin":
        state.apply("skip")
    elif kind == "guild":
        state.apply("take gold")
    assert state.sheets[0].rounds == [points]


def test_a_road_costs_nothing_and_scores_nothing():
    state = at_build()
    state.apply("build road d5")
    assert state.sheets[0].rounds == [0]


@pytest.mark.parametrize("kind, square, setup, scored", [
    ("housing", "d4", ("road", "d5"), 1),
    ("housing", "d4", ("road", "e5"), 0),          # diagonal is not adjacent
    ("admin", "d4", ("road", "c4"), 3),
    ("admin", "d4", ("housing", "c4"), 2),
    ("farming", "e5", ("road", "e4"), 1),          # river f5 is adjacent to e5
    ("farming", "d4", ("road", "e4"), 0),
    ("treasury", "d4", ("admin", "d5"), 1),
    ("treasury", "d4", ("road", "d5"), 0),
    ("industrial", "f3", ("road", "d5"), 1),       # edge square
    ("industrial", "b1", ("road", "d5"), 1),
    ("industrial", "d4", ("road", "d5"), 0),
])
def test_each_bonus_is_judged_on_the_neighbours_or_the_edge(kind, square, setup, scored):
    state = at_build(labour=5, grain=5, gold=5, material=5)
    place(state, *setup)
    state.apply(f"build {kind} {square}")
    if kind == "admin":
        state.apply("skip")
    assert state.sheets[0].rounds == [scored]


def test_a_bonus_is_plus_1_at_most_however_many_neighbours_qualify():
    state = at_build(grain=1)
    for sq in ("c4", "e4", "d3", "d5"):
        place(state, "road", sq)
    state.apply("build housing d4")
    assert state.sheets[0].rounds == [1]


def test_builds_go_only_on_empty_squares():
    state = at_build(labour=5, grain=5, gold=5, material=5)
    events = state.legal_events()
    for sq in ("a1", "a2", "a3", "f5", "f6", "c3"):  # hills, rivers, the housing
        assert not any(e.startswith("build ") and e.endswith(" " + sq) for e in events)
    assert sum(e.startswith("build road ") for e in events) == 30


def test_skip_is_always_legal_and_ends_the_turn():
    state = at_build()
    assert "skip" in legal(state)
    state.apply("skip")
    assert state.round == 1 and state.sheets[0].rounds == [0]


def test_a_full_sheet_leaves_only_skip():
    state = at_build(gold=9)
    for sq in range(36):
        if state.sheets[0].cells[sq] < 0:
            state.sheets[0].cells[sq] = 1  # roads everywhere (set-up)
    assert legal(state) == ["skip"]


def test_an_admin_gives_one_free_build_at_once_of_any_kind_but_admin_paying_nothing():
    state = at_build(gold=2)
    state.apply("build admin d4")
    assert state.phase == FREE_BUILD
    events = state.legal_events()
    assert "skip" in events
    assert not any(e.startswith("build admin") for e in events)
    assert "build monument d5" in events  # no cost
    state.apply("build monument d5")
    assert storage(state) == {r: 0 for r in RESOURCES}
    assert state.sheets[0].rounds == [2 + 5]  # no road next to the admin


def test_the_free_build_may_be_skipped():
    state = at_build(gold=2)
    state.apply("build admin d4")
    state.apply("skip")
    assert state.current_player() == -1  # round over, next roll
    assert state.sheets[0].rounds == [2]


def test_a_guild_gives_one_resource_of_the_seats_choice_at_once():
    state = at_build(gold=1, material=1)
    state.apply("build guild d4")
    assert state.phase == GUILD_TAKE
    assert legal(state) == ["take gold", "take grain", "take labour", "take material"]
    state.apply("take grain")
    assert storage(state) == {"labour": 0, "grain": 1, "gold": 0, "material": 0}
    assert state.sheets[0].rounds == [2]


def test_a_guild_drawn_by_the_free_build_also_gives_its_resource():
    state = at_build(gold=2)
    state.apply("build admin d4")
    state.apply("build guild d5")
    assert state.phase == GUILD_TAKE
    state.apply("take material")
    assert storage(state)["material"] == 1
    assert state.sheets[0].rounds == [4]


def test_at_most_two_tiles_are_drawn_a_round():
    state = at_build(gold=9, material=9)
    state.apply("build admin d4")
    state.apply("build guild d5")
    state.apply("take gold")
    assert state.current_player() == -1
    assert len(state.sheets[0].drawn) == 2


def test_a_monument_is_legal_only_while_fewer_than_4_were_drawn_erased_ones_included():
    state = at_build(gold=9, material=9)
    for sq in ("b4", "b5", "b6"):
        place(state, "monument", sq)
    state.apply("build monument d4")
    state.apply("roll 5 5")
    state.apply("action flood")
    state.apply("erase d4")  # erased: still counts as drawn
    assert state.sheets[0].monuments == 4
    assert not any(e.startswith("build monument") for e in state.legal_events())
    give(state, gold=2)
    state.apply("build admin d4")
    assert not any(e.startswith("build monument") for e in state.legal_events())
    with pytest.raises(IllegalEventError):
        state.apply("build monument d5")


def test_military_and_religious_each_add_one_prevention():
    state = at_build(labour=2, grain=1, gold=1)
    state.apply("build military d4")
    assert state.sheets[0].invasion_guard == 1
    state.apply("roll 6 3")
    state.apply("action none")
    state.apply("build religious d5")
    assert state.sheets[0].flood_guard == 1


def test_every_enabling_building_enables_its_action():
    for kind, roll, action in [("housing", "roll 1 3", "train"), ("farming", "roll 2 4", "harvest"),
                               ("treasury", "roll 3 1", "collect"), ("industrial", "roll 4 6", "produce")]:
        state = solo("roll 5 5", "action flood", "erase c3", "skip")
        state.apply(roll)
        assert f"action {action}" not in state.legal_events()
        state = solo("roll 5 5", "action flood", "erase c3", "skip")
        place(state, kind, "d4")
        state.apply(roll)
        assert f"action {action}" in state.legal_events()
