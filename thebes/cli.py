"""The ``thebes`` command line.

``replay`` and ``selfplay`` follow shared/spec/CLI.md to the letter; the
other commands are ours. Each command's body lives in the module it belongs
to; this file only parses arguments.
"""

from __future__ import annotations

import os
import signal
import sys


def _interrupted_while_starting(_signum: int, _frame: object) -> None:
    """Ctrl-C before :func:`main` runs (while the imports load): exit 130, no traceback."""
    try:
        os.write(2, b"\ninterrupted\n")
    finally:
        os._exit(130)


# Only in the ``thebes`` program itself (not when a test or a program imports this module),
# and not where Ctrl-C is ignored (a background job): main() takes over from here.
if (os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else "") in ("thebes", "cli.py") \
        and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
    signal.signal(signal.SIGINT, _interrupted_while_starting)

import argparse
import json
import random
from pathlib import Path
from typing import Any, Sequence

from thebes import __version__
from thebes.cli_streams import (Terminated, _describe, _quiet_stdout, _say, _signals,
                                _standard_streams)
from thebes.cli_args import (DELAY, ITERATIONS, PLAYERS, PORT, SEAT, SEED, THINK_MS, Parser,
                             integer, number, options_for)
from thebes.core import (OptionsError, Record, RecordError, ReplayError, ThebesError,
                         game_names, get_game)
from thebes.core.play import play_game, seat_rng
from thebes.core.record import result_of

EPILOG = """\
examples:
  thebes serve                               web app at http://127.0.0.1:8000 (games in thebes.db)
  thebes play ra --players 4 --seat 1        play Ra in the terminal against 3 bots
  thebes play ra --resume games/ra-X.json    go on with a saved game
  thebes replay game.json --json             check a record, print its result
  thebes selfplay --game ra --players 3 --seed 7 --out game.json
  thebes arena --game ra --players 3 --seats ismcts,greedy,greedy --games 200
  thebes hint game.json --at 40              the search's best moves there
  thebes bench --game ra                     engine speed

exit codes (every command; docs/cli.md):
  0    done (replay: the record is valid)
  1    replay only: an illegal event, or a result that disagrees with the replay
  2    bad input: a bad option or value, an unreadable or unwritable file, a
       record that cannot be read; one line on stderr names it
  130  interrupted (Ctrl-C); 141 standard output closed early (| head)
"""

EXIT_CODES = """\
exit codes: 0 done, 2 bad input (one line on stderr names it), 130 interrupted
(Ctrl-C), 141 standard output closed early. docs/cli.md has every range."""


def players_text(n: int) -> str:
    return f"{n} player" + ("" if n == 1 else "s")


# ---------------------------------------------------------------- replay
def cmd_replay(args: argparse.Namespace) -> int:
    """shared/spec/CLI.md, ``thebes replay FILE [--json]``."""
    def unreadable(message: str) -> int:
        print(f"thebes replay: {message}", file=sys.stderr)
        if args.json:
            print(json.dumps({"ok": False, "error": message}))
        return 2

    try:
        record = Record.load(args.file)
        record.new_state()
        state = record.replay()
    except ReplayError as err:
        if args.json:
            print(json.dumps({"ok": False, "index": err.index, "event": err.event,
                              "legal": err.legal, "error": str(err)}))
        elif err.index is None:
            print(f"bad result: {err}")
        else:
            print(f"illegal event at index {err.index}: {err.event!r}")
            print(f"  {err}")
            print(f"  legal here: {', '.join(err.legal) if err.legal else '(none)'}")
        return 1
    except ThebesError as err:
        return unreadable(str(err))
    result = result_of(state)
    finished = result is not None
    out: dict[str, Any] = {"ok": True, "game": record.game, "events": len(record.events),
                           "finished": finished}
    if finished:
        out.update(result)
    else:
        player = state.current_player()
        out.update({"scores": state.scores(), "ranking": None,
                    "to_move": "chance" if player < 0 else player + 1})
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{get_game(record.game).title}, {players_text(record.players)}, "
              f"{len(record.events)} events: valid")
        if finished:
            print("finished; scores " + ", ".join(
                f"seat {i + 1}: {s}" for i, s in enumerate(out["scores"])))
            print("ranking: " + " > ".join(f"seat {s}" for s in out["ranking"]))
        else:
            who = "chance" if out["to_move"] == "chance" else f"seat {out['to_move']}"
            print(f"unfinished; {who} to move; scores so far {out['scores']}")
    return 0


# ---------------------------------------------------------------- selfplay
def selfplay_record(game_name: str, players: int, seed: int, options: dict[str, Any],
                    bot: str = "random") -> Record:
    """Play one whole game with ``bot`` in every seat; chance drawn from ``Random(seed)``.

    The same arguments give the same record on any machine (shared/spec/CLI.md).
    Raises :class:`OptionsError` for a bad game, player count, option or bot.
    """
    from thebes.bots import make_bot

    game = get_game(game_name)
    state = game.new_initial_state(players, options)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionsError(f"a seed is an integer, not {seed!r}")
    bots = [make_bot(bot, game_name, seat, seat_rng(seed, seat)) for seat in range(players)]
    events = play_game(state, bots, random.Random(seed))
    return Record(game_name, players, options, events, result_of(state),
                  {"seed": seed, "bots": [bot] * players})


def cmd_selfplay(args: argparse.Namespace) -> int:
    """shared/spec/CLI.md, ``thebes selfplay``."""
    record = selfplay_record(args.game, args.players, args.seed,
                             options_for(args.game, args.players, args.options), args.bot)
    if args.out == "":
        raise OptionsError("--out '': give a file name, or - for standard output")
    record.save("-" if args.out is None else args.out, overwrite=True)
    return 0


# ---------------------------------------------------------------- others
def cmd_bench(args: argparse.Namespace) -> int:
    from thebes.bench import run_bench
    return run_bench(args.game, args.games, args.seed)


def cmd_serve(args: argparse.Namespace) -> int:
    from thebes.server.serve import run_serve
    from thebes.server.storage.database import database_url
    from thebes.server.storage.dbcheck import check_not_foreign, check_url
    if not args.host.strip() or args.host != args.host.strip() or "\x00" in args.host:
        # uvicorn would listen on every interface for '' while we said 127.0.0.1
        raise OptionsError(f"--host {args.host!r}: give an address (127.0.0.1 for this "
                           f"machine only, 0.0.0.0 for every interface)")
    url = database_url(args.database)
    check_url(url)             # a supported URL, not in memory
    check_not_foreign(url)     # before anything is written to it
    return run_serve(args)


def cmd_arena(args: argparse.Namespace) -> int:
    from thebes.arena.runner import run_arena
    options = options_for(args.game, args.players, args.options)
    if args.records:
        check_records_dir(Path(args.records), args.game, args.games, args.force)
    if args.ray:
        import importlib.util
        if importlib.util.find_spec("ray") is None:
            raise OptionsError("--ray needs Ray: pip install 'thebes[cluster]'")
    return run_arena(args.game, args.players, [s.strip() for s in args.seats.split(",")],
                     args.games, args.jobs, args.think_ms, args.seed, args.records, args.json,
                     args.ray, options, args.iterations)


def check_records_dir(folder: Path, game: str, games: int, force: bool) -> None:
    """``arena --records DIR``: a folder (or one that can be made) where no record would be replaced.

    Raises :class:`RecordError` naming the first file in the way (unless ``force``).
    """
    if folder.exists() and not folder.is_dir():
        raise RecordError(f"--records {folder}: not a folder")
    existing = folder
    while not existing.exists():   # the runner makes the missing folders
        existing = existing.parent
    if not existing.is_dir() or not os.access(existing, os.W_OK | os.X_OK):
        raise RecordError(f"--records {folder}: {existing} is not a writable folder")
    if not folder.is_dir():
        return
    for i in range(games):
        path = folder / f"{game}-{i:05d}.json"
        if not os.path.lexists(path):
            continue
        if not force:
            raise RecordError(f"--records: {path} already exists; not replaced "
                              f"(--force replaces it)")
        if path.is_dir() or (path.is_file() and (not os.access(path, os.W_OK)
                                                 or not path.stat().st_mode & 0o222)):
            raise RecordError(f"--records: {path} cannot be replaced (a folder, or "
                              f"write-protected)")


def cmd_hint(args: argparse.Namespace) -> int:
    """``thebes hint RECORD [--at N] [--seat K]``: the search's top moves for a position."""
    from thebes.bots.hint import hint, strength
    record = Record.load(args.record)
    at = len(record.events) if args.at is None else args.at
    if not 0 <= at <= len(record.events):
        raise RecordError(f"--at {at}: the record has {len(record.events)} events, so --at is "
                          f"0 to {len(record.events)}")
    if args.seat is not None and args.seat > record.players:
        raise OptionsError(f"--seat {args.seat}: there is no such seat in a "
                           f"{record.players}-player game (seats 1-{record.players})")
    state = Record(record.game, record.players, record.options,
                   record.events[:at]).replay(check_result=False)
    player = state.current_player()
    if player < 0:
        raise RecordError(f"after {at} events nobody is to move "
                          f"({'chance is' if state.is_chance_node() else 'the game is over'})")
    seat = player if args.seat is None else args.seat - 1
    if seat != player:
        raise OptionsError(f"--seat {seat + 1}: seat {player + 1} is to move after {at} events, "
                           f"not seat {seat + 1}")
    rows = hint(state, seat, think_ms=args.think_ms or None, iterations=args.iterations)
    searched = max((row.get("iterations", 0) for row in rows), default=0)
    said = strength(record.game, record.players, searched)
    if args.json:
        print(json.dumps({"index": at, "seat": seat + 1, "moves": rows, "strength": said}))
        return 0
    print(f"{get_game(record.game).title}, after {at} events, seat {seat + 1} to move "
          f"({said}):")
    for row in rows:
        expected = "" if row["expected"] is None else f"  expected {row['expected']:.2f}"
        print(f"  {row['move']:<28} {row['share']:6.1%} of visits{expected}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from thebes.tui.play import run_play
    return run_play(args)


def _sub(sub: Any, name: str, help: str, description: str) -> argparse.ArgumentParser:
    return sub.add_parser(name, help=help, description=description, epilog=EXIT_CODES,
                          formatter_class=argparse.RawDescriptionHelpFormatter)


def build_parser() -> argparse.ArgumentParser:
    games = game_names()
    parser = Parser(
        prog="thebes",
        description="Four Egyptian tabletop games: Ra, Sarcophagus, Pharaoh's Heir, Pharaoh. "
                    "Play them in the terminal, check and replay game records, "
                    "let bots play, measure the engines.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"thebes {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = _sub(sub, "serve", "run the web app: lobby, live games, bots",
             "Serve the web app (lobby, games in the browser, bot seats) and its "
             "HTTP/WebSocket API. Games are stored in a database (a SQLite file, or a "
             "postgresql:// URL) and resume after a restart.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=PORT, default=8000, help="port, 1-65535 (default 8000)")
    p.add_argument("--database", metavar="URL",
                   help="a SQLite file path (or sqlite:///PATH), or postgresql://USER:PASS@HOST/DB "
                        "(default: $THEBES_DATABASE_URL, else thebes.db in the current directory)")
    p.add_argument("--bot-delay", type=DELAY, default=0.8, metavar="SECONDS",
                   help="seconds a bot waits before each move, 0-60 (default 0.8)")
    p.add_argument("--workers", type=integer(1, 64), default=1, metavar="N",
                   help="server processes sharing the port, 1-64 (default 1; more need PostgreSQL)")
    from thebes.server.guard.settings import add_serve_arguments
    add_serve_arguments(p)
    p.set_defaults(func=cmd_serve)

    p = _sub(sub, "play", "play a game in the terminal against bots",
             "Play in the terminal: you take one seat, bots take the others. Moves are "
             "chosen from a numbered menu (typing the notation also works). The game is "
             "saved after every event, so quitting (q or Ctrl-C) loses nothing: go on "
             "with --resume.")
    p.add_argument("game", nargs="?", choices=games, help="which game (not needed with --resume)")
    p.add_argument("--players", type=PLAYERS, help="number of seats (default: the game's usual; "
                                                   "each game says its range)")
    p.add_argument("--seat", type=SEAT, help="your seat, 1-based (default 1; with --resume: "
                                             "the seat saved in the record)")
    p.add_argument("--bot", help="bot for the other seats: the levels easy, medium (default: "
                                 "ISMCTS, a budget of iterations a move, under half a second; "
                                 "docs/bots.md) or hard, or the named bots "
                                 "random, greedy or ismcts")
    p.add_argument("--options", help="variant options as a JSON object (default {})")
    p.add_argument("--seed", type=SEED, help="seed for chance and bots (default: random)")
    p.add_argument("--resume", metavar="RECORD", help="go on with a game saved by thebes play")
    p.add_argument("--save", metavar="FILE", help="where to save (default games/GAME-TIME.json); "
                                                  "an existing file is not replaced")
    p.add_argument("--force", action="store_true", help="let --save replace an existing file")
    p.add_argument("--delay", type=DELAY, default=0.6, metavar="SECONDS",
                   help="seconds to pause after each bot move, 0-60 (default 0.6)")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("replay", help="check a game record and print its result",
                       description="Replay the record in FILE ('-' for standard input).",
                       epilog="exit codes: 0 every event is legal (and the result agrees); 1 "
                              "the first illegal event (its index, text and the legal events "
                              "there) or a result that disagrees; 2 the file cannot be read at "
                              "all (one line on stderr; with --json also {\"ok\": false, "
                              "\"error\": ...} on stdout); 130 interrupted.",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", metavar="FILE")
    p.add_argument("--json", action="store_true", help="print one JSON object (shared/spec/CLI.md)")
    p.set_defaults(func=cmd_replay)

    p = _sub(sub, "selfplay", "let bots play one whole game and write its record",
             "Play one game with the same bot in every seat, chance drawn from a generator "
             "seeded with --seed. The same arguments give the same record, byte for byte.")
    p.add_argument("--game", required=True, choices=games)
    p.add_argument("--players", type=PLAYERS, required=True, help="number of seats (each game "
                                                                   "says its range)")
    p.add_argument("--seed", type=SEED, required=True, help="any whole number (|S| <= 10^18)")
    p.add_argument("--options", help="variant options as a JSON object (default {})")
    p.add_argument("--bot", default="random", help="random (default) or greedy")
    p.add_argument("--out", metavar="FILE", help="write the record here, replacing the file "
                                                 "if there is one (default, or '-': stdout)")
    p.set_defaults(func=cmd_selfplay)

    p = _sub(sub, "arena", "pit bots against each other over many games, with ratings",
             "Play --games games between the bots named by --seats (one per seat). Seats "
             "rotate so that every bot plays every seat equally often; games run in "
             "parallel. Prints per bot: games, wins (ties at the top split), win rate with "
             "a 95% confidence interval, mean score, mean rank and an openskill rating. "
             "Bots: random, greedy, ismcts, easy, medium, hard, and each game's casual "
             "strategies, scripted-<name> (docs/bots.md lists them).")
    p.add_argument("--game", required=True, choices=games)
    p.add_argument("--players", type=PLAYERS, required=True)
    p.add_argument("--seats", required=True, help="comma-separated bot names, one per seat, "
                                                  "e.g. ismcts,greedy,greedy")
    p.add_argument("--games", type=integer(1, 1_000_000), default=200,
                   help="number of games, 1-1000000 (default 200)")
    p.add_argument("--jobs", type=integer(1, 1024),
                   help="parallel processes, 1-1024 (default: all cores)")
    p.add_argument("--think-ms", type=THINK_MS, help="time per move for ismcts seats, in ms, "
                                                      "more than 0 up to 60000 (default: their "
                                                      "iteration budget)")
    p.add_argument("--iterations", type=ITERATIONS,
                   help="search iterations per move for ismcts seats, 1-1000000 (the same "
                        "on any machine, unlike --think-ms)")
    p.add_argument("--seed", type=SEED, default=1, help="match seed (default 1)")
    p.add_argument("--options", help="variant options as a JSON object (default {})")
    p.add_argument("--records", metavar="DIR", help="keep every game's record in DIR "
                                                    "(made if missing)")
    p.add_argument("--force", action="store_true",
                   help="let --records replace records already in DIR")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--ray", metavar="ADDRESS", help="spread games over a Ray cluster at ADDRESS "
                                                    "('auto': the running cluster, else a new "
                                                    "local one; 'local': a new local one). "
                                                    "Needs pip install 'thebes[cluster]'")
    p.set_defaults(func=cmd_arena)

    p = _sub(sub, "hint", "the search's best moves for a position of a record",
             "Replay RECORD ('-' for standard input) up to event --at (default: all of it) "
             "and ask the ISMCTS search, from the seat to move's view only, for its top "
             "moves with their share of visits and expected outcome (0..1: win share "
             "blended with score margin).")
    p.add_argument("record", metavar="RECORD")
    p.add_argument("--at", type=integer(0, 10_000_000),
                   help="number of events to replay, 0 to the record's length (default: all)")
    p.add_argument("--seat", type=SEAT, help="1-based seat; must be the seat to move (default)")
    p.add_argument("--think-ms", type=number(0, 60_000), default=1000.0,
                   help="search time in ms, 0-60000; 0: use --iterations (default 1000)")
    p.add_argument("--iterations", type=ITERATIONS, default=2000,
                   help="search iterations when --think-ms is 0, 1-1000000 (default 2000)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_hint)

    p = _sub(sub, "bench", "measure engine speed (random playouts per second)",
             "Random playouts from the initial state to the end, every move uniform among "
             "the legal ones, every chance outcome sampled by its probability, no record "
             "written; plus clone time and ISMCTS iterations per second (one second of "
             "search from each game's first decision). Fixed seeds, one process.")
    p.add_argument("--game", choices=games, help="one game (default: every game available)")
    p.add_argument("--games", type=integer(1, 10_000_000), default=2000,
                   help="playouts per seat count, 1-10000000 (default 2000)")
    p.add_argument("--seed", type=SEED, default=1, help="first seed (default 1)")
    p.set_defaults(func=cmd_bench)

    from thebes.loadtest.cli import add_parser as add_loadtest_parser
    add_loadtest_parser(sub)
    from thebes.review.cli import add_parser as add_review_parser
    add_review_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``thebes``; returns the exit code (docs/cli.md, Exit codes).

    Every :class:`ThebesError` and :class:`OSError` a command lets out (also a
    write to a closed standard output) becomes one line on stderr and exit 2;
    Ctrl-C is 130, SIGTERM 143 and SIGHUP 129 (workers stopped first); a closed
    pipe on standard output (``| head``) ends quietly with 141. Text the
    terminal's encoding cannot show is replaced, never a crash.
    """
    _standard_streams()
    prog = "thebes"
    with _signals():
        try:
            parser = build_parser()
            args = parser.parse_args(argv)
            if not getattr(args, "func", None):
                parser.print_help()
                sys.stdout.flush()
                return 0
            prog = f"thebes {args.command}"
            code = args.func(args)
            sys.stdout.flush()
            return code
        except Terminated as err:
            _quiet_stdout()
            return 128 + err.signum
        except KeyboardInterrupt:
            try:
                print("\ninterrupted", file=sys.stderr)
            except (OSError, ValueError, AttributeError):
                pass
            return 130
        except BrokenPipeError:
            _quiet_stdout()
            return 141
        except (ThebesError, OSError) as err:
            _say(prog, _describe(err))
            try:
                sys.stdout.flush()
            except (OSError, ValueError):
                _quiet_stdout()
            return 2
        except RecursionError:
            _say(prog, "the input nests too deeply")
            return 2
        except MemoryError:
            _say(prog, "out of memory")
            return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
