"""The ``thebes`` command line.

``replay`` and ``selfplay`` follow shared/spec/CLI.md to the letter; the
other commands are ours. Each command's body lives in the module it belongs
to; this file only parses arguments.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any, Sequence

from thebes import __version__
from thebes.core import OptionsError, Record, RecordError, ReplayError, game_names, get_game
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
"""


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
    except (RecordError, OptionsError) as err:
        return unreadable(str(err))
    try:
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
        print(f"{get_game(record.game).title}, {record.players} players, "
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
def parse_options(text: str | None) -> dict[str, Any]:
    if not text:
        return {}
    try:
        options = json.loads(text)
    except json.JSONDecodeError as err:
        raise OptionsError(f"--options is not JSON: {err}") from None
    if not isinstance(options, dict):
        raise OptionsError("--options must be a JSON object")
    return options


def selfplay_record(game_name: str, players: int, seed: int, options: dict[str, Any],
                    bot: str = "random") -> Record:
    """Play one whole game with ``bot`` in every seat; chance drawn from ``Random(seed)``.

    The same arguments give the same record on any machine (shared/spec/CLI.md).
    Raises :class:`OptionsError` for a bad game, player count, option or bot.
    """
    from thebes.bots import make_bot

    game = get_game(game_name)
    state = game.new_initial_state(players, options)
    bots = [make_bot(bot, game_name, seat, seat_rng(seed, seat)) for seat in range(players)]
    events = play_game(state, bots, random.Random(seed))
    return Record(game_name, players, options, events, result_of(state),
                  {"seed": seed, "bots": [bot] * players})


def cmd_selfplay(args: argparse.Namespace) -> int:
    """shared/spec/CLI.md, ``thebes selfplay``."""
    try:
        record = selfplay_record(args.game, args.players, args.seed,
                                 parse_options(args.options), args.bot)
    except OptionsError as err:
        print(f"thebes selfplay: {err}", file=sys.stderr)
        return 2
    if args.out:
        record.save(args.out)
    else:
        sys.stdout.write(record.dumps())
    return 0


# ---------------------------------------------------------------- others
def cmd_bench(args: argparse.Namespace) -> int:
    from thebes.bench import run_bench
    return run_bench(args.game, args.games, args.seed)


def cmd_serve(args: argparse.Namespace) -> int:
    from thebes.server import run_serve
    return run_serve(args)


def cmd_arena(args: argparse.Namespace) -> int:
    from thebes.arena.runner import run_arena
    try:
        options = parse_options(args.options)
    except OptionsError as err:
        print(f"thebes arena: {err}", file=sys.stderr)
        return 2
    return run_arena(args.game, args.players, [s.strip() for s in args.seats.split(",")],
                     args.games, args.jobs, args.think_ms, args.seed, args.records, args.json,
                     args.ray, options, args.iterations)


def cmd_hint(args: argparse.Namespace) -> int:
    """``thebes hint RECORD [--at N] [--seat K]``: the search's top moves for a position."""
    from thebes.bots.hint import hint
    from thebes.core import ThebesError
    try:
        record = Record.load(args.record)
        at = len(record.events) if args.at is None else args.at
        if not 0 <= at <= len(record.events):
            raise RecordError(f"--at must be between 0 and {len(record.events)}")
        state = Record(record.game, record.players, record.options,
                       record.events[:at]).replay(check_result=False)
        player = state.current_player()
        if player < 0:
            raise RecordError("nobody is to move there (chance or the end)")
        seat = player if args.seat is None else args.seat - 1
        rows = hint(state, seat, think_ms=args.think_ms or None, iterations=args.iterations)
    except (RecordError, OptionsError, ReplayError, ThebesError) as err:
        print(f"thebes hint: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"index": at, "seat": seat + 1, "moves": rows}))
        return 0
    print(f"{get_game(record.game).title}, after {at} events, seat {seat + 1} to move:")
    for row in rows:
        expected = "" if row["expected"] is None else f"  expected {row['expected']:.2f}"
        print(f"  {row['move']:<28} {row['share']:6.1%} of visits{expected}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from thebes.tui.play import run_play
    return run_play(args)


def build_parser() -> argparse.ArgumentParser:
    games = game_names()
    parser = argparse.ArgumentParser(
        prog="thebes",
        description="Four Egyptian tabletop games: Ra, Sarcophagus, Pharaoh's Heir, Pharaoh. "
                    "Play them in the terminal, check and replay game records, "
                    "let bots play, measure the engines.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"thebes {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("serve", help="run the web app: lobby, live games, bots",
                       description="Serve the web app (lobby, games in the browser, bot seats) "
                                   "and its HTTP/WebSocket API. Games are stored in a database "
                                   "(SQLite file or PostgreSQL URL) and resume after a restart.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--database", metavar="URL",
                   help="SQLAlchemy URL or SQLite file path (default: $THEBES_DATABASE_URL, "
                        "else thebes.db in the current directory)")
    p.add_argument("--bot-delay", type=float, default=0.8, metavar="SECONDS",
                   help="seconds a bot waits before each move (default 0.8)")
    p.add_argument("--workers", type=int, default=1, metavar="N",
                   help="server processes sharing the port (default 1; more need PostgreSQL)")
    from thebes.server.settings import add_serve_arguments
    add_serve_arguments(p)
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("play", help="play a game in the terminal against bots",
                       description="Play in the terminal: you take one seat, bots take the "
                                   "others. Moves are chosen from a numbered menu (typing "
                                   "the notation also works). The game is saved after every "
                                   "event, so quitting (q or Ctrl-C) loses nothing: go on "
                                   "with --resume.")
    p.add_argument("game", nargs="?", choices=games, help="which game (not needed with --resume)")
    p.add_argument("--players", type=int, help="number of seats (default: the game's usual)")
    p.add_argument("--seat", type=int, default=1, help="your seat, 1-based (default 1)")
    p.add_argument("--bot", default="greedy", help="bot for the other seats: random, greedy "
                                                   "(default), easy, medium or hard")
    p.add_argument("--options", help="variant options as a JSON object (default {})")
    p.add_argument("--seed", type=int, help="seed for chance and bots (default: random)")
    p.add_argument("--resume", metavar="RECORD", help="go on with a saved game")
    p.add_argument("--save", metavar="FILE", help="where to save (default games/GAME-TIME.json)")
    p.add_argument("--delay", type=float, default=0.6,
                   help="seconds to pause after each bot move (default 0.6)")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("replay", help="check a game record and print its result",
                       description="Replay the record in FILE ('-' for standard input). Exit 0 "
                                   "if every event is legal, 1 at the first illegal event (its "
                                   "index, text and the legal events there) or a result that "
                                   "disagrees, 2 if the file cannot be read at all.")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--json", action="store_true", help="print one JSON object (shared/spec/CLI.md)")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("selfplay", help="let bots play one whole game and write its record",
                       description="Play one game with the same bot in every seat, chance drawn "
                                   "from a generator seeded with --seed. The same arguments "
                                   "give the same record, byte for byte.")
    p.add_argument("--game", required=True, choices=games)
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--options", help="variant options as a JSON object (default {})")
    p.add_argument("--bot", default="random", help="random (default) or greedy")
    p.add_argument("--out", metavar="FILE", help="write the record here (default: stdout)")
    p.set_defaults(func=cmd_selfplay)

    p = sub.add_parser("arena", help="pit bots against each other over many games, with ratings",
                       description="Play --games games between the bots named by --seats (one "
                                   "per seat). Seats rotate so that every bot plays every seat "
                                   "equally often; games run in parallel. Prints per bot: games, "
                                   "wins (ties at the top split), win rate with a 95% confidence "
                                   "interval, mean score, mean rank and an openskill rating. "
                                   "Bots: random, greedy, ismcts, easy, medium, hard.")
    p.add_argument("--game", required=True, choices=games)
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--seats", required=True, help="comma-separated bot names, one per seat, "
                                                  "e.g. ismcts,greedy,greedy")
    p.add_argument("--games", type=int, default=200, help="number of games (default 200)")
    p.add_argument("--jobs", type=int, help="parallel processes (default: all cores)")
    p.add_argument("--think-ms", type=float, help="time per move for ismcts seats, in ms "
                                                   "(default: their iteration budget)")
    p.add_argument("--iterations", type=int, help="search iterations per move for ismcts seats "
                                                   "(the same on any machine, unlike --think-ms)")
    p.add_argument("--seed", type=int, default=1, help="match seed (default 1)")
    p.add_argument("--options", help="variant options as a JSON object (default {})")
    p.add_argument("--records", metavar="DIR", help="keep every game's record in DIR")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--ray", metavar="ADDRESS", help="spread games over a Ray cluster at ADDRESS "
                                                    "('auto': the running cluster, else a new "
                                                    "local one; 'local': a new local one). "
                                                    "Needs pip install 'thebes[cluster]'")
    p.set_defaults(func=cmd_arena)

    p = sub.add_parser("hint", help="the search's best moves for a position of a record",
                       description="Replay RECORD up to event --at (default: all of it) and "
                                   "ask the ISMCTS search, from the seat to move's view only, "
                                   "for its top moves with their share of visits and expected "
                                   "outcome (0..1: win share blended with score margin).")
    p.add_argument("record", metavar="RECORD")
    p.add_argument("--at", type=int, help="number of events to replay (default: all)")
    p.add_argument("--seat", type=int, help="1-based seat; must be the seat to move (default)")
    p.add_argument("--think-ms", type=float, default=1000.0, help="search time (default 1000)")
    p.add_argument("--iterations", type=int, default=2000,
                   help="search iterations when --think-ms is 0")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_hint)

    p = sub.add_parser("bench", help="measure engine speed (random playouts per second)",
                       description="Random playouts from the initial state to the end, every "
                                   "move uniform among the legal ones, every chance outcome "
                                   "sampled by its probability, no record written; plus clone "
                                   "time. Fixed seeds, one process.")
    p.add_argument("--game", choices=games, help="one game (default: every game available)")
    p.add_argument("--games", type=int, default=2000, help="playouts per seat count (default 2000)")
    p.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    p.set_defaults(func=cmd_bench)

    from thebes.server import loadtest
    loadtest.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        return args.func(args)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
