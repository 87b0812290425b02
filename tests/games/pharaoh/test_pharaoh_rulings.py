"""One test per ruling of shared/spec/pharaoh.md (1-27) and per engine reading
(docs/games/pharaoh/rules.md, readings 1-10)."""

import random

import pytest

from pharaoh_helpers import GAME, SETUP, give, legal, place, play, solo, storage
from thebes.core import CHANCE, IllegalEventError, InvalidEventError
from thebes.games.pharaoh.board import SQUARE_NAMES
from thebes.games.pharaoh.scoring import title
from thebes.games.pharaoh.state import BUILD_PHASE, DICE, ERASE_PHASE


def two_seats(*events):
    return play(SETUP[:5] + ["build housing c3", "take grain gold",
                             "build housing c3", "take grain gold"] + list(events), players=2)


def test_ruling_1_the_sheet_is_6_by_6_with_a_letter_for_x_and_a_digit_for_y():
    assert len(SQUARE_NAMES) == 36
    assert SQUARE_NAMES[(3 - 1) * 6 + (4 - 1)] == "c4"  # x = 3, y = 4
    assert SQUARE_NAMES[:7] == ("a1", "a2", "a3", "a4", "a5", "a6", "b1")


def test_ruling_2_the_roll_is_ordered_die_1_x_die_2_y_and_a_shift_names_its_die():
    state = solo()
    outcomes = {state.action_to_text(a): p for a, p in state.chance_outcomes()}
    assert outcomes["roll 2 5"] == outcomes["roll 5 2"] == pytest.approx(1 / 36)
    state.apply("roll 2 5")
    state.apply("shift 1 +1 gold")
    assert state.observation(0)["seats"][0]["dice"] == [3, 5]


def test_ruling_3_a_terrain_roll_on_terrain_rolls_again_rivers_too():
    state = play(["hill a1", "hill a2", "hill a3", "river b1"])
    free = {state.action_to_text(a) for a, _ in state.chance_outcomes()}
    assert len(free) == 32 and not free & {"river a1", "river a2", "river a3", "river b1"}


def test_ruling_4_one_roll_serves_the_table_and_seats_take_whole_turns_in_order():
    state = two_seats("roll 2 2")
    assert [s["dice"] for s in state.observation(0)["seats"]] == [[2, 2], [2, 2]]
    state.apply("shift 1 +1 gold")
    assert state.current_player() == 0
    state.apply("action train")
    state.apply("skip")
    assert state.current_player() == 1
    assert state.observation(1)["seats"][1]["dice"] == [2, 2]  # its own copy of the dice


def test_ruling_5_storage_is_unlimited():
    state = solo()
    for sq in ("d1", "d2", "d3"):
        place(state, "farming", sq)
    for _ in range(6):
        state.apply("roll 2 4")
        state.apply("action harvest")
        state.apply("skip")
    assert storage(state)["grain"] == 1 + 18


def test_ruling_6_the_starting_housing_is_free_and_scores_nothing():
    state = play(SETUP[:5])
    state.apply("build housing c4")
    assert storage(state) == {"labour": 1, "grain": 0, "gold": 0, "material": 0}
    state.apply("take labour labour")
    state.apply("roll 6 3")
    state.apply("action none")
    state.apply("skip")
    assert state.scores() == [0]


def test_ruling_7_one_action_yields_at_most_3():
    state = solo()
    for sq in ("d1", "d2", "d3", "d4", "d5"):
        place(state, "treasury", sq)
    state.apply("roll 3 3")
    state.apply("action collect")
    assert storage(state)["gold"] == 1 + 3


def test_ruling_8_the_dice_action_is_compulsory():
    state = solo("roll 6 3")
    assert "skip" not in legal(state)
    with pytest.raises(IllegalEventError):
        state.apply("skip")


def test_ruling_9_one_shift_a_round_before_the_action():
    state = solo("roll 3 3", "shift 1 +1 gold")
    assert not any(e.startswith("shift") for e in state.legal_events())
    state.apply("action none")
    assert state.phase == BUILD_PHASE
    assert not any(e.startswith("shift") for e in state.legal_events())


def test_ruling_10_only_a_natural_double_forces_flood_or_invasion():
    assert legal(solo("roll 5 5")) == ["action flood"]
    assert legal(solo("roll 5 4", "shift 2 +1 gold")) == ["action flood", "action train"]


def test_ruling_11_a_sum_of_10_offers_flood_as_a_free_choice():
    state = solo("roll 6 4")
    assert "action flood" in legal(state) and "action none" in legal(state)


def test_ruling_12_builds_only_on_empty_squares():
    state = solo("roll 6 3", "action none")
    for sq in ("a1", "f5", "c3"):
        with pytest.raises(IllegalEventError):
            state.apply(f"build road {sq}")


def test_ruling_13_a_road_is_a_build_with_no_cost_and_no_points():
    state = solo("roll 6 3", "action none")
    give(state, labour=0, grain=0, gold=0)
    assert "build road d4" in legal(state)
    state.apply("build road d4")
    assert state.sheets[0].rounds == [0]


def test_ruling_14_the_admins_free_build_may_not_be_an_admin():
    state = solo("roll 6 3", "action none")
    give(state, gold=4)
    state.apply("build admin d4")
    assert not any(e.startswith("build admin") for e in state.legal_events())
    assert storage(state)["gold"] == 2


def test_ruling_15_the_guilds_resource_is_taken_at_once():
    state = solo("roll 6 3", "action none")
    give(state, gold=1, material=1)
    state.apply("build guild d4")
    assert legal(state) == ["take gold", "take grain", "take labour", "take material"]


def test_ruling_16_the_monument_limit_counts_drawings_erased_ones_too():
    state = solo()
    for sq in ("b4", "b5", "b6", "c4"):
        place(state, "monument", sq)
    state.apply("roll 5 5")
    state.apply("action flood")
    state.apply("erase b4")
    give(state, gold=2, material=2)
    assert not any(e.startswith("build monument") for e in state.legal_events())


def test_ruling_17_a_flood_erases_a_building_or_road_never_terrain():
    state = solo()
    place(state, "road", "d4")
    state.apply("roll 5 5")
    state.apply("action flood")
    assert legal(state) == ["erase c3", "erase d4"]
    with pytest.raises(IllegalEventError):
        state.apply("erase a1")


def test_ruling_18_preventions_are_used_automatically_with_no_event():
    state = solo()
    place(state, "religious", "d4")
    state.apply("roll 5 5")
    state.apply("action flood")
    assert state.phase == BUILD_PHASE and state.sheets[0].flood_guard == 0


def test_ruling_19_an_erased_military_loses_a_used_prevention_first():
    state = solo()
    place(state, "military", "d4")
    place(state, "military", "d5")
    state.sheets[0].invasion_guard = 1  # one used
    state.apply("roll 5 5")
    state.apply("action flood")
    state.apply("erase d4")
    assert state.sheets[0].invasion_guard == 1


def test_ruling_20_each_tile_scores_once_in_its_round():
    state = solo("roll 6 3", "action none")
    give(state, gold=2)
    state.apply("build admin d4")
    state.apply("skip")
    state.apply("roll 6 3")
    state.apply("action none")
    state.apply("skip")
    assert state.sheets[0].rounds == [2, 0]


def test_ruling_21_later_tiles_add_nothing_to_an_earlier_tiles_bonus():
    state = solo("roll 6 3", "action none")
    give(state, gold=2)
    state.apply("build admin d4")
    state.apply("skip")
    state.apply("roll 6 3")
    state.apply("action none")
    state.apply("build road d5")
    assert state.sheets[0].rounds == [2, 0]


def test_ruling_22_an_unprevented_invasion_takes_2_with_no_floor():
    state = solo("roll 6 6", "action invasion", "skip")
    assert state.scores() == [-2]


def test_ruling_23_objectives_are_checked_at_the_end_of_the_round_on_what_stands():
    state = solo(objectives=(1, 1))  # 1 and 2: housing counts
    place(state, "housing", "d4")
    state.apply("roll 6 3")
    state.apply("action none")
    give(state, grain=1)
    state.apply("build housing d5")
    assert state.sheets[0].rounds == [2]


def test_ruling_24_objective_5_needs_the_produce_yield_not_a_guild_resource():
    state = solo(objectives=(5, 5))
    place(state, "industrial", "d4")
    place(state, "industrial", "d5")
    give(state, material=1, gold=1)
    state.apply("roll 4 6")
    state.apply("action produce")
    state.apply("build guild b5")
    state.apply("take material")
    assert state.sheets[0].rounds == [2]


def test_ruling_25_each_seat_completes_an_objective_for_itself():
    state = play(["objectives 4 4"] + SETUP[:5] + ["build housing c3", "take gold gold"] * 2,
                 players=2, objectives=True)
    place(state, "military", "d4", seat=0)
    place(state, "military", "d4", seat=1)
    state.apply("roll 6 6")
    for _ in range(2):
        state.apply("action invasion")
        state.apply("skip")
    assert [s.rounds for s in state.sheets] == [[2], [2]]


def test_ruling_26_tied_seats_keep_seat_order_in_the_ranking():
    state = two_seats()
    for _ in range(20):
        state.apply("roll 6 3")
        for _ in range(2):
            state.apply("action none")
            state.apply("skip")
    assert state.scores() == [0, 0] and state.ranking() == [0, 1]


def test_ruling_27_below_10_there_is_no_solo_title():
    assert title(9) is None and title(10) == "Peasant"


# ------------------------------------------------------------------ engine readings
def test_reading_1_a_non_canonical_spelling_is_no_event():
    state = play(SETUP[:6])
    with pytest.raises(InvalidEventError):
        state.apply("take gold grain")


def test_reading_2_round_scores_are_written_after_the_last_seats_turn():
    state = two_seats("roll 6 3", "action none")
    give(state, gold=2)
    state.apply("build admin d4")
    state.apply("skip")
    obs = state.observation(0)
    assert obs["seats"][0]["round_scores"] == [] and obs["seats"][0]["this_round"] == 2
    state.apply("action none")
    state.apply("skip")
    obs = state.observation(0)
    assert obs["seats"][0]["round_scores"] == [2] and obs["seats"][0]["this_round"] is None


def test_reading_3_a_prevention_drawn_this_round_protects_from_the_next_round():
    state = solo("roll 6 3", "action none")
    give(state, labour=1, grain=1)
    state.apply("build military d4")
    state.apply("roll 6 6")
    state.apply("action invasion")
    state.apply("skip")
    assert state.sheets[0].rounds == [2, 0]


def test_reading_4_the_erasure_comes_before_the_build():
    state = solo("roll 5 5", "action flood")
    assert state.phase == ERASE_PHASE
    state.apply("erase c3")
    assert state.phase == BUILD_PHASE


def test_reading_5_the_starting_housing_enables_train_and_counts_for_objectives():
    state = solo(objectives=(1, 1))
    assert "action train" in legal(play(["objectives 1 1"] + SETUP + ["roll 1 2"],
                                        objectives=True))
    place(state, "housing", "d4")
    place(state, "housing", "d5")
    state.apply("roll 6 3")
    state.apply("action none")
    state.apply("skip")
    assert state.sheets[0].rounds == [2]


def test_reading_6_a_natural_double_forces_every_seat():
    state = two_seats("roll 5 5")
    assert legal(state) == ["action flood"]
    state.apply("action flood")
    state.apply("erase c3")
    state.apply("skip")
    assert state.current_player() == 1 and legal(state) == ["action flood"]


def test_reading_7_scores_are_zero_in_setup_and_the_ranking_waits_for_the_end():
    state = GAME.new_initial_state(3)
    assert state.scores() == [0, 0, 0] and state.ranking() is None


def test_reading_8_the_title_is_shown_only_in_a_finished_solo_game():
    state = solo()
    assert state.observation(0)["title"] is None
    give(state, gold=8)
    for r in range(20):
        state.apply("roll 6 3")
        state.apply("action none")
        if r < 4:
            state.apply("build admin " + ["d4", "d5", "d6", "b4"][r])
            state.apply("build monument " + ["e1", "e2", "e3", "b5"][r])
        else:
            state.apply("skip")
    assert state.scores() == [28]
    assert state.observation(0)["title"] == "Governor"


def test_reading_9_sampled_chance_follows_the_listed_outcomes():
    rng = random.Random(1)
    state = solo()
    counts = {}
    for _ in range(3600):
        a = state.sample_chance(rng)
        assert state.chance_probability(a) == pytest.approx(1 / 36)
        counts[a] = counts.get(a, 0) + 1
    assert len(counts) == 36 and min(counts.values()) > 60
    state = play(SETUP[:4])
    assert state.current_player() == CHANCE
    for _ in range(200):
        assert state.chance_probability(state.sample_chance(rng)) == pytest.approx(1 / 32)


def test_reading_10_determinize_is_a_copy_that_draws_nothing():
    state = solo("roll 2 5")
    det = state.determinize(0, random.Random(9))
    assert det is not state and det.observation(0) == state.observation(0)
    assert det.sheets[0] is not state.sheets[0]
    assert state.phase == DICE
