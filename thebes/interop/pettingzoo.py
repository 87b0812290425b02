"""thebes's games as PettingZoo AEC environments (needs ``thebes[pettingzoo]``).

>>> from thebes.interop.pettingzoo import env
>>> e = env("ra", players=3)
>>> e.reset(seed=7)
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
...     e.step(action)

Agents are ``player_0 .. player_{n-1}`` (seat order, 0-based). An
observation is ``{"observation": float32 array, "action_mask": int8 array}``:
the tensor of :mod:`thebes.interop.observations` (built from the engine's
``observation(seat)`` only) and the legal moves among the game's move ids
(:mod:`thebes.interop.actions`); both come from the game's ``tensors`` hook
(thebes/core/hooks.py), which also gives the default player count. Chance
events are resolved inside ``step`` (and ``reset``) with a
``random.Random`` seeded by ``reset(seed=...)``, so a seed fixes the game.
Rewards come once, at the end: 1 to the winner after the game's tie-break,
0 to every other seat. Render mode: ``"ansi"``.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from thebes.core import get_game

from .actions import default_players, encoding
from .adapter import Position
from .observations import tensor

#: bounds of every observation entry (counts, points and one-hots fit well inside).
OBS_LOW, OBS_HIGH = -1.0e4, 1.0e4


class ThebesEnv(AECEnv):
    """One thebes game as an AEC environment. See the module docstring."""

    metadata = {"render_modes": ["ansi"], "name": "thebes_v0", "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None,
                 options: dict[str, Any] | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        thebes_game = get_game(game)
        if players is None:
            players = default_players(game)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.metadata = dict(self.metadata, name=f"thebes_{game.replace('-', '_')}_v0")
        self.thebes_game = thebes_game
        self.encoding = encoding(game, players, options)
        self.tensor = tensor(game, players, self.encoding.options)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{s}" for s in range(players)]
        self.agents = self.possible_agents[:]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        n_moves = self.encoding.num_moves
        self.observation_spaces = {
            a: gymnasium.spaces.Dict({
                "observation": gymnasium.spaces.Box(OBS_LOW, OBS_HIGH, (self.tensor.size,),
                                                    np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (n_moves,), np.int8),
            }) for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(n_moves) for a in self.possible_agents}
        self.position: Position | None = None
        self.last_event: str | None = None
        self._rng = random.Random()
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]

    # ------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------ API
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self._rng = random.Random(seed)
        self.position = Position(self.encoding, self.encoding.new_state())
        self.last_event = None
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._resolve_chance()
        self.agent_selection = self.possible_agents[self._to_move()]

    @property
    def game_state(self) -> Any:
        """The thebes engine state (not a copy)."""
        return self.position.s if self.position is not None else None

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        pos = self.position
        obs = np.asarray(pos.observation_vector(self.tensor, seat), dtype=np.float32)
        mask = np.zeros(self.encoding.num_moves, dtype=np.int8)
        if pos.current_player() == seat:
            mask[pos.legal_ids()] = 1
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        pos = self.position
        s = pos.s
        if action is None:
            raise ValueError(f"{agent} is to move: None is no move")
        ident = int(action)
        legal = pos.legal_ids()
        if ident not in legal:
            raise ValueError(f"move id {ident} is not legal for {agent} here (legal: {legal})")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        text = None if self.encoding.compound else s.action_to_text(
            self.encoding.id_action(s, ident))
        engine_action = pos.apply_id(ident)
        if engine_action is None:  # a compound move goes on: same agent
            return
        if text is None:  # a compound move, spelled once applied (its text needs no state)
            text = s.action_to_text(engine_action)
        self.last_event = f"seat {self._seat[agent] + 1}: {text}"
        self._resolve_chance()
        if s.is_terminal():
            returns = s.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat[a]])
                self.terminations[a] = True
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self._to_move()]
        if self.render_mode == "ansi":
            pass  # ansi frames are returned by render() on request

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (use 'ansi')")
            return None
        s = self.game_state
        if s is None:
            return f"{self.thebes_game.title}: not started (call reset)"
        lines = [f"{self.thebes_game.title}, {len(self.possible_agents)} players: "
                 f"{s.describe_outcome()}"]
        if self.last_event:
            lines.append(f"last event: {self.last_event}")
        scores = s.scores()
        if scores is not None:
            lines.append("scores: " + ", ".join(f"seat {i + 1} {v}" for i, v in enumerate(scores)))
        if not s.is_terminal():
            seat = s.current_player()
            part = self.position.partial()
            if part:
                lines.append(f"seat {seat + 1} is choosing: {part} ...")
            legal = self.position.legal_ids()
            texts = [self.encoding.moves[i] for i in legal]
            if len(texts) > 40:
                texts = texts[:40] + [f"... ({len(legal)} in all)"]
            lines.append(f"seat {seat + 1} may play: " + ", ".join(texts))
        return "\n".join(lines)

    def close(self) -> None:
        pass

    # ------------------------------------------------------------ internals
    def _resolve_chance(self) -> None:
        pos = self.position
        s = pos.s
        rng = self._rng
        while s.is_chance_node():
            outcome = s.sample_chance(rng)
            self.last_event = s.action_to_text(outcome)
            pos.apply_action(outcome)

    def _to_move(self) -> int:
        player = self.position.current_player()
        return player if player >= 0 else 0


def raw_env(game: str, players: int | None = None, options: dict[str, Any] | None = None,
            render_mode: str | None = None) -> ThebesEnv:
    """The environment without PettingZoo's order-enforcing wrapper."""
    return ThebesEnv(game, players=players, options=options, render_mode=render_mode)


def env(game: str, players: int | None = None, options: dict[str, Any] | None = None,
        render_mode: str | None = None) -> AECEnv:
    """An AEC environment for thebes game ``game`` (any game with a ``tensors`` hook:
    :func:`thebes.interop.actions.covered_games`) at ``players`` seats with ``options``
    (``None``: the game's default count), wrapped in PettingZoo's order-enforcing
    wrapper. Raises :class:`thebes.core.OptionsError` for a game not covered."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, players, options, render_mode))
