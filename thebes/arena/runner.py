"""``thebes arena``: many games between bots, in parallel, with a progress bar and a summary."""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from thebes.bots import make_bot
from thebes.core import OptionsError, get_game
from thebes.core.recordio import write_text
from thebes.parallel import run_all

from .match import ArenaGame, play_arena_game
from .stats import summarize


def run_arena(game: str, players: int, seats: list[str], games: int, jobs: int | None,
              think_ms: float | None, seed: int, records: str | None, as_json: bool,
              ray_address: str | None, options: dict[str, Any],
              iterations: int | None = None) -> int:
    console = Console(stderr=True)
    # A bad game, option or bot raises OptionsError: thebes.cli.main prints it as one line.
    get_game(game).options(players, options)
    if len(seats) != players:
        raise OptionsError(f"--seats names {len(seats)} bots for {players} players")
    for name in sorted(set(seats)):
        make_bot(name, game, 0, random.Random(0))
    specs = [ArenaGame(game, players, tuple(seats), i, seed, think_ms, iterations,
                       tuple(sorted(options.items()))) for i in range(games)]
    jobs = jobs or os.cpu_count() or 1
    out_dir = Path(records) if records else None
    if out_dir:
        out_dir.mkdir(parents=True, exist_ok=True)
    load_start = _load()
    results = []
    for result in run_all(play_arena_game, specs, jobs, ray_address, f"{game}, {players} players",
                          console):
        if out_dir:
            write_text(out_dir / f"{game}-{result['index']:05d}.json", result["record"],
                       overwrite=True)   # cli.check_records_dir asked first
        results.append(result)
    summary = summarize(game, seats, results)
    if as_json:
        print(json.dumps(summary))
        return 0
    table = Table(title=f"{get_game(game).title}, {players} players, {games} games"
                        + (f", {think_ms:g} ms per move" if think_ms else "")
                        + (f", {iterations} iterations per move" if iterations else ""),
                  caption=f"load average {load_start} at the start, {_load()} at the end")
    for column in ("bot", "games", "wins", "win rate", "95% CI", "mean score", "mean rank",
                   "rating", "iterations a search"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for bot in summary["bots"]:
        lo, hi = bot["ci95"]
        solo = players == 1  # nobody to beat: no wins, ranks or rating to show
        table.add_row(bot["name"], str(bot["games"]), "-" if solo else f"{bot['wins']:g}",
                      "-" if solo else f"{bot['win_rate']:.1%}",
                      "-" if solo else f"{lo:.1%}-{hi:.1%}",
                      f"{bot['mean_score']:.1f}", "-" if solo else f"{bot['mean_rank']:.2f}",
                      "-" if bot["rating"] is None else f"{bot['rating']:.1f}",
                      "-" if bot["iterations"] is None else f"{bot['iterations']:,.0f}")
    # Piped into a file, rich would assume 80 columns and cut the intervals short.
    out = Console(file=sys.stdout, width=None if sys.stdout.isatty() else 120)
    out.print(table)
    for bot in summary["bots"]:
        if "titles" in bot:
            played = bot["games"] or 1
            titles = Table(title=f"{bot['name']}: titles",
                           caption=f"mean {bot['mean_score']:.2f}, sd {bot['score_sd']:.2f}")
            for column in ("title", "games", "share"):
                titles.add_column(column, justify="left" if column == "title" else "right")
            for name, count in bot["titles"].items():
                titles.add_row(name, str(count), f"{count / played:.1%}")
            out.print(titles)
    return 0


def _load() -> str:
    """The 1-minute load average (what a think time buys depends on it), or ``?``."""
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except OSError:
        return "?"
