"""``thebes play``: one person against bots in the terminal, for every game.

The loop is game-agnostic. A game may supply a view module (its ``terminal``
hook, thebes/core/hooks.py; without one, :mod:`thebes.tui.generic` shows the
observation and the moves' notation) that defines:

* ``render(obs: dict, seat: int) -> rich renderable``: the whole table, drawn
  from ``state.observation(seat)`` only (a client never reads the state).
* ``event_line(obs_before: dict, text: str, actor: int | None) -> str``: one
  log line in plain words for an event as the person's seat sees it
  (``actor`` is the 0-based seat, ``None`` for chance).
* ``move_label(obs: dict, text: str) -> str``: a menu label for a legal move.
* optionally ``choose(console, state, seat, menu) -> action | None``: a custom
  dialogue for decisions whose legal moves are too many for one menu
  (``None`` means "quit");
* optionally ``after_event(obs_before, obs_after) -> rich renderable | None``:
  something to show once an event has been applied (Ra shows an epoch's
  tally the moment the epoch is scored).

The game is saved as a record after every event; ``--resume`` replays it.
"""

from __future__ import annotations

import io
import os
import random
import sys
import time
from datetime import datetime
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule

from thebes.bots import DEFAULT_BOT, make_bot
from thebes.cli_args import options_for
from thebes.core import (CHANCE, TERMINAL, OptionsError, Record, RecordError, State, ThebesError,
                         game_names, get_game, seat_rng)
from thebes.core.menu import MenuError, menu_choice  # noqa: F401  (MenuError: raised through)
from thebes.core.record import result_of
from thebes.tui import generic

class Quit(Exception):
    """The person asked to stop (the game stays saved)."""


class AnswersRefused(ThebesError):
    """Standard input gives no answers a game can use (``/dev/zero``, ``yes``): the game
    stops, saved, rather than reading without end."""


class Answers(io.TextIOBase):
    """Standard input of ``thebes play`` when it is not a terminal (a file, a pipe): lines
    of at most :attr:`LIMIT` characters, decoded as UTF-8 (a bad byte replaced), and at
    most :attr:`PATIENCE` answers between two events. Past either it raises
    :class:`AnswersRefused`, so that ``play < /dev/zero`` and ``yes | thebes play`` end
    with the resume line instead of filling memory or looping for ever. The builtin
    ``input()`` (rich's ``Console.input``) reads it through :meth:`readline`."""

    LIMIT = 4096
    PATIENCE = 200

    def __init__(self, stream: Any) -> None:
        self._stream = getattr(stream, "buffer", stream)
        self.unanswered = 0

    def readable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        line = self._stream.readline(self.LIMIT + 1)
        if isinstance(line, bytes):
            line = line.decode("utf-8", errors="replace")
        if len(line) > self.LIMIT:
            raise AnswersRefused(f"standard input gave a line of more than {self.LIMIT} "
                                 f"characters: not an answer")
        if "\x00" in line:
            raise AnswersRefused("standard input holds NUL bytes: a binary file, not answers")
        self.unanswered += 1
        if self.unanswered > self.PATIENCE:
            raise AnswersRefused(f"{self.PATIENCE} answers in a row without a move")
        return line

    def moved(self) -> None:
        """An event was applied: the count of answers starts again."""
        self.unanswered = 0


def view_module(game: str) -> ModuleType:
    """The game's terminal view (its ``terminal`` hook), or :mod:`thebes.tui.generic`."""
    return get_game(game).hooks.module("terminal") or generic


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
        label = view.move_label(obs, text)
        notation = f"  [dim]{escape(text)}[/dim]" if label != escape(text) else ""
        console.print(f"  [bold cyan]{i:>3}[/]  {label}{notation}")
    while True:
        answer = console.input("[bold]your move[/] (number, notation, h for a hint, "
                               "q to quit): ").strip()
        if answer.lower() in ("q", "quit", "exit"):
            raise Quit
        if answer.lower() in ("h", "hint", "?"):
            show_hint(console, state, seat)
            continue
        try:
            picked = menu_choice(answer, len(actions))
            return actions[picked] if picked is not None else state.parse(answer)
        except ValueError as err:
            console.print(f"[red]{escape(str(err))}[/red]")


class Menu:
    """What a game's terminal view may ask of the loop: passed to its ``choose(console,
    state, seat, menu)``, so that a view needs nothing of the terminal layer."""

    def __init__(self, console: Console, view: ModuleType) -> None:
        self.console = console
        self.view = view

    def ask(self, state: State, seat: int) -> Any:
        """The numbered menu of every legal move (:func:`ask_menu`; ``q`` raises ``Quit``)."""
        return ask_menu(self.console, self.view, state, seat)

    def hint(self, state: State, seat: int) -> None:
        """Print the search's top moves for ``seat`` (:func:`show_hint`)."""
        show_hint(self.console, state, seat)

    @staticmethod
    def choice(answer: str, count: int) -> int | None:
        """:func:`thebes.core.menu.menu_choice`."""
        return menu_choice(answer, count)


def _resume(args: Any) -> tuple[Record, State, Path, int, int, str]:
    """``--resume``: the saved record, its position, where to save, the human seat,
    the seed and the bot. Raises :class:`ThebesError` naming what is wrong."""
    record = Record.load(args.resume)
    if record.result is not None:
        raise RecordError(f"--resume {args.resume}: that game is over; nothing to resume "
                          f"(thebes replay shows it)")
    state = record.replay(check_result=False)
    if state.is_terminal():
        raise RecordError(f"--resume {args.resume}: that game is over; nothing to resume")
    saved_seat = record.extra.get("human_seat")
    seat = getattr(args, "seat", None)
    if seat is None:
        if isinstance(saved_seat, bool) or not isinstance(saved_seat, int):
            raise RecordError(f"--resume {args.resume}: the record names no human seat "
                              f"(\"human_seat\"); give --seat")
        seat = saved_seat
    if not 1 <= seat <= record.players:
        raise OptionsError(f"seat {seat} does not exist in this {record.players}-player game "
                           f"(seats 1-{record.players}); give --seat")
    seed = record.extra.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RecordError(f"--resume {args.resume}: its \"seed\" is not a whole number")
    bot = record.extra.get("bot")
    bot = getattr(args, "bot", None) or (bot if isinstance(bot, str) else DEFAULT_BOT)
    record.extra.update({"human_seat": seat, "bot": bot, "seed": seed})
    if str(args.resume) == "-":
        save = getattr(args, "save", None)
        if not save:
            raise OptionsError("--resume -: give --save FILE for where the game goes on")
        path = Path(save)
    else:
        path = Path(getattr(args, "save", None) or args.resume)
    return record, state, path, seat - 1, seed, bot


def _new_game(args: Any) -> tuple[Record, State, Path, int, int, str]:
    """A new game from the command line. Raises :class:`ThebesError` naming the option."""
    if not args.game:
        raise OptionsError(f"name a game ({', '.join(game_names())}) or give --resume RECORD")
    players = args.players if args.players is not None else get_game(args.game).default_players
    options = options_for(args.game, players, args.options)
    state = get_game(args.game).new_initial_state(players, options)
    seat = getattr(args, "seat", None) or 1
    if not 1 <= seat <= players:
        raise OptionsError(f"--seat {seat}: a {players}-player game has seats 1-{players}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    bot = getattr(args, "bot", None) or DEFAULT_BOT
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = Path(args.save or f"games/{args.game}-{stamp}.json")
    n = 1
    while not args.save and os.path.lexists(path):   # two games begun in one second
        n += 1
        path = Path(f"games/{args.game}-{stamp}-{n}.json")
    record = Record(args.game, players, options, [], None,
                    {"seed": seed, "human_seat": seat, "bot": bot})
    return record, state, path, seat - 1, seed, bot


def run_play(args: Any) -> int:
    """Body of ``thebes play`` (docs/cli.md). Returns the exit code.

    Raises :class:`ThebesError` (exit 2 in :func:`thebes.cli.main`) for a bad
    game, option, seat, record, or a save file that exists (without
    ``--force``) or cannot be written; nothing is written then.
    """
    if getattr(args, "save", None) == "":
        raise OptionsError("--save '': give a file name")
    if getattr(args, "save", None) == "-":
        raise OptionsError("--save -: the terminal shows the game; give a file name")
    record, state, save_path, human, seed, bot_name = (
        _resume(args) if args.resume else _new_game(args))
    make_bot(bot_name, record.game, 0, seat_rng(seed, 0))   # a bad --bot: refused here
    resumed_here = bool(args.resume) and str(args.resume) != "-" and _same_file(
        save_path, Path(args.resume))
    # The first save checks the path before any move: an existing file is replaced only
    # with --force or when it is the very game being resumed.
    replace = resumed_here or bool(getattr(args, "force", False))
    if save_path.is_dir():
        raise RecordError(f"--save {save_path}: it is a folder; give a file name")
    if args.resume or getattr(args, "save", None):
        folder = Path(os.path.realpath(save_path)).parent
        if not folder.is_dir():   # (the lock below would make it)
            raise RecordError(f"--save {save_path}: the folder {folder} does not exist")
    if not replace and save_path.exists():
        raise RecordError(f"--save {save_path}: the file exists; not replaced (--force "
                          f"replaces it; --resume {save_path} goes on with the game in it)")
    if sys.stdin is None or sys.stdin.closed:
        raise OptionsError("standard input is closed: thebes play reads your moves from it")
    if not args.resume and not getattr(args, "save", None):
        save_path.parent.mkdir(exist_ok=True)   # the default folder, games/
    lock = _lock(save_path)
    stdin = sys.stdin
    try:
        if resumed_here and Record.load(args.resume).events != record.events:
            raise RecordError(f"--resume {args.resume}: the record changed while it was read "
                              f"(another thebes play?); not touched")
        return _play(args, record, state, save_path, human, seed, bot_name, replace)
    finally:
        sys.stdin = stdin
        lock.release()


def _lock(save_path: Path) -> Any:
    """Hold the record's lock (a ``.NAME.lock`` file beside it, ``filelock``) while the game
    is played, so that two ``thebes play`` never write one record: the second is refused
    with one line. Raises :class:`RecordError`."""
    from filelock import FileLock, Timeout

    target = Path(os.path.realpath(save_path))
    lock = FileLock(str(target.parent / f".{target.name}.lock"))
    try:
        lock.acquire(timeout=0)
    except Timeout:
        raise RecordError(f"{save_path} is being played by another thebes play; not "
                          f"touched (finish or quit that one first)") from None
    except OSError as err:
        raise RecordError(f"cannot lock {save_path}: {err.strerror or err}") from None
    return lock


def _play(args: Any, record: Record, state: State, save_path: Path, human: int, seed: int,
          bot_name: str, replace: bool) -> int:
    """The game itself, under the record's lock (:func:`run_play`)."""
    bots = {s: make_bot(bot_name, record.game, s, seat_rng(seed, s))
            for s in range(record.players) if s != human}
    answers = None
    if not sys.stdin.isatty():
        answers = Answers(sys.stdin)
        sys.stdin = answers   # type: ignore[assignment]
    record.save(save_path, overwrite=replace)
    console = Console()
    view = view_module(record.game)
    # The chance generator goes on from where the saved game stood.
    chance_rng = random.Random(f"thebes-chance/{seed}/{len(record.events)}")
    console.print(Panel(f"{get_game(record.game).title}: you are seat {human + 1} of "
                        f"{record.players}; bots ({bot_name}) play the others.\n"
                        f"Saved after every move to [bold]{escape(str(save_path))}[/bold] "
                        f"(go on later with --resume).", expand=False))
    resume_line = f"saved; go on with: thebes play --resume {save_path}"
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
                action = chooser(console, state, human, Menu(console, view)) if chooser else (
                    ask_menu(console, view, state, human))
                if action is None:
                    raise Quit
            else:
                action = bots[player].choose(state)
            text = state.action_to_text(action)
            seen = state.event_for_seat(action, human)
            state.apply_action(action)
            record.events.append(text)
            record.save(save_path, overwrite=True)
            if answers is not None:
                answers.moved()
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
        console.print(f"\n{resume_line}")
        return 0
    except AnswersRefused as err:
        _tell(f"thebes play: {err}; {resume_line}")
        return 2
    except KeyboardInterrupt as err:   # Ctrl-C, or SIGTERM/SIGHUP (thebes.cli_streams.Terminated)
        signum = getattr(err, "signum", None)
        _tell(f"\n{'interrupted' if signum is None else 'stopped'}; {resume_line}")
        return 130 if signum is None else 128 + signum
    record.result = result_of(state)
    record.save(save_path, overwrite=True)
    console.print(Rule("game over"))
    console.print(view.render(state.observation(human), human))
    ranking = state.ranking() or []
    scores = state.scores() or []
    for place, s in enumerate(ranking, 1):
        who = "you" if s == human else f"{bot_name} bot"
        console.print(f"  {place}. seat {s + 1} ({who}): {scores[s]}")
    console.print(f"record: {escape(str(save_path))}")
    return 0


def _tell(line: str) -> None:
    """A line on stderr, unless stderr is gone too (a closed terminal)."""
    try:
        print(line, file=sys.stderr)
    except (OSError, ValueError, AttributeError):
        pass


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except (OSError, RuntimeError):
        return False
