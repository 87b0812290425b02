"""A thebes state seen through an :class:`~thebes.core.tensors.Encoding`:
integer ids in, integer ids out, shuffles dealt tile by tile and compound
moves chosen token by token (where the game's encoding says so).

:class:`Position` is what both adapters (OpenSpiel, PettingZoo) drive; it
imports neither library.
"""

from __future__ import annotations

import json
from typing import Any, Hashable

from thebes.core import CHANCE, TERMINAL, State
from thebes.core.tensors import Dealer, Encoding, Tensor, Walker

from .actions import encoding


class Position:
    """One engine state plus the adapter's sub-steps.

    * ``dealt``: chance ids of a shuffle being dealt (``dealer`` not None);
    * ``walker``: the compound move being chosen (a compound encoding), created
      at the first look at a decision node.

    The engine state changes only when a deal or a compound move is complete.
    """

    __slots__ = ("enc", "s", "dealer", "dealt", "walker", "last_action", "_obs")

    def __init__(self, enc: Encoding, s: State) -> None:
        self.enc = enc
        self.s = s
        self.dealt: list[int] = []
        self.dealer: Dealer | None = enc.dealer(s)
        self.walker: Walker | None = None
        self.last_action: Hashable | None = None
        #: seat -> the engine's observation, until the engine state changes
        self._obs: dict[Any, dict[str, Any]] = {}

    def clone(self) -> "Position":
        p = Position.__new__(Position)
        p.enc = self.enc
        p.s = self.s.clone()
        p.dealt = self.dealt[:]
        p.dealer = self.dealer
        p.walker = self.walker.copy() if self.walker is not None else None
        p.last_action = self.last_action
        p._obs = dict(self._obs)  # observations are never changed in place
        return p

    def __deepcopy__(self, memo: dict) -> "Position":
        return self.clone()

    # pickling (OpenSpiel serializes a Python state's attributes with pickle)
    def __getstate__(self) -> dict[str, Any]:
        enc = self.enc
        return {"name": enc.name, "players": enc.players, "options": enc.options,
                "s": self.s, "dealt": self.dealt,
                "tokens": self.walker.tokens() if self.walker is not None else []}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.enc = encoding(data["name"], data["players"], data["options"])
        self.s = data["s"]
        self._obs = {}
        self.dealt = list(data["dealt"])
        self.dealer = self.enc.dealer(self.s)
        self.walker = None
        self.last_action = None
        if data["tokens"]:
            walker = self.enc.walker(self.s)
            for t in data["tokens"]:
                walker.step(t)
            self.walker = walker

    # ------------------------------------------------------------ queries
    def current_player(self) -> int:
        """The engine's: a seat, :data:`CHANCE` or :data:`TERMINAL`."""
        return self.s.current_player()

    def is_terminal(self) -> bool:
        return self.s.is_terminal()

    def is_chance(self) -> bool:
        return self.s.is_chance_node()

    def _walker(self) -> Walker:
        if self.walker is None:
            self.walker = self.enc.walker(self.s)
        return self.walker

    def legal_ids(self) -> list[int]:
        """The legal move ids (ascending) at a decision node, else []."""
        s = self.s
        player = s.current_player()
        if player == CHANCE or player == TERMINAL:
            return []
        if self.enc.compound:
            return self._walker().options()
        ids = self.enc.action_id
        return sorted(ids(s, a) for a in s.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(chance id, probability)]`` (ascending ids) at a chance node."""
        if self.dealer is not None:
            return self.dealer.outcomes(self.dealt)
        s = self.s
        ids = self.enc.action_id
        return sorted((ids(s, a), p) for a, p in s.chance_outcomes() if p > 0)

    def id_text(self, ident: int, chance: bool) -> str:
        texts = self.enc.chance if chance else self.enc.moves
        if 0 <= ident < len(texts):
            return texts[ident]
        return f"<invalid {'chance' if chance else 'move'} id {ident}>"

    def partial(self) -> str:
        """The compound move chosen so far (notation, possibly unfinished), or ''."""
        if self.walker is None:
            return ""
        tokens = [self.enc.moves[t] for t in self.walker.tokens()]
        return " ".join(tokens)

    # ------------------------------------------------------------ moves
    def apply_id(self, ident: int) -> Hashable | None:
        """Apply a move id (or token) or a chance id; returns the engine action
        once one is applied to the engine, else ``None`` (a step inside)."""
        s = self.s
        if s.is_chance_node():
            if self.dealer is not None:
                self.dealt.append(ident)
                if len(self.dealt) < self.dealer.steps:
                    return None
                action = self.dealer.finish(self.dealt)
            else:
                action = self.enc.id_action(s, ident)
        elif self.enc.compound:
            action = self._walker().step(ident)
            if action is None:
                return None
        else:
            action = self.enc.id_action(s, ident)
        self.apply_action(action)
        return action

    def apply_action(self, action: Hashable) -> None:
        """Apply a whole engine action (a move, or a chance outcome as the engine knows it)."""
        self.s.apply_action(action)
        self._obs = {}
        self.last_action = action
        self.dealt = []
        self.walker = None
        self.dealer = self.enc.dealer(self.s) if self.s.is_chance_node() else None

    def in_progress(self) -> bool:
        """Whether a deal or a compound move is half done."""
        return bool(self.dealt) or (self.walker is not None and bool(self.walker.tokens()))

    # ------------------------------------------------------------ information
    def observation(self, seat: int | None) -> dict[str, Any]:
        """The engine's observation of ``seat`` (cached until the engine state
        changes; do not change it)."""
        obs = self._obs.get(seat)
        if obs is None:
            obs = self._obs[seat] = (self.s.omniscient_observation() if seat is None
                                     else self.s.observation(seat))
        return obs

    def observation_string(self, seat: int | None) -> str:
        """The observation as canonical JSON, plus the move being chosen (public)."""
        key = ("json", seat)
        text = self._obs.get(key)
        if text is None:
            text = self._obs[key] = json.dumps(self.observation(seat), sort_keys=True,
                                               separators=(",", ":"))
        part = self.partial()
        if part:
            text += "\nchoosing: " + part
        return text

    def observation_vector(self, layout: Tensor, seat: int | None) -> list[float]:
        tokens = self.walker.tokens() if self.walker is not None else ()
        return layout.encode(self.observation(seat), seat, tokens)


def new_position(name: str, players: int, options: dict[str, Any] | None = None) -> Position:
    """A position at the start of game ``name``."""
    enc = encoding(name, players, options)
    return Position(enc, enc.new_state())


__all__ = ["Position", "new_position"]
