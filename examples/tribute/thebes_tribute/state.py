"""Tribute's state and rules (README.md).

The state is a few ints and short lists of ints; ``clone`` copies the lists.
Cards are bitmasks: bit ``v`` set means card ``v`` (1..N).

* ``cur``: the seat to bid, :data:`CHANCE` (a favour card is to be turned) or
  :data:`TERMINAL`;
* ``left``: the favour cards not turned yet (public);
* ``throne``: the favour cards at stake this round: the card just turned and any
  left there by rounds nobody won (public);
* ``unspent[seat]``: the tribute cards not yet revealed (public: every revealed
  bid is seen by all), a face-down bid included;
* ``bids[seat]``: this round's face-down bid, 0 before the seat bids (hidden
  from the other seats until the reveal);
* ``won[seat]``: the favour cards taken; ``points[seat]`` their total;
* ``history``: one ``(turned, throne mask, bids, winner or -1)`` per revealed
  round, a tuple shared by clones.

The engine never draws: the favour card is a chance node whose outcomes
``chance_outcomes()`` lists (every card in ``left``, equally likely).
"""

from __future__ import annotations

import random
from typing import Any

from thebes.core import CHANCE, TERMINAL
from thebes.core.state import State

from . import notation as nt


def cards_of(mask: int) -> list[int]:
    """The card values in ``mask``, ascending."""
    out = []
    v = 0
    while mask:
        if mask & 1:
            out.append(v)
        mask >>= 1
        v += 1
    return out


def total(mask: int) -> int:
    """The sum of the card values in ``mask``."""
    return sum(cards_of(mask))


class TributeState(State):
    """A position of Tribute. See the module docstring for the fields."""

    __slots__ = ("num_players", "cards", "cur", "round", "left", "throne", "turned", "unspent",
                 "bids", "won", "points", "history")

    def __init__(self, players: int, options: dict[str, Any] | None = None) -> None:
        options = options or {}
        n = int(options.get("cards", 7))
        full = ((1 << (n + 1)) - 1) & ~1   # cards 1..n
        self.num_players = players
        self.cards = n
        self.cur = CHANCE
        self.round = 0
        self.left = full
        self.throne = 0
        self.turned = 0
        self.unspent = [full] * players
        self.bids = [0] * players
        self.won = [0] * players
        self.points = [0] * players
        self.history: tuple[tuple[int, int, tuple[int, ...], int], ...] = ()

    # ------------------------------------------------------------ fast path
    def current_player(self) -> int:
        return self.cur

    def is_terminal(self) -> bool:
        return self.cur == TERMINAL

    def is_chance_node(self) -> bool:
        return self.cur == CHANCE

    def legal_actions(self) -> list[int]:
        cur = self.cur
        if cur >= 0:
            return cards_of(self.unspent[cur])
        if cur == CHANCE:
            return [nt.FAVOUR + v for v in cards_of(self.left)]
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.cur != CHANCE:
            raise ValueError("not a chance node")
        favours = cards_of(self.left)
        p = 1.0 / len(favours)
        return [(nt.FAVOUR + v, p) for v in favours]

    def chance_probability(self, action: Any) -> float:
        if self.cur != CHANCE:
            raise ValueError("not a chance node")
        if type(action) is not int or not nt.FAVOUR < action <= nt.FAVOUR + self.cards:
            return 0.0
        if not self.left >> (action - nt.FAVOUR) & 1:
            return 0.0
        return 1.0 / self.left.bit_count()

    def apply_action(self, action: int) -> None:
        cur = self.cur
        if cur == CHANCE:
            value = action - nt.FAVOUR
            self.left &= ~(1 << value)
            self.throne |= 1 << value
            self.turned = value
            self.round += 1
            self.cur = 0
            return
        self.bids[cur] = action
        cur += 1
        if cur < self.num_players:
            self.cur = cur
        else:
            self._reveal()

    def _reveal(self) -> None:
        """All have bid: the highest bid nobody else made takes the throne (README.md,
        "The reveal"); without one the throne waits for the next round."""
        bids = self.bids
        winner = -1
        best = 0
        for seat, b in enumerate(bids):
            if b > best and bids.count(b) == 1:
                best, winner = b, seat
        throne = self.throne
        self.history = self.history + ((self.turned, throne, tuple(bids), winner),)
        if winner >= 0:
            self.won[winner] |= throne
            self.points[winner] += total(throne)
            self.throne = 0
        for seat, b in enumerate(bids):
            self.unspent[seat] &= ~(1 << b)
        self.bids = [0] * self.num_players
        self.turned = 0
        self.cur = CHANCE if self.left else TERMINAL

    def clone(self) -> "TributeState":
        s = TributeState.__new__(TributeState)
        s.num_players = self.num_players
        s.cards = self.cards
        s.cur = self.cur
        s.round = self.round
        s.left = self.left
        s.throne = self.throne
        s.turned = self.turned
        s.unspent = self.unspent[:]
        s.bids = self.bids[:]
        s.won = self.won[:]
        s.points = self.points[:]
        s.history = self.history
        return s

    # ------------------------------------------------------------ results
    def scores(self) -> list[int]:
        """Favour points per seat so far (final at the end)."""
        return list(self.points)

    def ranking(self) -> list[int] | None:
        """0-based seats, winner first: most points, then the highest favour card taken,
        then the lower seat (README.md, "The end"); ``None`` until the end."""
        if self.cur != TERMINAL:
            return None
        return sorted(range(self.num_players),
                      key=lambda s: (-self.points[s], -self.won[s].bit_length(), s))

    # ------------------------------------------------------------ notation
    def action_to_text(self, action: Any) -> str:
        return nt.action_text(action)

    def text_to_action(self, text: str) -> int:
        return nt.parse_action(text)

    def _event_for_seat(self, action: Any, seat: int | None) -> str:
        """Another seat's bid reads ``bid ?``; a favour card is seen by all."""
        if seat is not None and self.cur >= 0 and self.cur != seat:
            return nt.HIDDEN_BID
        return nt.action_text(action)

    # ------------------------------------------------------------ information
    def _observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (``None``: everything). Seats inside are 0-based::

            {"game", "players", "seat", "cards", "phase" ("favour", "bid" or "over"),
             "to_move" (seat or None), "round", "rounds",
             "favour" (the card turned this round, or None), "throne" (favour cards at
             stake, ascending), "favours_left" (not yet turned), "hand" (own cards that
             can be bid, ascending; None for seat None), "unspent" (per seat: cards not
             yet revealed, a face-down bid included), "bids" (per seat: None before it
             bids, its card if it is the viewer's own (or seat None), else "?"),
             "won" (favour cards per seat), "points", "history" (per revealed round:
             {"favour", "throne", "bids", "winner" (seat or None)}),
             "scores", "ranking" (None until the end)}
        """
        n = self.num_players
        cur = self.cur
        omniscient = seat is None
        bids: list[Any] = []
        for s, b in enumerate(self.bids):
            bids.append(None if not b else b if omniscient or s == seat else "?")
        hand = None
        if seat is not None:
            hand = cards_of(self.unspent[seat] & ~(1 << self.bids[seat]))
        return {
            "game": "tribute", "players": n, "seat": seat, "cards": self.cards,
            "phase": "over" if cur == TERMINAL else "favour" if cur == CHANCE else "bid",
            "to_move": cur if cur >= 0 else None,
            "round": self.round, "rounds": self.cards,
            "favour": self.turned or None,
            "throne": cards_of(self.throne),
            "favours_left": cards_of(self.left),
            "hand": hand,
            "unspent": [cards_of(m) for m in self.unspent],
            "bids": bids,
            "won": [cards_of(m) for m in self.won],
            "points": list(self.points),
            "history": [{"favour": turned, "throne": cards_of(throne), "bids": list(b),
                         "winner": None if w < 0 else w}
                        for turned, throne, b, w in self.history],
            "scores": list(self.points) if cur == TERMINAL else None,
            "ranking": self.ranking(),
        }

    def _determinize(self, seat: int, rng: random.Random) -> "TributeState":
        """The other seats' face-down bids redrawn: each from that seat's unspent cards
        (public), listed in ascending order, seats in order; nothing else is hidden."""
        s = self.clone()
        bids = s.bids
        for other in range(self.num_players):
            if other != seat and bids[other]:
                bids[other] = rng.choice(cards_of(s.unspent[other]))
        return s


__all__ = ["TributeState", "cards_of", "total"]
