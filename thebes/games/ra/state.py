"""Ra's state and rules (shared/spec/ra.md).

The state is a handful of flat lists of ints; ``clone`` copies them. Phases:

* ``SETUP``: chance, the sun deal;
* ``TURN``: the seat to move may ``draw``, invoke ``ra`` or play ``god K``;
* ``DRAWING``: chance, the kind of the tile just drawn;
* ``GOD_PLAYED``: after a ``god K``, another ``god K`` or ``end`` (ruling 3);
* ``AUCTION``: the bidder may ``bid N`` or ``pass``;
* ``DISCARD``: a disaster's ``discard K [K]``;
* ``OVER``.

The phases and the phase machine (``apply_action`` and the rules it runs) are in
:mod:`.rules` (the :class:`~.rules.Rules` mixin; phases re-exported here); this
module holds the fields, clone, legal moves, random playouts, chance, results,
notation and the information hooks.
"""

from __future__ import annotations

import random
from typing import Any

from thebes.core import CHANCE, TERMINAL, TooManyOutcomes
from thebes.core.state import draw_legal, randbelow

import thebes.games.ra.notation as nt
from .rules import (_AFTER, _DRAW_ORDER, AUCTION, AUCTION_KINDS, DISCARD, DRAWING, FORCED,
                    GOD_PLAYED, OVER, PHASE_NAMES, SETUP, TURN, VOLUNTARY, Rules, discard_options)
from .scoring import score_epoch
from .tiles import (AUCTION_TRACK_SIZE, CENTRE_SUN_START, GOD, KINDS, NUM_KINDS, RA,
                    RA_TRACK_END, START_FAME, TILE_COUNTS)


class RaState(Rules):
    """A position of Ra. See the module docstring for phases; fields are internal."""

    __slots__ = ("num_players", "phase", "epoch", "player", "first_player", "bag", "bag_total",
                 "ra_count", "track", "track_count", "centre", "suns_up", "suns_down",
                 "display", "fame", "box", "ra_player", "auction_kind", "bidders",
                 "bidder_index", "high_bid", "high_bidder", "bids", "pending", "from_god",
                 "tallies")

    def __init__(self, players: int, options: dict[str, Any] | None = None) -> None:
        n = players
        self.num_players = n
        self.phase = SETUP
        self.epoch = 1
        self.player = -1
        self.first_player = -1
        self.bag = list(TILE_COUNTS)
        self.bag_total = sum(TILE_COUNTS)
        self.ra_count = 0
        self.track = [-1] * AUCTION_TRACK_SIZE
        self.track_count = 0
        self.centre = CENTRE_SUN_START
        self.suns_up: list[list[int]] = [[] for _ in range(n)]
        self.suns_down: list[list[int]] = [[] for _ in range(n)]
        self.display = [[0] * NUM_KINDS for _ in range(n)]
        self.fame = [START_FAME] * n
        self.box = [0] * NUM_KINDS
        self.ra_player = -1
        self.auction_kind = -1
        self.bidders: list[int] = []
        self.bidder_index = 0
        self.high_bid = 0
        self.high_bidder = -1
        self.bids: list[tuple[int, int]] = []
        self.pending: list[int] = []
        self.from_god = False
        #: per scored epoch ``(epoch, displays, suns_up, suns_down, final, fame)``, copies
        #: taken at its end; ``tally()`` builds the lines only when someone looks.
        self.tallies: list[tuple] = []

    # ------------------------------------------------------------------ copy
    def clone(self) -> "RaState":
        c = RaState.__new__(RaState)
        c.num_players = self.num_players
        c.phase = self.phase
        c.epoch = self.epoch
        c.player = self.player
        c.first_player = self.first_player
        c.bag = self.bag[:]
        c.bag_total = self.bag_total
        c.ra_count = self.ra_count
        c.track = self.track[:]
        c.track_count = self.track_count
        c.centre = self.centre
        c.suns_up = [s[:] for s in self.suns_up]
        c.suns_down = [s[:] for s in self.suns_down]
        c.display = [d[:] for d in self.display]
        c.fame = self.fame[:]
        c.box = self.box[:]
        c.ra_player = self.ra_player
        c.auction_kind = self.auction_kind
        c.bidders = self.bidders  # never mutated in place: replaced per auction
        c.bidder_index = self.bidder_index
        c.high_bid = self.high_bid
        c.high_bidder = self.high_bidder
        c.bids = self.bids[:]
        c.pending = self.pending[:]
        c.from_god = self.from_god
        c.tallies = self.tallies  # replaced, never mutated, at each epoch end
        return c

    # ------------------------------------------------------------------ queries
    def current_player(self) -> int:
        phase = self.phase
        if phase == SETUP or phase == DRAWING:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.player

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def is_chance_node(self) -> bool:
        return self.phase == SETUP or self.phase == DRAWING

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == AUCTION:
            high = self.high_bid
            actions = [nt.BID + s for s in self.suns_up[self.player] if s > high]
            if not (self.auction_kind == VOLUNTARY and self.high_bidder < 0
                    and self.player == self.ra_player):
                actions.append(nt.PASS)
            return actions
        if phase == TURN or phase == GOD_PLAYED:
            actions = []
            if phase == TURN:
                if self.track_count < AUCTION_TRACK_SIZE and self.bag_total:
                    actions.append(nt.DRAW)
                actions.append(nt.RA_MOVE)
            else:
                actions.append(nt.END)
            if self.display[self.player][GOD] and self.track_count:
                seen = set()
                for k in self.track:
                    if k > GOD and k not in seen:
                        seen.add(k)
                        actions.append(nt.GOD + k)
            return actions
        if phase == DISCARD:
            return discard_options(self.display[self.player], self.pending[0])
        if phase == OVER:
            return []
        return [a for a, _ in self.chance_outcomes()]

    def random_action(self, rng: random.Random) -> int:
        """``rng.choice(self.legal_actions())`` without the list, where it is cheap to count:
        a bid (face-up suns are kept high to low, so the ones above the high bid come
        first) and a turn without a god to play; other moves go through the list."""
        phase = self.phase
        if phase == AUCTION:
            up = self.suns_up[self.player]
            high = self.high_bid
            m = 0
            for s in up:
                if s <= high:
                    break
                m += 1
            if self.auction_kind == VOLUNTARY and self.high_bidder < 0 and self.player == self.ra_player:
                return nt.BID + up[randbelow(rng, m)]
            r = randbelow(rng, m + 1)
            return nt.BID + up[r] if r < m else nt.PASS
        if phase == TURN and not (self.track_count and self.display[self.player][GOD]):
            if self.track_count < AUCTION_TRACK_SIZE and self.bag_total:
                return nt.RA_MOVE if randbelow(rng, 2) else nt.DRAW
            randbelow(rng, 1)  # rng.choice draws even from one move
            return nt.RA_MOVE
        return draw_legal(self, rng)

    def random_playout(self, rng: random.Random) -> int:
        """``State.random_playout`` with bids, plain turns and draws (most events) chosen
        and applied inline: the same generator calls, the same game, fewer calls."""
        n = 0
        getrandbits = rng.getrandbits
        random_ = rng.random
        close = self._close_auction
        drawn = self._drawn
        start = self._start_auction
        after = _AFTER[self.num_players]
        while True:
            phase = self.phase
            if phase == AUCTION:
                player = self.player
                up = self.suns_up[player]
                high = self.high_bid
                m = 0
                for s in up:
                    if s <= high:
                        break
                    m += 1
                k = m if (self.auction_kind == VOLUNTARY and self.high_bidder < 0
                          and player == self.ra_player) else m + 1
                bits = k.bit_length()
                r = getrandbits(bits)
                while r >= k:
                    r = getrandbits(bits)
                if r < m:  # as _bid
                    sun = up[r]
                    self.bids.append((player, sun))
                    self.high_bid = sun
                    self.high_bidder = player
                else:
                    self.bids.append((player, 0))
                i = self.bidder_index = self.bidder_index + 1
                bidders = self.bidders
                if i < len(bidders):
                    self.player = bidders[i]
                else:
                    close()
            elif phase == DRAWING:
                r = int(random_() * self.bag_total)
                bag = self.bag
                for kind in _DRAW_ORDER:
                    r -= bag[kind]
                    if r < 0:
                        break
                if kind == RA:
                    drawn(kind)
                else:  # as _drawn and _next_turn
                    bag[kind] -= 1
                    self.bag_total -= 1
                    track = self.track
                    track[track.index(-1)] = kind
                    self.track_count += 1
                    up = self.suns_up
                    for nxt in after[self.player]:
                        if up[nxt]:
                            self.player = nxt
                            self.phase = TURN
                            break
                    else:
                        self._end_epoch()
            elif phase == TURN and not (self.track_count and self.display[self.player][GOD]):
                if self.track_count < AUCTION_TRACK_SIZE and self.bag_total:
                    r = getrandbits(2)
                    while r >= 2:
                        r = getrandbits(2)
                    if r:
                        start(self.player, VOLUNTARY)
                    else:
                        self.phase = DRAWING
                else:
                    while getrandbits(1):  # rng.choice draws even from one move
                        pass
                    start(self.player, FORCED if self.track_count == AUCTION_TRACK_SIZE
                          else VOLUNTARY)
            elif phase == OVER:
                return n
            elif phase == SETUP:
                self.apply_action(self.sample_chance(rng))
            else:
                self.apply_action(self.random_action(rng))
            n += 1

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == SETUP:
            deals = nt.DEALS[self.num_players]
            p = 1.0 / len(deals)
            return [(nt.SUNS + i, p) for i in range(len(deals))]
        if self.phase == DRAWING:
            total = self.bag_total
            return [(k, c / total) for k, c in enumerate(self.bag) if c]
        return []

    def chance_probability(self, action: Any) -> float:
        if self.phase == SETUP:
            deals = nt.DEALS[self.num_players]
            return 1.0 / len(deals) if isinstance(action, int) and 0 <= action - nt.SUNS < len(deals) else 0.0
        if self.phase == DRAWING and isinstance(action, int) and 0 <= action < NUM_KINDS:
            return self.bag[action] / self.bag_total
        return 0.0

    def sample_chance(self, rng: random.Random) -> int:
        if self.phase == SETUP:
            return nt.SUNS + int(rng.random() * len(nt.DEALS[self.num_players]))
        r = int(rng.random() * self.bag_total)
        bag = self.bag
        for k in _DRAW_ORDER:
            r -= bag[k]
            if r < 0:
                return k
        raise TooManyOutcomes("empty bag")  # unreachable: draw is illegal with an empty bag
















    # ------------------------------------------------------------------ results
    def tally(self, index: int) -> dict[str, Any]:
        """The ``index``-th epoch's tally as the observation shows it:
        ``{"lines": {line: [points per seat]}, "totals": [...], "epoch": e, "fame": [...]}``
        (scoring.score_epoch of the displays and suns as they were at that epoch's end)."""
        epoch, displays, up, down, final, fame = self.tallies[index]
        n = self.num_players
        tally = score_epoch(displays, up or [[]] * n, down or [[]] * n, final)
        tally["epoch"] = epoch
        tally["fame"] = fame[:]
        return tally

    def scores(self) -> list[int]:
        """Each seat's fame so far (ruling 10), final fame at the end."""
        return self.fame[:]

    def ranking(self) -> list[int] | None:
        """Most fame first; ties at every place to the highest sun held (ruling 6)."""
        if self.phase != OVER:
            return None
        best_sun = [max(self.suns_up[s] + self.suns_down[s], default=0)
                    for s in range(self.num_players)]
        return sorted(range(self.num_players), key=lambda s: (-self.fame[s], -best_sun[s]))

    # ------------------------------------------------------------------ notation
    def action_to_text(self, action: Any) -> str:
        if self.phase == SETUP:
            return nt.deal_text(nt.DEALS[self.num_players][action - nt.SUNS])
        if self.phase == DRAWING:
            return KINDS[action]
        return nt.move_text(action)

    def text_to_action(self, text: str) -> int:
        if self.phase == SETUP or self.phase == DRAWING:
            return nt.parse_chance(text, self.num_players, self.phase == SETUP)
        return nt.parse_move(text)

    # ------------------------------------------------------------------ information
    def _observation(self, seat: int | None) -> dict[str, Any]:
        """Everything is public in Ra (shared/spec/ra.md, What each seat sees): the
        same dict for every seat but for ``"seat"``. Shape: docs/games/ra/rules.md."""
        phase = self.phase
        auction = None
        if self.ra_player >= 0 and phase in (AUCTION, DISCARD):
            auction = {"ra_player": self.ra_player, "kind": AUCTION_KINDS[self.auction_kind],
                       "bids": [[s, b or None] for s, b in self.bids],
                       "high_bid": self.high_bid or None,
                       "high_bidder": self.high_bidder if self.high_bidder >= 0 else None}
        discard = None
        if phase == DISCARD:
            discard = {"seat": self.player, "disaster": KINDS[self.pending[0]],
                       "pending": [KINDS[k] for k in self.pending[1:]]}
        return {
            "game": "ra", "players": self.num_players, "seat": seat,
            "epoch": self.epoch, "phase": PHASE_NAMES[phase],
            "to_move": self.player if phase in (TURN, GOD_PLAYED, AUCTION, DISCARD) else None,
            "first_player": self.first_player if self.first_player >= 0 else None,
            "ra_track": self.ra_count, "ra_track_end": RA_TRACK_END[self.num_players],
            "auction_track": [KINDS[k] if k >= 0 else None for k in self.track],
            "centre_sun": self.centre,
            "bag": {KINDS[k]: c for k, c in enumerate(self.bag)}, "bag_total": self.bag_total,
            "auction": auction, "discard": discard,
            "seats": [{"suns_up": sorted(self.suns_up[s], reverse=True),
                       "suns_down": sorted(self.suns_down[s], reverse=True),
                       "fame": self.fame[s],
                       "display": {KINDS[k]: c for k, c in enumerate(self.display[s]) if c},
                       "gods": self.display[s][GOD]}
                      for s in range(self.num_players)],
            "tallies": [self.tally(i) for i in range(len(self.tallies))],
            "scores": self.fame[:],
            "ranking": self.ranking(),
        }

    def _determinize(self, seat: int, rng: random.Random) -> "RaState":
        """Ra hides nothing (the bag's order is not state: draws are chance nodes)."""
        return self.clone()

    def tiles_in_play(self) -> list[int]:
        """Count per kind over bag, tracks, displays and box (180 in all, for invariants)."""
        counts = [self.bag[k] + self.box[k] for k in range(NUM_KINDS)]
        counts[RA] += self.ra_count
        for k in self.track:
            if k >= 0:
                counts[k] += 1
        for display in self.display:
            for k in range(NUM_KINDS):
                counts[k] += display[k]
        return counts


__all__ = ["RaState", "AUCTION", "AUCTION_KINDS", "DISCARD", "DRAWING", "FORCED", "GOD_PLAYED",
           "OVER", "PHASE_NAMES", "SETUP", "TURN", "VOLUNTARY", "discard_options"]
