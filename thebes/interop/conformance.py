"""Run the libraries' own conformance tests on every covered game, longer than
the test suite does (needs ``thebes[openspiel]`` and ``thebes[pettingzoo]``).

    python -m thebes.interop.conformance --sims 10 --seed 7
    python -m thebes.interop.conformance --games sarcophagus --sims 50

The setups are each game's ``CONFORMANCE`` (its ``tensors`` hook, thebes/core/hooks.py).
For each game and setup: OpenSpiel's ``random_sim_test`` (with
serialization) from the start, then from ``--starts`` states reached by
random play seeded with ``--seed`` (``random_sim_test_with_specific_initial_state``),
checking at every state that a resample from the mover's information state
keeps that information state; then PettingZoo's ``api_test`` and
``seed_test``. Prints one line per check and ``N passed, M failed``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import sys
import time
import warnings

from thebes.core import OptionsError

from .actions import covered_games, default_players, tensors_module


def setups(games: list[str] | None = None) -> list[tuple[str, dict, int, dict]]:
    """``(game, OpenSpiel parameters, PettingZoo players, options)`` of every setup
    checked: each covered game's ``CONFORMANCE`` (``(players, options)`` pairs), in the
    registry's order; a game without one is checked at its default player count.

    Raises :class:`thebes.core.OptionsError` for a name in ``games`` not covered."""
    covered = covered_games()
    for name in games or ():
        tensors_module(name)  # an unknown game, or one without the hook, is refused
    out = []
    for name in covered if games is None else [n for n in covered if n in games]:
        cases = getattr(tensors_module(name), "CONFORMANCE", None)
        if cases is None:
            cases = ((default_players(name), {}),)
        for players, options in cases:
            out.append((name, {"players": players, **options}, players, dict(options)))
    return out


@contextlib.contextmanager
def _quiet():
    """Silence stdout, the C++ side's prints included (file descriptor 1)."""
    sys.stdout.flush()
    saved = os.dup(1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            yield
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)
        os.close(devnull)


def _resample_checker(rng: random.Random):
    import pyspiel

    def check(state: "pyspiel.State") -> None:
        player = state.current_player()
        if player < 0:
            return
        key = state.information_state_string(player)
        other = state.resample_from_infostate(player, rng=random.Random(rng.random()))
        if other.information_state_string(player) != key:
            raise AssertionError("a resampled state changed the mover's information state")
        if other.legal_actions() != state.legal_actions():
            raise AssertionError("a resampled state changed the mover's legal actions")
    return check


def _random_state(game, rng: random.Random, moves: int):
    state = game.new_initial_state()
    while not state.is_terminal() and moves > 0:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            moves -= 1
    return state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=None,
                        help="comma-separated game names (default: every covered game)")
    parser.add_argument("--sims", type=int, default=5, help="random_sim_test games per run")
    parser.add_argument("--starts", type=int, default=2, help="random starting states per setup")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cycles", type=int, default=1000, help="api_test num_cycles")
    parser.add_argument("--max-setups", type=int, default=0,
                        help="check at most this many setups per game (0: all)")
    args = parser.parse_args(argv)

    import pyspiel
    from pettingzoo.test import api_test, seed_test

    from . import openspiel
    from .pettingzoo import env

    try:
        checked = setups(None if args.games is None else args.games.split(","))
    except OptionsError as err:
        parser.error(str(err))
    openspiel.register()
    rng = random.Random(args.seed)
    passed = failed = 0

    def run(label: str, fn) -> None:
        nonlocal passed, failed
        start = time.perf_counter()
        try:
            with warnings.catch_warnings(), _quiet():
                warnings.simplefilter("ignore")
                fn()
        except Exception as err:  # report every failure, then go on
            failed += 1
            print(f"FAIL {label}: {type(err).__name__}: {err}", flush=True)
            return
        passed += 1
        print(f"ok   {label} ({time.perf_counter() - start:.1f} s)", flush=True)

    done: dict[str, int] = {}
    for name, params, players, options in checked:
        if args.max_setups and done.get(name, 0) >= args.max_setups:
            continue
        done[name] = done.get(name, 0) + 1
        game = pyspiel.load_game(openspiel.short_name(name), params)
        label = f"{name} {params}"
        checker = _resample_checker(random.Random(rng.random()))
        run(f"{label} random_sim_test x{args.sims}",
            lambda: pyspiel.random_sim_test(game, num_sims=args.sims, serialize=True,
                                            verbose=False, state_checker_fn=checker))
        for k in range(args.starts):
            start = _random_state(game, random.Random(rng.random()), moves=rng.randrange(5, 60))
            run(f"{label} from a random state #{k + 1}",
                lambda: pyspiel.random_sim_test_with_specific_initial_state(
                    game, 1, start, serialize=True))
        run(f"{label} pettingzoo api_test",
            lambda: api_test(env(name, players, options, render_mode="ansi"),
                             num_cycles=args.cycles))
        run(f"{label} pettingzoo seed_test",
            lambda: seed_test(lambda: env(name, players, options), num_cycles=500))
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
