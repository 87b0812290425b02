"""OpenSpiel adapter: conformance (random_sim_test), information, bots."""

from __future__ import annotations

import pickle
import random
import re

import pytest

pyspiel = pytest.importorskip("pyspiel")

from thebes.core import get_game  # noqa: E402
from thebes.interop import openspiel  # noqa: E402

# (kept small for the suite's time budget; a longer run: docs/interop.md, Verification)
SIMS = [("python_thebes_ra", 2), ("python_thebes_ra(players=4)", 1),
        ("python_thebes_sarcophagus", 2), ("python_thebes_sarcophagus(players=4,base_free=False)", 1),
        ("python_thebes_pharaoh", 2), ("python_thebes_pharaoh(players=1,objectives=True)", 2),
        ("python_thebes_pharaohs_heir(players=4)", 1)]


@pytest.fixture(scope="module", autouse=True)
def registered():
    return openspiel.register()


def test_register_names_every_covered_game_and_is_idempotent(registered):
    assert registered[:4] == ["python_thebes_ra", "python_thebes_sarcophagus",
                          "python_thebes_pharaohs_heir", "python_thebes_pharaoh"]
    assert openspiel.register() == registered
    names = pyspiel.registered_names()
    for short in registered:
        assert short in names


@pytest.mark.parametrize("spec,sims", SIMS)
def test_random_sim_test_with_serialization(spec, sims):
    game = pyspiel.load_game(spec)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_parameters_reach_the_engine():
    game = pyspiel.load_game("python_thebes_ra(players=5)")
    assert game.num_players() == 5
    assert game.num_distinct_actions() == 112 and game.max_chance_outcomes() == 23 + 120
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 120
    game = pyspiel.load_game("python_thebes_sarcophagus", {"players": 3, "base_free": False})
    assert game.new_initial_state().engine.base_free is False
    with pytest.raises(Exception):
        pyspiel.load_game("python_thebes_ra(players=2)")


def _play_to_decision(state, rng, moves=0):
    while state.is_chance_node() or moves:
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            moves -= 1
    return state


def test_strings_and_tensors_hold_only_what_the_seat_sees():
    game = pyspiel.load_game("python_thebes_sarcophagus")
    rng = random.Random(11)
    state = _play_to_decision(game.new_initial_state(), rng, moves=6)
    engine = state.engine
    for seat in range(2):
        info = state.information_state_string(seat)
        assert info == state.observation_string(seat)
        hidden = [p for p in range(21) if engine.present >> p & 1 and not engine.faceup >> p & 1]
        assert hidden
        # every determinization for that seat shows that seat the same strings and tensors
        for k in range(5):
            other = state.resample_from_infostate(seat, rng=random.Random(k))
            assert other.information_state_string(seat) == info
            assert other.observation_tensor(seat) == state.observation_tensor(seat)
            assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert '"layout"' not in info


def test_resample_from_infostate_with_openspiel_sampler_keeps_the_key():
    game = pyspiel.load_game("python_thebes_sarcophagus(players=3)")
    rng = random.Random(2)
    state = _play_to_decision(game.new_initial_state(), rng, moves=7)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(5):
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.legal_actions() == state.legal_actions()


def test_clone_is_independent_and_pickle_round_trips():
    game = pyspiel.load_game("python_thebes_ra")
    rng = random.Random(4)
    state = _play_to_decision(game.new_initial_state(), rng, moves=5)
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert str(copy) != str(state)
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.history() == state.history()
    loaded = pickle.loads(pickle.dumps(state))
    assert str(loaded) == str(state)


def test_openspiel_mcts_and_ismcts_bots_play_from_the_docs():
    from open_spiel.python.algorithms import ismcts, mcts
    import numpy as np
    game = pyspiel.load_game("python_thebes_ra")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = mcts.MCTSBot(game, 2.0, 10, evaluator, random_state=np.random.RandomState(0))
    state = _play_to_decision(game.new_initial_state(), random.Random(1))
    action = bot.step(state)
    assert action in state.legal_actions()
    game = pyspiel.load_game("python_thebes_sarcophagus")
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 10, random_state=np.random.RandomState(0))
    state = _play_to_decision(game.new_initial_state(), random.Random(1), moves=2)
    action = bot.step(state)
    assert action in state.legal_actions()


@pytest.mark.parametrize("name,kind", [("sarcophagus", "ismcts"), ("ra", "ismcts"),
                                       ("pharaoh", "mcts"), ("sarcophagus", "mcts"),
                                       ("pharaohs-heir", "ismcts"), ("pharaohs-heir", "mcts")])
def test_make_bot_gives_a_thebes_bot_that_returns_legal_engine_actions(name, kind):
    game = get_game(name)
    players = 3 if name in ("ra", "pharaohs-heir") else 2
    state = game.new_initial_state(players)
    rng = random.Random(9)
    sims = 4 if name == "pharaohs-heir" else 8  # its random playouts are long
    bots = [openspiel.make_bot(kind, game, seat, random.Random(seat), simulations=sims)
            for seat in range(players)]
    moves = 0
    limit = 2 if name == "pharaohs-heir" else 6
    while not state.is_terminal() and moves < limit:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        seat = state.current_player()
        action = bots[seat].choose(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves == limit
    assert bots[0].name == "openspiel-" + kind


def test_make_bot_is_repeatable_from_its_seed():
    game = get_game("sarcophagus")

    def run(seed):
        state = game.new_initial_state(2)
        rng = random.Random(1)
        bots = [openspiel.make_bot("ismcts", game, s, random.Random(seed + s), simulations=6)
                for s in range(2)]
        out = []
        while len(out) < 4:
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            a = bots[state.current_player()].choose(state)
            out.append(a)
            state.apply_action(a)
        return out

    assert run(5) == run(5)


def test_make_bot_takes_arena_names_and_a_time_budget():
    game = get_game("sarcophagus")
    bot = openspiel.make_bot("openspiel-mcts", "sarcophagus", 1, random.Random(0), think_ms=20)
    assert bot.name == "openspiel-mcts" and bot.thebes_game is game
    state = game.new_initial_state(2)
    rng = random.Random(0)
    chosen = 0
    while chosen < 3:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        if state.current_player() == 1:
            action = bot.choose(state)
            chosen += 1
        else:
            action = rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert bot._rate is not None and bot._rate > 0
    with pytest.raises(ValueError):
        openspiel.make_bot("alphazero", "ra", 0, random.Random(0))


def test_a_token_with_one_choice_is_played_without_a_search_and_leaves_the_rate_alone():
    # OpenSpiel's ISMCTS answers a one-choice step at once; timed, that step measured
    # thousands of simulations a second, and the next step ran for minutes (Pharaoh's
    # Heir against it never finished, docs/STRENGTH.md).
    game = get_game("pharaohs-heir")
    bot = openspiel.make_bot("openspiel-ismcts", game, 0, random.Random(0), think_ms=5)
    state = game.new_initial_state(3)
    rng = random.Random(4)
    searched = []
    while not searched:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        if state.current_player() == 0:
            if bot._bot is None:
                bot._make(state)
                step = bot._bot.step
                bot._bot.step = lambda s: searched.append(len(s.legal_actions())) or step(s)
            action = bot.choose(state)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    assert min(searched) > 1
    assert bot._rate is not None and bot._rate < 5000


@pytest.mark.parametrize("spec", ["python_thebes_pharaohs_heir", "python_thebes_sarcophagus(players=3)"])
def test_every_determinization_looks_the_same_to_the_seat(spec):
    game = pyspiel.load_game(spec)
    rng = random.Random(21)
    for moves in (3, 25, 60):
        state = _play_to_decision(game.new_initial_state(), rng, moves=moves)
        if state.is_terminal():
            continue
        for seat in range(game.num_players()):
            info = state.information_state_string(seat)
            tensor = state.observation_tensor(seat)
            for k in range(3):
                other = state.resample_from_infostate(seat, rng=random.Random(k))
                assert other.information_state_string(seat) == info
                assert other.observation_tensor(seat) == tensor
                if seat == state.current_player():  # another seat's hand may differ
                    assert other.legal_actions() == state.legal_actions()


def test_only_the_seats_own_view_is_offered_in_hidden_information_games():
    from open_spiel.python.observation import make_observation
    game = pyspiel.load_game("python_thebes_sarcophagus")
    assert make_observation(game, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)) is None
    obs = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    state = _play_to_decision(game.new_initial_state(), random.Random(0), moves=3)
    obs.set_from(state, 1)
    assert obs.tensor.shape == (game.observation_tensor_size(),)
    assert set(obs.dict) >= {"hand", "tile", "coin_value_hidden"}
    assert obs.string_from(state, 1) == state.observation_string(1)
    # a public game answers every type
    ra = pyspiel.load_game("python_thebes_ra")
    assert make_observation(ra, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False,
        private_info=pyspiel.PrivateInfoType.NONE)) is not None


def test_serialization_in_the_middle_of_a_deal_and_of_a_compound_move():
    game = pyspiel.load_game("python_thebes_sarcophagus")
    state = game.new_initial_state()
    rng = random.Random(6)
    for _ in range(10):
        actions, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, probs)[0])
    again = game.deserialize_state(state.serialize())
    assert again.chance_outcomes() == state.chance_outcomes()
    assert str(again) == str(state) and "dealt: " in str(state)
    clone = state.clone()
    assert clone.chance_outcomes() == state.chance_outcomes()

    game = pyspiel.load_game("python_thebes_pharaohs_heir")
    state = game.new_initial_state()
    rng = random.Random(8)
    while True:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        state.apply_action(rng.choice(state.legal_actions()))
        if state.position.in_progress():
            break
    for copy in (game.deserialize_state(state.serialize()), state.clone(),
                 pickle.loads(pickle.dumps(state))):
        assert copy.legal_actions() == state.legal_actions()
        assert copy.information_state_string(0) == state.information_state_string(0)
        assert "choosing: " in copy.information_state_string(0)
        assert copy.observation_tensor(1) == state.observation_tensor(1)


@pytest.mark.parametrize("name", ["python_thebes_pharaoh(players=1)"])
def test_openspiel_generate_playthrough_runs_and_is_repeatable(name):
    # (every game runs it; the bigger tensors only take OpenSpiel longer to print)
    from open_spiel.python.algorithms import generate_playthrough
    first = generate_playthrough.playthrough(name, action_sequence=None,
                                             alsologtostdout=False, seed=3)
    assert "IsTerminal() = True" in first
    # replaying the same actions gives the same text (actions fix the game)
    actions = [int(a) for a in re.findall(r"^action: (-?\d+)$", first, re.M)]
    assert actions
    again = generate_playthrough.playthrough(name, action_sequence=actions,
                                             alsologtostdout=False, seed=3)
    assert again == first


def test_the_conformance_runner_reports_passes():
    pytest.importorskip("pettingzoo")
    from thebes.interop.conformance import main
    assert main(["--games", "pharaoh", "--sims", "1", "--starts", "1", "--seed", "5",
                 "--cycles", "100", "--max-setups", "1"]) == 0
