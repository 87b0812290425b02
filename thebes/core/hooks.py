"""What a game offers the generic layers beyond its rules: one interface, every part optional.

A game package (``thebes.games.<g>``, or any installed package registered under the
entry-point group ``thebes.games``) exposes ``GAME``, a :class:`thebes.core.Game`, whose
``hooks`` is a :class:`GameHooks`. The generic layers (bots, terminal, review, interop,
server, web shell) ask the game only through it and never import a game by name.

Module hooks are dotted module names, imported only when a layer first asks for them
(:meth:`GameHooks.module`), so ``thebes replay`` of one game never loads another game's
bots, tensors or terminal view. What each module must define:

``greedy``
    ``GreedyBot(game, seat, rng, **params)`` with ``choose(state) -> action`` (the ``greedy``
    bot and the ``easy`` level), and optionally ``policy(state, seat, rng) -> action`` (the
    search's greedy playouts). Without it, ``greedy`` and ``easy`` are refused with a
    clear :class:`~thebes.core.OptionsError` (``medium`` and ``hard`` still play).
``scripted``
    Casual players' rules of thumb as bots (``scripted-<name>`` in the arena and the
    ladder): ``STRATEGIES`` (names) and ``choose(strategy, state, seat, rng, legal) ->
    action`` for a decision of more than one legal move (thebes/bots/scripted.py).
``search``
    The search's knowledge (thebes/bots/ismcts.py reads each name if present):
    ``evaluate(state) -> [score per seat]``, ``cutoff(state, start, steps) -> bool``,
    ``playout(state, seat, rng) -> action``, ``prior`` with ``BIAS``, ``rank(state, seat,
    rng) -> [actions]`` with ``WIDEN``, ``EVALUATIONS`` (name -> evaluate), ``spread(state)
    -> points`` (how far ``evaluate`` may miss the final scores: a cut-off playout's win
    share is then soft, docs/bots.md). Without it the
    search plays random playouts to the end: ISMCTS needs nothing from a game.
``value``
    A learned evaluation that ``python -m thebes.bots.train_value`` fits: ``FEATURES``,
    ``features(state) -> [vector per seat]``, ``ValueModel`` (docs/bots.md). Optional.
``terminal``
    The terminal view (thebes/tui/play.py's docstring is the contract): ``render(obs,
    seat) -> rich renderable``, ``event_line(obs_before, text, actor) -> str``,
    ``move_label(obs, text) -> str``, and optionally ``choose(console, state, seat,
    menu)`` (staged menus; ``menu`` is the loop's: ask, hint, choice) and
    ``after_event(obs_before, obs_after)``. Without it, :mod:`thebes.tui.generic` shows
    the observation as text and a numbered menu of the legal moves' notation.
``tensors``
    The OpenSpiel and PettingZoo adapters (thebes/interop/, docs/interop.md), built on
    :mod:`thebes.core.tensors`; ``options`` below are complete (``Game.options``).
    Required: ``encoding(players, options) -> Encoding``, the id of every move and
    chance outcome (the engine's notation; a ``Dealer`` deals a shuffle tile by tile, a
    ``Walker`` chooses a compound move token by token), and ``tensor(players, options)
    -> Tensor``, whose ``encode(obs, seat, tokens)`` reads only ``observation(seat)``
    and the tokens of a compound move being chosen. Each is called once per setup
    (cached). Optional: ``OPENSPIEL_PLAYERS``, the seat count OpenSpiel's registry
    shows and PettingZoo plays when none is asked (default ``Game.default_players``);
    ``max_length(players) -> (decisions, chance nodes)``, upper bounds declared to
    OpenSpiel (default ``(10000, 10000)``); ``options_of(state) -> dict``, the options
    an engine state was made with (an OpenSpiel bot given a bare state; default the
    game's default options); ``CONFORMANCE``, ``((players, options), ...)``, the setups
    ``python -m thebes.interop.conformance`` checks (default: ``OPENSPIEL_PLAYERS``, no
    options). ``Game.hidden_information`` makes the OpenSpiel game imperfect
    information. Without the hook the adapters refuse the game with an
    :class:`~thebes.core.OptionsError` and leave it out of ``covered_games()``.
``web``
    A package whose folder holds the browser table: ``table.js`` (the entry module, with
    ``describeEvent``, ``render(ctx)`` and optionally ``narrate``) and whatever it imports,
    served by the web app under ``/static/games/<name>/``. Without it the game page shows
    the generic list of legal moves.

Data hooks have defaults that suit a new game; see each field.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Mapping

#: the strength levels every client offers, by name: ``(bot, parameters)``. A game adjusts
#: a level's parameters with :attr:`GameHooks.levels` (thebes/bots/__init__.py reads both).
DEFAULT_LEVELS: Mapping[str, tuple[str, Mapping[str, Any]]] = {
    "easy": ("greedy", {"noise": 3.0}),
    "medium": ("ismcts", {"iterations": 1000, "max_ms": 3000.0}),
    "hard": ("ismcts", {"iterations": 4000, "max_ms": 10000.0}),
}

MODULE_HOOKS = ("greedy", "scripted", "search", "value", "terminal", "tensors", "web")


@dataclass(frozen=True)
class GameHooks:
    """The hooks of one game (module docstring: what each module hook defines).

    Attributes:
        greedy, scripted, search, value, terminal, tensors, web: dotted module names, or ``None``.
        default_players: the seat count a client offers first (``None``: ``min_players``).
        bench_players: the seat counts ``thebes bench`` measures (empty: ``default_players``).
        score_scale: points that make a clear margin at the end (the search's reward
            squashes score differences with it: thebes/bots/ismcts.py ``rewards``).
        marks: the review's thresholds ``(inaccuracy, mistake, blunder)``: a decision that
            loses this much of the search's expected result, 0..1 (docs/review.md).
        solo_marks: the same for a solo game, where it differs; ``None``: ``marks``.
        levels: per strength level, parameters that replace or add to the level's
            defaults (:data:`DEFAULT_LEVELS`) in this game: ``{"easy": {"noise": 0.6}}``.
            A searching level's budget is iterations, never time, so that it plays the
            same on an idle or a loaded machine (issue 32): ``iterations`` (a move, at
            any seat count), ``iterations_at`` (``{players: iterations}``: that many at
            that seat count instead), and ``max_ms`` (a cap of wall time for a machine
            loaded far beyond the usual, not a budget). All three are dropped when a
            time is asked for by name (``think_ms``).
    """

    greedy: str | None = None
    scripted: str | None = None
    search: str | None = None
    value: str | None = None
    terminal: str | None = None
    tensors: str | None = None
    web: str | None = None
    default_players: int | None = None
    bench_players: tuple[int, ...] = ()
    score_scale: float = 20.0
    marks: tuple[float, float, float] = (0.06, 0.12, 0.24)
    solo_marks: tuple[float, float, float] | None = None
    levels: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def module(self, hook: str) -> ModuleType | None:
        """The module of ``hook`` (one of :data:`MODULE_HOOKS`), imported now, or ``None``
        when the game has none.

        Raises:
            ValueError: ``hook`` is not a module hook.
            ImportError: the module is named but cannot be imported (a broken install).
        """
        if hook not in MODULE_HOOKS:
            raise ValueError(f"no module hook {hook!r} (hooks: {', '.join(MODULE_HOOKS)})")
        name = getattr(self, hook)
        return None if name is None else importlib.import_module(name)

    def web_folder(self) -> Path | None:
        """The folder of the ``web`` package (its ``table.js`` and assets), or ``None``."""
        if self.web is None:
            return None
        spec = importlib.util.find_spec(self.web)
        if spec is None or not spec.submodule_search_locations:
            return None
        return Path(next(iter(spec.submodule_search_locations)))
