"""Arena statistics: win rates with 95% confidence intervals, mean score and rank, openskill."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any


def wilson_interval(wins: float, games: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval for a win rate (wins may be fractional: ties split)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def entry_labels(entries: list[str]) -> list[str]:
    """Entry names, with ``(2)``, ``(3)``... added where one bot sits more than once."""
    labels = []
    for i, name in enumerate(entries):
        k = entries[:i].count(name)
        labels.append(name if k == 0 else f"{name} ({k + 1})")
    return labels


def head_to_head(games: Iterable[tuple[list[str], list[float]]],
                 ) -> dict[tuple[str, str], list[float]]:
    """How often each bot finished ahead of each other bot it sat with.

    ``games``: per game, the bot label of each seat and the seat's score. Returns
    ``(a, b) -> [games a scored more than b (an equal score counts a half), games
    together]`` for every ordered pair of labels that met. At two players this is the win
    rate; at more it is the head-to-head share between two seats of the same tables
    (issue 18, items 3 and 4), whose fair share is one half.
    """
    out: dict[tuple[str, str], list[float]] = {}
    for names, scores in games:
        for i, a in enumerate(names):
            for j, b in enumerate(names):
                if i == j:
                    continue
                cell = out.setdefault((a, b), [0.0, 0])
                cell[0] += 1.0 if scores[i] > scores[j] else 0.5 if scores[i] == scores[j] else 0.0
                cell[1] += 1
    return out


def summarize(game: str, entries: list[str], results: list[dict[str, Any]]) -> dict[str, Any]:
    """Per entry: games, wins (score ties at the top split), win rate, ci95, mean score,
    mean rank (1 = first), and an openskill (Plackett-Luce) rating over all games
    (``rating`` is the ordinal mu - 3 sigma; ``mu`` and ``sigma`` are given too;
    all three ``None`` for solo games, where there is nobody to rate against), and the
    score's standard deviation ``score_sd``; ``iterations``, the mean iterations a search of
    an entry that searched (results with ``searched``, as play_arena_game gives), else
    ``None``. Solo, in a game with titles
    (``Game.solo_titles``), ``titles`` counts the games per title, lowest first.
    """
    from openskill.models import PlackettLuce

    from thebes.core import get_game

    n = len(entries)
    model = PlackettLuce()
    labels = entry_labels(entries)
    ratings = [model.rating(name=label) for label in labels]
    wins = [0.0] * n
    games = [0] * n
    score_sum = [0.0] * n
    score_sq = [0.0] * n
    table = get_game(game)
    titles: list[dict[str, int]] | None = None
    if n == 1 and table.solo_titles:
        titles = [{name: 0 for name in ["none"] + [t for _, t in reversed(table.solo_titles)]}]
    rank_sum = [0] * n
    searched = [[0, 0] for _ in range(n)]
    for r in sorted(results, key=lambda r: r["index"]):
        seating = r["seating"]  # entry per seat
        for seat, (its, count) in enumerate(r.get("searched", ())):
            searched[seating[seat]][0] += its
            searched[seating[seat]][1] += count
        scores = r["scores"]
        top = max(scores)
        tied = [s for s in range(len(seating)) if scores[s] == top]
        rank_of_seat = {seat: place for place, seat in enumerate(r["ranking"], 1)}
        for seat, entry in enumerate(seating):
            games[entry] += 1
            score_sum[entry] += scores[seat]
            score_sq[entry] += scores[seat] ** 2
            if titles is not None:
                titles[entry][table.solo_title(scores[seat])] += 1
            rank_sum[entry] += rank_of_seat[seat]
            if seat in tied:
                wins[entry] += 1.0 / len(tied)
        if len(seating) < 2:
            continue  # a solo game rates nobody
        teams = [[ratings[entry]] for entry in seating]
        ranks = [rank_of_seat[seat] for seat in range(len(seating))]
        new = model.rate(teams, ranks=ranks)
        for seat, entry in enumerate(seating):
            ratings[entry] = new[seat][0]
    bots = []
    for i, label in enumerate(labels):
        g = games[i] or 1
        lo, hi = wilson_interval(wins[i], games[i])
        mean = score_sum[i] / g
        bots.append({"name": label, "games": games[i], "wins": round(wins[i], 3),
                     "win_rate": wins[i] / g, "ci95": [lo, hi],
                     "mean_score": mean,
                     "score_sd": math.sqrt(max(0.0, score_sq[i] / g - mean * mean)),
                     "mean_rank": rank_sum[i] / g,
                     "rating": ratings[i].ordinal() if n > 1 else None,
                     "mu": ratings[i].mu if n > 1 else None,
                     "sigma": ratings[i].sigma if n > 1 else None,
                     "iterations": (searched[i][0] / searched[i][1] if searched[i][1]
                                    else None),
                     **({"titles": titles[i]} if titles is not None else {})})
    return {"game": game, "players": n, "games": len(results), "bots": bots}
