"""Observation and determinization: the peeked Nile tile is the Overseer's
alone, face-down stacks show no identities, determinize keeps the observation."""

import json
import random

from thebes.core import CHANCE, TERMINAL
from thebes.games.pharaohs_heir.actions import PEEK_ACTION
from thebes.games.pharaohs_heir.pieces import NUMBERED
from thebes.games.pharaohs_heir.state import P_BONUS

from pharaohs_heir_support import SPEC_OPENING, new, play, spec_start, step

CONFIGS = [(3, 2), (4, 2), (3, 1)]


def positions(seed: int, every: int = 7):
    """Random positions of random games in the three set-ups, peeks favoured."""
    for players, pp in CONFIGS:
        rng = random.Random(seed)
        state = new(players, pp)
        i = 0
        while state.current_player() != TERMINAL:
            if state.phase == P_BONUS and len(state.legal_actions()) == 2 and rng.random() < 0.7:
                state.apply_action(PEEK_ACTION)
            else:
                step(state, rng)
            i += 1
            if i % every == 0:
                yield state


def test_determinize_keeps_every_seats_observation_over_many_positions():
    rng = random.Random(5)
    count = 0
    for seed in range(12):
        for state in positions(seed):
            for seat in range(state.num_players):
                other = state.determinize(seat, rng)
                assert other.observation(seat) == state.observation(seat)
                count += 1
    assert count > 1000


def test_determinize_redraws_the_hidden_tiles():
    state = spec_start()
    rng = random.Random(1)
    differ = sum(state.determinize(0, rng).nile[1:] != state.nile[1:] for _ in range(20))
    assert differ >= 15
    differ = sum(state.determinize(0, rng).land != state.land for _ in range(20))
    assert differ == 20


def test_determinize_keeps_each_unrevealed_stack_top_numbered():
    state = spec_start()
    rng = random.Random(2)
    for _ in range(200):
        d = state.determinize(1, rng)
        assert d.nile[6] in NUMBERED
        assert sorted(d.nile) == sorted(state.nile)


def test_the_peeker_keeps_the_peeked_tile_when_determinizing_and_others_do_not():
    state = play(spec_start(), SPEC_OPENING[:20])  # seat 2 peeked at the 4
    rng = random.Random(3)
    assert all(state.determinize(1, rng).nile[1] == 4 for _ in range(50))
    assert any(state.determinize(0, rng).nile[1] != 4 for _ in range(50))


def test_the_peeked_tile_leaks_to_no_other_seat():
    """Nothing in another seat's observation depends on the peeked tile."""
    state = play(spec_start(), SPEC_OPENING[:20])
    rng = random.Random(4)
    for _ in range(30):
        other = state.determinize(0, rng)  # seat 1 cannot tell these apart
        if other.nile[1] == state.nile[1]:
            continue
        assert other.observation(0) == state.observation(0)
        assert other.observation(2) == state.observation(2)
        assert other.observation(1) != state.observation(1)


def test_no_seat_observation_depends_on_tiles_it_has_not_seen():
    rng = random.Random(6)
    checked = 0
    for seed in range(5):
        for state in positions(seed, every=13):
            # seat -1 is nobody: every face-down tile is redrawn, a peeked one too
            other = state._determinize(-1, rng)  # the engine's own: the public one checks seats
            for seat in range(state.num_players):
                if seat != state.peek_seat:
                    assert other.observation(seat) == state.observation(seat)
                    checked += 1
    assert checked > 300


def test_an_observation_is_json_and_names_no_hidden_tile():
    state = spec_start()
    obs = state.observation(0)
    text = json.dumps(obs)
    assert "village6" not in json.dumps(obs["land"])  # crop4 village1 village5 are face up
    assert [s["face_up"] for s in obs["land"]["stacks"]] == ["crop4", "village1", "village5"]
    assert [s["face_down"] for s in obs["land"]["stacks"]] == [5, 5, 5]
    assert obs["land"]["later_face_down"] == 18
    assert obs["nile"]["revealed"] == ["5"] and obs["nile"]["face_down"] == [5, 6]
    assert "stacks" not in obs["nile"] and "all_stacks" not in obs["land"]
    assert "drought" not in text.replace('"drought"', "")  # only as a name, never a tile


def test_the_omniscient_observation_shows_the_stacks():
    state = spec_start()
    obs = state.omniscient_observation()
    assert obs["nile"]["stacks"][:2] == ["5", "4"]
    assert obs["land"]["all_stacks"][0] == "crop4"


def test_a_clone_is_independent_of_its_original():
    rng = random.Random(7)
    state = new(4)
    for _ in range(80):
        step(state, rng)
    before = state.omniscient_observation()
    copy = state.clone()
    for _ in range(60):
        if copy.current_player() == TERMINAL:
            break
        step(copy, rng)
    assert state.omniscient_observation() == before
    assert copy.omniscient_observation() != before


def test_observations_at_chance_nodes_and_the_end_are_well_formed():
    state = new(3)
    assert state.current_player() == CHANCE
    assert state.observation(0)["to_move"] == "chance"
    rng = random.Random(8)
    while state.current_player() != TERMINAL:
        step(state, rng)
    obs = state.observation(1)
    assert obs["to_move"] is None and obs["scores"] == state.scores()


def test_determinize_depends_on_the_observation_and_the_generator_only():
    for seed in range(3):
        for state in positions(seed, every=29):
            seat = state.current_player() if state.current_player() >= 0 else 0
            twin = state.determinize(seat, random.Random(99))  # same view, other hidden facts
            a = state.determinize(seat, random.Random(7))
            b = twin.determinize(seat, random.Random(7))
            assert a.omniscient_observation() == b.omniscient_observation()


def test_the_greedy_bot_decides_on_its_information_set_only():
    from thebes.games.pharaohs_heir.greedy import GreedyBot
    decided = 0
    for seed in range(3):
        for state in positions(seed, every=11):
            seat = state.current_player()
            if seat < 0:
                continue
            twin = state.determinize(seat, random.Random(seed))
            mine = GreedyBot("pharaohs-heir", seat, random.Random(1)).choose(state)
            theirs = GreedyBot("pharaohs-heir", seat, random.Random(1)).choose(twin)
            assert mine == theirs
            decided += 1
    assert decided > 100


def test_seats_see_setup_outcomes_with_face_down_tiles_masked():
    from pharaohs_heir_support import SPEC_LAND, SPEC_NILE
    state = new(3)
    nile = state.text_to_action(SPEC_NILE)
    assert state.event_for_seat(nile, 0) == "nile " + " / ".join([",".join("?" * 6)] * 2)
    assert state.event_for_seat(nile, None) == SPEC_NILE
    state.apply_action(nile)
    land = state.event_for_seat(state.text_to_action(SPEC_LAND), 1)
    assert land.startswith("land crop4,?,?,?,?,? / village1,?,?,?,?,? / village5,?,?,?,?,? / ?,")
    assert "village6" not in land
