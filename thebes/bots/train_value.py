"""Fit a game's learned evaluation on self-play: ``python -m thebes.bots.train_value``.

Usage::

    python -m thebes.bots.train_value --game ra --games 500 --seed 1 \\
        --out thebes/games/ra/value.json --jobs 2

Plays ``--games`` games per number of players with the game's own bots (``greedy`` by
default, each seat with its own seeded generator, chance with another), keeps every
``--stride``-th position of each game (the features of every seat there, as
thebes/bots/value_<game>.py computes them) and the game's final scores, then fits one
ridge regression per ``(players, epoch)`` from the features to each seat's final score
(numpy, closed form; the intercept is not shrunk). Every fifth game (index 4, 9, ...)
is held out: the command prints, per number of players, the mean absolute error of the
fitted model and of the hand-made evaluation (thebes/bots/eval_<game>.py) on the
held-out positions, and how often each orders two seats as the game ended, then
writes the model fitted on the other games to ``--out`` (replacing the file there).

Games run here, in ``--jobs`` forked processes, or on Ray (``--ray``, the
``cluster`` extra), with a progress bar; the result is the same either way, a function
of the seed alone. Needs numpy (the ``train`` extra); the shipped model does not (it is
evaluated in plain Python).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from thebes.bots import BOT_NAMES, make_bot
from thebes.cli_args import Parser, integer, number
from thebes.core import CHANCE, TERMINAL, OptionsError, game_names, get_game, seat_rng
from thebes.parallel import run_all

def value_modules(game: str) -> tuple[Any, Any]:
    """The game's learned evaluation (its ``value`` hook) and hand-made one (``search``)."""
    hooks = get_game(game).hooks
    return hooks.module("value"), hooks.module("search")


def learnable_games() -> list[str]:
    """The games with a learned evaluation to fit (a ``value`` hook: thebes/core/hooks.py)."""
    return [name for name in game_names() if get_game(name).hooks.value is not None]


def self_play(item: tuple[str, int, int, int, str, int]) -> dict[str, Any]:
    """One self-play game: ``(game, players, index, seed, bot, stride)`` ->
    ``{"players", "index", "positions": [(epoch, features per seat, hand-made values per
    seat)], "scores"}``. Seeds: bots ``seat_rng("value/<seed>/<players>/<index>", seat)``,
    chance ``random.Random("thebes-value/<seed>/<players>/<index>")``."""
    game, players, index, seed, bot, stride = item
    value, hand = value_modules(game)
    key = f"value/{seed}/{players}/{index}"
    state = get_game(game).new_initial_state(players)
    bots = [make_bot(bot, game, seat, seat_rng(key, seat)) for seat in range(players)]
    chance = random.Random(f"thebes-{key}")
    positions = []
    step = 0
    while True:
        player = state.current_player()
        if player == TERMINAL:
            break
        if step % stride == 0:
            positions.append((state.epoch, value.features(state), hand.evaluate(state)))
        step += 1
        if player == CHANCE:
            state.apply_action(state.sample_chance(chance))
        else:
            state.apply_action(bots[player].choose(state))
    return {"players": players, "index": index, "positions": positions,
            "scores": [float(s) for s in state.scores()]}


def ridge(x: Any, y: Any, alpha: float, intercept: int = -1) -> Any:
    """Weights ``w`` minimising ``|x w - y|^2 + alpha |w|^2`` over every weight but the
    intercept's (column ``intercept`` of ``x`` is the constant 1, not shrunk; the last by
    default): ``(x'x + alpha I') w = x'y``. ``x``: rows x features, ``y``: rows; numpy
    arrays. Also fits Pharaoh's worth (benchmarks/fit_pharaoh_value.py)."""
    import numpy as np
    penalty = alpha * np.eye(x.shape[1])
    penalty[intercept, intercept] = 0.0
    return np.linalg.solve(x.T @ x + penalty, x.T @ y)


def fit(game: str, results: list[dict[str, Any]], alpha: float
        ) -> tuple[Any, dict[int, dict[str, float]]]:
    """The model fitted on ``results`` whose index is not 4 mod 5, and per number of players
    the held-out positions' mean absolute error of the fitted and the hand-made values
    (``learned``, ``hand``: points per seat) and the share of pairs of seats with different
    final scores that each puts in the right order (``learned_order``, ``hand_order``)."""
    import numpy as np
    value = value_modules(game)[0]
    rows: dict[tuple[int, int], tuple[list, list]] = {}
    held_out: list[tuple[int, int, list, list, list]] = []
    for r in sorted(results, key=lambda r: (r["players"], r["index"])):
        for epoch, feats, hand in r["positions"]:
            if r["index"] % 5 == 4:
                held_out.append((r["players"], epoch, feats, hand, r["scores"]))
                continue
            x, y = rows.setdefault((r["players"], epoch), ([], []))
            x.extend(feats)
            y.extend(r["scores"])
    weights = {key: [float(v) for v in ridge(np.array(x), np.array(y), alpha)]
               for key, (x, y) in sorted(rows.items())}
    model = value.ValueModel(weights, {})
    errors: dict[int, dict[str, float]] = {}
    for players, epoch, feats, hand, scores in held_out:
        w = weights.get((players, epoch))
        if w is None:
            continue
        learned = [float(np.dot(w, f)) for f in feats]
        cell = errors.setdefault(players, {"positions": 0, "learned": 0.0, "hand": 0.0,
                                           "pairs": 0, "learned_order": 0.0, "hand_order": 0.0})
        cell["positions"] += 1
        cell["learned"] += sum(abs(v - t) for v, t in zip(learned, scores)) / players
        cell["hand"] += sum(abs(v - t) for v, t in zip(hand, scores)) / players
        for a in range(players):
            for b in range(a + 1, players):
                if scores[a] != scores[b]:
                    cell["pairs"] += 1
                    right = scores[a] > scores[b]
                    cell["learned_order"] += (learned[a] > learned[b]) == right
                    cell["hand_order"] += (hand[a] > hand[b]) == right
    for cell in errors.values():
        for k in ("learned", "hand"):
            cell[k] /= cell["positions"]
            cell[k + "_order"] /= max(1, cell["pairs"])
    return model, errors


def build_parser() -> Parser:
    parts = __doc__.split("\n\n")
    p = Parser(prog="python -m thebes.bots.train_value",
               description=" ".join(parts[3:5]).replace("\n", " ").replace("``", ""),
               epilog="example: python -m thebes.bots.train_value --game ra --games 500 "
                      "--seed 1 --out thebes/games/ra/value.json --jobs 2 (the shipped model)")
    p.add_argument("--game", required=True, choices=learnable_games())
    p.add_argument("--players", default=None,
                   help="comma-separated numbers of players (default: every count the game has)")
    p.add_argument("--games", type=integer(5, 100_000), default=300,
                   help="self-play games per number of players, 5-100000 (default 300)")
    p.add_argument("--seed", type=integer(0, 2**63), default=1, help="seed (default 1)")
    p.add_argument("--bot", default="greedy", choices=[b for b in BOT_NAMES if b != "random"],
                   help="the bot at every seat (default greedy)")
    p.add_argument("--stride", type=integer(1, 1000), default=4,
                   help="keep every STRIDE-th position of a game, 1-1000 (default 4)")
    p.add_argument("--alpha", type=number(0.0, 1e6), default=1.0,
                   help="ridge penalty, 0-1000000 (default 1)")
    p.add_argument("--out", required=True, metavar="FILE", help="where to write the model (JSON; "
                                                                "replaced if it exists)")
    p.add_argument("--jobs", type=integer(1, 1024), default=1,
                   help="parallel processes, 1-1024 (default 1)")
    p.add_argument("--ray", metavar="ADDRESS", help="play the games on a Ray cluster at "
                                                    "ADDRESS ('auto', 'local' or an address); "
                                                    "needs pip install 'thebes[cluster]'")
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    table = get_game(args.game)
    counts = list(range(table.min_players, table.max_players + 1))
    if args.players:
        try:
            wanted = [int(x) for x in args.players.split(",")]
        except ValueError:
            parser.error(f"--players: comma-separated whole numbers, not {args.players!r}")
        if any(n not in counts for n in wanted):
            parser.error(f"--players: {args.game} is for {counts[0]} to {counts[-1]} players")
        counts = sorted(set(wanted))
    try:
        import numpy  # noqa: F401
    except ImportError:
        parser.exit(2, f"{parser.prog}: training needs numpy: pip install 'thebes[train]'\n")
    items = [(args.game, n, i, args.seed, args.bot, args.stride)
             for n in counts for i in range(args.games)]
    try:
        results = list(run_all(self_play, items, jobs=args.jobs, ray=args.ray,
                               label=f"{args.game} self-play"))
    except OptionsError as err:
        parser.exit(2, f"{parser.prog}: {err}\n")
    model, errors = fit(args.game, results, args.alpha)
    model.info = {"games_per_player_count": args.games, "seed": args.seed, "bot": args.bot,
                  "stride": args.stride, "alpha": args.alpha, "held_out": "index % 5 == 4",
                  "held_out_mean_abs_error": {str(n): e for n, e in errors.items()}}
    print(f"{args.game}: {args.games} games per player count, seed {args.seed}, bot {args.bot}")
    print(f"{'players':>7} {'held-out positions':>18} {'mean abs error':>22} "
          f"{'pairs in the right order':>24}")
    print(f"{'':>7} {'':>18} {'learned':>10} {'hand-made':>11} {'learned':>11} {'hand-made':>12}")
    for n, e in sorted(errors.items()):
        print(f"{n:>7} {e['positions']:>18,} {e['learned']:>10.2f} {e['hand']:>11.2f} "
              f"{e['learned_order']:>11.1%} {e['hand_order']:>12.1%}")
    model.save(Path(args.out))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
