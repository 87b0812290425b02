"""Estimates of a position from one seat's information set, read off the ISMCTS search.

The review runs the project's own search (:class:`thebes.bots.ismcts.ISMCTSBot`) for
the seat under review, with the review's generator, and listens to every playout
through the search's ``on_playout`` hook: the playout's final scores (exact at the
end of the game, else the game's ``evaluate`` at the cut-off) are averaged per root
move and over the whole root. From them, for the seat (docs/review.md):

* ``win``: the mean win share (1 for the top score, split on a tie at the top), the
  search's estimate of the win chance (``None`` solo: nobody to beat);
* ``score``: the mean final score, in the game's points;
* ``margin``: the mean of score minus the best other score, in points (``None`` solo);
* ``value``: the search's own reward, ``0.8 x win + 0.2 x (1 + tanh(margin / scale)) / 2``
  (docs/bots.md), 0..1; solo, ``score / (2 x SOLO_SCALE)`` (a tenth per Pharaoh point),
  whose differences are the solo search's reward differences. Losses and marks are in
  these units.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from thebes.bots import level_search
from thebes.bots.ismcts import WIN_WEIGHT, ISMCTSBot
from thebes.core import State


@dataclass
class Tally:
    """Running sums over playouts for one seat: ``n`` playouts, sums of win share,
    score, margin and value."""

    n: int = 0
    win: float = 0.0
    score: float = 0.0
    margin: float = 0.0
    value: float = 0.0

    def add(self, win: float, score: float, margin: float, value: float) -> None:
        self.n += 1
        self.win += win
        self.score += score
        self.margin += margin
        self.value += value

    def estimate(self, solo: bool) -> dict[str, Any]:
        """``{"n", "win", "score", "margin", "value"}``, means rounded to 4 places."""
        n = self.n or 1
        return {"n": self.n,
                "win": None if solo else round(self.win / n, 4),
                "score": round(self.score / n, 4),
                "margin": None if solo else round(self.margin / n, 4),
                "value": round(self.value / n, 4)}


def outcome(scores: list[float], seat: int, scale: float, solo_scale: float
            ) -> tuple[float, float, float, float]:
    """``(win share, score, margin, value)`` of ``seat`` for final (or estimated) ``scores``."""
    score = float(scores[seat])
    if len(scores) == 1:
        return 0.0, score, 0.0, score / (2 * solo_scale)
    top = max(scores)
    win = 1.0 / sum(1 for s in scores if s == top) if score == top else 0.0
    margin = score - max(s for i, s in enumerate(scores) if i != seat)
    value = WIN_WEIGHT * win + (1 - WIN_WEIGHT) * (1 + math.tanh(margin / scale)) / 2
    return win, score, margin, value


class AfterMove:
    """The position after ``action`` as the seat to move imagines it *before* playing it.

    A move may reveal hidden facts (a Sarcophagus placement turns a tile face up); a
    review must judge the move by what the player knew when choosing it, so each
    determinization is drawn from the position before the move, then the move applied.
    Offers what :func:`search` and the ISMCTS search read: ``game``, ``num_players``,
    ``current_player()``, ``determinize(seat, rng)``.
    """

    def __init__(self, before: State, action: Any) -> None:
        self.before = before
        self.action = action
        self.game = before.game
        self.num_players = before.num_players
        after = before.clone()
        after.apply_action(action)
        self._player = after.current_player()

    def current_player(self) -> int:
        return self._player

    def determinize(self, seat: int, rng: random.Random) -> State:
        d = self.before.determinize(seat, rng)
        d.apply_action(self.action)
        return d


@dataclass
class Search:
    """The result of one search: the tally over every playout (``root``), per root move
    (``moves``, keyed by the engine's action), and ``iterations``."""

    root: Tally
    moves: dict[Any, Tally] = field(default_factory=dict)
    iterations: int = 0
    best: Any = None


def search(state: State, seat: int, rng: random.Random, iterations: int,
           think_ms: float | None = None) -> Search:
    """Search ``state`` from ``seat``'s information set (``determinize(seat, rng)``
    only) and tally every playout for ``seat``.

    ``state`` may be any node: ``seat``'s decision (then ``moves`` holds each of its
    moves and ``best`` the most visited one, the move the search would play), another
    seat's, chance, the end, or an :class:`AfterMove`.
    Budget: ``iterations``, or ``think_ms`` milliseconds when given (not reproducible).
    """
    game = state.game.name
    scale = state.game.hooks.score_scale
    # hard's search (its evaluation too: issue 32, item 5), at the review's own budget
    bot = ISMCTSBot(game, seat, rng, iterations=iterations, think_ms=think_ms,
                    **level_search(game, "hard"))
    solo_scale = bot.solo_scale
    evaluate = bot.evaluate
    root = Tally()
    by_node: dict[int, Tally] = {}

    def listen(path: list, final: State) -> None:
        scores = final.scores() if final.is_terminal() else evaluate(final)  # type: ignore[misc]
        result = outcome(list(scores or [0] * final.num_players), seat, scale, solo_scale)
        root.add(*result)
        if len(path) > 1:
            tally = by_node.get(id(path[1]))
            if tally is None:
                tally = by_node[id(path[1])] = Tally()
            tally.add(*result)

    bot.on_playout = listen
    tree = bot.search(state)
    out = Search(root, iterations=bot.last_iterations)
    if state.current_player() == seat and not isinstance(state, AfterMove):
        for action, child in tree.children.items():
            if id(child) in by_node:
                out.moves[action] = by_node[id(child)]
        if tree.children:
            out.best = max(state.legal_actions(),
                           key=lambda a: tree.children[a].visits if a in tree.children else -1)
    return out
