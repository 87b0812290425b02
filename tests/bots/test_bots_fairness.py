"""Bots act on their seat's information set only (issue 8, item 3).

For positions of random games, the true state is replaced by another one
that the seat cannot tell apart from it (``determinize`` with a foreign
generator changes the hidden facts: other seats' coin values, face-down
tiles, the stacks). A bot seeded the same way must choose the same move in
both. Games whose engine is not available yet are skipped.
"""

from __future__ import annotations

import random

from importlib.metadata import entry_points

import pytest

from thebes.bots import make_bot
from thebes.core import OptionsError, get_game

PLAYERS = {"ra": 3, "sarcophagus": 3, "pharaohs-heir": 3, "pharaoh": 2}
BOTS = [("random", {}), ("greedy", {}), ("ismcts", {"iterations": 40})]


def _game_or_skip(name):
    try:
        return get_game(name)
    except OptionsError as err:
        pytest.skip(str(err))


#: the installed games (entry points), not the toy games other tests register in-process
INSTALLED = [ep.name for ep in entry_points(group="thebes.games")]


@pytest.mark.parametrize("bot,params", BOTS, ids=[b for b, _ in BOTS])
@pytest.mark.parametrize("game_name", INSTALLED)
def test_a_bot_chooses_the_same_move_whatever_the_hidden_facts(game_name, bot, params):
    game = _game_or_skip(game_name)
    try:
        make_bot(bot, game_name, 0, random.Random(0), **params)
    except OptionsError as err:
        pytest.skip(str(err))
    rng = random.Random(17)
    checked = 0
    for game_seed in range(3):
        state = game.new_initial_state(PLAYERS.get(game_name, game.default_players))
        steps = 0
        while not state.is_terminal() and steps < 400:
            steps += 1
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            seat = state.current_player()
            if steps % 7 == 0 and len(state.legal_actions()) > 1:
                other = state.determinize(seat, random.Random(1000 + steps))
                assert other.observation(seat) == state.observation(seat)
                a = make_bot(bot, game_name, seat, random.Random(steps), **params).choose(state)
                b = make_bot(bot, game_name, seat, random.Random(steps), **params).choose(other)
                assert state.action_to_text(a) == other.action_to_text(b), (
                    f"{bot} at step {steps} of game {game_seed} decides on hidden facts")
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 5
