"""Ra's phases and phase machine (shared/spec/ra.md): ``apply_action`` and every rule
it runs (the deal, draws, auctions, gods, disasters, the end of an epoch).

:class:`Rules` is a mixin of :class:`~.state.RaState` (which holds the fields).
"""

from __future__ import annotations

from thebes.core import State
from thebes.core.state import game_over

import thebes.games.ra.notation as nt
from .scoring import epoch_totals
from .tiles import (AUCTION_TRACK_SIZE, CIVILIZATIONS, DROUGHT, EARTHQUAKE, EPOCHS, FLOOD,
                    FUNERAL, GOD, GOLD, MONUMENTS, NILE, NUM_KINDS, PHARAOH, RA, RA_TRACK_END,
                    TILE_COUNTS, UNREST)

SETUP, TURN, DRAWING, GOD_PLAYED, AUCTION, DISCARD, OVER = range(7)

PHASE_NAMES = ("setup", "turn", "draw", "god", "auction", "discard", "over")

DRAWN, VOLUNTARY, FORCED = range(3)

AUCTION_KINDS = ("drawn", "voluntary", "forced")

#: order in which a uniform draw in [0, bag_total) is mapped to kinds (any order is exact).
_DRAW_ORDER = sorted(range(NUM_KINDS), key=lambda k: -TILE_COUNTS[k])

#: players -> seat -> the other seats in turn order after it, then the seat itself
#: (built once: turns and auctions walk these instead of rebuilding a rotation).
_AFTER = {n: tuple(tuple((seat + i) % n for i in range(1, n + 1)) for seat in range(n))
          for n in (3, 4, 5)}

_DISCARD_CATEGORY = {FUNERAL: (PHARAOH,), UNREST: CIVILIZATIONS, EARTHQUAKE: MONUMENTS}


def discard_options(display: list[int], disaster: int) -> list[int]:
    """The distinct legal ``discard`` actions for ``disaster`` given a display's counts.

    Empty when the player holds nothing of the category (no event then).
    Source: shared/spec/ra.md, Disasters.
    """
    if disaster == DROUGHT:
        floods, niles = display[FLOOD], display[NILE]
        lost = [FLOOD] * min(2, floods)
        lost += [NILE] * min(2 - len(lost), niles)
        if not lost:
            return []
        return [nt.discard_action(*lost)]
    kinds = [k for k in _DISCARD_CATEGORY[disaster] if display[k]]
    if not kinds:
        return []
    if len(kinds) == 1 and display[kinds[0]] == 1:
        return [nt.discard_action(kinds[0])]
    options = []
    for i, k1 in enumerate(kinds):
        if display[k1] >= 2:
            options.append(nt.discard_action(k1, k1))
        for k2 in kinds[i + 1:]:
            options.append(nt.discard_action(k1, k2))
    return options


class Rules(State):
    """The rules half of :class:`~.state.RaState` (a mixin: no fields)."""

    __slots__ = ()

    # ------------------------------------------------------------------ apply
    def apply_action(self, action: int) -> None:
        phase = self.phase
        if phase == AUCTION:
            self._bid(action)
        elif phase == DRAWING:
            self._drawn(action)
        elif phase == TURN or phase == GOD_PLAYED:
            if action == nt.DRAW:
                self.phase = DRAWING
            elif action == nt.RA_MOVE:
                self._start_auction(self.player, FORCED if self.track_count == AUCTION_TRACK_SIZE
                                    else VOLUNTARY)
            elif action == nt.END:
                self._next_turn(self.player)
            else:
                self._god(action - nt.GOD)
        elif phase == DISCARD:
            self._discard(action)
        elif phase == SETUP:
            self._deal(action - nt.SUNS)
        else:
            raise game_over(action)

    def _deal(self, index: int) -> None:
        deal = nt.DEALS[self.num_players][index]
        self.suns_up = [list(group) for group in deal]
        self.first_player = self._highest_sun_holder()
        self.player = self.first_player
        self.phase = TURN

    def _highest_sun_holder(self) -> int:
        best, holder = -1, -1
        for seat in range(self.num_players):
            up = self.suns_up[seat]
            if up and up[0] > best:
                best, holder = up[0], seat
        return holder

    def _drawn(self, kind: int) -> None:
        self.bag[kind] -= 1
        self.bag_total -= 1
        if kind == RA:
            self.ra_count += 1
            if self.ra_count == RA_TRACK_END[self.num_players]:
                self._end_epoch()
            else:
                self._start_auction(self.player, DRAWN)
            return
        track = self.track
        track[track.index(-1)] = kind
        self.track_count += 1
        self._next_turn(self.player)

    def _next_turn(self, seat: int) -> None:
        """Give the turn to the first seat left of ``seat`` holding a face-up sun."""
        up = self.suns_up
        for nxt in _AFTER[self.num_players][seat]:
            if up[nxt]:
                self.player = nxt
                self.phase = TURN
                return
        self._end_epoch()  # nobody holds a face-up sun: epoch end (b)

    def _start_auction(self, ra_player: int, kind: int) -> None:
        up = self.suns_up
        self.ra_player = ra_player
        self.auction_kind = kind
        after = _AFTER[self.num_players][ra_player]
        self.bidders = after if all(up) else [s for s in after if up[s]]  # never mutated
        self.bidder_index = 0
        self.high_bid = 0
        self.high_bidder = -1
        self.bids = []
        self.player = self.bidders[0]
        self.phase = AUCTION

    def _bid(self, action: int) -> None:
        seat = self.player
        if action == nt.PASS:
            self.bids.append((seat, 0))
        else:
            sun = action - nt.BID
            self.bids.append((seat, sun))
            self.high_bid = sun
            self.high_bidder = seat
        i = self.bidder_index = self.bidder_index + 1
        bidders = self.bidders
        if i < len(bidders):
            self.player = bidders[i]
            return
        self._close_auction()

    def _close_auction(self) -> None:
        """Every bidder has spoken: the high bidder takes the track, or nobody does."""
        winner = self.high_bidder
        if winner < 0:
            if self.auction_kind == FORCED:
                self._track_to_box()
            self._after_take(from_god=False)
            return
        sun = self.high_bid
        self.suns_up[winner].remove(sun)
        self.suns_down[winner].append(self.centre)
        self.centre = sun
        track = self.track
        self.track = [-1] * AUCTION_TRACK_SIZE
        self.track_count = 0
        # _take(winner, the track's tiles in order, from_god=False), without the list
        display = self.display[winner]
        pending = []
        for k in track:
            if k >= FUNERAL:
                pending.append(k)
                self.box[k] += 1
            elif k >= 0:
                display[k] += 1
        self.pending = pending
        self.player = winner
        self.from_god = False
        if pending:
            self._resolve_disasters()
        else:
            self._after_take(False)

    def _take(self, seat: int, tiles: list[int], from_god: bool) -> None:
        """Add non-disaster tiles to ``seat``'s display, then queue its disasters in track order."""
        display = self.display[seat]
        pending = []
        for k in tiles:
            if k >= FUNERAL:
                pending.append(k)
                self.box[k] += 1
            else:
                display[k] += 1
        self.pending = pending
        self.player = seat
        self.from_god = from_god
        if pending:
            self._resolve_disasters()
        else:
            self._after_take(from_god)

    def _resolve_disasters(self) -> None:
        """Stop at the first pending disaster that calls for a choice; else finish the take."""
        pending = self.pending
        display = self.display[self.player]
        while pending:
            if discard_options(display, pending[0]):
                self.phase = DISCARD
                return
            pending.pop(0)
        self._after_take(self.from_god)

    def _after_take(self, from_god: bool) -> None:
        if from_god:
            self.phase = GOD_PLAYED
            return
        ra_player = self.ra_player
        self.ra_player = -1
        self.auction_kind = -1
        self.bidders = []
        self.bids = []
        self.high_bid = 0
        self.high_bidder = -1
        self._next_turn(ra_player)

    def _discard(self, action: int) -> None:
        display = self.display[self.player]
        for k in nt.discard_kinds(action):
            display[k] -= 1
            self.box[k] += 1
        self.pending.pop(0)
        self._resolve_disasters()

    def _god(self, kind: int) -> None:
        seat = self.player
        self.display[seat][GOD] -= 1
        self.box[GOD] += 1
        track = self.track
        track[track.index(kind)] = -1
        self.track_count -= 1
        self._take(seat, [kind], from_god=True)

    def _track_to_box(self) -> None:
        for k in self.track:
            if k >= 0:
                self.box[k] += 1
        self.track = [-1] * AUCTION_TRACK_SIZE
        self.track_count = 0

    def _end_epoch(self) -> None:
        """Clear both tracks, score the epoch, then set up the next one or end the game."""
        self._track_to_box()
        self.box[RA] += self.ra_count
        self.ra_count = 0
        self.ra_player = -1
        self.auction_kind = -1
        self.bidders = []
        self.bids = []
        self.high_bid = 0
        self.high_bidder = -1
        final = self.epoch == EPOCHS
        display, up, down = self.display, self.suns_up, self.suns_down
        self.fame = fame = [max(0, f + t) for f, t in
                            zip(self.fame, epoch_totals(display, up, down, final))]
        self.tallies = self.tallies + [(self.epoch, [d[:] for d in display],
                                        [u[:] for u in up] if final else None,
                                        [d[:] for d in down] if final else None, final, fame[:])]
        if final:
            self.phase = OVER
            self.player = -1
            return
        box = self.box
        for display in self.display:
            for k in (GOD, GOLD, FLOOD) + CIVILIZATIONS:
                box[k] += display[k]
                display[k] = 0
        for seat in range(self.num_players):
            up = self.suns_up[seat]
            up.extend(self.suns_down[seat])
            up.sort(reverse=True)
            self.suns_down[seat] = []
        self.epoch += 1
        self.first_player = self._highest_sun_holder()
        self.player = self.first_player
        self.phase = TURN
