"""A fixed integer encoding of every event, per game and player count.

An :class:`Encoding` holds two vocabularies, each a tuple of notation texts
whose index is the id (docs/interop.md lists them per game):

* ``moves``: every move a seat can ever make, ids ``0 .. len(moves) - 1``
  (OpenSpiel's ``num_distinct_actions``, PettingZoo's action space);
* ``chance``: every chance outcome the adapter exposes, ids
  ``0 .. len(chance) - 1`` (OpenSpiel's ``max_chance_outcomes``).

The texts are the engine's own notation (``state.action_to_text``), so an id
means the same event in every state where it is legal, and ``text -> id`` is
the inverse. Two exceptions, both chance outcomes, written ``deal X``: where
the spec's chance event is a whole shuffle (the Sarcophagus layout, the
Pharaoh's Heir stacks), the adapter deals it one tile at a time (a
:class:`Dealer`), each step's outcome being the tile ``X`` put in the next
place; when the last place is dealt the engine receives its single shuffle
event. The product of the steps' probabilities is the spec's probability of
that shuffle.

Nothing here imports OpenSpiel or PettingZoo.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Hashable

from thebes.core import InvalidEventError, State, get_game


class Dealer:
    """A shuffle dealt as a sequence of single-tile chance nodes.

    ``dealt`` is the list of chance ids dealt so far (``deal X`` ids of the
    encoding). Subclasses give the number of steps, each step's outcomes, and
    the engine's shuffle event once every step is dealt.
    """

    steps: int

    def outcomes(self, dealt: list[int]) -> list[tuple[int, float]]:
        """``[(chance id, probability)]`` of the next tile, ascending ids."""
        raise NotImplementedError

    def finish(self, dealt: list[int]) -> Hashable:
        """The engine's chance action for the complete deal."""
        raise NotImplementedError


class Encoding:
    """The id <-> event bijection of one game at one player count and options.

    Args:
        name: the thebes game name (``"ra"``).
        players, options: as for :meth:`thebes.core.Game.new_initial_state`.
        moves, chance: the vocabularies (index = id).
        dealer_for: ``state -> Dealer | None``: the dealer for a chance node
            that is a whole shuffle, ``None`` for a node the engine lists.
    """

    def __init__(self, name: str, players: int, options: dict[str, Any],
                 moves: list[str], chance: list[str],
                 dealer_for: Callable[[State], Dealer | None] | None = None,
                 walker_for: Callable[["Encoding", State], "Walker"] | None = None) -> None:
        self.name = name
        self.game = get_game(name)
        self.players = players
        self.options = self.game.options(players, options)
        self.moves: tuple[str, ...] = tuple(moves)
        self.chance: tuple[str, ...] = tuple(chance)
        self.move_index = {t: i for i, t in enumerate(self.moves)}
        self.chance_index = {t: i for i, t in enumerate(self.chance)}
        if len(self.move_index) != len(self.moves) or len(self.chance_index) != len(self.chance):
            raise ValueError(f"{name}: a vocabulary spells one event twice")
        self._dealer_for = dealer_for
        self._walker_for = walker_for
        #: whether a move is a sequence of token ids (Pharaoh's Heir) rather than one id.
        self.compound = walker_for is not None
        # (is chance, engine action) -> id and back; the engines' texts depend
        # only on the action and whether the node is chance (checked in tests).
        self._ids: dict[tuple[bool, Hashable], int] = {}
        self._actions: dict[tuple[bool, int], Hashable] = {}

    @property
    def num_moves(self) -> int:
        return len(self.moves)

    @property
    def num_chance(self) -> int:
        return len(self.chance)

    def new_state(self) -> State:
        return self.game.new_state(self.players, dict(self.options))

    def dealer(self, state: State) -> Dealer | None:
        """The dealer for ``state``'s chance node if it is a whole shuffle."""
        if self._dealer_for is None or not state.is_chance_node():
            return None
        return self._dealer_for(state)

    def walker(self, state: State) -> "Walker":
        """A :class:`Walker` over the legal moves of ``state`` (compound encodings only)."""
        assert self._walker_for is not None
        return self._walker_for(self, state)

    def action_id(self, state: State, action: Hashable) -> int:
        """The id of ``action`` (a move, or a listed chance outcome) in ``state``."""
        chance = state.is_chance_node()
        key = (chance, action)
        found = self._ids.get(key)
        if found is None:
            text = state.action_to_text(action)
            table = self.chance_index if chance else self.move_index
            found = table.get(text)
            if found is None:
                raise ValueError(f"{self.name}: {text!r} is outside the adapter's vocabulary")
            self._ids[key] = found
        return found

    def id_action(self, state: State, ident: int) -> Hashable:
        """The engine action of id ``ident`` in ``state`` (not checked for legality).

        Raises :class:`InvalidEventError` for an id outside the vocabulary.
        """
        chance = state.is_chance_node()
        key = (chance, ident)
        found = self._actions.get(key)
        if found is None:
            texts = self.chance if chance else self.moves
            if not isinstance(ident, int) or not 0 <= ident < len(texts):
                raise InvalidEventError(f"{ident!r} is no {'chance' if chance else 'move'} id "
                                        f"of {self.name}")
            found = state.text_to_action(texts[ident])
            self._actions[key] = found
        return found

    def text(self, ident: int, chance: bool = False) -> str:
        """The notation of id ``ident``."""
        return (self.chance if chance else self.moves)[ident]


# ---------------------------------------------------------------------- Ra
def _ra(players: int, options: dict[str, Any]) -> Encoding:
    from thebes.games.ra import notation as nt
    from thebes.games.ra.tiles import CIVILIZATIONS, FLOOD, KINDS, MONUMENTS, NILE, PHARAOH

    moves = ["draw", "ra", "end", "pass"]
    moves += [f"god {KINDS[k]}" for k in range(2, len(KINDS))]
    moves += [f"bid {n}" for n in range(1, 17)]
    discards = [nt.discard_action(FLOOD), nt.discard_action(NILE),
                nt.discard_action(FLOOD, FLOOD), nt.discard_action(FLOOD, NILE),
                nt.discard_action(NILE, NILE)]
    for category in ((PHARAOH,), CIVILIZATIONS, MONUMENTS):
        for i, k1 in enumerate(category):
            discards.append(nt.discard_action(k1))
            for k2 in category[i:]:
                discards.append(nt.discard_action(k1, k2))
    moves += [nt.move_text(a) for a in discards]
    chance = list(KINDS) + [nt.deal_text(d) for d in nt.DEALS[players]]
    return Encoding("ra", players, options, moves, chance)


# ---------------------------------------------------------------------- Sarcophagus
class SarcophagusLayoutDealer(Dealer):
    """The layout dealt place by place: first the six special places (the
    three sarcophagus positions e3 f3 f4, then the three sarcophagus slots),
    which take the four 5s and two of the four nulls, then the other 18 places
    in reading order, which take the 18 tiles left, uniformly.

    At special step ``i`` with ``z`` nulls dealt, a 5 not yet dealt has
    probability ``1 / r`` and a null not yet dealt ``(2 - z) / ((4 - z) r)``,
    ``r = 6 - i``; the product over a whole layout is ``1 / (4320 x 18!)``.
    """

    steps = 24

    def __init__(self) -> None:
        from thebes.games.sarcophagus import notation as nt
        from thebes.games.sarcophagus.state import SPECIAL_PLACES

        self.fives = frozenset(nt.FIVES)
        self.nulls = frozenset(nt.NULLS)
        self.special = SPECIAL_PLACES
        self.others = tuple(p for p in range(nt.NUM_TILES) if p not in SPECIAL_PLACES)

    def outcomes(self, dealt: list[int]) -> list[tuple[int, float]]:
        i = len(dealt)
        taken = set(dealt)
        if i < 6:
            r = 6 - i
            z = sum(1 for t in dealt if t in self.nulls)
            out = []
            for t in range(24):
                if t in taken:
                    continue
                if t in self.fives:
                    out.append((t, 1.0 / r))
                elif t in self.nulls and z < 2:
                    out.append((t, (2 - z) / ((4 - z) * r)))
            return out
        left = [t for t in range(24) if t not in taken]
        p = 1.0 / len(left)
        return [(t, p) for t in left]

    def finish(self, dealt: list[int]) -> tuple[int, ...]:
        layout = [0] * 24
        for place, tile in zip(self.special + self.others, dealt):
            layout[place] = tile
        return tuple(layout)


def _sarcophagus(players: int, options: dict[str, Any]) -> Encoding:
    from thebes.games.sarcophagus import notation as nt
    from thebes.games.sarcophagus.state import LAYOUT

    moves = list(nt.ACTION_TEXT[:nt.FIRST])
    chance = [f"deal {name}" for name in nt.TILE_NAMES]
    chance += [f"first {k}" for k in range(1, players + 1)]
    dealer = SarcophagusLayoutDealer()
    return Encoding("sarcophagus", players, options, moves, chance,
                    lambda s: dealer if s.phase == LAYOUT else None)


# ---------------------------------------------------------------------- Pharaoh
def _pharaoh(players: int, options: dict[str, Any]) -> Encoding:
    from thebes.games.pharaoh import notation as nt

    codes = sorted(nt.TEXT)
    moves = [nt.TEXT[c] for c in codes if c < nt.ROLL]
    chance = [nt.TEXT[c] for c in codes if c >= nt.ROLL]
    return Encoding("pharaoh", players, options, moves, chance)


# ---------------------------------------------------------------------- Pharaoh's Heir
#: the token that ends a compound move.
END = "<end>"
#: counts and numbers a Pharaoh's Heir move may name (0 .. MAX_NUMBER).
MAX_NUMBER = 199


def tokens_of_text(text: str) -> list[str]:
    """A move's tokens: its words, each ``P:K`` split into ``P:`` and ``K``, then :data:`END`."""
    out = []
    for word in text.split(" "):
        pos, sep, count = word.partition(":")
        if sep:
            out.append(pos + ":")
            out.append(count)
        else:
            out.append(word)
    out.append(END)
    return out


def text_of_tokens(tokens: list[str]) -> str:
    """Inverse of :func:`tokens_of_text` (``END`` dropped)."""
    words: list[str] = []
    glue = False
    for tok in tokens:
        if tok == END:
            break
        if glue:
            words[-1] += tok
        else:
            words.append(tok)
        glue = tok.endswith(":")
    return " ".join(words)


class Walker:
    """One compound move being chosen token by token (Pharaoh's Heir).

    ``options()`` are the token ids that keep at least one legal move
    possible; ``step(token)`` returns the engine action once ``<end>`` is
    chosen, else ``None``. Every legal move is the sequence of its notation's
    tokens then ``<end>``, and every token sequence the walker allows is a
    legal move.
    """

    def options(self) -> list[int]:
        raise NotImplementedError

    def step(self, token: int) -> Hashable | None:
        raise NotImplementedError

    def tokens(self) -> list[int]:
        """The token ids chosen so far."""
        raise NotImplementedError

    def copy(self) -> "Walker":
        raise NotImplementedError


class ListWalker(Walker):
    """A walker over an explicit list of moves (a trie over their tokens)."""

    __slots__ = ("cands", "chosen")

    def __init__(self, cands: list[tuple[tuple[int, ...], Hashable]]) -> None:
        self.cands = cands
        self.chosen: list[int] = []

    def options(self) -> list[int]:
        i = len(self.chosen)
        return sorted({toks[i] for toks, _ in self.cands})

    def step(self, token: int) -> Hashable | None:
        i = len(self.chosen)
        cands = [c for c in self.cands if c[0][i] == token]
        if not cands:
            raise ValueError(f"token {token} is not legal here")
        self.cands = cands
        self.chosen = self.chosen + [token]
        if len(cands[0][0]) == i + 1:  # the END token: one move is spelled
            return cands[0][1]
        return None

    def tokens(self) -> list[int]:
        return list(self.chosen)

    def copy(self) -> "ListWalker":
        w = ListWalker(self.cands)
        w.chosen = self.chosen[:]
        return w


class SplitWalker(Walker):
    """A walker over a token distribution (``place``, ``pay``, ``offer``,
    ``starve``, ``protect``: a :class:`~thebes.games.pharaohs_heir.views.Splits`)
    or a harvest exchange (``reap``: ``Exchanges``, any total), built from the
    view's bins and caps without listing its forms.

    Tokens: the head word; for ``offer`` the grain G; then for each bin used,
    in canonical order, ``P:`` and ``K`` (``P`` alone for ``starve`` and
    ``protect``); then ``<end>``, legal once the total is reached.
    """

    __slots__ = ("enc", "head", "kind", "bins", "caps", "total", "exact", "single", "offer",
                 "counts", "i", "m", "stage", "chosen", "bin")

    def __init__(self, enc: Encoding, head: str, kind: int, bins: list[int], caps: list[int],
                 total: int, exact: bool, single: bool, offer: bool) -> None:
        self.enc = enc
        self.head = head
        self.kind = kind
        self.bins = list(bins)
        self.caps = list(caps)
        self.total = total
        self.exact = exact          # Splits: the counts sum to total; Exchanges: any sum
        self.single = single        # starve / protect: a slot is named once, count 1
        self.offer = offer          # bin 0 is the grain, named first as a number
        self.counts = [0] * len(bins)
        self.i = 1 if offer else 0  # first bin still open
        self.m = total
        self.stage = "head"
        self.chosen: list[int] = []
        self.bin = -1

    def _suffix(self, j: int) -> int:
        return sum(self.caps[j:])

    def options(self) -> list[int]:
        ids = self.enc.move_index
        if self.stage == "head":
            return [ids[self.head]]
        if self.stage == "grain":
            top = min(self.caps[0], self.m)
            return sorted(ids[str(g)] for g in range(top + 1) if self.m - g <= self._suffix(1))
        if self.stage == "count":
            j = self.bin
            top = min(self.caps[j], self.m) if self.exact else self.caps[j]
            ks = [k for k in range(1, top + 1)
                  if not self.exact or self.m - k <= self._suffix(j + 1)]
            return sorted(ids[str(k)] for k in ks)
        # stage "slot": another bin, or the end
        out = []
        if not self.exact or self.m == 0:
            out.append(ids[END])
        if not self.exact or self.m > 0:
            from thebes.games.pharaohs_heir.pieces import slot_name
            for j in range(self.i, len(self.bins)):
                if self.caps[j] < 1:
                    continue
                if self.exact and self.m - min(self.caps[j], self.m) > self._suffix(j + 1):
                    continue
                out.append(ids[slot_name(self.bins[j]) + ("" if self.single else ":")])
        return sorted(out)

    def step(self, token: int) -> Hashable | None:
        if token not in self.options():
            raise ValueError(f"token {token} is not legal here")
        text = self.enc.moves[token]
        self.chosen = self.chosen + [token]
        if self.stage == "head":
            self.stage = "grain" if self.offer else "slot"
            return None
        if self.stage == "grain":
            g = int(text)
            self.counts = self.counts[:]
            self.counts[0] = g
            self.m -= g
            self.stage = "slot"
            return None
        if self.stage == "count":
            k = int(text)
            self.counts = self.counts[:]
            self.counts[self.bin] = k
            self.m -= k
            self.i = self.bin + 1
            self.stage = "slot"
            return None
        if text == END:
            return self._action()
        from thebes.games.pharaohs_heir.pieces import SLOT_BY_NAME
        slot = SLOT_BY_NAME[text.rstrip(":")]
        j = self.bins.index(slot, self.i)
        if self.single:
            self.counts = self.counts[:]
            self.counts[j] = 1
            self.m -= 1
            self.i = j + 1
        else:
            self.bin = j
            self.stage = "count"
        return None

    def _action(self) -> tuple:
        from thebes.games.pharaohs_heir.actions import OFFER
        pairs = tuple((self.bins[j], k) for j, k in enumerate(self.counts)
                      if k and not (self.offer and j == 0))
        if self.single:
            return (self.kind, tuple(s for s, _ in pairs))
        if self.offer:
            return (OFFER, self.counts[0], pairs)
        return (self.kind, pairs)

    def tokens(self) -> list[int]:
        return list(self.chosen)

    def copy(self) -> "SplitWalker":
        w = SplitWalker.__new__(SplitWalker)
        for name in SplitWalker.__slots__:
            setattr(w, name, getattr(self, name))
        return w


def _ph_walker(enc: Encoding, state: State) -> Walker:
    from thebes.games.pharaohs_heir.actions import OFFER, PAY, PLACE, PROTECT, REAP, STARVE
    from thebes.games.pharaohs_heir.views import Exchanges, Splits

    legal = state.legal_actions()
    if isinstance(legal, Splits):
        head = {PLACE: "place", PAY: "pay", OFFER: "offer", STARVE: "starve",
                PROTECT: "protect"}[legal.kind]
        return SplitWalker(enc, head, legal.kind, legal.bins, list(legal.caps), legal.total,
                           exact=True, single=legal.kind in (STARVE, PROTECT),
                           offer=legal.kind == OFFER)
    if isinstance(legal, Exchanges):
        return SplitWalker(enc, "reap", REAP, legal.bins, list(legal.caps), 0,
                           exact=False, single=False, offer=False)
    index = enc.move_index
    cands = []
    for a in legal:
        cands.append((tuple(index[t] for t in tokens_of_text(state.action_to_text(a))), a))
    return ListWalker(cands)


class _StackDealer(Dealer):
    """Pharaoh's Heir's ``nile`` or ``land`` event dealt tile by tile, in the
    order the spec's probability draws them: for ``nile``, each stack's top
    first (numbered tiles only), then the other tiles stack by stack, top
    down; for ``land``, the written tiles stack by stack, top down. Each draw
    has probability count left / tiles left."""

    def __init__(self, kind: int, pool: dict[int, int], base: int, tiles: tuple[int, ...],
                 steps: int, tops: int, numbered: frozenset) -> None:
        self.kind = kind
        self.pool = pool        # tile -> count at the start
        self.base = base        # chance id of tile code 0 (ids are base + index in ``tiles``)
        self.tiles = tiles      # tile codes in chance-id order
        self.steps = steps
        self.tops = tops        # how many stack tops are drawn first (nile), else 0
        self.numbered = numbered

    def outcomes(self, dealt: list[int]) -> list[tuple[int, float]]:
        left = dict(self.pool)
        for ident in dealt:
            left[self.tiles[ident - self.base]] -= 1
        i = len(dealt)
        allowed = [t for t in self.tiles if left[t] > 0 and (i >= self.tops or t in self.numbered)]
        total = sum(left[t] for t in allowed)
        return [(self.base + self.tiles.index(t), left[t] / total) for t in allowed]

    def finish(self, dealt: list[int]) -> tuple:
        tiles = [self.tiles[i - self.base] for i in dealt]
        if self.tops:
            tops, rest = tiles[:self.tops], iter(tiles[self.tops:])
            out = []
            for k in range(self.tops):
                out.append(tops[k])
                out.extend(next(rest) for _ in range(5))
            tiles = out
        return (self.kind, tuple(tiles))


def _pharaohs_heir(players: int, options: dict[str, Any]) -> Encoding:
    from thebes.games.pharaohs_heir import chance as ch
    from thebes.games.pharaohs_heir.actions import LAND, NILE
    from thebes.games.pharaohs_heir.pieces import (ACTIONS, BUILDING_NAMES, COLUMNS, DROUGHT,
                                                   FLOOD, LAND_BY_NAME, NUMBERED, SLOT_BY_NAME,
                                                   land_set, nile_name, nile_set)
    from thebes.games.pharaohs_heir.state import P_LAND, P_NILE

    pp = options["piecepacks"]
    moves = list(ACTIONS) + ["bonus", "peek", "pass", "take", "offer", "place", "reap", "pay",
                             "starve", "protect", "build", "canal", "floodwall"]
    moves += list(COLUMNS) + list(BUILDING_NAMES) + list(LAND_BY_NAME)
    moves += list(SLOT_BY_NAME) + [s + ":" for s in SLOT_BY_NAME]
    moves += [str(k) for k in range(MAX_NUMBER + 1)] + [END]
    nile_tiles = (2, 3, 4, 5, FLOOD, DROUGHT)
    land_tiles = tuple(LAND_BY_NAME.values())
    chance = [f"deal {nile_name(t)}" for t in nile_tiles]
    chance += [f"deal {name}" for name in LAND_BY_NAME]
    chance += [f"blessing {k}" for k in range(1, players + 1)]
    nile_pool = dict(nile_set(pp))
    land_pool = dict(land_set(pp))
    numbered = frozenset(NUMBERED)

    def dealer_for(state: State) -> Dealer | None:
        if state.phase == P_NILE:
            return _StackDealer(NILE, nile_pool, 0, nile_tiles, 6 * pp, pp, numbered)
        if state.phase == P_LAND:
            stacks = ch.land_stack_count(state.num_players, pp, state.cycle == 0)
            return _StackDealer(LAND, land_pool, len(nile_tiles), land_tiles, 6 * stacks, 0,
                                numbered)
        return None

    return Encoding("pharaohs-heir", players, options, moves, chance, dealer_for, _ph_walker)


BUILDERS: dict[str, Callable[[int, dict[str, Any]], Encoding]] = {
    "ra": _ra,
    "sarcophagus": _sarcophagus,
    "pharaoh": _pharaoh,
    "pharaohs-heir": _pharaohs_heir,
}


def covered_games() -> list[str]:
    """The thebes game names the adapters cover."""
    return list(BUILDERS)


def _key(options: dict[str, Any]) -> tuple:
    return tuple(sorted(options.items()))


@lru_cache(maxsize=64)
def _encoding(name: str, players: int, options_key: tuple) -> Encoding:
    return BUILDERS[name](players, dict(options_key))


def encoding(name: str, players: int, options: dict[str, Any] | None = None) -> Encoding:
    """The encoding of game ``name`` at ``players`` seats (cached).

    Raises :class:`thebes.core.OptionsError` for a bad player count or option,
    ``KeyError`` for a game the adapters do not cover yet.
    """
    if name not in BUILDERS:
        raise KeyError(f"no adapter for {name!r} (covered: {', '.join(BUILDERS)})")
    full = get_game(name).options(players, options)
    return _encoding(name, players, _key(full))


def main(argv: list[str] | None = None) -> int:
    """``python -m thebes.interop.actions GAME PLAYERS [OPTIONS_JSON]``: print
    every move id and chance id with its notation, one a line."""
    import json
    import sys

    args = sys.argv[1:] if argv is None else argv
    if len(args) not in (2, 3):
        print("usage: python -m thebes.interop.actions GAME PLAYERS [OPTIONS_JSON]")
        return 2
    options = json.loads(args[2]) if len(args) == 3 else {}
    enc = encoding(args[0], int(args[1]), options)
    print(f"# {enc.name}, {enc.players} players, options {json.dumps(enc.options)}")
    print(f"# moves{' (tokens)' if enc.compound else ''}: {enc.num_moves}")
    for i, text in enumerate(enc.moves):
        print(f"move\t{i}\t{text}")
    print(f"# chance outcomes: {enc.num_chance}")
    for i, text in enumerate(enc.chance):
        print(f"chance\t{i}\t{text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
