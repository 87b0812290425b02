"""What a game's ``tensors`` hook builds on: integer ids for every event, and tensors.

The OpenSpiel and PettingZoo adapters (thebes/interop/) drive a game through two objects
that its ``tensors`` module builds (thebes/core/hooks.py, ``tensors``):

* an :class:`Encoding`: two vocabularies, each a tuple of notation texts whose index is
  the id (docs/interop.md lists them per game):

  - ``moves``: every move a seat can ever make, ids ``0 .. len(moves) - 1`` (OpenSpiel's
    ``num_distinct_actions``, PettingZoo's action space);
  - ``chance``: every chance outcome the adapter exposes, ids ``0 .. len(chance) - 1``
    (OpenSpiel's ``max_chance_outcomes``).

  The texts are the engine's own notation (``state.action_to_text``), so an id means the
  same event in every state where it is legal, and ``text -> id`` is the inverse. Two
  exceptions, both optional. A chance event that is a whole shuffle, too big to list,
  may be dealt one tile at a time by a :class:`Dealer` (outcomes written ``deal X``: the
  tile ``X`` put in the next place); when the last place is dealt the engine receives
  its single shuffle event, and the product of the steps' probabilities is the spec's
  probability of that shuffle. A move too big to list may be chosen token by token by a
  :class:`Walker` (the encoding is then ``compound`` and ``moves`` are the tokens);
* a :class:`Tensor`: the layout of a flat observation vector, and its ``encode``.

Nothing here imports numpy, OpenSpiel or PettingZoo: a game package may import it.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable

from .errors import InvalidEventError
from .game import get_game
from .state import State


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
        name: the thebes game name (as registered: ``Game.name``).
        players, options: as for :meth:`thebes.core.Game.new_initial_state`.
        moves, chance: the vocabularies (index = id).
        dealer_for: ``state -> Dealer | None``: the dealer for a chance node
            that is a whole shuffle, ``None`` for a node the engine lists.
        walker_for: ``(encoding, state) -> Walker``: for a game whose moves are
            chosen token by token (``moves`` are then the tokens), the walker over the
            legal moves of a decision node; ``None`` for a game whose moves are one id.
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
        #: whether a move is a sequence of token ids rather than one id.
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


# ---------------------------------------------------------------------- compound moves
#: the token that ends a compound move.
END = "<end>"


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
    """One compound move being chosen token by token.

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
    """A walker over an explicit list of moves (a trie over their tokens):
    ``cands`` is ``[(token ids, engine action)]``, each token tuple ending with the id of
    :data:`END` (:func:`list_walker` builds it from a state's legal moves)."""

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


def list_walker(enc: Encoding, state: State, legal: Any) -> ListWalker:
    """A :class:`ListWalker` over the moves ``legal`` of ``state``, each spelled as the
    tokens of its notation (:func:`tokens_of_text`) in ``enc``'s move vocabulary."""
    index = enc.move_index
    return ListWalker([(tuple(index[t] for t in tokens_of_text(state.action_to_text(a))), a)
                       for a in legal])


# ---------------------------------------------------------------------- tensors
class Tensor:
    """A flat tensor layout: ``add(name, *shape)`` pieces in order.

    A game's tensor subclasses it and defines ``encode(obs, seat, tokens)``: the flat
    list of floats (``size`` of them) of ``obs``, the engine's ``observation(seat)`` (so
    a tensor never holds a fact that seat may not see), with ``tokens`` the move-token
    ids of a compound move being chosen (empty otherwise).

    Conventions: a one-hot piece is all zeros when the value is absent (no seat
    to move, no tile in a slot: :func:`one_hot`); counts and points are raw numbers
    (not scaled). Seats are 0-based.
    """

    def __init__(self) -> None:
        self.pieces: list[tuple[str, tuple[int, ...], int]] = []
        self.size = 0
        self.offset: dict[str, int] = {}

    def add(self, name: str, *shape: int) -> int:
        n = 1
        for d in shape:
            n *= d
        self.offset[name] = self.size
        self.pieces.append((name, tuple(shape), self.size))
        self.size += n
        return self.size - n

    def layout(self) -> list[tuple[str, tuple[int, ...], int]]:
        """``[(name, shape, offset)]`` in order."""
        return list(self.pieces)

    def encode(self, obs: dict[str, Any], seat: int | None,
               tokens: Any = ()) -> list[float]:
        raise NotImplementedError


def one_hot(out: list[float], base: int, index: int | None) -> None:
    """Set ``out[base + index]`` to 1, unless ``index`` is ``None`` or negative (absent)."""
    if index is not None and index >= 0:
        out[base + index] = 1.0


__all__ = ["Dealer", "Encoding", "END", "ListWalker", "Tensor", "Walker", "list_walker",
           "one_hot", "text_of_tokens", "tokens_of_text"]
