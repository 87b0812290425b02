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


def test_the_documented_id_ranges():
    """docs/interop.md, Action encodings: spot checks of every range."""
    ra = encoding("ra", 3)
    assert [ra.moves[i] for i in (0, 1, 2, 3, 4, 24, 25, 40, 41, 45, 46, 47, 48, 67, 68, 111)] == [
        "draw", "ra", "end", "pass", "god gold", "god earthquake", "bid 1", "bid 16",
        "discard flood", "discard nile nile", "discard pharaoh", "discard pharaoh pharaoh",
        "discard astronomy", "discard art art", "discard fortress", "discard sphinx sphinx"]
    assert ra.chance[22] == "earthquake"
    sar = encoding("sarcophagus", 4)
    assert sar.moves[0] == "place 0 a1" and sar.moves[6 * 20 + 5] == "place 5 f6"
    assert sar.moves[126] == "pass" and sar.moves[127] == "discard sun-null"
    assert sar.moves[150] == "discard arms-5" and sar.num_moves == 151
    assert sar.chance[23] == "deal arms-5" and sar.chance[27] == "first 4"
    ph = encoding("pharaoh", 2)
    assert ph.moves[36 * 9 + 35] == "build monument f6" and ph.moves[360] == "erase a1"
    assert ph.moves[396] == "skip" and ph.moves[397] == "action train"
    assert ph.moves[403] == "action invasion" and ph.moves[404] == "shift 1 -1 labour"
    assert ph.moves[404 + 8 + 4 + 3] == "shift 2 +1 material"
    assert ph.moves[420] == "take labour" and ph.moves[424] == "take labour labour"
    assert ph.moves[433] == "take material material"
    assert ph.chance[0] == "roll 1 1" and ph.chance[36] == "hill a1" and ph.chance[72] == "river a1"
    assert ph.chance[108] == "objectives 1 1" and ph.chance[128] == "objectives 6 6"
    heir = encoding("pharaohs-heir", 4)
    assert [heir.moves[i] for i in (0, 5, 17, 18, 21, 24, 41, 42, 62, 63, 83, 84, 283, 284)] == [
        "develop", "bonus", "floodwall", "village", "market", "village1", "crop6", "v0", "c6",
        "v0:", "c6:", "0", "199", "<end>"]
    assert heir.chance[:6] == ("deal 2", "deal 3", "deal 4", "deal 5", "deal flood",
                               "deal drought")
    assert heir.chance[6] == "deal village1" and heir.chance[23] == "deal crop6"
    assert heir.chance[24:] == ("blessing 1", "blessing 2", "blessing 3", "blessing 4")


def test_the_vocabulary_printer(capsys):
    from thebes.interop.actions import main
    assert main(["sarcophagus", "2"]) == 0
    out = capsys.readouterr().out
    assert "move\t126\tpass" in out and "chance\t25\tfirst 2" in out
    from thebes.interop.observations import main as layout_main
    assert layout_main(["ra", "3"]) == 0
    assert "size\t421" in capsys.readouterr().out


def test_the_documented_tensor_sizes():
    """docs/interop.md, Observation tensors: the size formulas."""
    from thebes.interop.observations import tensor
    for n in (3, 4, 5):
        assert tensor("ra", n).size == 63 * n + 232
    for n in (2, 3, 4):
        assert tensor("sarcophagus", n).size == 337 * n + 1216
    for n in (1, 2, 5):
        assert tensor("pharaoh", n).size == 423 * n + 111
    for n in (3, 4):
        assert tensor("pharaohs-heir", n).size == 220 * n + 476


def test_sarcophagus_tensor_shows_revealed_sarcophagus_tiles_at_the_end():
    from thebes.interop.observations import tensor
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
