"""``thebes play``: one person against bots in the terminal, for every game.

The loop is game-agnostic. Each game supplies a view module
``thebes.tui.<module>`` (``ra``, ``sarcophagus``, ``pharaohs_heir``,
``pharaoh``) that defines:

* ``render(obs: dict, seat: int) -> rich renderable``: the whole table, drawn
  from ``state.observation(seat)`` only (a client never reads the state).
* ``event_line(obs_before: dict, text: str, actor: int | None) -> str``: one
  log line in plain words for an event as the person's seat sees it
  (``actor`` is the 0-based seat, ``None`` for chance).
* ``move_label(obs: dict, text: str) -> str``: a menu label for a legal move.
* optionally ``choose(console, state, seat) -> action | None``: a custom
  dialogue for decisions whose legal moves are too many for one menu
  (``None`` means "quit");
* optionally ``after_event(obs_before, obs_after) -> rich renderable | None``:
  something to show once an event has been applied (Ra shows an epoch's
  tally the moment the epoch is scored).

The game is saved as a record after every event; ``--resume`` replays it.
"""

from __future__ import annotations

import importlib
import json
import random
import time
from datetime import datetime
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.rule import Rule

from thebes.bots import make_bot
from thebes.core import (CHANCE, TERMINAL, OptionsError, Record, RecordError, ReplayError,
                         State, get_game, seat_rng)
from thebes.core.game import GAME_MODULES
from thebes.core.record import result_of

DEFAULT_PLAYERS = {"ra": 3, "sarcophagus": 2, "pharaohs-heir": 3, "pharaoh": 1}


class Quit(Exception):
    """The person asked to stop (the game stays saved)."""


def view_module(game: str) -> ModuleType:
    return importlib.import_module("thebes.tui." + GAME_MODULES[game].rsplit(".", 1)[1])


def show_hint(console: Console, state: State, seat: int) -> None:
    """The search's top moves for this seat, from its own view only."""
    from thebes.bots.hint import hint
    with console.status("thinking..."):
        rows = hint(state, seat, think_ms=1000.0)
    obs = state.observation(seat)
    view = view_module(state.game.name)
    for row in rows:
        console.print(f"  [green]{view.move_label(obs, row['move'])}[/]  [dim]{row['move']}[/]"
                      f"  {row['share']:.0%} of the search")


def ask_menu(console: Console, view: ModuleType, state: State, seat: int) -> Any:
    """Offer the legal moves as a numbered menu; typed notation is accepted too."""
    obs = state.observation(seat)
    actions = state.legal_actions()
    texts = [state.action_to_text(a) for a in actions]
    for i, text in enumerate(texts, 1):
        console.print(f"  [bold cyan]{i:>3}[/]  {view.move_label(obs, text)}  [dim]{text}[/dim]")
    while True:
        answer = console.input("[bold]your move[/] (number, notation, h for a hint, "
                               "q to quit): ").strip()
        if answer.lower() in ("q", "quit", "exit"):
            raise Quit
        if answer.lower() in ("h", "hint", "?"):
            show_hint(console, state, seat)
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(actions):
            return actions[int(answer) - 1]
        try:
            return state.parse(answer)
        except ValueError as err:
            console.print(f"[red]{err}[/red]")


def run_play(args: Any) -> int:
    console = Console()
    try:
        if args.resume:
            record = Record.load(args.resume)
            state = record.replay(check_result=False)
            save_path = Path(args.resume)
            human = int(record.extra.get("human_seat", args.seat)) - 1
            seed = int(record.extra.get("seed", 0))
            bot_name = record.extra.get("bot", args.bot)
        else:
            if not args.game:
                console.print("[red]name a game (ra, sarcophagus, pharaohs-heir, pharaoh) "
                              "or give --resume RECORD[/red]")
                return 2
            players = args.players or DEFAULT_PLAYERS[args.game]
            options = {} if not args.options else json.loads(args.options)
            state = get_game(args.game).new_initial_state(players, options)
            seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
            human = args.seat - 1
            if not 0 <= human < players:
                console.print(f"[red]--seat must be 1..{players}[/red]")
                return 2
            bot_name = args.bot
            stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
            save_path = Path(args.save or f"games/{args.game}-{stamp}.json")
            record = Record(args.game, players, options, [], None,
                            {"seed": seed, "human_seat": human + 1, "bot": bot_name})
        bots = {s: make_bot(bot_name, record.game, s, seat_rng(seed, s))
                for s in range(record.players) if s != human}
    except (OptionsError, RecordError, ReplayError, ValueError) as err:
        console.print(f"[red]cannot start: {err}[/red]")
        return 2

    view = view_module(record.game)
    # The chance generator goes on from where the saved game stood.
    chance_rng = random.Random(f"thebes-chance/{seed}/{len(record.events)}")
    console.print(Panel(f"{get_game(record.game).title}: you are seat {human + 1} of "
                        f"{record.players}; bots ({bot_name}) play the others.\n"
                        f"Saved after every move to [bold]{save_path}[/bold] "
                        f"(go on later with --resume).", expand=False))
    try:
        while state.current_player() != TERMINAL:
            player = state.current_player()
            obs_before = state.observation(human)
            if player == CHANCE:
                action = state.sample_chance(chance_rng)
            elif player == human:
                console.print(Rule())
                console.print(view.render(obs_before, human))
                chooser = getattr(view, "choose", None)
                action = chooser(console, state, human) if chooser else ask_menu(
                    console, view, state, human)
                if action is None:
                    raise Quit
            else:
                action = bots[player].choose(state)
            text = state.action_to_text(action)
            seen = state.event_for_seat(action, human)
            state.apply_action(action)
            record.events.append(text)
            record.save(save_path)
            line = view.event_line(obs_before, seen, None if player == CHANCE else player)
            if line:
                console.print(line)
            after = getattr(view, "after_event", None)
            shown = after(obs_before, state.observation(human)) if after else None
            if shown is not None:
                console.print(shown)
            if player != human and player != CHANCE and args.delay:
                time.sleep(args.delay)
    except (Quit, EOFError):
        console.print(f"\nsaved; go on with: thebes play --resume {save_path}")
        return 0
    record.result = result_of(state)
    record.save(save_path)
    console.print(Rule("game over"))
    console.print(view.render(state.observation(human), human))
    ranking = state.ranking() or []
    scores = state.scores() or []
    for place, s in enumerate(ranking, 1):
        who = "you" if s == human else f"{bot_name} bot"
        console.print(f"  {place}. seat {s + 1} ({who}): {scores[s]}")
    console.print(f"record: {save_path}")
    return 0

