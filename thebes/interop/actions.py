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
                 dealer_for: Callable[[State], Dealer | None] | None = None) -> None:
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


BUILDERS: dict[str, Callable[[int, dict[str, Any]], Encoding]] = {
    "ra": _ra,
    "sarcophagus": _sarcophagus,
    "pharaoh": _pharaoh,
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
