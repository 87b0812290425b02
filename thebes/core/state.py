"""The game-agnostic state contract every engine implements.

Shape (after OpenSpiel's ``State`` and python-chess's ``Board``):

* Seats are 0-based in the Python API (``0 .. num_players - 1``) and 1-based
  in every text a person reads (records, UI, logs).
* ``current_player()`` is a seat, :data:`CHANCE` while the state waits for a
  chance outcome, or :data:`TERMINAL` once the game is over.
* Internally an engine moves *actions*: small hashable values of its own
  choosing (Ra uses ints). The fast, unchecked path for search is
  ``legal_actions()`` + ``apply_action(a)`` + ``clone()``; notation text only
  exists at the edge (``action_to_text`` / ``text_to_action`` / ``apply``).
* Chance is an explicit node. The rules never draw random numbers: the caller
  samples an outcome with *its own* seeded generator
  (``sample_chance(rng)``) and applies it like a move.
* ``observation(seat)`` is a JSON-ready dict holding only what that seat may
  see; ``determinize(seat, rng)`` returns a full state consistent with it,
  hidden facts redrawn with ``rng``.

A subclass must implement the abstract methods below; the checked text path
(``legal_events``, ``apply``, ``is_legal``) is provided here once for all
games, so every engine refuses bad input the same way.
"""

from __future__ import annotations

import functools
import operator
import random
from typing import TYPE_CHECKING, Any, Hashable

from .errors import IllegalEventError, InvalidEventError, OptionsError, SeatError

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

Action = Hashable

#: ``current_player()`` of a state that waits for a chance outcome.
CHANCE = -1
#: ``current_player()`` of a finished game.
TERMINAL = -2


def randbelow(rng: random.Random, n: int) -> int:
    """A uniform int in ``[0, n)`` drawn exactly as ``rng.choice`` draws an index into a
    sequence of length ``n`` (``n >= 1``): the same ``getrandbits`` calls, the same result.
    So an engine's ``random_action`` can count its moves instead of listing them and
    still play the very game ``rng.choice(legal_actions())`` would."""
    try:
        getrandbits = rng.getrandbits
    except AttributeError:       # free on the way through: only what is no generator pays
        check_rng(rng, "random_action")
        raise
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def check_rng(rng: Any, what: str) -> random.Random:
    """``rng`` if it is a :class:`random.Random` (or a subclass). Raises :class:`OptionsError`."""
    if not isinstance(rng, random.Random):
        raise OptionsError(f"{what} draws with a random.Random generator, not "
                           f"{type(rng).__name__} {str(rng)[:20]!r}")
    return rng


def draw_legal(state: "State", rng: random.Random) -> Action:
    """``rng.choice(state.legal_actions())`` (the same generator calls, the same move), or
    :class:`IllegalEventError` where no move is legal (a finished game, a chance node):
    the end of every engine's ``random_action``."""
    check_rng(rng, "random_action")
    moves = state.legal_actions()
    if not moves:
        over = "the game is over" if state.current_player() == TERMINAL else "a chance node"
        raise IllegalEventError(f"random_action: {over}, no move is legal", "", [])
    return rng.choice(moves)


def game_over(action: Any) -> IllegalEventError:
    """The error an engine's ``apply_action`` raises on a finished game."""
    return IllegalEventError(f"apply_action({str(action)[:40]}): the game is over, no move "
                             f"or outcome is legal", str(action)[:40], [])


class TooManyOutcomes(Exception):
    """Raised by ``chance_outcomes()`` where a chance node cannot be listed
    (a whole shuffled layout); ``legal_events()`` then gives a template line."""


#: the fast-path methods whose failures on a finished game (or, for chance, off a chance
#: node) become an :class:`IllegalEventError` (:meth:`State.__init_subclass__`).
#: ``apply_action`` and ``random_action`` are not wrapped: they are the search's hot path
#: (a wrapper's frame cost ISMCTS 6% in Ra); each engine raises IllegalEventError itself
#: on a finished game, where its phase dispatch ends, and draws through draw_legal.
_FAST_PATH = ("random_playout", "sample_chance", "chance_outcomes", "chance_probability",
              "action_to_text")
_CHANCE_ONLY = ("sample_chance", "chance_outcomes", "chance_probability")
_DRAWING = ("random_action", "random_playout", "sample_chance")


def _refused(state: "State", name: str, args: tuple[Any, ...]) -> IllegalEventError | None:
    """Why ``state.name(*args)`` cannot be answered, or ``None`` (the engine's error stands)."""
    try:
        player = state.current_player()
    except Exception:   # a state too broken to say: the engine's own error stands
        return None
    shown = f"{name}({', '.join(repr(a)[:40] for a in args)})"
    if player == TERMINAL:
        return IllegalEventError(f"{shown}: the game is over, no move or outcome is legal",
                                 str(args[0]) if args else "", [])
    if name in _CHANCE_ONLY and player != CHANCE:
        return IllegalEventError(f"{shown}: seat {player + 1} is to move, this is no chance "
                                 f"node", str(args[0]) if args else "", [])
    return None


def _checked(name: str, method: Any) -> Any:
    """``method`` as it is, except that a Python error it raises on a finished game (or
    off a chance node) becomes an :class:`IllegalEventError` saying so. No cost on the
    way through (a ``try`` costs nothing until it catches)."""
    @functools.wraps(method)
    def fast(self: "State", *args: Any) -> Any:
        try:
            return method(self, *args)
        except (ValueError, TypeError, IndexError, KeyError, AttributeError, TooManyOutcomes):
            if name in _DRAWING and args and not isinstance(args[0], random.Random):
                check_rng(args[0], name)
            refusal = _refused(self, name, args)
            if refusal is None:
                raise
            raise refusal from None
    fast._thebes_checked = True  # type: ignore[attr-defined]
    return fast


class State:
    """Abstract base of every game's state. See the module docstring.

    Every engine's fast path is wrapped once, when its class is made
    (:meth:`__init_subclass__`): a call on a finished game (``apply_action``,
    ``random_action``, ``action_to_text``...) or a chance call off a chance node
    (``sample_chance``, ``chance_outcomes``) raises :class:`IllegalEventError` rather than
    whatever the engine's code met. Otherwise the fast path stays unchecked: an action
    that is not legal here is the caller's error (the checked path is :meth:`apply`).
    """

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in _FAST_PATH:
            method = cls.__dict__.get(name)
            if callable(method) and not getattr(method, "_thebes_checked", False):
                setattr(cls, name, _checked(name, method))

    def __copy__(self) -> "State":
        """``copy.copy(state)`` is :meth:`clone`: a copy sharing its board with the
        original would let a move on one change the other."""
        return self.clone()

    #: the :class:`~thebes.core.game.Game` this state belongs to (set by each engine).
    game: "Game"
    num_players: int

    # ------------------------------------------------------------------ #
    # Fast path: implemented by each engine.
    # ------------------------------------------------------------------ #
    def current_player(self) -> int:
        """The seat to decide (0-based), :data:`CHANCE` or :data:`TERMINAL`."""
        raise NotImplementedError

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def legal_actions(self) -> list[Action]:
        """The legal moves of a decision node (empty at a terminal state).

        At a chance node, the outcomes with non-zero probability where they can
        be listed (raises :class:`TooManyOutcomes` otherwise).
        """
        raise NotImplementedError

    def random_action(self, rng: random.Random) -> Action:
        """A legal move drawn uniformly, exactly as ``rng.choice(self.legal_actions())``
        draws it (the same generator calls, the same move): the fast path of random
        playouts. Engines override it to draw without building the list of moves
        (an index drawn with :func:`randbelow`, then mapped to the move at that index).
        Raises :class:`IllegalEventError` where no move is legal (:func:`draw_legal`).
        """
        return draw_legal(self, rng)

    def random_playout(self, rng: random.Random) -> int:
        """Play to the end in place, every move ``random_action(rng)``, every chance
        outcome ``sample_chance(rng)``; returns the number of events applied. Engines may
        override it with one fused loop (fewer calls per event) that must play the very
        same game: tests/core/test_random_action.py checks it."""
        n = 0
        current_player = self.current_player
        apply_action = self.apply_action
        sample_chance = self.sample_chance
        random_action = self.random_action
        while True:
            player = current_player()
            if player == TERMINAL:
                return n
            if player == CHANCE:
                apply_action(sample_chance(rng))
            else:
                apply_action(random_action(rng))
            n += 1

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """``[(outcome, probability), ...]`` at a chance node, probabilities summing to 1.

        Raises :class:`TooManyOutcomes` for a node that cannot be listed.
        """
        raise NotImplementedError

    def chance_probability(self, action: Action) -> float:
        """Probability of ``action`` at this chance node (0.0 if impossible)."""
        for outcome, p in self.chance_outcomes():
            if outcome == action:
                return p
        return 0.0

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw one outcome of this chance node with the caller's generator."""
        r = rng.random()
        acc = 0.0
        outcomes = self.chance_outcomes()
        for outcome, p in outcomes:
            acc += p
            if r < acc:
                return outcome
        return outcomes[-1][0]

    def apply_action(self, action: Action) -> None:
        """Apply a legal action or chance outcome. Unchecked: the fast path for search."""
        raise NotImplementedError

    def clone(self) -> "State":
        """An independent copy; cheap (no deep copies)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ #
    # Notation edge (shared/spec/RECORDS.md).
    # ------------------------------------------------------------------ #
    def action_to_text(self, action: Action) -> str:
        """The one canonical spelling of ``action`` in this state."""
        raise NotImplementedError

    def text_to_action(self, text: str) -> Action:
        """Parse notation; raises :class:`InvalidEventError` for text that is no event."""
        raise NotImplementedError

    def chance_template(self) -> str:
        """The one template line listed for a chance node with too many outcomes.

        Raises :class:`IllegalEventError` in a game that lists every chance outcome (it
        overrides this only where a node is too large to list)."""
        name = getattr(getattr(self, "game", None), "name", "this game")
        raise IllegalEventError(f"{name} lists every chance outcome: it has no template line",
                                "", [])

    def legal_events(self) -> list[str]:
        """The legal events as notation text (order carries no meaning).

        For a chance node whose outcomes cannot be listed, a one-line template
        (shared/spec/CLI.md, ``thebes replay``).
        """
        if self.is_chance_node():
            try:
                return [self.action_to_text(a) for a, p in self.chance_outcomes() if p > 0]
            except TooManyOutcomes:
                return [self.chance_template()]
        return [self.action_to_text(a) for a in self.legal_actions()]

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is a legal move (or a possible chance outcome) here."""
        player = self.current_player()
        if player == TERMINAL:
            return False
        if player == CHANCE:
            return self.chance_probability(action) > 0
        return action in self.legal_actions()

    def parse(self, text: str) -> Action:
        """Parse ``text`` to a legal action of this state, checking its spelling.

        Raises:
            InvalidEventError: the text spells no event of the game.
            IllegalEventError: the event is not legal here, or not in its one
                canonical spelling. Both carry ``legal``.
        """
        if not isinstance(text, str):
            raise InvalidEventError(f"an event is a string, not {type(text).__name__}",
                                    str(text), self.legal_events())
        if self.is_terminal():
            raise IllegalEventError(f"{text!r}: the game is over, no event is legal", text, [])
        name = getattr(getattr(self, "game", None), "name", "this game")
        try:
            action = self.text_to_action(text)
        except InvalidEventError as err:
            raise InvalidEventError(f"{text!r} is not an event of {name}: {err}",
                                    text, self.legal_events()) from None
        except (ValueError, LookupError, TypeError, OverflowError):
            # a notation parser that met text it does not expect ('bid ²', 5,000 digits)
            raise InvalidEventError(f"{text[:60]!r} is not an event of {name}",
                                    text, self.legal_events()) from None
        if not self.is_legal(action):
            raise IllegalEventError(f"{text!r} is not legal here", text, self.legal_events())
        if self.action_to_text(action) != text:
            raise IllegalEventError(
                f"{text!r} is not spelled canonically (write {self.action_to_text(action)!r})",
                text, self.legal_events())
        return action

    def apply(self, text: str) -> Action:
        """Checked apply of one event in notation; returns the action applied.

        Raises :class:`InvalidEventError` / :class:`IllegalEventError` (the
        state is then unchanged).
        """
        action = self.parse(text)
        self.apply_action(action)
        return action

    def event_for_seat(self, action: Action, seat: int | None) -> str:
        """How ``seat`` sees ``action`` about to be applied to this state.

        The omniscient text unless the game hides part of it (Sarcophagus
        writes ``place ? T`` for another seat's coin). ``seat=None`` is the
        omniscient text (for records and finished games). Raises
        :class:`SeatError` for a seat that does not exist.
        """
        return self._event_for_seat(action, None if seat is None else self.check_seat(seat))

    def _event_for_seat(self, action: Action, seat: int | None) -> str:
        """Each game's masking, ``seat`` already checked; the default hides nothing."""
        return self.action_to_text(action)

    def reveals(self, action: Action) -> bool:
        """Whether the decision ``action`` (legal here) shows some seat a fact hidden until
        now (a tile turned face up, a peek). A take-back never reaches back past such a
        decision, nor past a chance event (docs/tables.md, "Take-backs"). The default: no
        decision reveals anything; a game whose decisions do overrides this."""
        return False

    # ------------------------------------------------------------------ #
    # Information.
    # ------------------------------------------------------------------ #
    def observation(self, seat: int | None) -> dict[str, Any]:
        """A JSON-ready dict of what ``seat`` (0-based) may see (each game's spec page,
        What each seat sees); the seat is checked here once for every game.

        ``seat=None`` is the view of someone at no seat (a spectator). It is
        given only where it hides nothing from anyone (a game without hidden
        information, or a finished game), and is then the all-seeing view; the
        all-seeing view of any position, for replays and tests, is
        :meth:`omniscient_observation`, asked for by name.

        Raises:
            SeatError: ``seat`` is not an ``int`` in ``0 .. num_players - 1``
                (a bool, a string, a float and a negative index are refused),
                or is ``None`` in an unfinished game with hidden information.
        """
        if seat is None:
            if getattr(self.game, "hidden_information", True) and not self.is_terminal():
                raise SeatError("a spectator (seat None) has no view of an unfinished game with "
                                "hidden information; omniscient_observation() is the "
                                "all-seeing view")
            return self._observation(None)
        return self._observation(self.check_seat(seat))

    def omniscient_observation(self) -> dict[str, Any]:
        """The all-seeing view of this position (every hidden fact shown), for replays,
        finished games and tests. Never hand it to a seat."""
        return self._observation(None)

    def check_seat(self, seat: Any) -> int:
        """``seat`` as a 0-based seat of this game. Raises :class:`SeatError` otherwise."""
        index: int | None = None
        if not isinstance(seat, bool):
            try:   # an integer of another type (numpy) is still a seat
                index = operator.index(seat)
            except TypeError:
                pass
        if index is None:
            raise SeatError(f"a seat is an integer 0..{self.num_players - 1}, "
                            f"not {type(seat).__name__} {str(seat)[:20]!r}")
        seat = index
        if not 0 <= seat < self.num_players:
            raise SeatError(f"there is no seat {seat} (0-based) in a {self.num_players}-player "
                            f"game: seats are 0..{self.num_players - 1}")
        return seat

    def _observation(self, seat: int | None) -> dict[str, Any]:
        """Each game's view: ``seat`` already checked (0-based), ``None`` the all-seeing view."""
        raise NotImplementedError

    def determinize(self, seat: int, rng: random.Random) -> "State":
        """A full state consistent with ``observation(seat)``, hidden facts redrawn with ``rng``.

        Raises :class:`SeatError` for a seat that does not exist (a negative
        index would otherwise answer for the last seat), :class:`OptionsError` when
        ``rng`` is not a :class:`random.Random`.
        """
        seat = self.check_seat(seat)
        check_rng(rng, "determinize")
        return self._determinize(seat, rng)

    def _determinize(self, seat: int, rng: random.Random) -> "State":
        """Each game's determinization, ``seat`` already checked."""
        raise NotImplementedError

    # ------------------------------------------------------------------ #
    # Results.
    # ------------------------------------------------------------------ #
    def scores(self) -> list[int] | None:
        """Scores in seat order so far (final ones at a terminal state), or ``None``."""
        raise NotImplementedError

    def ranking(self) -> list[int] | None:
        """0-based seats from winner to last after the game's tie-break; ``None`` until the end."""
        raise NotImplementedError

    def returns(self) -> list[float]:
        """1.0 for the winner (after the game's tie-break), 0.0 for the others; zeros before the end."""
        ranking = self.ranking()
        out = [0.0] * self.num_players
        if ranking is None:
            return out
        out[ranking[0]] = 1.0
        return out

    # ------------------------------------------------------------------ #
    def describe_outcome(self) -> str:
        """One line for a person: who is to move, or the result."""
        player = self.current_player()
        if player == TERMINAL:
            ranking = self.ranking() or []
            scores = self.scores() or []
            return "finished: " + ", ".join(
                f"seat {s + 1} ({scores[s]})" for s in ranking)
        if player == CHANCE:
            return "waiting for chance"
        return f"seat {player + 1} to move"



for _name in _FAST_PATH:   # the base class's own implementations, as each engine's
    if _name in State.__dict__:
        setattr(State, _name, _checked(_name, State.__dict__[_name]))
del _name
