"""An independent reference implementation of Ra, written from shared/spec/ra.md alone.

It exists to judge the engine in thebes/games/ra/ (see test_ra_differential.py)
and is written for clarity, not speed: dicts of tile counts, lists of suns,
explicit loops. Seats are 0-based inside; every text uses the notation of
shared/spec/ra.md.

    ref = RaReference(3)
    ref.legal_events()          # set of event texts (chance node: possible outcomes)
    ref.chance_probability(t)   # exact Fraction (chance node only)
    ref.apply(t)                # raises IllegalEvent for anything not legal here
    ref.is_terminal(), ref.scores(), ref.ranking()   # ranking: 1-based seats
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

# ---------------------------------------------------------------- components
# The components table, in its order (this order spells `discard` lists).
TILE_COUNTS = {
    "ra": 30,
    "god": 8,
    "gold": 5,
    "pharaoh": 25,
    "nile": 25,
    "flood": 12,
    "astronomy": 5, "agriculture": 5, "writing": 5, "religion": 5, "art": 5,
    "fortress": 5, "obelisk": 5, "palace": 5, "pyramid": 5, "temple": 5,
    "statue": 5, "step-pyramid": 5, "sphinx": 5,
    "funeral": 2, "drought": 2, "unrest": 4, "earthquake": 2,
}
KINDS = list(TILE_COUNTS)  # components-table order

CIVILIZATIONS = ["astronomy", "agriculture", "writing", "religion", "art"]
MONUMENTS = ["fortress", "obelisk", "palace", "pyramid", "temple", "statue",
             "step-pyramid", "sphinx"]
DISASTERS = ["funeral", "drought", "unrest", "earthquake"]

SUN_GROUPS = {
    3: [[13, 8, 5, 2], [12, 9, 6, 3], [11, 10, 7, 4]],
    4: [[13, 6, 2], [12, 7, 3], [11, 8, 4], [10, 9, 5]],
    5: [[16, 7, 2], [15, 8, 3], [14, 9, 4], [13, 10, 5], [12, 11, 6]],
}
RA_TILES_TO_END_EPOCH = {3: 8, 4: 9, 5: 10}
AUCTION_TRACK_SPACES = 8
EPOCHS = 3
START_FAME = 10

# How the spelling of a drought discard is written. The spec's own example is
# `discard flood nile` (floods are lost first), although the components table
# lists nile before flood; we follow the literal example (see the report).
DROUGHT_ORDER = ["flood", "nile"]


class IllegalEvent(ValueError):
    """The text is not a legal event in this state."""


class RaReference:
    def __init__(self, players: int):
        if players not in SUN_GROUPS:
            raise ValueError("Ra takes 3 to 5 players")
        self.n = players
        self.phase = "setup"   # setup, turn, draw, god, auction, discard, over
        self.epoch = 1
        self.bag = dict(TILE_COUNTS)
        self.ra_track = 0                              # Ra tiles on the Ra track
        self.track = [None] * AUCTION_TRACK_SPACES     # auction track, space order
        self.up = [[] for _ in range(players)]         # face-up suns
        self.down = [[] for _ in range(players)]       # face-down suns
        self.display = [dict() for _ in range(players)]  # kind -> count
        self.fame = [START_FAME] * players
        self.centre = 1
        self.player = None          # seat to decide (None at chance / over)
        self.drawer = None          # who said `draw` (during the draw's chance node)
        # auction in progress
        self.auction_kind = None    # drawn, voluntary, forced
        self.ra_player = None
        self.bidders = []           # seats still to speak, in order
        self.high_bid = 0
        self.high_bidder = None
        # disasters waiting to be resolved by self.player
        self.pending_disasters = []
        self.after_disasters = None  # "auction" or "god"
        self.history = []
        self._setup_outcomes = None  # cache: the N! sun deals

    # ------------------------------------------------------------ helpers
    def count(self, seat, kind):
        return self.display[seat].get(kind, 0)

    def add_tile(self, seat, kind):
        self.display[seat][kind] = self.count(seat, kind) + 1

    def remove_tile(self, seat, kind):
        self.display[seat][kind] = self.count(seat, kind) - 1
        assert self.display[seat][kind] >= 0

    def next_seat_with_suns(self, start):
        """The first seat from `start` on (clockwise) holding a face-up sun, or None."""
        for i in range(self.n):
            seat = (start + i) % self.n
            if len(self.up[seat]) > 0:
                return seat
        return None

    def track_full(self):
        return all(space is not None for space in self.track)

    def bag_size(self):
        return sum(self.bag.values())

    def takeable_kinds(self):
        """Kinds a god may take from the auction track (anything but gods)."""
        kinds = set()
        for space in self.track:
            if space is not None and space != "god":
                kinds.add(space)
        return kinds

    def all_suns(self, seat):
        return self.up[seat] + self.down[seat]

    # ------------------------------------------------------------ discard options
    def discard_options(self, seat, disaster):
        """The distinct `discard ...` texts for this disaster (empty: nothing to lose)."""
        if disaster == "funeral":
            have = self.count(seat, "pharaoh")
            if have == 0:
                return set()
            return {"discard " + " ".join(["pharaoh"] * min(2, have))}
        if disaster == "drought":
            floods = self.count(seat, "flood")
            niles = self.count(seat, "nile")
            floods_lost = min(2, floods)
            niles_lost = min(2 - floods_lost, niles)
            lost = ["flood"] * floods_lost + ["nile"] * niles_lost
            if not lost:
                return set()
            lost.sort(key=DROUGHT_ORDER.index)
            return {"discard " + " ".join(lost)}
        if disaster == "unrest":
            category = CIVILIZATIONS
        elif disaster == "earthquake":
            category = MONUMENTS
        else:
            raise AssertionError(disaster)
        held = []  # one entry per tile, in components order
        for kind in category:
            held += [kind] * self.count(seat, kind)
        if not held:
            return set()
        size = min(2, len(held))
        options = set()
        for combo in itertools.combinations(held, size):
            ordered = sorted(combo, key=KINDS.index)
            options.add("discard " + " ".join(ordered))
        return options

    # ------------------------------------------------------------ legal events
    def is_terminal(self):
        return self.phase == "over"

    def is_chance(self):
        return self.phase in ("setup", "draw")

    def current_player(self):
        """0-based seat to decide, 'chance', or None when the game is over."""
        if self.is_chance():
            return "chance"
        if self.phase == "over":
            return None
        return self.player

    def setup_outcomes(self):
        if self._setup_outcomes is not None:
            return set(self._setup_outcomes)
        outcomes = set()
        for perm in itertools.permutations(range(self.n)):
            groups = [SUN_GROUPS[self.n][g] for g in perm]
            outcomes.add(self.suns_text(groups))
        self._setup_outcomes = frozenset(outcomes)
        return outcomes

    @staticmethod
    def suns_text(groups):
        parts = []
        for group in groups:
            parts.append(",".join(str(s) for s in sorted(group, reverse=True)))
        return "suns " + " / ".join(parts)

    def legal_events(self):
        if self.phase == "over":
            return set()
        if self.phase == "setup":
            return self.setup_outcomes()
        if self.phase == "draw":
            return {kind for kind in KINDS if self.bag[kind] > 0}
        seat = self.player
        events = set()
        if self.phase == "turn":
            if not self.track_full() and self.bag_size() > 0:
                events.add("draw")
            events.add("ra")
            if self.count(seat, "god") > 0:
                for kind in self.takeable_kinds():
                    events.add("god " + kind)
            return events
        if self.phase == "god":
            events.add("end")
            if self.count(seat, "god") > 0:
                for kind in self.takeable_kinds():
                    events.add("god " + kind)
            return events
        if self.phase == "auction":
            must_bid = (self.auction_kind == "voluntary" and seat == self.ra_player
                        and self.high_bidder is None)
            if not must_bid:
                events.add("pass")
            for sun in self.up[seat]:
                if sun > self.high_bid:
                    events.add("bid " + str(sun))
            return events
        if self.phase == "discard":
            return self.discard_options(seat, self.pending_disasters[0])
        raise AssertionError(self.phase)

    def chance_probability(self, text):
        if self.phase == "setup":
            if text in self.setup_outcomes():
                return Fraction(1, math.factorial(self.n))
            return Fraction(0)
        if self.phase == "draw":
            if text in self.bag and self.bag[text] > 0:
                return Fraction(self.bag[text], self.bag_size())
            return Fraction(0)
        raise ValueError("not a chance node")

    # ------------------------------------------------------------ apply
    def apply(self, text):
        legal = self.legal_events()
        if text not in legal:
            raise IllegalEvent(f"{text!r} is not legal here; legal: {sorted(legal)}")
        self.history.append(text)
        if self.phase == "setup":
            self.apply_setup(text)
        elif self.phase == "draw":
            self.apply_drawn_tile(text)
        elif self.phase == "turn":
            if text == "draw":
                self.phase = "draw"
                self.drawer = self.player
                self.player = None
            elif text == "ra":
                kind = "forced" if self.track_full() else "voluntary"
                self.start_auction(self.player, kind)
            else:
                self.apply_god(text[len("god "):])
        elif self.phase == "god":
            if text == "end":
                self.phase = "turn"
                self.player = self.next_seat_with_suns(self.player + 1)
            else:
                self.apply_god(text[len("god "):])
        elif self.phase == "auction":
            self.apply_bid(text)
        elif self.phase == "discard":
            self.apply_discard(text)
        else:
            raise AssertionError(self.phase)

    def apply_setup(self, text):
        body = text[len("suns "):]
        groups = [[int(s) for s in part.split(",")] for part in body.split(" / ")]
        for seat in range(self.n):
            self.up[seat] = list(groups[seat])
        self.start_epoch()

    def start_epoch(self):
        self.phase = "turn"
        best_seat, best_sun = None, 0
        for seat in range(self.n):
            for sun in self.up[seat]:
                if sun > best_sun:
                    best_seat, best_sun = seat, sun
        self.player = best_seat

    def apply_drawn_tile(self, kind):
        drawer = self.drawer
        self.bag[kind] -= 1
        if kind == "ra":
            self.ra_track += 1
            if self.ra_track >= RA_TILES_TO_END_EPOCH[self.n]:
                # epoch end (a): no auction, both tracks to the box
                self.track = [None] * AUCTION_TRACK_SPACES
                self.end_epoch()
            else:
                self.start_auction(drawer, "drawn")
            return
        for i in range(AUCTION_TRACK_SPACES):
            if self.track[i] is None:
                self.track[i] = kind
                break
        else:
            raise AssertionError("drew onto a full track")
        self.phase = "turn"
        self.player = self.next_seat_with_suns(drawer + 1)

    def apply_god(self, kind):
        seat = self.player
        self.remove_tile(seat, "god")  # to the box
        for i in range(AUCTION_TRACK_SPACES):
            if self.track[i] == kind:
                self.track[i] = None
                break
        else:
            raise AssertionError("no such tile on the track")
        self.take_tiles(seat, [kind], "god")

    def start_auction(self, ra_player, kind):
        self.phase = "auction"
        self.auction_kind = kind
        self.ra_player = ra_player
        self.high_bid = 0
        self.high_bidder = None
        self.bidders = []
        for i in range(1, self.n + 1):
            seat = (ra_player + i) % self.n  # ends with the Ra player
            if len(self.up[seat]) > 0:
                self.bidders.append(seat)
        self.player = self.bidders.pop(0)

    def apply_bid(self, text):
        seat = self.player
        if text != "pass":
            sun = int(text[len("bid "):])
            self.high_bid = sun
            self.high_bidder = seat
        if self.bidders:
            self.player = self.bidders.pop(0)
            return
        self.resolve_auction()

    def resolve_auction(self):
        winner = self.high_bidder
        if winner is None:
            if self.auction_kind == "forced":
                self.track = [None] * AUCTION_TRACK_SPACES  # to the box
            elif self.auction_kind == "voluntary":
                raise AssertionError("a voluntary auction with no bid")
            self.finish_auction()
            return
        tiles = [space for space in self.track if space is not None]
        self.track = [None] * AUCTION_TRACK_SPACES
        self.up[winner].remove(self.high_bid)
        self.down[winner].append(self.centre)
        self.centre = self.high_bid
        self.take_tiles(winner, tiles, "auction")

    def take_tiles(self, seat, tiles, after):
        disasters = []
        for kind in tiles:
            if kind in DISASTERS:
                disasters.append(kind)  # goes to the box once resolved
            else:
                self.add_tile(seat, kind)
        self.player = seat
        self.pending_disasters = disasters
        self.after_disasters = after
        self.continue_disasters()

    def continue_disasters(self):
        while self.pending_disasters:
            if self.discard_options(self.player, self.pending_disasters[0]):
                self.phase = "discard"
                return
            self.pending_disasters.pop(0)  # nothing to lose: no event
        if self.after_disasters == "auction":
            self.finish_auction()
        else:
            self.phase = "god"  # `end` or another god

    def apply_discard(self, text):
        for kind in text[len("discard "):].split(" "):
            self.remove_tile(self.player, kind)
        self.pending_disasters.pop(0)
        self.continue_disasters()

    def finish_auction(self):
        self.auction_kind = None
        self.high_bid = 0
        self.high_bidder = None
        if self.next_seat_with_suns(0) is None:
            # epoch end (b): the auction track is empty here; the Ra track goes
            self.track = [None] * AUCTION_TRACK_SPACES
            self.end_epoch()
            return
        self.phase = "turn"
        self.player = self.next_seat_with_suns(self.ra_player + 1)

    # ------------------------------------------------------------ epochs and scoring
    def epoch_totals(self):
        n = self.n
        totals = [0] * n
        for seat in range(n):
            totals[seat] += 2 * self.count(seat, "god")
            totals[seat] += 3 * self.count(seat, "gold")
            if self.count(seat, "flood") >= 1:
                totals[seat] += self.count(seat, "flood") + self.count(seat, "nile")
            distinct_civ = 0
            any_civ = 0
            for kind in CIVILIZATIONS:
                any_civ += self.count(seat, kind)
                if self.count(seat, kind) > 0:
                    distinct_civ += 1
            if any_civ == 0:
                totals[seat] -= 5
            elif distinct_civ == 3:
                totals[seat] += 5
            elif distinct_civ == 4:
                totals[seat] += 10
            elif distinct_civ == 5:
                totals[seat] += 15
        pharaohs = [self.count(seat, "pharaoh") for seat in range(n)]
        if max(pharaohs) != min(pharaohs):
            for seat in range(n):
                if pharaohs[seat] == max(pharaohs):
                    totals[seat] += 5
                if pharaohs[seat] == min(pharaohs):
                    totals[seat] -= 2
        if self.epoch == EPOCHS:
            for seat in range(n):
                distinct = 0
                for kind in MONUMENTS:
                    c = self.count(seat, kind)
                    if c > 0:
                        distinct += 1
                    if c == 3:
                        totals[seat] += 5
                    elif c == 4:
                        totals[seat] += 10
                    elif c == 5:
                        totals[seat] += 15
                if distinct <= 6:
                    totals[seat] += distinct
                elif distinct == 7:
                    totals[seat] += 10
                else:
                    totals[seat] += 15
            sums = [sum(self.all_suns(seat)) for seat in range(n)]
            if max(sums) != min(sums):
                for seat in range(n):
                    if sums[seat] == max(sums):
                        totals[seat] += 5
                    if sums[seat] == min(sums):
                        totals[seat] -= 5
        return totals

    def end_epoch(self):
        self.ra_track = 0  # Ra track to the box
        totals = self.epoch_totals()
        for seat in range(self.n):
            self.fame[seat] = max(0, self.fame[seat] + totals[seat])
        if self.epoch == EPOCHS:
            self.phase = "over"
            self.player = None
            return
        for seat in range(self.n):
            for kind in ["god", "gold", "flood"] + CIVILIZATIONS:
                self.display[seat][kind] = 0
            self.up[seat] = self.up[seat] + self.down[seat]
            self.down[seat] = []
        self.epoch += 1
        self.start_epoch()

    # ------------------------------------------------------------ results
    def scores(self):
        return list(self.fame)

    def ranking(self):
        """1-based seats from winner to last: most fame, ties to the highest sun held."""
        seats = list(range(self.n))
        seats.sort(key=lambda s: (-self.fame[s], -max(self.all_suns(s))))
        return [s + 1 for s in seats]
