"""Pharaoh's Heir through the adapters (its tensors hook, thebes/games/pharaohs_heir/
tensors.py): stacks dealt tile by tile, moves chosen token by token."""

from __future__ import annotations

import random

import pytest

from thebes.core import CHANCE
from thebes.core.tensors import END, text_of_tokens, tokens_of_text
from thebes.games.pharaohs_heir import chance as ph_chance
from thebes.games.pharaohs_heir.state import P_LAND, P_NILE
from thebes.interop.actions import encoding
from thebes.interop.adapter import Position

SETUPS = [(3, {}), (4, {}), (3, {"piecepacks": 1})]


def _sequences(walker, limit=4000):
    """Every complete token sequence the walker allows, with its action (DFS)."""
    out = []
    stack = [walker]
    while stack:
        w = stack.pop()
        for t in w.options():
            nxt = w.copy()
            action = nxt.step(t)
            if action is not None:
                out.append((tuple(nxt.tokens()), action))
                assert len(out) <= limit
            else:
                stack.append(nxt)
    return out


@pytest.mark.parametrize("players,options", SETUPS)
def test_walker_spells_exactly_the_legal_moves(players, options):
    enc = encoding("pharaohs-heir", players, options)
    rng = random.Random(players * 10 + len(options))
    checked = 0
    for _ in range(3):
        state = enc.new_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if len(legal) <= 300:
                expected = {tuple(enc.move_index[t] for t in
                                  tokens_of_text(state.action_to_text(a))): a for a in legal}
                got = _sequences(enc.walker(state))
                assert dict(got) == expected
                assert len(got) == len(expected)
                checked += 1
            else:  # a big view: the walker still spells sampled moves
                for _ in range(5):
                    a = legal[rng.randrange(len(legal))]
                    w = enc.walker(state)
                    toks = [enc.move_index[t] for t in tokens_of_text(state.action_to_text(a))]
                    for t in toks[:-1]:
                        assert t in w.options()
                        assert w.step(t) is None
                    assert w.step(toks[-1]) == a
            state.apply_action(legal[rng.randrange(len(legal))])
    assert checked > 100


def test_tokens_and_text_round_trip():
    for text in ("place v0:3 c1:2", "offer 0", "reap", "build canal c0 altar 2 t1",
                 "starve t0 v1", "take temple6 crop", "develop"):
        toks = tokens_of_text(text)
        assert toks[-1] == END
        assert text_of_tokens(toks) == text
    assert tokens_of_text("place v0:3") == ["place", "v0:", "3", END]


@pytest.mark.parametrize("players,options", SETUPS)
def test_stacks_are_dealt_tile_by_tile_with_the_specs_probability(players, options):
    enc = encoding("pharaohs-heir", players, options)
    rng = random.Random(7)
    for _ in range(20):
        state = enc.new_state()
        seen = set()
        while state.phase in (P_NILE, P_LAND) or state.current_player() == CHANCE:
            if state.phase not in (P_NILE, P_LAND):
                state.apply_action(state.sample_chance(rng))
                continue
            dealer = enc.dealer(state)
            dealt, prob = [], 1.0
            for _ in range(dealer.steps):
                outcomes = dealer.outcomes(dealt)
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
                i, p = rng.choice(outcomes)
                dealt.append(i)
                prob *= p
            action = dealer.finish(dealt)
            assert state.chance_probability(action) == pytest.approx(prob, rel=1e-9)
            seen.add(state.phase)
            state.apply_action(action)
        assert seen == {P_NILE, P_LAND}
    assert ph_chance.STACK == 6


def test_position_applies_a_compound_move_only_when_it_is_spelled():
    enc = encoding("pharaohs-heir", 3)
    rng = random.Random(3)
    pos = Position(enc, enc.new_state())
    moves = 0
    while moves < 60:
        if pos.is_chance():
            pos.apply_action(pos.s.sample_chance(rng))
            continue
        before = pos.s.clone()
        legal = pos.legal_ids()
        action = pos.apply_id(rng.choice(legal))
        if action is None:
            assert pos.in_progress() and pos.partial()
            assert pos.s.omniscient_observation() == before.omniscient_observation()
        else:
            assert not pos.in_progress()
            moves += 1
