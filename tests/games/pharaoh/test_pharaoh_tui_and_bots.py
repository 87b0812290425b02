"""The terminal view (drawn from observations) and the greedy bot."""

import io
import random

from rich.console import Console

from pharaoh_helpers import GAME, give, solo
from thebes.bots import make_bot
from thebes.games.pharaoh.greedy import GreedyBot
from thebes.core import CHANCE, TERMINAL, play_game, seat_rng
from thebes.games.pharaoh import terminal as view
from thebes.tui.play import Menu


def console(answers=()):
    answers = list(answers)
    out = Console(file=io.StringIO(), width=120, color_system=None)
    out.input = lambda prompt="": answers.pop(0)  # type: ignore[method-assign]
    return out


def test_every_position_of_random_games_renders_and_every_event_has_a_line():
    for seed, players, objectives in [(1, 1, True), (2, 2, False), (3, 4, True)]:
        rng = random.Random(seed)
        state = GAME.new_initial_state(players, {"objectives": objectives})
        out = console()
        step = 0
        while not state.is_terminal():
            player = state.current_player()
            obs = state.observation(0)
            step += 1
            if step % 7 == 0 or obs["phase"] in ("erase", "free build", "guild resource"):
                out.print(view.render(obs, 0))
            action = state.sample_chance(rng) if player == CHANCE else rng.choice(
                state.legal_actions())
            if player != CHANCE:
                for text in state.legal_events():
                    assert view.move_label(obs, text)
            line = view.event_line(obs, state.action_to_text(action),
                                   None if player == CHANCE else player)
            assert line and "None" not in line
            state.apply_action(action)
        out.print(view.render(state.observation(0), 0))
        assert "Reputation" in out.file.getvalue()


def test_the_view_shows_the_title_at_the_end_of_a_solo_game():
    state = solo()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply("roll 6 3")
        else:
            state.apply("skip" if "skip" in state.legal_events() else "action none")
    out = console()
    out.print(view.render(state.observation(0), 0))
    assert "Title: none (below 10)" in out.file.getvalue()


def test_labels_and_log_lines_speak_plain_words():
    state = solo("roll 2 4")
    obs = state.observation(0)
    assert view.move_label(obs, "action train") == "Train: +1 labour"
    assert view.move_label(obs, "shift 1 +1 gold") == "spend 1 gold: die 1 from 2 to 3"
    assert view.event_line(obs, "shift 2 -1 grain", 0) == (
        "Seat 1 spends 1 grain to turn die 2 from 4 to 3")
    assert "natural 5-5" in view.event_line(obs, "roll 5 5", None)


def test_the_build_dialogue_takes_kind_and_square_and_refuses_illegal_ones():
    state = solo("roll 6 3", "action none")
    give(state, gold=2)
    out = console(["monument d4", "admin   D4"])
    action = view.choose(out, state, 0, Menu(out, view))
    assert state.action_to_text(action) == "build admin d4"
    assert "not legal" in out.file.getvalue()


def test_the_erase_dialogue_takes_a_square_and_q_quits():
    state = solo("roll 5 5", "action flood")
    typed = console(["c3"])
    assert state.action_to_text(view.choose(typed, state, 0, Menu(typed, view))) == "erase c3"
    quitting = console(["q"])
    assert view.choose(quitting, state, 0, Menu(quitting, view)) is None


class SeatView:
    """Only what a bot may use of a state: observation, legal moves, determinize."""

    def __init__(self, state):
        self._state = state

    def observation(self, seat):
        return self._state.observation(seat)

    def legal_actions(self):
        return self._state.legal_actions()

    def determinize(self, seat, rng):
        return self._state.determinize(seat, rng)


def test_the_greedy_bot_uses_only_observation_legal_moves_and_determinize():
    rng = random.Random(4)
    state = GAME.new_initial_state(2, {"objectives": True})
    bots = [GreedyBot("pharaoh", s, random.Random(s)) for s in range(2)]
    while state.current_player() != TERMINAL:
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = bots[player].choose(SeatView(state))
            assert action in state.legal_actions()
        state.apply_action(action)


def test_greedy_beats_random_by_far():
    def mean(bot):
        total = 0
        for seed in range(15):
            state = GAME.new_initial_state(1)
            play_game(state, [make_bot(bot, "pharaoh", 0, seat_rng(seed, 0))],
                      random.Random(seed))
            total += state.scores()[0]
        return total / 15
    greedy = mean("greedy")
    assert greedy >= 20 and greedy > mean("random") + 15
