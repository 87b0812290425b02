"""``thebes bench``: random playouts per second, events per second, clone time and
ISMCTS iterations per second (one second of search from the first decision).

A random playout goes from the initial state to the end, every move uniform
among the legal ones, every chance outcome drawn by its probability, no
record written (issue: Ra end to end, item 8). Seeds are fixed, so two runs
play the same games; only the clock differs.
"""

from __future__ import annotations

import random
import sys
import time

from rich.console import Console
from rich.table import Table

from thebes.core import OptionsError, get_game, random_playout
from thebes.core.game import game_names

#: seat counts measured per game.


def bench_playouts(game_name: str, players: int, games: int, seed: int) -> dict[str, float]:
    """Time ``games`` random playouts; returns games per wall-clock second and per CPU
    second of this process (the same on an idle machine; the CPU figure stays honest when
    other processes share the cores), events/s and mean events a game."""
    game = get_game(game_name)
    initial = game.new_initial_state(players)
    events = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for i in range(games):
        state = initial.clone()
        events += random_playout(state, random.Random(seed + i))
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {"games_per_s": games / elapsed, "games_per_cpu_s": games / cpu,
            "events_per_s": events / elapsed, "events_per_game": events / games}


def bench_clone(game_name: str, players: int, seed: int, copies: int = 20000) -> float:
    """Mean time of ``clone()`` in microseconds, on a mid-game state."""
    state = get_game(game_name).new_initial_state(players)
    rng = random.Random(seed)
    for _ in range(60):  # some way into the game
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    start = time.perf_counter()
    for _ in range(copies):
        state.clone()
    return (time.perf_counter() - start) / copies * 1e6


def bench_ismcts(game_name: str, players: int, seed: int, think_ms: float = 1000.0) -> float:
    """ISMCTS iterations per second from the first decision of a game."""
    from thebes.bots.ismcts import ISMCTSBot
    state = get_game(game_name).new_initial_state(players)
    rng = random.Random(seed)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(state.legal_actions()[0])
    bot = ISMCTSBot(game_name, state.current_player(), random.Random(seed), think_ms=think_ms)
    bot.choose(state)
    return bot.last_iterations / (think_ms / 1000.0)


def run_bench(only: str | None, games: int, seed: int) -> int:
    console = Console(width=None if sys.stdout.isatty() else 120)  # whole columns when piped
    table = Table(title=f"thebes bench: {games} random playouts per row, one process")
    for column in ("game", "players", "games/s", "games/CPU-s", "events/s", "events/game",
                   "clone µs", "ISMCTS it/s"):
        table.add_column(column, justify="right" if column != "game" else "left")
    names = [only] if only else game_names()
    with console.status("benchmarking...") as status:
        for name in names:
            try:
                get_game(name)
            except OptionsError:
                console.print(f"[dim]{name}: not available yet[/dim]")
                continue
            game = get_game(name)
            for players in game.hooks.bench_players or (game.default_players,):
                status.update(f"{name}, {players} players...")
                r = bench_playouts(name, players, games, seed)
                clone_us = bench_clone(name, players, seed)
                iterations = bench_ismcts(name, players, seed)
                table.add_row(name, str(players), f"{r['games_per_s']:,.0f}",
                              f"{r['games_per_cpu_s']:,.0f}", f"{r['events_per_s']:,.0f}", f"{r['events_per_game']:.0f}",
                              f"{clone_us:.2f}", f"{iterations:,.0f}")
    console.print(table)
    return 0
