"""thebes's games as OpenSpiel Python games (needs ``thebes[openspiel]``).

>>> import pyspiel
>>> from thebes.interop import openspiel
>>> openspiel.register()
>>> game = pyspiel.load_game("python_thebes_ra(players=4)")

:func:`register` registers ``python_thebes_<game>`` for every covered game
(every game with a ``tensors`` hook; see docs/interop.md), with the
parameter ``players`` and the game's options. What differs between games
(the default player count, the bounds on a game's length) is the game's
``tensors`` module's (thebes/core/hooks.py). Chance is explicit and stochastic
(OpenSpiel's chance player); ids are :mod:`thebes.interop.actions`'s encoding; the
information-state and observation strings and tensors of a player are built
from the engine's ``observation(player)`` only; ``resample_from_infostate``
goes through ``determinize(player, rng)``. :func:`make_bot` wraps OpenSpiel's
MCTS or ISMCTS bot as a thebes bot (``choose(state) -> action``).

Utilities: 1 for the winner after the game's tie-break, 0 for every other
seat (the engine's ``returns()``), so the game is constant-sum (sum 1).
"""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np
import pyspiel

from thebes.core import CHANCE, TERMINAL, get_game
from thebes.core.tensors import Tensor

from .actions import covered_games, default_players, encoding, tensors_module
from .adapter import Position
from .observations import tensor


def short_name(name: str) -> str:
    """OpenSpiel's short name of thebes game ``name``: ``python_thebes_<name>``, dashes
    made underscores."""
    return "python_thebes_" + name.replace("-", "_")


#: OpenSpiel short name per covered thebes game (when this module was imported).
SHORT_NAMES = {name: short_name(name) for name in covered_games()}


def _imperfect(name: str) -> bool:
    """Whether the observations of game ``name`` differ between seats."""
    return get_game(name).hidden_information


def _max_length(name: str, players: int) -> tuple[int, int]:
    """(upper bound on decisions, upper bound on chance nodes): the ``tensors`` module's
    ``max_length(players)``, else (10000, 10000)."""
    bound = getattr(tensors_module(name), "max_length", None)
    return (10000, 10000) if bound is None else tuple(bound(players))


def _game_type(name: str) -> pyspiel.GameType:
    game = get_game(name)
    params: dict[str, Any] = {"players": default_players(name)}
    params.update(game.default_options)
    imperfect = _imperfect(name)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"thebes {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if imperfect
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class ThebesGame(pyspiel.Game):
    """One thebes game as an OpenSpiel game (subclassed per game by :func:`register`)."""

    thebes_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        name = self.thebes_name
        game = get_game(name)
        game_type = _game_type(name)
        full = dict(game_type.parameter_specification)
        full.update(params)
        players = int(full.pop("players"))
        options = game.options(players, full)
        self.encoding = encoding(name, players, options)
        self.tensor = tensor(name, players, options)
        decisions, chances = _max_length(name, players)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_moves,
            max_chance_outcomes=self.encoding.num_chance,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=decisions)
        self._max_chance = chances
        self.initial = self.encoding.new_state()  # cloned for each new state
        super().__init__(game_type, info, dict(params, players=players, **options))

    def new_initial_state(self, *args: Any) -> "ThebesState":
        return ThebesState(self)

    def max_chance_nodes_in_history(self) -> int:
        return self._max_chance

    def state_from_position(self, position: Position) -> "ThebesState":
        """An OpenSpiel state around a copy of ``position`` (empty history)."""
        state = ThebesState(self)
        state._pos = position.clone()
        return state

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Any = None) -> "ThebesObserver | None":
        """The observer of a seat's own view (public facts and that seat's
        private ones), for the information state and the observation alike.

        In a hidden-information game only that view exists: for an
        observation type asking for no private information, or for every
        player's, the answer is ``None`` (OpenSpiel's "not supported", as
        ``open_spiel.python.observation.make_observation`` documents) rather
        than an observer with the wrong facts.
        """
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if (iig_obs_type is not None and _imperfect(self.thebes_name)
                and (iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                     or not iig_obs_type.public_info)):
            return None
        return ThebesObserver(self.tensor)

    def state_from_engine(self, engine_state: Any) -> "ThebesState":
        """An OpenSpiel state around a thebes engine state of this game (its
        OpenSpiel history is empty: it starts where the engine state is)."""
        state = ThebesState(self)
        state._pos = Position(self.encoding, engine_state.clone())
        return state


class ThebesState(pyspiel.State):
    """An OpenSpiel state wrapping a thebes engine state (``.engine``) in a
    :class:`~thebes.interop.adapter.Position` (``.position``)."""

    def __init__(self, game: ThebesGame) -> None:
        super().__init__(game)
        self._pos = Position(game.encoding, game.initial.clone())

    @property
    def engine(self) -> Any:
        """The wrapped thebes state (not a copy; do not change it)."""
        return self._pos.s

    @property
    def position(self) -> Position:
        return self._pos

    def current_player(self) -> int:
        player = self._pos.current_player()
        if player == CHANCE:
            return pyspiel.PlayerId.CHANCE
        if player == TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        return player

    def _legal_actions(self, player: int) -> list[int]:
        if self._pos.current_player() != player:
            return []
        return self._pos.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._pos.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._pos.apply_id(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self._pos.id_text(action, player == pyspiel.PlayerId.CHANCE)

    def is_terminal(self) -> bool:
        return self._pos.is_terminal()

    def returns(self) -> list[float]:
        return [float(r) for r in self._pos.s.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None,
                                rng: random.Random | None = None) -> "ThebesState":
        """A state consistent with ``player_id``'s information, through the
        engine's ``determinize`` (its OpenSpiel history is empty; a compound
        move half chosen stays chosen).

        ``rng`` (a ``random.Random``) draws the hidden facts; without it a seed
        is drawn from ``probability_sampler`` (OpenSpiel's sampler, a callable
        giving floats in [0, 1)), else from ``random``.
        """
        if rng is None:
            if probability_sampler is not None:
                rng = random.Random(int(probability_sampler() * 2 ** 52))
            else:
                rng = random.Random()
        state = ThebesState(self.get_game())
        pos = self._pos
        new = Position(pos.enc, pos.s.determinize(player_id, rng))
        new.dealt = pos.dealt[:]
        if pos.walker is not None:
            new.walker = pos.walker.copy()
        state._pos = new
        return state

    def __str__(self) -> str:
        pos = self._pos
        text = pos.observation_string(None)
        if pos.dealt:
            text += "\ndealt: " + " ".join(pos.enc.chance[i] for i in pos.dealt)
        return text


class ThebesObserver:
    """OpenSpiel's PyObserver for a thebes game: the tensor and the string of
    ``engine.observation(player)``, for the information state and the
    observation alike (a thebes observation already holds the public record a
    seat keeps; see docs/interop.md)."""

    def __init__(self, layout: Tensor) -> None:
        self.layout = layout
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {}
        for name, shape, offset in layout.layout():
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[offset:offset + size].reshape(shape)

    def set_from(self, state: ThebesState, player: int) -> None:
        self.tensor[:] = state._pos.observation_vector(self.layout, player)

    def string_from(self, state: ThebesState, player: int) -> str:
        return state._pos.observation_string(player)


_REGISTERED: dict[str, type] = {}


def register() -> list[str]:
    """Register every covered game with OpenSpiel (idempotent); returns the short names."""
    names = covered_games()
    for name in names:
        short = short_name(name)
        if short in _REGISTERED:
            continue
        cls = type(f"ThebesGame_{name.replace('-', '_')}", (ThebesGame,), {"thebes_name": name})
        pyspiel.register_game(_game_type(name), cls)
        _REGISTERED[short] = cls
    return [short_name(n) for n in names]


def load_game(name: str, players: int, **options: Any) -> ThebesGame:
    """``pyspiel.load_game`` of thebes game ``name`` (registering first).

    Raises :class:`thebes.core.OptionsError` for a game the adapters do not cover."""
    tensors_module(name)
    register()
    params: dict[str, Any] = {"players": players}
    params.update(options)
    return pyspiel.load_game(short_name(name), params)


# ---------------------------------------------------------------------- bots
class OpenSpielBot:
    """An OpenSpiel bot playing one seat of a thebes game, as a thebes bot.

    ``choose(state)`` takes a thebes engine state (the seat to move must be
    ``seat``), wraps it (see :meth:`ThebesGame.state_from_engine`), asks the
    OpenSpiel bot and returns the engine action (a compound move is
    searched token by token). Each bot has its own generators, seeded from
    ``rng``; a searching bot never sees the true hidden facts: ISMCTS samples
    its worlds with ``resample_from_infostate`` (the engine's
    ``determinize(seat, rng)``), and MCTS searches one determinization.

    Args:
        game: the thebes game name (or :class:`~thebes.core.Game`).
        seat: 0-based seat.
        rng: a ``random.Random`` seeding the bot.
        kind: ``"ismcts"`` or ``"mcts"``. In a perfect-information game
            (``Game.hidden_information`` false) ISMCTS has a single world (the
            state itself) and is OpenSpiel's MCTS: ``"ismcts"`` then makes an MCTS bot.
        simulations: simulations per decision (default 100), or
        think_ms: a time budget per decision instead (in a compound encoding, per
            token that has more than one choice; a token with one is played
            without a search): the number of simulations is set before each
            decision from the rate measured on the previous ones (OpenSpiel's
            bots count simulations, not time).
        rollouts: random playouts per leaf; uct_c: the exploration constant.
        players, options: the game's setup (default: the state's, its options from
            the ``tensors`` module's ``options_of(state)``).
    """

    def __init__(self, game: Any, seat: int, rng: random.Random, kind: str = "ismcts",
                 simulations: int | None = None, think_ms: float | None = None,
                 rollouts: int = 1, uct_c: float = 2.0, players: int | None = None,
                 options: dict[str, Any] | None = None) -> None:
        if kind not in ("ismcts", "mcts"):
            raise ValueError(f"unknown OpenSpiel bot kind {kind!r} (ismcts, mcts)")
        self.thebes_game = get_game(game) if isinstance(game, str) else game
        self.name = "openspiel-" + kind
        self.seat = seat
        self.rng = random.Random(rng.random())
        self.kind = kind
        self.simulations = simulations if simulations is not None else (
            16 if think_ms is not None else 100)
        self.think_ms = think_ms
        self.rollouts = rollouts
        self.uct_c = uct_c
        self.players = players
        self.options = options
        self._rate: float | None = None   # simulations per second, measured
        self._spiel: Any = None
        self._bot: Any = None

    def _make(self, state: Any) -> None:
        from open_spiel.python.algorithms import ismcts, mcts

        players = self.players or state.num_players
        options = self.options
        if options is None:
            options = _engine_options(state)
        self._spiel = load_game(self.thebes_game.name, players, **options)
        np_rng = np.random.RandomState(self.rng.randrange(2 ** 31))
        evaluator = mcts.RandomRolloutEvaluator(self.rollouts, np_rng)
        if self.kind == "ismcts" and _imperfect(self.thebes_game.name):
            bot = ismcts.ISMCTSBot(self._spiel, evaluator, self.uct_c, self.simulations,
                                   random_state=np_rng)
            resample_rng = random.Random(self.rng.random())
            bot.set_resampler(lambda s, player: s.resample_from_infostate(player,
                                                                          rng=resample_rng))
        else:
            bot = mcts.MCTSBot(self._spiel, self.uct_c, self.simulations, evaluator,
                               random_state=np_rng, solve=False)
        self._bot = bot

    def _set_simulations(self, n: int) -> None:
        if hasattr(self._bot, "_max_simulations"):
            self._bot._max_simulations = n
        else:
            self._bot.max_simulations = n

    def _step(self, spiel_state: Any) -> int:
        legal = spiel_state.legal_actions()
        if len(legal) == 1:
            # Nothing to search (a compound move's token often has one choice). OpenSpiel's
            # ISMCTS returns such a step at once: timed, it would measure thousands of
            # simulations a second and the next real step would run for minutes.
            return int(legal[0])
        if self.think_ms is None:
            return int(self._bot.step(spiel_state))
        sims = self.simulations if self._rate is None else max(
            4, int(self._rate * self.think_ms / 1000.0))  # MCTS needs a few to expand
        self._set_simulations(sims)
        start = time.perf_counter()
        ident = int(self._bot.step(spiel_state))
        elapsed = max(time.perf_counter() - start, 1e-6)
        rate = sims / elapsed
        self._rate = rate if self._rate is None else 0.5 * self._rate + 0.5 * rate
        return ident

    def choose(self, state: Any) -> Any:
        if self._bot is None:
            self._make(state)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.kind == "mcts" or not _imperfect(self.thebes_game.name):
            # MCTS searches the state it is given: give it only what the seat
            # may know (a determinization; the state itself in a public game).
            engine = state.determinize(self.seat, self.rng)
        else:
            engine = state.clone()  # ISMCTS resamples from the seat's information itself
        spiel_state = self._spiel.state_from_engine(engine)
        while True:  # a compound move is chosen token by token
            ident = self._step(spiel_state)
            action = spiel_state.position.apply_id(ident)
            if action is not None:
                return action
            spiel_state = self._spiel.state_from_position(spiel_state.position)


def _engine_options(state: Any) -> dict[str, Any]:
    """The options a thebes engine state was made with: the game's ``tensors`` module's
    ``options_of(state)``, else the game's default options."""
    game = state.game
    options_of = getattr(tensors_module(game.name), "options_of", None)
    return dict(game.default_options) if options_of is None else dict(options_of(state))


def make_bot(kind: str, game: Any, seat: int, rng: random.Random, **kwargs: Any) -> OpenSpielBot:
    """An OpenSpiel bot as a thebes bot for ``seat`` (``choose(state) -> action``),
    seeded from ``rng``.

    ``kind`` is ``"ismcts"`` or ``"mcts"`` (``"openspiel-ismcts"`` and
    ``"openspiel-mcts"`` are accepted too, as arena seat names); ``game`` a
    thebes game name or :class:`~thebes.core.Game`. Keyword arguments go to
    :class:`OpenSpielBot` (``simulations`` or ``think_ms``, ``rollouts``,
    ``uct_c``)."""
    if kind.startswith("openspiel-"):
        kind = kind[len("openspiel-"):]
    return OpenSpielBot(game, seat, rng, kind=kind, **kwargs)
