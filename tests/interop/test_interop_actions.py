"""The id encodings: a bijection between ids and notation, exact chance."""

from __future__ import annotations

import random

import pytest

from thebes.core import CHANCE, Game, InvalidEventError, OptionsError, game_names, get_game
from thebes.interop.actions import covered_games, encoding

from dealing import deal

SETUPS = [("ra", 3, {}), ("ra", 4, {}), ("ra", 5, {}),
          ("sarcophagus", 2, {}), ("sarcophagus", 3, {"base_free": False}), ("sarcophagus", 4, {}),
          ("pharaoh", 1, {"objectives": True}), ("pharaoh", 2, {}), ("pharaoh", 4, {})]


def test_covered_games_are_registered_thebes_games():
    assert covered_games()[:4] == ["ra", "sarcophagus", "pharaohs-heir", "pharaoh"]  # then plugins
    for name in covered_games()[:4]:
        assert get_game(name).hooks.tensors == f"thebes.games.{name.replace('-', '_')}.tensors"


#: a game with no tensors hook (registered for one test: ``no_tensors_game``).
NO_TENSORS = Game(name="no-tensors", title="No Tensors", min_players=2, max_players=2,
                  new_state=lambda players, options: None)


@pytest.fixture
def no_tensors_game(monkeypatch):
    from thebes.core import game as registry
    monkeypatch.setitem(registry.registered(), NO_TENSORS.name, f"{__name__}:NO_TENSORS")
    return NO_TENSORS.name


def test_a_game_without_a_tensors_hook_is_refused_in_a_sentence(no_tensors_game):
    from thebes.interop.observations import tensor
    assert no_tensors_game in game_names() and no_tensors_game not in covered_games()
    for build in (encoding, tensor):
        with pytest.raises(OptionsError) as err:
            build(no_tensors_game, 2)
        assert str(err.value) == ("No Tensors has no tensors hook, so the OpenSpiel and "
                                  "PettingZoo adapters cannot play it.")


@pytest.mark.parametrize("name,players,options", SETUPS)
def test_every_event_of_random_games_round_trips_through_its_id(name, players, options):
    enc = encoding(name, players, options)
    rng = random.Random(f"{name}{players}")
    for _ in range(4):
        state = enc.new_state()
        while not state.is_terminal():
            if enc.dealer(state) is not None:
                action, prob = deal(enc, state, rng)
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


def test_an_id_outside_the_vocabulary_is_an_invalid_event():
    enc = encoding("ra", 3)
    state = enc.new_state()
    with pytest.raises(InvalidEventError):
        enc.id_action(state, enc.num_chance)
    with pytest.raises(InvalidEventError):
        enc.id_action(state, -1)


def test_unknown_game_and_bad_players_are_refused():
    with pytest.raises(OptionsError):
        encoding("ra", 2)
    with pytest.raises(OptionsError):
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


def test_the_games_tensors_need_only_the_core():
    """thebes.core.tensors and every game's tensors module load without numpy, OpenSpiel,
    PettingZoo or thebes.interop (a game imports only the core)."""
    import subprocess
    import sys
    code = ("import sys, importlib\n"
            "from thebes.core import get_game\n"
            "import thebes.core.tensors\n"
            f"for name in {covered_games()!r}:\n"
            "    get_game(name).hooks.module('tensors')\n"
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('numpy', 'pyspiel', 'open_spiel', 'pettingzoo', 'gymnasium') "
            "or m.startswith('thebes.interop')]\n"
            "assert not bad, bad\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr


def test_the_conformance_setups_are_each_games_cases():
    from thebes.interop.conformance import setups
    assert setups()[:12] == [       # thebes's games; an installed plugin's come after
        ("ra", {"players": 3}, 3, {}),
        ("ra", {"players": 4}, 4, {}),
        ("ra", {"players": 5}, 5, {}),
        ("sarcophagus", {"players": 2}, 2, {}),
        ("sarcophagus", {"players": 3, "base_free": False}, 3, {"base_free": False}),
        ("sarcophagus", {"players": 4}, 4, {}),
        ("pharaohs-heir", {"players": 3}, 3, {}),
        ("pharaohs-heir", {"players": 4}, 4, {}),
        ("pharaohs-heir", {"players": 3, "piecepacks": 1}, 3, {"piecepacks": 1}),
        ("pharaoh", {"players": 1, "objectives": True}, 1, {"objectives": True}),
        ("pharaoh", {"players": 2}, 2, {}),
        ("pharaoh", {"players": 4, "objectives": True}, 4, {"objectives": True}),
    ]
    assert setups(["pharaoh"]) == setups()[9:12]
    with pytest.raises(OptionsError):
        setups(["chess"])


def test_the_adapters_refuse_a_game_without_tensors(no_tensors_game):
    from thebes.interop.conformance import setups
    assert all(name != no_tensors_game for name, *_ in setups())
    with pytest.raises(OptionsError):
        setups([no_tensors_game])
    pytest.importorskip("pettingzoo")
    from thebes.interop.pettingzoo import env
    with pytest.raises(OptionsError):
        env(no_tensors_game)
    pytest.importorskip("pyspiel")
    from thebes.interop import openspiel
    assert openspiel.short_name(no_tensors_game) not in openspiel.register()
    with pytest.raises(OptionsError):
        openspiel.load_game(no_tensors_game, 2)
