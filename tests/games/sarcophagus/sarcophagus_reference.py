"""A slow second reading of shared/spec/sarcophagus.md, written apart from the
engine, to compare legal events at every step (conformance in miniature).

Built differently on purpose: positions are (row, index) pairs, geometry comes
from the spec's unit squares and their overlaps, and the rules are one
generator that yields each decision (seat, legal events) and receives the
event chosen.
"""

from __future__ import annotations

from fractions import Fraction

SUITS = ["sun", "moon", "crown", "arms"]
RANKS = ["null", "ace", "2", "3", "4", "5"]
ROWS = "abcdef"
CELLS = [(r, i) for r in range(1, 7) for i in range(1, r + 1)]  # reading order
SARC_CELLS = [(5, 3), (6, 3), (6, 4)]


def name(cell):
    return f"{ROWS[cell[0] - 1]}{cell[1]}"


def rank_of(tile):
    return RANKS.index(tile.split("-")[1])


def x_span(cell):
    r, i = cell
    left = Fraction(6 - r, 2) + i - 1
    return left, left + 1


def overlap(a, b):
    return min(a[1], b[1]) - max(a[0], b[0]) > 0


def sides_free(cell, present, base_free):
    r, i = cell
    span = x_span(cell)
    top = not any(overlap(span, x_span(c)) for c in present if c[0] == r - 1)
    left = not any(x_span(c)[1] == span[0] for c in present if c[0] == r)
    right = not any(x_span(c)[0] == span[1] for c in present if c[0] == r)
    if r == 6:
        bottom = base_free
    else:
        bottom = not any(overlap(span, x_span(c)) for c in present if c[0] == r + 1)
    return [top, left, right, bottom]


def adjacent(a, b):
    if a[0] == b[0]:
        return x_span(a)[1] == x_span(b)[0] or x_span(b)[1] == x_span(a)[0]
    return abs(a[0] - b[0]) == 1 and overlap(x_span(a), x_span(b))


def fame(tiles):
    numbers = [t for t in tiles if rank_of(t) >= 2]
    total = sum(rank_of(t) for t in numbers)
    for s in SUITS:
        c = sum(1 for t in numbers if t.startswith(s + "-"))
        total += {2: 1, 3: 2, 4: 4}.get(c, 0)
    return total


class Reference:
    def __init__(self, players, base_free=True):
        self.n = players
        self.base_free = base_free
        self.gen = self.rules()
        self.node = next(self.gen)
        self.result = None

    # driver
    def legal(self):
        return None if self.node is None else self.node[1]

    def to_move(self):
        return None if self.node is None else self.node[0]

    def apply(self, event):
        try:
            self.node = self.gen.send(event)
        except StopIteration:
            self.node = None

    # rules
    def claimable(self, cell):
        return sum(sides_free(cell, self.present(), self.base_free)) >= 2

    def present(self):
        return [c for c in CELLS if c in self.tiles]

    def top_left(self):
        return self.present()[0]

    def hand_values(self, seat):
        return sorted(set(self.hands[seat]))

    def rules(self):
        n = self.n
        layout = yield ("chance", None)
        words = [w for w in layout.split()[1:] if w not in ("/", "sarcophagus")]
        self.tiles = dict(zip(CELLS, words[:21]))
        self.under = dict(zip(SARC_CELLS, words[21:]))
        self.faceup = {(1, 1)}
        self.coins = {c: [] for c in CELLS}
        per = 2 if n == 2 else 1
        self.hands = [[v for v in range(6) for _ in range(per)] for _ in range(n)]
        self.held = [[] for _ in range(n)]
        self.sarc = [[] for _ in range(n)]
        self.locked = [[] for _ in range(n)]
        self.discards = []
        self.unseen = []
        first = yield ("chance", [f"first {k}" for k in range(1, n + 1)])
        turn = int(first.split()[1]) - 1
        passes = 0
        while self.tiles:
            if not self.hands[turn]:
                yield (turn, ["pass"])
                passes += 1
                if passes == n:
                    passes = 0
                    yield from self.assess(self.top_left())
                    yield from self.cascade()
            else:
                passes = 0
                tl = name(self.top_left())
                event = yield (turn, [f"place {v} {tl}" for v in self.hand_values(turn)])
                yield from self.place(turn, event)
                if self.tiles and self.hands[turn]:
                    options = [f"place {v} {name(c)}" for c in self.present()
                               if c in self.faceup and len(self.coins[c]) < 4
                               for v in self.hand_values(turn)]
                    event = yield (turn, options)
                    yield from self.place(turn, event)
            turn = (turn + 1) % n
        for s in range(n):
            self.held[s] += self.sarc[s]
        for s in range(n):
            for t in list(self.sarc[s]):
                if rank_of(t) == 0 and not self.has_god(s):
                    yield from self.trap_discard(s)
        scores = [fame(h) for h in self.held]
        order = sorted(range(n), key=lambda s: (-scores[s], len(self.held[s]), s))
        self.result = (scores, order)

    def has_god(self, seat):
        return any(rank_of(t) == 1 for t in self.held[seat])

    def trap_discard(self, seat):
        numbers = [t for t in self.held[seat] if rank_of(t) >= 2]
        if numbers:
            order = [f"{s}-{r}" for s in SUITS for r in RANKS]
            numbers.sort(key=order.index)
            event = yield (seat, [f"discard {t}" for t in numbers])
            tile = event.split()[1]
            self.held[seat].remove(tile)
            self.discards.append(tile)

    def place(self, seat, event):
        _, v, where = event.split()
        cell = next(c for c in CELLS if name(c) == where)
        self.hands[seat].remove(int(v))
        self.coins[cell].append((seat, int(v)))
        for c in self.present():
            if adjacent(c, cell):
                self.faceup.add(c)
        yield from self.cascade()

    def cascade(self):
        while True:
            full = [c for c in self.present() if len(self.coins[c]) == 4 and self.claimable(c)]
            if not full:
                return
            yield from self.assess(full[0])

    def assess(self, cell):
        coins = self.coins[cell]
        counts = {s: sum(1 for o, _ in coins if o == s) for s in range(self.n)}
        claimer = None
        if coins:
            most = max(counts.values())
            tied = [s for s in range(self.n) if counts[s] == most]
            if len(tied) == 1:
                claimer = tied[0]
            else:
                totals = {s: sum(v for o, v in coins if o == s) for s in tied}
                best = max(totals.values())
                if list(totals.values()).count(best) == 1:
                    claimer = next(s for s in tied if totals[s] == best)
        tile = self.tiles.pop(cell)
        self.coins[cell] = []
        back = list(coins)
        if claimer is None:
            self.discards.append(tile)
            if cell in self.under:
                self.unseen.append(self.under.pop(cell))
        else:
            self.held[claimer].append(tile)
            if cell in self.under:
                self.sarc[claimer].append(self.under.pop(cell))
                self.locked[claimer] += [v for o, v in coins if o == claimer]
                back = [(o, v) for o, v in coins if o != claimer]
        for o, v in back:
            self.hands[o].append(v)
        if self.tiles:
            self.faceup.add(self.top_left())
        if claimer is not None and rank_of(tile) == 0 and not self.has_god(claimer):
            yield from self.trap_discard(claimer)
