"""The id encodings: a bijection between ids and notation, exact chance."""

from __future__ import annotations

import math
import random

import pytest

from thebes.core import CHANCE, InvalidEventError, get_game
from thebes.interop.actions import covered_games, encoding

SETUPS = [("ra", 3, {}), ("ra", 4, {}), ("ra", 5, {}),
          ("sarcophagus", 2, {}), ("sarcophagus", 3, {"base_free": False}), ("sarcophagus", 4, {}),
          ("pharaoh", 1, {"objectives": True}), ("pharaoh", 2, {}), ("pharaoh", 4, {})]


def _deal(enc, state, rng):
    """Deal a shuffle tile by tile; returns (engine action, product of probabilities)."""
    dealer = enc.dealer(state)
    dealt, prob = [], 1.0
    for _ in range(dealer.steps):
        outcomes = dealer.outcomes(dealt)
        assert [i for i, _ in outcomes] == sorted(i for i, _ in outcomes)
        assert math.isclose(sum(p for _, p in outcomes), 1.0, rel_tol=1e-12)
        assert all(p > 0 for _, p in outcomes)
        i, p = rng.choice(outcomes)
        dealt.append(i)
        prob *= p
    return dealer.finish(dealt), prob


def test_covered_games_are_registered_thebes_games():
    assert covered_games() == ["ra", "sarcophagus", "pharaoh", "pharaohs-heir"]
    for name in covered_games():
        get_game(name)


@pytest.mark.parametrize("name,players,options", SETUPS)
def test_every_event_of_random_games_round_trips_through_its_id(name, players, options):
    enc = encoding(name, players, options)
    rng = random.Random(f"{name}{players}")
    for _ in range(4):
        state = enc.new_state()
        while not state.is_terminal():
            if enc.dealer(state) is not None:
                action, prob = _deal(enc, state, rng)
                assert state.chance_probability(action) == pytest.approx(prob, rel=1e-9)
                state.apply_action(action)
                continue
            if state.current_player() == CHANCE:
                outcomes = state.chance_outcomes()
                actions = [a for a, p in outcomes if p > 0]
            else:
                actions = state.legal_actions()
            ids = [enc.action_id(state, a) for a in actions]
            assert len(set(ids)) == len(ids)
            limit = enc.num_chance if state.is_chance_node() else enc.num_moves
            for a, i in zip(actions, ids):
                assert 0 <= i < limit
                assert enc.id_action(state, i) == a
                assert enc.text(i, state.is_chance_node()) == state.action_to_text(a)
                assert state.parse(enc.text(i, state.is_chance_node())) == a
            state.apply_action(rng.choice(actions))


@pytest.mark.parametrize("name,players,options", SETUPS)
def test_vocabularies_spell_each_event_once_in_the_engines_notation(name, players, options):
    enc = encoding(name, players, options)
    assert len(set(enc.moves)) == enc.num_moves
    assert len(set(enc.chance)) == enc.num_chance
    state = enc.new_state()
    for text in enc.moves:
        # every move text is an event of the game in its one spelling
        if name == "ra":
            from thebes.games.ra import notation as nt
            action = nt.parse_move(text)
            assert nt.move_text(action) == text
        else:
            action = state.text_to_action(text)
            assert state.action_to_text(action) == text


def test_ra_vocabulary_sizes():
    for players, deals in ((3, 6), (4, 24), (5, 120)):
        enc = encoding("ra", players)
        assert enc.num_chance == 23 + deals
        assert enc.num_moves == 112
    enc = encoding("ra", 3)
    assert enc.moves[:4] == ("draw", "ra", "end", "pass")
    assert enc.chance[0] == "ra" and enc.chance[23] == "suns 13,8,5,2 / 12,9,6,3 / 11,10,7,4"


def test_sarcophagus_layout_deal_is_exact_and_uniform_over_legal_layouts():
    from thebes.games.sarcophagus.state import LAYOUT_PROBABILITY, layout_is_legal
    enc = encoding("sarcophagus", 2)
    rng = random.Random(5)
    for _ in range(200):
        state = enc.new_state()
        layout, prob = _deal(enc, state, rng)
        assert layout_is_legal(layout)
        assert prob == pytest.approx(LAYOUT_PROBABILITY, rel=1e-9)
    assert enc.chance[:2] == ("deal sun-null", "deal sun-ace")
    assert enc.chance[24:] == ("first 1", "first 2")


def test_an_id_outside_the_vocabulary_is_an_invalid_event():
    enc = encoding("ra", 3)
    state = enc.new_state()
    with pytest.raises(InvalidEventError):
        enc.id_action(state, enc.num_chance)
    with pytest.raises(InvalidEventError):
        enc.id_action(state, -1)


def test_unknown_game_and_bad_players_are_refused():
    from thebes.core import OptionsError
    with pytest.raises(OptionsError):
        encoding("ra", 2)
    with pytest.raises(KeyError):
        encoding("chess", 2)
