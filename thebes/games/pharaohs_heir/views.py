"""Lazy views of big legal-move lists (python-chess's ``LegalMoveGenerator`` idea).

A token distribution (``place``, ``pay``, ``offer``, ``starve``,
``protect``) or a harvest exchange (``reap``) can have thousands of legal
forms. A view holds only the bins and their caps; ``len`` counts the forms
(a table cached by shape), ``view[i]`` builds the i-th (so
``random.choice`` stays cheap), ``in`` checks a form directly and iteration
builds them all. The order carries no meaning (RECORDS.md).
"""

from __future__ import annotations

from typing import Iterator

from .actions import OFFER, PROTECT, REAP, STARVE

_WAYS: dict[tuple, list[list[int]]] = {}


def _ways(caps: tuple[int, ...], total: int) -> list[list[int]]:
    """``ways[i][m]``: ways to put exactly m tokens on bins i.. with these caps."""
    key = (caps, total)
    table = _WAYS.get(key)
    if table is None:
        if len(_WAYS) > 50000:
            _WAYS.clear()
        nxt = [1] + [0] * total
        table = [nxt]
        for cap in reversed(caps):
            row = []
            acc = 0
            for m in range(total + 1):
                acc += nxt[m]
                if m - cap - 1 >= 0:
                    acc -= nxt[m - cap - 1]
                row.append(acc)
            table.append(row)
            nxt = row
        table.reverse()
        _WAYS[key] = table
    return table


#: (caps, total, index) -> per-bin counts, for the small shapes random playouts meet again
#: and again (cleared when it grows past a bound, like _WAYS).
_COUNTS: dict[tuple, list[int]] = {}


def _unrank(table: list[list[int]], caps: tuple[int, ...], total: int, index: int) -> list[int]:
    """The per-bin counts of form number ``index`` (``table`` is ``_ways(caps, total)``).
    Raises IndexError."""
    if not 0 <= index < table[0][total]:
        raise IndexError(index)
    m = total
    out = []
    for i in range(len(caps)):
        nxt = table[i + 1]
        k = 0
        while True:
            n = nxt[m - k]
            if index < n:
                break
            index -= n
            k += 1
        out.append(k)
        m -= k
    return out


class Splits:
    """Every way to put exactly ``total`` tokens on ``bins`` (slots), bin i
    taking 0..``caps[i]``, as actions of ``kind``.

    Kinds and their forms: PLACE and PAY ``(kind, ((slot, k), ...))``;
    STARVE and PROTECT ``(kind, (slot, ...))`` (caps are 1); OFFER
    ``(OFFER, grain, ((slot, k), ...))``, where bin 0 is the grain (its slot
    is ignored). Zero counts are left out of a form.
    """

    __slots__ = ("kind", "bins", "caps", "total", "_table")

    def __init__(self, kind: int, bins: list[int], caps: list[int], total: int) -> None:
        self.kind = kind
        self.bins = bins
        self.caps = tuple(c if c < total else total for c in caps)
        self.total = total
        self._table: list[list[int]] | None = None

    def _t(self) -> list[list[int]]:
        if self._table is None:
            self._table = _ways(self.caps, self.total)
        return self._table

    def __len__(self) -> int:
        return self._t()[0][self.total]

    def counts(self, index: int) -> list[int]:
        """The per-bin counts of form number ``index`` (a list the caller must not
        change). Raises IndexError."""
        key = (self.caps, self.total, index)
        found = _COUNTS.get(key)
        if found is not None:
            return found
        if len(_COUNTS) > 200000:
            _COUNTS.clear()
        found = _COUNTS[key] = _unrank(self._t(), self.caps, self.total, index)
        return found

    def action(self, counts: list[int]) -> tuple:
        """The action of a per-bin count vector."""
        return split_action(self.kind, self.bins, counts)

    def __getitem__(self, index: int) -> tuple:
        if index < 0:
            index += len(self)
        return self.action(self.counts(index))

    def __iter__(self) -> Iterator[tuple]:
        caps = self.caps
        nbins = len(caps)
        counts = [0] * nbins

        def rec(i: int, m: int) -> Iterator[tuple]:
            if i == nbins - 1:
                if m <= caps[i]:
                    counts[i] = m
                    yield self.action(counts)
                return
            for k in range(min(caps[i], m) + 1):
                counts[i] = k
                yield from rec(i + 1, m - k)

        if nbins == 0:
            if self.total == 0:
                yield self.action([])
            return
        yield from rec(0, self.total)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, tuple) or not action or action[0] != self.kind:
            return False
        kind = self.kind
        try:
            if kind == STARVE or kind == PROTECT:
                if len(action) != 2:
                    return False
                pairs = [(s, 1) for s in action[1]]
                first = 0
            elif kind == OFFER:
                if len(action) != 3 or type(action[1]) is not int:
                    return False
                g = action[1]
                if not 0 <= g <= self.caps[0]:
                    return False
                pairs = list(action[2])
                first = g
            else:
                if len(action) != 2:
                    return False
                pairs = list(action[1])
                first = 0
            index_of = {s: i for i, s in enumerate(self.bins) if not (kind == OFFER and i == 0)}
            last = -1
            total = first
            for slot, k in pairs:
                i = index_of.get(slot)
                if i is None or i <= last or type(k) is not int or not 1 <= k <= self.caps[i]:
                    return False
                last = i
                total += k
            return total == self.total
        except (TypeError, ValueError):
            return False


def split_action(kind: int, bins: list[int], counts: list[int]) -> tuple:
    """The ``kind`` action putting ``counts[i]`` tokens on ``bins[i]`` (see :class:`Splits`)."""
    if kind == STARVE or kind == PROTECT:
        return (kind, tuple([bins[i] for i, k in enumerate(counts) if k]))
    if kind == OFFER:
        return (OFFER, counts[0], tuple([(bins[i], k) for i, k in enumerate(counts) if k and i]))
    return (kind, tuple([(bins[i], k) for i, k in enumerate(counts) if k]))


def draw_counts(rng, caps: tuple[int, ...], total: int) -> list[int]:
    """The per-bin counts of ``rng.choice(Splits(kind, bins, caps, total))`` for caps
    already cut to ``total``: the same generator calls (one
    :func:`~thebes.core.state.randbelow` over the count). A shared list: do not change it.
    Raises IndexError when there is no form (as ``rng.choice`` of an empty view)."""
    table = _WAYS.get((caps, total)) or _ways(caps, total)
    count = table[0][total]
    if not count:
        raise IndexError("no distribution")
    k = count.bit_length()
    getrandbits = rng.getrandbits
    index = getrandbits(k)
    while index >= count:
        index = getrandbits(k)
    key = (caps, total, index)
    counts = _COUNTS.get(key)
    if counts is None:
        if len(_COUNTS) > 200000:
            _COUNTS.clear()
        counts = _COUNTS[key] = _unrank(table, caps, total, index)
    return counts


def random_split(rng, kind: int, bins: list[int], caps: list[int], total: int) -> tuple:
    """``rng.choice(Splits(kind, bins, caps, total))`` without the view: the same
    generator calls, the same action (:func:`draw_counts`). Raises IndexError when
    there is no form."""
    caps_t = tuple([c if c < total else total for c in caps])
    return split_action(kind, bins, draw_counts(rng, caps_t, total))


def random_exchange(rng, bins: list[int], caps: list[int]) -> tuple:
    """``rng.choice(Exchanges(bins, caps))`` without the view (same calls, same action)."""
    size = 1
    for c in caps:
        size *= c + 1
    k = size.bit_length()
    getrandbits = rng.getrandbits
    index = getrandbits(k)
    while index >= size:
        index = getrandbits(k)
    pairs = []
    for slot, cap in zip(bins, caps):
        index, k = divmod(index, cap + 1)
        if k:
            pairs.append((slot, k))
    return (REAP, tuple(pairs))


class Exchanges:
    """Every harvest exchange ``(REAP, ((slot, k), ...))``: 0..``caps[i]``
    farmers from each crop-column slot ``bins[i]``, any total."""

    __slots__ = ("bins", "caps")

    def __init__(self, bins: list[int], caps: list[int]) -> None:
        self.bins = bins
        self.caps = caps

    def __len__(self) -> int:
        n = 1
        for c in self.caps:
            n *= c + 1
        return n

    def __getitem__(self, index: int) -> tuple:
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(index)
        pairs = []
        for slot, cap in zip(self.bins, self.caps):
            index, k = divmod(index, cap + 1)
            if k:
                pairs.append((slot, k))
        return (REAP, tuple(pairs))

    def __iter__(self) -> Iterator[tuple]:
        for i in range(len(self)):
            yield self[i]

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, tuple) or len(action) != 2 or action[0] != REAP:
            return False
        try:
            index_of = {s: i for i, s in enumerate(self.bins)}
            last = -1
            for slot, k in action[1]:
                i = index_of.get(slot)
                if i is None or i <= last or type(k) is not int or not 1 <= k <= self.caps[i]:
                    return False
                last = i
            return True
        except (TypeError, ValueError):
            return False

