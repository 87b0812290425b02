"""Sarcophagus through the adapters (its tensors hook, thebes/games/sarcophagus/tensors.py):
the layout dealt tile by tile, the tensor at the end."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from thebes.core import get_game
from thebes.games.sarcophagus.state import LAYOUT_PROBABILITY, layout_is_legal
from thebes.interop.actions import encoding
from thebes.interop.observations import tensor

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "interop"))   # tests/interop: dealing
from dealing import deal  # noqa: E402


def test_sarcophagus_layout_deal_is_exact_and_uniform_over_legal_layouts():
    enc = encoding("sarcophagus", 2)
    rng = random.Random(5)
    for _ in range(200):
        state = enc.new_state()
        layout, prob = deal(enc, state, rng)
        assert layout_is_legal(layout)
        assert prob == pytest.approx(LAYOUT_PROBABILITY, rel=1e-9)
    assert enc.chance[:2] == ("deal sun-null", "deal sun-ace")
    assert enc.chance[24:] == ("first 1", "first 2")


def test_sarcophagus_tensor_shows_revealed_sarcophagus_tiles_at_the_end():
    layout = tensor("sarcophagus", 2)
    off = layout.offset["sarcophagus_tile"]
    rng = random.Random(4)
    found = 0
    for _ in range(30):
        state = get_game("sarcophagus").new_initial_state(2)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        obs = state.observation(0)
        tiles = [lot["tile"] for lots in obs["sarcophagi"] for lot in lots if lot.get("tile")]
        vec = layout.encode(obs, 0)
        assert sum(vec[off:off + 2 * 3 * 24]) == len(tiles)
        found += len(tiles)
    assert found > 0


def test_sarcophagus_layout_is_dealt_as_24_single_tile_chance_nodes():
    pyspiel = pytest.importorskip("pyspiel")
    from thebes.interop import openspiel
    openspiel.register()
    game = pyspiel.load_game("python_thebes_sarcophagus")
    state = game.new_initial_state()
    rng = random.Random(3)
    for step in range(24):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        if step == 0:  # the first special place: a 5 (1/6 each) or a null (1/12 each)
            assert len(outcomes) == 8
        if step == 6:  # the 18 other places take any tile left
            assert len(outcomes) == 18
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert state.engine.layout == ()
        action = rng.choice([a for a, _ in outcomes])
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, action).startswith("deal ")
        state.apply_action(action)
    assert state.engine.layout != ()
    assert state.is_chance_node()  # who goes first
    assert [state.action_to_string(pyspiel.PlayerId.CHANCE, a)
            for a, _ in state.chance_outcomes()] == ["first 1", "first 2"]
