"""Information set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012).

Single-observer ISMCTS over the core contract, for every game:

* each iteration draws a determinization from the bot's own observation with
  the bot's own generator (``state.determinize(seat, rng)``), so the search
  never sees a hidden fact of the true state;
* it descends one tree whose edges at a decision node are the acting seat's
  own actions (which that seat can always tell apart) and whose edges at a
  chance node are the outcomes as the searching seat sees them
  (``event_for_seat``; the outcome itself where the game hides nothing);
* selection is UCB1 with availability counts (an action absent from a
  determinization does not count against it), each seat maximising its own
  entry of the reward vector, with mean rewards rescaled to the least and
  greatest mean of that seat seen in the tree so far (as MuZero does: a
  position lost or won whatever happens still tells its moves apart by the
  margin), plus a progressive bias towards the move the game's prior would
  make (``bias / (visits + 1)``; the prior is the game's own ``prior``, else
  its playout policy; it is asked once per node), which is also the first
  child expanded: without it, lightly visited opponent nodes play at random
  and the search learns to exploit opponents who do not exist;
* where the game ranks its moves (a ``rank`` hook: every legal move, best
  first), a decision node widens progressively (Coulom 2007; Chaslot et al.,
  "progressive unpruning", 2008): visited n times, it has at most
  ``1 + c x n ** exp`` children (``WIDEN = (c, exp)``, default (1, 0.5)),
  expanded in the ranked order, the first one the hint, so a visit costs the
  children it has, not the moves it could have (a Pharaoh build offers
  100-150);
* the playout follows the game's fast playout policy (random where it has
  none), optionally cut off with the game's evaluation function;
* the reward is a vector, one entry per seat: 0.8 x win share (score ties at
  the top split the win) + 0.2 x normalised score margin (``(1 + tanh((score
  - best other score) / scale)) / 2``, the scale per game; tanh never
  saturates, so a game lost by 30 still prefers losing by 25). Solo, the
  reward is the gain over the score the search expects at its root, over a
  small scale. The blend keeps the search aiming to win while still
  preferring bigger margins when the win is settled either way
  (docs/bots.md).

Budget by iterations or by milliseconds per move.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable, Mapping

from thebes.core import CHANCE, TERMINAL, Action, OptionsError, State, get_game

#: points that make a "large" margin, per game (for the normalised margin).
WIN_WEIGHT = 0.8
_UNASKED = object()


class Node:
    """A node of the search tree. ``reward`` sums the reward vectors backed up through it."""

    __slots__ = ("children", "visits", "avail", "reward", "hint", "untried", "legal", "order")

    def __init__(self, players: int) -> None:
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = [0.0] * players
        #: where the game hides nothing, a decision node's moves are the same on every
        #: visit: ``legal`` is asked once, ``untried`` keeps the moves not yet expanded
        #: (in ``legal``'s order) and ``order`` the children in that order once all are,
        #: so a visit costs the children it has, not a scan of every legal move.
        self.untried: list[Any] | None = None
        self.legal: list[Any] | None = None
        self.order: list[tuple[Any, Node]] | None = None
        #: the prior's move here, asked once (on the first determinization that reaches the
        #: node) and kept: the prior is a heuristic, too slow to ask on every iteration.
        self.hint: Any = _UNASKED


def reward_vector(state: State, scale: float, reference: float = 0.0) -> list[float]:
    """The reward of a finished game per seat; see :func:`reward_from_scores`."""
    scores = state.scores() or [0] * state.num_players
    return reward_from_scores([float(s) for s in scores], scale, reference)


def reward_from_scores(scores: list[float], scale: float, reference: float = 0.0,
                       spread: float = 0.0) -> list[float]:
    """Reward per seat in [0, 1] from final (or estimated) scores; see the module docstring.

    Solo, there is no one to beat: the reward is ``0.5 + (score - reference) / (2 x
    scale)``, clamped, where ``reference`` is the score the search expects at its root
    (so that the scale can be small enough for one point to matter).

    ``spread`` (points, for estimated scores): how far the estimate may be from the final
    score. With a spread the win share is soft, ``exp(score / spread)`` normalised over
    the seats, instead of all to the top estimate: an estimate two points ahead with
    fifteen points of game left is not a won game (issue 32: with the hard share, Ra's
    search read a cut-off position's small, systematic leads as certain wins and losses,
    and its rewards went flat).
    """
    n = len(scores)
    if n == 1:
        return [max(0.0, min(1.0, 0.5 + (scores[0] - reference) / (2 * scale)))]
    top = max(scores)
    if spread > 0:
        weights = [math.exp((s - top) / spread) for s in scores]
        total = sum(weights)
        wins = [w / total for w in weights]
    else:
        winners = sum(1 for s in scores if s == top)
        wins = [1.0 / winners if s == top else 0.0 for s in scores]
    out = []
    for seat, score in enumerate(scores):
        best_other = max(s for i, s in enumerate(scores) if i != seat)
        margin = math.tanh((score - best_other) / scale)
        out.append(WIN_WEIGHT * wins[seat] + (1 - WIN_WEIGHT) * (1 + margin) / 2)
    return out


def _game_hooks(game: str) -> Any:
    """The game's search module (its ``search`` hook: thebes/core/hooks.py), or ``None``. It may define
    ``evaluate(state) -> scores``, ``cutoff(state, start, steps) -> bool``, ``playout(state,
    seat, rng) -> action`` (a fast playout policy, also the tree's prior), or ``prior`` (a
    slower policy for the tree only) with ``BIAS`` (its weight), and ``rank(state, seat, rng)
    -> actions`` (every legal move, best first: progressive widening) with ``WIDEN``, and
    ``EVALUATIONS`` (name -> an ``evaluate``: the judges a level may pick by name)."""
    return get_game(game).hooks.module("search")


def _playout_policy(game: str) -> Callable:
    """The game's greedy ``policy(state, seat, rng) -> action`` for playouts (the state of a
    playout is a determinization, which the policy may read in full)."""
    mod = get_game(game).hooks.module("greedy")
    if mod is None:
        raise OptionsError(f"{game} has no greedy bot (its hooks name none) for greedy playouts")
    policy = getattr(mod, "policy", None)
    if policy is not None:
        return policy
    cache: dict[int, Any] = {}

    def via_bot(state: State, seat: int, rng: random.Random) -> Action:
        bot = cache.get(seat)
        if bot is None:
            bot = cache[seat] = mod.GreedyBot(game, seat, rng)
        return bot.choose(state)
    return via_bot


class ISMCTSBot:
    """ISMCTS for one seat. Parameters:

    ``iterations`` (default 1000) or ``think_ms`` (milliseconds per move; wins if given);
    ``min_iterations`` (with ``think_ms``: search on past the time until this many, so that
    a loaded machine cannot make a level weaker than this; default 0);
    ``iterations_at`` (seat count -> iterations: at those seat counts, exactly that many a
    move, whatever ``think_ms`` and ``min_iterations`` say; default none);
    ``max_ms`` (a budget of iterations stops at this wall time, if it comes first: a cap
    for a very loaded machine, not a budget; default none);
    ``soft_win`` (at a cut-off, a soft win share from the game's ``spread`` of its
    evaluation, where it has one; default True);
    ``exploration`` (UCB constant, default 0.7); ``bias`` (progressive bias weight; default
    the game's ``BIAS``, else 1.0); ``widening`` (widen progressively where the game has a
    ``rank`` hook, default True); ``evaluation`` (the name of one of the game's
    ``EVALUATIONS``, the cut-off positions' judge; default the game's ``evaluate``;
    raises :class:`~thebes.core.OptionsError` naming the known ones if it has no such
    judge); ``playout`` (``"default"``: the
    game's fast playout policy where it has one, else random; ``"random"``; or
    ``"greedy"``, the game's greedy bot, slow); ``use_evaluation`` (cut playouts off with the game's evaluation
    where it has one, default True).
    """

    name = "ismcts"

    def __init__(self, game: str, seat: int, rng: random.Random, iterations: int = 1000,
                 think_ms: float | None = None, exploration: float = 0.7, bias: float | None = None,
                 playout: str = "default", use_evaluation: bool = True, min_iterations: int = 0,
                 widening: bool = True, evaluation: str | None = None,
                 iterations_at: Mapping[int, int] | None = None, soft_win: bool = True,
                 max_ms: float | None = None, **_: Any) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.iterations = iterations
        self.think_ms = think_ms
        self.min_iterations = max(1, int(min_iterations))
        self.iterations_at = dict(iterations_at or {})
        self.max_ms = max_ms
        self.exploration = exploration
        self.scale = get_game(game).hooks.score_scale
        hooks = _game_hooks(game)
        self.evaluate = getattr(hooks, "evaluate", None) if use_evaluation else None
        if evaluation is not None:
            known = getattr(hooks, "EVALUATIONS", {})
            if evaluation not in known:
                raise OptionsError(f"no evaluation {evaluation!r} for {game} "
                                   f"(known: {', '.join(known) or 'none'})")
            self.evaluate = known[evaluation] if use_evaluation else None
        self.cutoff = getattr(hooks, "cutoff", None) if use_evaluation else None
        # The evaluation's uncertainty at a cut-off (``spread(state) -> points``): a soft
        # win share where the game has one (``soft_win=False``: the top estimate wins).
        self.spread = getattr(hooks, "spread", None) if soft_win else None
        self.policy = {"greedy": _playout_policy(game) if playout == "greedy" else None,
                       "random": None, "default": getattr(hooks, "playout", None)}[playout]
        # The tree's prior: the game's own prior (a policy too slow for whole playouts), else
        # the playout policy, else none (plain UCB).
        self.prior = getattr(hooks, "prior", None) or self.policy
        self.bias = bias if bias is not None else getattr(hooks, "BIAS", 1.0)
        # Progressive widening where the game ranks its moves (``rank``, with ``WIDEN``):
        # a node visited n times has at most 1 + c x n ** exp children, the best first.
        self.rank = getattr(hooks, "rank", None) if widening else None
        self.widen = getattr(hooks, "WIDEN", (1.0, 0.5))
        # Solo: points that make a large gain over the root's expected score.
        self.solo_scale = getattr(hooks, "SOLO_SCALE", self.scale)
        self.reference = 0.0
        self._lo: list[float] = []  # per seat, the least and greatest mean reward in the tree
        self._hi: list[float] = []
        self.last_root: Node | None = None
        self.last_iterations = 0
        #: a hook for tools that read the search (thebes/review): called after each
        #: iteration's playout as ``on_playout(path, state)`` with the nodes from the root
        #: down and the playout's last state (terminal, or cut off and then valued by
        #: ``evaluate``). ``None``: off.
        self.on_playout: Callable[[list[Node], State], None] | None = None

    # ------------------------------------------------------------------ search
    def search(self, state: State) -> Node:
        """Run the budgeted search from ``state`` (the bot's seat to move); return the root."""
        players = state.num_players
        root = Node(players)
        # The least and greatest mean reward per seat over the tree so far: selection
        # rescales means to this range (as MuZero does), so a position that is lost (or won)
        # whatever happens still tells its moves apart by the margin.
        self._lo = [math.inf] * players
        self._hi = [-math.inf] * players
        if players == 1:
            self.reference = (self.evaluate(state.determinize(self.seat, self.rng))[0]
                              if self.evaluate is not None else self.solo_scale)
        hidden = getattr(state.game, "hidden_information", True)
        budget = self.iterations_at.get(players)
        deadline = (time.perf_counter() + self.think_ms / 1000.0) \
            if self.think_ms and budget is None else None
        budget = budget or self.iterations
        # a cap on the wall time of a search with a budget of iterations: only a very
        # loaded machine reaches it (issue 32: a level plays the same idle or loaded)
        cap = (time.perf_counter() + self.max_ms / 1000.0) \
            if self.max_ms and deadline is None else None
        n = 0
        floor = self.min_iterations
        while True:
            if deadline is not None:
                if n >= floor and time.perf_counter() >= deadline:
                    break
            elif n >= budget or (cap is not None and n and time.perf_counter() >= cap):
                break
            self._iterate(state, root, players, hidden)
            n += 1
        self.last_root = root
        self.last_iterations = n
        return root

    def _iterate(self, state: State, root: Node, players: int, hidden: bool) -> None:
        rng = self.rng
        me = self.seat
        d = state.determinize(me, rng)
        node = root
        path = [root]
        c = self.exploration
        bias = self.bias
        prior = self.prior
        rank = self.rank
        widen_c, widen_exp = self.widen
        lo, hi = self._lo, self._hi
        stretch = [1.0 / (h - l) if h - l > 1e-6 else 1.0 for l, h in zip(lo, hi)]
        # selection and expansion
        while True:
            player = d.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                outcome = d.sample_chance(rng)
                key = ("c", d.event_for_seat(outcome, me) if hidden else outcome)
                d.apply_action(outcome)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = Node(players)
                    path.append(child)
                    break
                node = child
                path.append(node)
                continue
            if not hidden:
                untried = node.untried
                if untried is None:
                    legal = node.legal = d.legal_actions()
                    if rank is not None and len(legal) > 1:
                        # progressive widening: the moves best first, expanded in that order
                        ranked = rank(d, player, rng)
                        hint = node.hint = ranked[0]
                        ranked.reverse()
                        untried = node.untried = ranked
                        node.order = []
                    else:
                        untried = node.untried = list(legal)
                        hint = node.hint = (prior(d, player, rng) if prior is not None
                                            and len(legal) > 1 else None)
                else:
                    hint = node.hint
                if untried and node.order is not None and rank is not None:
                    order = node.order
                    if len(order) < 1 + widen_c * node.visits ** widen_exp:
                        for _, child in order:
                            child.avail += 1
                        a = untried.pop()
                        child = node.children[a] = Node(players)
                        child.avail = 1
                        order.append((a, child))
                        d.apply_action(a)
                        path.append(child)
                        break
                    untried = None  # widened enough for now: choose among the children
                if untried:
                    for child in node.children.values():
                        child.avail += 1
                    a = hint if hint in untried else untried[int(rng.random() * len(untried))]
                    untried.remove(a)
                    child = node.children[a] = Node(players)
                    child.avail = 1
                    if not untried:
                        children = node.children
                        node.order = [(b, children[b]) for b in node.legal]
                    d.apply_action(a)
                    path.append(child)
                    break
                best, best_value, best_action = None, -1.0, None
                log_cache = {}
                for a, child in node.order:
                    av = child.avail = child.avail + 1
                    lg = log_cache.get(av)
                    if lg is None:
                        lg = log_cache[av] = math.log(av)
                    visits = child.visits
                    value = ((child.reward[player] / visits - lo[player]) * stretch[player]
                             + c * math.sqrt(lg / visits))
                    if a == hint:
                        value += bias / (visits + 1)
                    if value > best_value:
                        best, best_value, best_action = child, value, a
                d.apply_action(best_action)
                node = best
                path.append(node)
                continue
            legal = d.legal_actions()
            children = node.children
            hint = node.hint
            if hint is _UNASKED:
                hint = node.hint = (prior(d, player, rng) if prior is not None and len(legal) > 1
                                    else None)
            untried = []
            best, best_value, best_action = None, -1.0, None
            log_cache: dict[int, float] = {}
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                    continue
                child.avail += 1
                if not untried:
                    av = child.avail
                    lg = log_cache.get(av)
                    if lg is None:
                        lg = log_cache[av] = math.log(av)
                    visits = child.visits
                    value = ((child.reward[player] / visits - lo[player]) * stretch[player]
                             + c * math.sqrt(lg / visits))
                    if a == hint:
                        value += bias / (visits + 1)
                    if value > best_value:
                        best, best_value, best_action = child, value, a
            if untried:
                a = hint if hint in untried else untried[int(rng.random() * len(untried))]
                child = children[a] = Node(players)
                child.avail = 1
                d.apply_action(a)
                path.append(child)
                break
            d.apply_action(best_action)
            node = best
            path.append(node)
        reward = self._playout(d, rng)
        if self.on_playout is not None:
            self.on_playout(path, d)
        for visited in path:
            visits = visited.visits = visited.visits + 1
            acc = visited.reward
            for i in range(players):
                acc[i] += reward[i]
                q = acc[i] / visits
                if q < lo[i]:
                    lo[i] = q
                if q > hi[i]:
                    hi[i] = q

    def _playout(self, d: State, rng: random.Random) -> list[float]:
        cutoff = self.cutoff
        start = d.clone() if cutoff else None
        policy = self.policy
        scale = self.solo_scale if d.num_players == 1 else self.scale
        if cutoff is None and policy is None:  # a plain random playout: the engine's own loop
            d.random_playout(rng)
            return reward_vector(d, scale, self.reference)
        steps = 0
        while True:
            player = d.current_player()
            if player == TERMINAL:
                return reward_vector(d, scale, self.reference)
            if cutoff is not None and cutoff(d, start, steps):
                spread = self.spread(d) if self.spread is not None else 0.0
                return reward_from_scores(self.evaluate(d), scale, self.reference, spread)
            steps += 1
            if player == CHANCE:
                d.apply_action(d.sample_chance(rng))
            elif policy is not None:
                d.apply_action(policy(d, player, rng))
            else:
                d.apply_action(d.random_action(rng))  # draws as rng.choice(legal_actions())

    # ------------------------------------------------------------------ decisions
    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = self.search(state)
        seat = self.seat

        def rank(a: Action) -> tuple[int, float]:   # most visits; ties: the better mean reward
            child = root.children.get(a)
            if child is None or not child.visits:
                return (-1, 0.0)
            return (child.visits, child.reward[seat] / child.visits)
        return max(legal, key=rank)

    def analyse(self, state: State, top: int = 5) -> list[dict[str, Any]]:
        """The search's top moves: ``[{"move", "visits", "share", "expected"}]``, best first.

        ``expected`` is the mean reward for the bot's seat after that move (0..1).
        """
        root = self.search(state)
        total = sum(child.visits for child in root.children.values()) or 1
        rows = []
        for a in state.legal_actions():
            child = root.children.get(a)
            if child is None or not child.visits:
                continue
            rows.append({"move": state.action_to_text(a), "visits": child.visits,
                         "share": child.visits / total,
                         "expected": child.reward[self.seat] / child.visits})
        rows.sort(key=lambda r: -r["visits"])
        return rows[:top]
