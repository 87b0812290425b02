"""PettingZoo adapter: the library's api_test and seed_test, seeds, refusals."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from thebes.interop.pettingzoo import env  # noqa: E402

SETUPS = [("ra", 3, None), ("ra", 5, None), ("sarcophagus", 2, None),
          ("sarcophagus", 4, {"base_free": False}), ("pharaoh", 1, {"objectives": True}),
          ("pharaoh", 3, None), ("pharaohs-heir", 3, None), ("pharaohs-heir", 4, None),
          ("pharaohs-heir", 3, {"piecepacks": 1})]


@pytest.mark.parametrize("game,players,options", SETUPS)
def test_pettingzoo_api_test(game, players, options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the dict observation's advisory warnings
        api_test(env(game, players, options, render_mode="ansi"), num_cycles=1000)


@pytest.mark.parametrize("game,players,options", SETUPS)
def test_pettingzoo_seed_test(game, players, options):
    seed_test(lambda: env(game, players, options), num_cycles=500)


def _play(e, seed, action_seed=0):
    e.reset(seed=seed)
    for i, agent in enumerate(e.possible_agents):
        e.action_space(agent).seed(action_seed + i)
    trace = []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            trace.append((agent, reward))
            e.step(None)
            continue
        action = e.action_space(agent).sample(obs["action_mask"])
        trace.append((agent, int(action)))
        e.step(action)
    return trace


@pytest.mark.parametrize("game,players", [("ra", 4), ("sarcophagus", 3), ("pharaoh", 2),
                                          ("pharaohs-heir", 3)])
def test_a_seed_fixes_the_whole_game_and_the_winner_gets_one(game, players):
    first = _play(env(game, players), seed=3)
    assert _play(env(game, players), seed=3) == first
    rewards = [r for _, r in first[-players:]]
    assert sorted(rewards) == [0.0] * (players - 1) + [1.0]


def test_observation_and_mask_shapes_and_types():
    e = env("sarcophagus", 2)
    e.reset(seed=1)
    agent = e.agent_selection
    obs = e.observe(agent)
    assert obs["observation"].dtype == np.float32
    assert obs["action_mask"].dtype == np.int8
    assert obs["observation"].shape == e.observation_space(agent)["observation"].shape
    assert obs["action_mask"].shape == (151,)
    assert obs["action_mask"].sum() > 0
    other = [a for a in e.agents if a != agent][0]
    assert e.observe(other)["action_mask"].sum() == 0


def test_illegal_move_is_refused_and_changes_nothing():
    e = env("ra", 3)
    e.reset(seed=2)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = e.observe(agent)["observation"].copy()
    with pytest.raises(ValueError):
        e.step(illegal)
    assert (e.observe(agent)["observation"] == before).all()
    assert e.agent_selection == agent


def test_render_ansi_is_text():
    e = env("pharaoh", 2, render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    assert isinstance(text, str) and text.startswith("Pharaoh, 2 players: seat 1 to move")
    assert "may play:" in text


def test_hidden_coin_values_stay_hidden_in_observations():
    # Sarcophagus: the observation of seat 0 is the same in every state that
    # seat cannot tell apart (determinizations), so nothing hidden shows.
    import random
    e = env("sarcophagus", 2)
    e.reset(seed=8)
    for _ in range(6):
        agent = e.agent_selection
        mask = e.observe(agent)["action_mask"]
        e.step(int(np.flatnonzero(mask)[0]))
    raw = e.unwrapped
    state = raw.game_state
    for seat in range(2):
        ours = raw.tensor.encode(state.observation(seat), seat)
        for k in range(4):
            other = state.determinize(seat, random.Random(k))
            assert raw.tensor.encode(other.observation(seat), seat) == ours
