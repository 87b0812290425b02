"""Argument parsing for ``thebes``: one-line errors and a checked type for every number.

Every numeric option of every command is parsed by :func:`integer` or
:func:`number` with its documented range (docs/cli.md), so a value out of
range stops the command at parse time: exit 2 and one line on stderr that
names the option, e.g.
``thebes arena: argument --games: must be a whole number from 1 to 1000000, not '-1'``.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from typing import Any, Callable, NoReturn

from thebes.core import OptionsError, RecordError, get_game
from thebes.core.recordio import parse_json

_INTEGER = re.compile(r"[+-]?[0-9]{1,30}")
_NUMBER = re.compile(r"[+-]?([0-9]{1,30}(\.[0-9]{0,30})?|\.[0-9]{1,30})([eE][+-]?[0-9]{1,4})?")


class Parser(argparse.ArgumentParser):
    """An :class:`argparse.ArgumentParser` whose errors are one line on stderr and exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")

    def _print_message(self, message: str, file: Any = None) -> None:
        """As argparse's, but a failed write (``--help | head -1``, ``--help >&-``) is
        raised for ``thebes.cli.main`` to report (141, or one line and exit 2), not
        swallowed into a silent exit 0."""
        if message:
            (file or sys.stdout).write(message)


def integer(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number (ASCII digits) in ``low .. high`` (``None``: no top)."""
    def parse(text: str) -> int:
        text = text.strip()
        if not _INTEGER.fullmatch(text) or not low <= int(text) <= (high if high is not None
                                                                    else int(text)):
            raise argparse.ArgumentTypeError(f"must be {_span(low, high, 'a whole number')}, "
                                             f"not {_shown(text)}")
        return int(text)
    parse.__name__ = "whole number"
    return parse


def number(low: float, high: float, *, low_open: bool = False) -> Callable[[str], float]:
    """An argparse type: a finite decimal number in ``low .. high`` (``low`` excluded when
    ``low_open``); ``nan``, ``inf`` and ``1e300`` are refused."""
    def parse(text: str) -> float:
        text = text.strip()
        value = float(text) if _NUMBER.fullmatch(text) else math.nan
        if not (math.isfinite(value) and (value > low if low_open else value >= low)
                and value <= high):
            above = f"more than {low:g}" if low_open else f"from {low:g}"
            raise argparse.ArgumentTypeError(f"must be a number {above} to {high:g}, "
                                             f"not {_shown(text)}")
        return value
    parse.__name__ = "number"
    return parse


def _span(low: int, high: int | None, kind: str) -> str:
    return f"{kind} from {low} to {high}" if high is not None else f"{kind} of at least {low}"


def _shown(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


# Ranges shared by several commands (docs/cli.md lists them per option).
PLAYERS = integer(1, 99)
SEAT = integer(1, 99)
SEED = integer(-(10 ** 18), 10 ** 18)
ITERATIONS = integer(1, 1_000_000)
THINK_MS = number(0, 60_000, low_open=True)      # up to a minute a move
PORT = integer(1, 65535)
DELAY = number(0, 60)                            # seconds


def parse_options(text: str | None) -> dict[str, Any]:
    """``--options`` as a dict. Raises :class:`OptionsError` naming ``--options``."""
    if not text:
        return {}
    try:
        options = parse_json(text, "--options")
    except RecordError as err:
        raise OptionsError(str(err)) from None
    if not isinstance(options, dict):
        raise OptionsError(f"--options must be a JSON object such as '{{}}', not {text[:40]!r}")
    return options


def options_for(game: str, players: int, text: str | None) -> dict[str, Any]:
    """``--options`` checked against ``game`` and ``players``; errors name ``--options``."""
    options = parse_options(text)
    try:
        get_game(game).options(players, options)
    except OptionsError as err:
        if options and "option" in str(err):
            raise OptionsError(f"--options: {err}") from None
        raise
    return options


def stderr_line(prog: str, message: str) -> None:
    """Print ``prog: message`` as one line on stderr (newlines folded)."""
    text = " ".join(str(message).split())
    print(f"{prog}: {text}", file=sys.stderr)
