"""A review for people: a terminal table (rich) and a plot (matplotlib, optional)."""

from __future__ import annotations

import sys
from typing import Any

from rich.console import Console
from rich.table import Table

from thebes.core import OptionsError, get_game

MARK_STYLE = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}
#: the chance events listed in the terminal: the largest swings.
TOP_SWINGS = 5


def seat_name(review: dict[str, Any], seat: int) -> str:
    """``"Ann (seat 1)"`` where the record names its players, else ``"seat 1"`` (1-based)."""
    names = review.get("names") or []
    if isinstance(names, list) and 0 < seat <= len(names) and names[seat - 1]:
        return f"{names[seat - 1]} (seat {seat})"
    return f"seat {seat}"


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.0f}%"


def print_review(review: dict[str, Any], file: Any = None) -> None:
    """Print the per-seat summary, the marked moves and the largest chance swings."""
    out = Console(file=file or sys.stdout, width=None if (file or sys.stdout).isatty() else 120)
    solo = review["players"] == 1
    budget = review["budget"]
    spent = (f"{budget['iterations']} iterations" if "iterations" in budget
             else f"{budget['think_ms']:g} ms") + " a decision"
    title = f"Review: {get_game(review['game']).title}, {review['players']} players, {spent}"
    summary = Table(title=title)
    for column in ("seat", "moves", "forced", "accuracy", "inaccuracies", "mistakes", "blunders",
                   "mean loss"):
        summary.add_column(column, justify="left" if column == "seat" else "right")
    for row in review["summary"]:
        summary.add_row(seat_name(review, row["seat"]), str(row["decisions"]), str(row["forced"]),
                        "-" if row["accuracy"] is None else f"{row['accuracy']:.1f}",
                        str(row["inaccuracies"]), str(row["mistakes"]), str(row["blunders"]),
                        "-" if row["mean_loss"] is None else f"{row['mean_loss']:.3f}")
    out.print(summary)
    if review.get("strength"):
        out.print(f"[dim]{review['strength']}[/dim]")
    marked = [m for m in review["decisions"] if not m["forced"] and m["mark"]]
    if marked:
        moves = Table(title="Marked moves (estimates from the seat's own view)")
        for column in ("event", "seat", "played", "win" if not solo else "score", "best",
                       "win" if not solo else "score", "loss", "mark"):
            moves.add_column(column, justify="right" if column in ("event", "win", "score", "loss")
                             else "left")
        for m in marked:
            show = (lambda e: f"{e['score']:.1f}") if solo else (lambda e: _pct(e["win"]))
            style = MARK_STYLE[m["mark"]]
            moves.add_row(str(m["index"]), seat_name(review, m["seat"]), m["played"]["move"],
                          show(m["played"]), m["best"]["move"], show(m["best"]),
                          f"{m['loss']:.3f}", f"[{style}]{m['mark']}[/{style}]")
        out.print(moves)
    else:
        out.print("No marked moves.")
    swings = [(s, c) for c in review["chance"] for s in c["swings"]]
    swings.sort(key=lambda sc: -abs(sc[0]["swing"]))
    for s, c in swings[:TOP_SWINGS]:
        out.print(swing_sentence(review, c, s), highlight=False)


def swing_sentence(review: dict[str, Any], chance: dict[str, Any], swing: dict[str, Any]) -> str:
    """``"event 57 (tile: ra): seat 1's win chance 40% -> 28% (-12 points)"``."""
    who = seat_name(review, swing["seat"])
    before, after = swing["before"], swing["after"]
    if swing["win_swing"] is None:
        return (f"event {chance['index']} ({chance['event']}): {who}'s expected score "
                f"{before['score']:.1f} -> {after['score']:.1f}")
    return (f"event {chance['index']} ({chance['event']}): {who}'s win chance "
            f"{_pct(before['win'])} -> {_pct(after['win'])} "
            f"({100 * swing['win_swing']:+.0f} points)")


def check_plot() -> None:
    """Raise :class:`OptionsError` with the install line when matplotlib is missing."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise OptionsError("--plot needs matplotlib: pip install 'thebes[plot]'") from None


def plot_format(path: str) -> str:
    """The image format ``--plot PATH`` will be written in, checked before any review is
    done: the file name's suffix if matplotlib writes it (``.png``, ``.svg``, ``.pdf``...),
    PNG for a name without one (written to PATH itself, no suffix added). Raises
    :class:`OptionsError` naming the path: an unknown suffix, an empty name, a folder, a
    missing folder, a write-protected file."""
    check_plot()
    import os

    from matplotlib.backend_bases import FigureCanvasBase

    if not path or "\x00" in path:
        raise OptionsError(f"--plot {path!r}: give a file name such as review.png")
    suffix = os.path.splitext(path)[1].lstrip(".").lower()
    formats = FigureCanvasBase.get_supported_filetypes()
    if suffix and suffix not in formats:
        raise OptionsError(f"--plot {path}: matplotlib cannot write .{suffix} files; use "
                           f"{', '.join('.' + f for f in sorted(formats))}")
    if os.path.isdir(path):
        raise OptionsError(f"--plot {path}: it is a folder; give a file name such as "
                           f"{os.path.join(path, 'review.png')}")
    folder = os.path.dirname(os.path.realpath(path)) or "."
    if not os.path.isdir(folder):
        raise OptionsError(f"--plot {path}: the folder {folder} does not exist")
    if os.path.isfile(path) and not os.access(path, os.W_OK):
        raise OptionsError(f"--plot {path}: permission denied (the file is write-protected)")
    if not os.path.exists(path) and not os.access(folder, os.W_OK | os.X_OK):
        raise OptionsError(f"--plot {path}: permission denied (the folder {folder} is not "
                           f"writable)")
    return suffix or "png"


def plot_review(review: dict[str, Any], path: str) -> None:
    """Draw each seat's win chance (solo: expected score) against the events replayed,
    marked moves as dots coloured by mark, into the image ``path`` (its format:
    :func:`plot_format`), written whole or not at all.

    Raises :class:`OptionsError` (see :func:`plot_format`) or :class:`RecordError` when
    the write fails (a full disk).
    """
    import io

    from thebes.core.recordio import write_text

    image_format = plot_format(path)
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    solo = review["players"] == 1
    key = "score" if solo else "win"
    colours = {"inaccuracy": "#d4a017", "mistake": "#e67e22", "blunder": "#c0392b"}
    fig, ax = plt.subplots(figsize=(10, 4.5), dpi=110)
    for series in review["series"]:
        points = [p for p in series["points"] if p[key] is not None]
        xs = [p["at"] for p in points]
        ys = [(100 * p[key]) if not solo else p[key] for p in points]
        line, = ax.plot(xs, ys, label=seat_name(review, series["seat"]), linewidth=1.5)
        for p, x, y in zip(points, xs, ys):
            if p["mark"]:
                ax.scatter([x], [y], s=40 if p["mark"] == "blunder" else 25,
                           color=colours[p["mark"]], edgecolor=line.get_color(), zorder=3)
    for name, colour in colours.items():
        ax.scatter([], [], color=colour, label=name)
    ax.set_xlabel("events replayed")
    ax.set_ylabel("expected score" if solo else "win chance (%)")
    if not solo:
        ax.set_ylim(0, 100)
    ax.set_title(f"{get_game(review['game']).title}: the search's view of each seat")
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize=8, ncol=2)
    fig.tight_layout()
    image = io.BytesIO()
    try:
        fig.savefig(image, format=image_format)
    finally:
        plt.close(fig)
    write_text(path, image.getvalue(), overwrite=True, what="plot")
