"""Ra's learned evaluation (thebes/games/ra/value.py) and its training command
(thebes/bots/train_value.py)."""

from __future__ import annotations

import json
import random

import pytest

from thebes.games.ra import value as value_ra
from thebes.bots.train_value import main as train
from thebes.core import TERMINAL, get_game


def positions(seed: int, players: int = 3, every: int = 7):
    """Positions along a random game of Ra, every ``every``-th event."""
    rng = random.Random(seed)
    state = get_game("ra").new_initial_state(players)
    n = 0
    while state.current_player() != TERMINAL:
        if n % every == 0:
            yield state.clone()
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(state.random_action(rng))
        n += 1


def test_a_seat_gets_the_same_features_from_any_table_it_cannot_tell_apart():
    # Ra hides nothing: what a seat cannot tell apart is only what its observation leaves
    # out, such as the order a seat's suns are kept in (the observation sorts them), and
    # its determinizations. Features read from either must not change.
    seen = 0
    for seed in range(4):
        for players in (3, 5):
            for state in positions(seed, players):
                if not any(len(up) > 1 for up in state.suns_up):
                    continue
                other = state.clone()
                other.suns_up = [up[::-1] for up in state.suns_up]
                other.suns_down = [down[::-1] for down in state.suns_down]
                for seat in range(players):
                    assert other.observation(seat) == state.observation(seat)
                    determinized = state.determinize(seat, random.Random(seat))
                    assert value_ra.features(other) == value_ra.features(state)
                    assert value_ra.features(determinized) == value_ra.features(state)
                seen += 1
    assert seen > 50


def test_features_are_one_vector_per_seat_of_the_named_terms():
    for state in positions(1, 4):
        feats = value_ra.features(state)
        assert len(feats) == 4
        assert all(len(f) == len(value_ra.FEATURES) and f[-1] == 1.0 for f in feats)


def test_the_shipped_model_covers_every_player_count_and_epoch_and_values_every_seat():
    model = value_ra.shipped()
    assert set(model.weights) == {(n, e) for n in (3, 4, 5) for e in (1, 2, 3)}
    for players in (3, 4, 5):
        for state in positions(2, players, every=25):
            values = value_ra.evaluate(state)
            assert len(values) == players and all(isinstance(v, float) for v in values)


def test_the_shipped_model_counts_fame_so_far_as_worth_having_once_it_differs():
    # in the first epoch every seat has its starting fame: the intercept holds it
    model = value_ra.shipped()
    fame = value_ra.FEATURES.index("fame")
    assert all(w[fame] > 0.5 for (_, epoch), w in model.weights.items() if epoch > 1)


def test_a_saved_model_gives_the_same_values_after_reloading(tmp_path):
    path = tmp_path / "model.json"
    model = value_ra.shipped()
    model.save(path)
    again = value_ra.ValueModel.load(path)
    assert again.weights == model.weights
    for state in positions(3, 5, every=11):
        assert again.evaluate(state) == model.evaluate(state)


def test_a_file_that_is_not_a_ra_value_model_is_refused(tmp_path):
    path = tmp_path / "bad.json"
    data = value_ra.shipped().to_json()
    data["features"] = data["features"][:-1]
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="not a Ra value model"):
        value_ra.ValueModel.load(path)


def test_the_training_command_writes_a_model_that_loads_and_says_how_it_was_made(tmp_path,
                                                                                 capsys):
    out = tmp_path / "ra.json"
    assert train(["--game", "ra", "--players", "3", "--games", "5", "--seed", "4",
                  "--out", str(out)]) == 0
    model = value_ra.ValueModel.load(out)
    assert {n for n, _ in model.weights} == {3}
    assert model.info["seed"] == 4 and model.info["games_per_player_count"] == 5
    printed = capsys.readouterr().out
    assert "hand-made" in printed and f"wrote {out}" in printed


def test_training_is_a_function_of_the_seed_whatever_the_number_of_processes(tmp_path):
    runs = {}
    for name, seed, jobs in (("a", 7, "1"), ("b", 7, "2"), ("c", 8, "1")):
        out = tmp_path / f"{name}.json"
        train(["--game", "ra", "--players", "3", "--games", "5", "--seed", str(seed),
               "--jobs", jobs, "--out", str(out)])
        runs[name] = out.read_text()
    assert runs["a"] == runs["b"]
    assert runs["a"] != runs["c"]


def test_the_training_command_refuses_a_player_count_the_game_does_not_have(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_:
        train(["--game", "ra", "--players", "2", "--games", "5", "--out",
               str(tmp_path / "x.json")])
    assert exit_.value.code == 2
    assert "ra is for 3 to 5 players" in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()


def test_the_fast_evaluation_is_the_weights_times_each_seats_features():
    model = value_ra.shipped()
    for players in (3, 4, 5):
        for state in positions(5, players, every=9):
            w = model.weights[(players, state.epoch)]
            expected = [sum(a * b for a, b in zip(w, f)) for f in value_ra.features(state)]
            assert model.evaluate(state) == pytest.approx(expected, abs=1e-9)
