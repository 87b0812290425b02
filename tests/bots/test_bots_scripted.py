"""Scripted opponents (issue 32, item 3): ``scripted-<name>`` bots for every game.

Every strategy of every game is made by name, plays whole games with legal moves only,
plays the same game from the same seeds, and decides on its seat's information set only
(as tests/bots/test_bots_fairness.py checks of the other bots).
"""

from __future__ import annotations

import random

import pytest

from thebes.bots import make_bot
from thebes.bots.scripted import strategies
from thebes.core import OptionsError, get_game, game_names, play_game, seat_rng

SEATS = {"ra": 3, "sarcophagus": 3, "pharaohs-heir": 3, "pharaoh": 2}
CASES = [(game, name) for game in game_names() for name in strategies(game)]


def test_every_game_has_scripted_strategies():
    for game in ("ra", "sarcophagus", "pharaohs-heir", "pharaoh"):
        assert len(strategies(game)) >= 2, game


def test_an_unknown_strategy_is_refused_with_the_known_ones():
    with pytest.raises(OptionsError, match="scripted-lots"):
        make_bot("scripted-nonesuch", "ra", 0, random.Random(0))


@pytest.mark.parametrize("game,name", CASES)
def test_a_strategy_plays_a_whole_game_the_same_from_the_same_seeds(game, name):
    players = SEATS[game]

    def one() -> list:
        state = get_game(game).new_initial_state(players)
        bots = [make_bot(name, game, seat, seat_rng("scripted/1", seat))
                for seat in range(players)]
        events = play_game(state, bots, random.Random("scripted/chance"))
        assert state.is_terminal()
        return [str(e) for e in events]
    assert one() == one()


@pytest.mark.parametrize("game,name", CASES)
def test_a_strategy_decides_on_its_information_set_only(game, name):
    state = get_game(game).new_initial_state(SEATS[game])
    rng = random.Random(17)
    steps = checked = 0
    while not state.is_terminal() and steps < 300:
        steps += 1
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        seat = state.current_player()
        if steps % 5 == 0 and len(state.legal_actions()) > 1:
            other = state.determinize(seat, random.Random(1000 + steps))
            a = make_bot(name, game, seat, random.Random(steps)).choose(state)
            b = make_bot(name, game, seat, random.Random(steps)).choose(other)
            assert state.action_to_text(a) == other.action_to_text(b)
            assert a in state.legal_actions()
            checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 5
