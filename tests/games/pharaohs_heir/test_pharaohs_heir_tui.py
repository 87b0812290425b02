"""The terminal view: it renders every phase from an observation, and its staged
menus always end on a legal move without showing a long list."""

import random

from rich.console import Console

from thebes.core import TERMINAL
from thebes.games.pharaohs_heir import terminal as view
from thebes.tui.play import Menu

from pharaohs_heir_support import new, step


class ScriptedConsole:
    """Answers every prompt with a random shown option; records the longest menu."""

    def __init__(self, rng):
        self.rng = rng
        self.shown = 0
        self.longest = 0

    def print(self, *args, **kwargs):
        text = str(args[0]) if args else ""
        if text.strip().startswith("[bold cyan]"):
            self.shown += 1
            self.longest = max(self.longest, self.shown)

    def input(self, prompt=""):
        n, self.shown = self.shown, 0
        return str(self.rng.randrange(1, n + 1)) if n else "1"


def test_staged_menus_end_on_a_legal_move_and_never_show_a_long_list():
    rng = random.Random(1)
    console = ScriptedConsole(rng)
    staged = 0
    for seed in range(4):
        state = new(4 if seed % 2 else 3)
        game_rng = random.Random(seed)
        while state.current_player() != TERMINAL:
            if not state.is_chance_node() and len(state.legal_actions()) > view.MENU_LIMIT:
                seat = state.current_player()
                action = view.choose(console, state, seat, Menu(console, view))
                assert action in state.legal_actions()
                staged += 1
                state.apply_action(action)
            else:
                step(state, game_rng)
    assert staged > 50
    assert console.longest <= 40


def test_render_and_event_lines_work_for_every_event_of_a_game():
    rng = random.Random(2)
    state = new(4)
    console = Console(width=200, record=True, file=open("/dev/null", "w"))
    events = 0
    while state.current_player() != TERMINAL:
        events += 1
        obs = state.observation(0)
        actor = None if state.is_chance_node() else state.current_player()
        action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(
            state.legal_actions())
        text = state.action_to_text(action)
        line = view.event_line(obs, text, actor)
        assert line
        if actor is not None:
            assert view.move_label(obs, text)
        state.apply_action(action)
        if events % 15 == 0:
            console.print(view.render(state.observation(events % 4), events % 4))
    console.print(view.render(state.observation(0), 0))
    out = console.export_text()
    assert "Score sheet" in out and "Sacrifice track" in out


def test_a_peek_shows_only_to_the_peeker():
    from pharaohs_heir_support import SPEC_OPENING, play, spec_start
    state = play(spec_start(), SPEC_OPENING[:20])
    console = Console(width=200, record=True, file=open("/dev/null", "w"))
    console.print(view.render(state.observation(1), 1))
    assert "You peeked: next year's Nile tile is 4" in console.export_text()
    console.print(view.render(state.observation(0), 0))
    assert "Seat 2 peeked at next year's Nile tile" in console.export_text()
