"""A tiny game with hidden information and chance, registered as "toy" for the server tests only.

Setup (chance): ``deal a,b[,c..]`` deals each seat a secret card 1..3 (only
its owner sees it; others see ``deal ?,2,?``). Then ``rounds`` rounds: each
seat in turn plays ``add 1``, ``add 2`` or ``hold``; after each round a die
is rolled (chance, ``roll K``, K in 1..6, added to the pot). Score: a seat's
adds plus its card times the last roll. Ranking: higher score first, then
lower seat.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from thebes.core import CHANCE, TERMINAL, Game, InvalidEventError, State

HOLD, ADD1, ADD2 = 0, 1, 2
MOVES = {"hold": HOLD, "add 1": ADD1, "add 2": ADD2}
MOVE_TEXT = {v: k for k, v in MOVES.items()}


class ToyState(State):
    __slots__ = ("num_players", "rounds", "cards", "adds", "rolls", "round", "turn", "phase")

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        self.num_players = players
        self.rounds = options["rounds"]
        self.cards: list[int] = [0] * players
        self.adds: list[int] = [0] * players
        self.rolls: list[int] = []
        self.round = 0
        self.turn = 0
        self.phase = "deal"          # deal | move | roll | over

    @property
    def game(self) -> Game:  # type: ignore[override]
        return GAME

    def current_player(self) -> int:
        if self.phase in ("deal", "roll"):
            return CHANCE
        if self.phase == "over":
            return TERMINAL
        return self.turn

    def legal_actions(self) -> list[Any]:
        if self.phase == "move":
            return [HOLD, ADD1, ADD2]
        if self.phase in ("deal", "roll"):
            return [a for a, _p in self.chance_outcomes()]
        return []

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.phase == "deal":
            deals = list(itertools.product((1, 2, 3), repeat=self.num_players))
            return [(("deal",) + d, 1 / len(deals)) for d in deals]
        if self.phase == "roll":
            return [(("roll", k), 1 / 6) for k in range(1, 7)]
        return []

    def apply_action(self, action: Any) -> None:
        if self.phase == "deal":
            self.cards = list(action[1:])
            self.phase = "move"
        elif self.phase == "roll":
            self.rolls.append(action[1])
            self.round += 1
            self.phase = "over" if self.round >= self.rounds else "move"
        else:
            self.adds[self.turn] += action
            self.turn = (self.turn + 1) % self.num_players
            if self.turn == 0:
                self.phase = "roll"

    def clone(self) -> "ToyState":
        other = ToyState.__new__(ToyState)
        other.num_players, other.rounds = self.num_players, self.rounds
        other.cards, other.adds, other.rolls = list(self.cards), list(self.adds), list(self.rolls)
        other.round, other.turn, other.phase = self.round, self.turn, self.phase
        return other

    def action_to_text(self, action: Any) -> str:
        if isinstance(action, tuple) and action[0] == "deal":
            return "deal " + ",".join(str(c) for c in action[1:])
        if isinstance(action, tuple) and action[0] == "roll":
            return f"roll {action[1]}"
        return MOVE_TEXT[action]

    def text_to_action(self, text: str) -> Any:
        if text in MOVES:
            return MOVES[text]
        if text.startswith("roll ") and text[5:] in ("1", "2", "3", "4", "5", "6"):
            return ("roll", int(text[5:]))
        if text.startswith("deal "):
            parts = text[5:].split(",")
            if all(p in ("1", "2", "3") for p in parts):
                return ("deal",) + tuple(int(p) for p in parts)
        raise InvalidEventError(f"{text!r} is no toy event")

    def _event_for_seat(self, action: Any, seat: int | None) -> str:
        if seat is not None and isinstance(action, tuple) and action[0] == "deal":
            return "deal " + ",".join(str(c) if i == seat else "?" for i, c in enumerate(action[1:]))
        return self.action_to_text(action)

    def _observation(self, seat: int | None) -> dict[str, Any]:
        cp = self.current_player()
        return {"game": "toy", "players": self.num_players, "seat": seat, "phase": self.phase,
                "cards": [c if (seat is None or i == seat) and self.phase != "deal" else None
                          for i, c in enumerate(self.cards)],
                "adds": list(self.adds), "rolls": list(self.rolls),
                "to_move": cp if cp >= 0 else None}

    def _determinize(self, seat: int, rng: random.Random) -> "ToyState":
        other = self.clone()
        for i in range(self.num_players):
            if i != seat:
                other.cards[i] = rng.randint(1, 3)
        return other

    def scores(self) -> list[int] | None:
        last = self.rolls[-1] if self.rolls else 0
        return [self.adds[i] + self.cards[i] * last for i in range(self.num_players)]

    def ranking(self) -> list[int] | None:
        if self.phase != "over":
            return None
        scores = self.scores() or []
        return sorted(range(self.num_players), key=lambda s: (-scores[s], s))


GAME = Game(name="toy", title="Toy", min_players=2, max_players=4, new_state=ToyState,
            default_options={"rounds": 3}, hidden_information=True)
