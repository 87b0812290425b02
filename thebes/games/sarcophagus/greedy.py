"""Sarcophagus's greedy bot: places the coin that most improves its standing
one event ahead.

For each legal move it applies the move to its own determinized copy
(``state.determinize(seat, rng)``: hidden tiles and other seats' coin values
redrawn, so it never reads the true state's hidden facts) and scores the
result with :func:`standing`: its fame so far minus the best other seat's,
plus each seat's expected share of the tiles still in the pyramid (a tile's
worth to the seat times its share of the coins on it, squared shares so the
majority counts), plus the expected worth of unrevealed sarcophagus tiles,
minus owed trap discards, plus a little for coins still in hand. A tile's
worth weighs its fame and suit bonus, a god's protection, and a trap's
expected loss. Coin values only matter in ties and for coins locked on a
sarcophagus tile, so low values go where they are safe. ``discard`` keeps
the most fame.
"""

from __future__ import annotations

import random
from typing import Any

from thebes.core import State
from thebes.games.sarcophagus import notation as nt
from thebes.games.sarcophagus.geometry import SARCOPHAGUS_SLOT
from thebes.games.sarcophagus.scoring import fame
from thebes.games.sarcophagus.state import END_TRAP, HELD, PLACE1, PLACE2, SARC, TRAP

GOD_WORTH = 4.0
HAND_COIN_WORTH = 0.3
MEAN_NUMBER = 3.5


def tile_worth(held: list[int], tile: int, has_god: bool, god_worth: float = GOD_WORTH) -> float:
    """What gaining ``tile`` (a tile int) adds to a seat holding ``held`` face up."""
    r = tile % 6
    if r >= 2:
        return fame(held + [tile]) - fame(held)
    if r == nt.ACE:
        return 0.3 if has_god else god_worth
    if has_god:
        return -0.3
    return -trap_loss(held)


def trap_loss(held: list[int]) -> float:
    """Fame lost to a trap discard chosen to lose least (a little even with no tile yet)."""
    numbers = [t for t in held if t % 6 >= 2]
    if not numbers:
        return 1.0
    base = fame(held)
    return min(base - fame([t for t in held if t != n]) for n in numbers)


def standing(table: Any, seat: int, hand_worth: float = HAND_COIN_WORTH,
             god_worth: float = GOD_WORTH) -> float:
    """How well ``seat`` stands in ``table`` (a state of the bot's own copy)."""
    n = table.num_players
    held = [table.held(s) for s in range(n)]
    gods = [bool(table.gods >> s & 1) for s in range(n)]
    value = [float(fame(held[s])) for s in range(n)]
    # unrevealed sarcophagus tiles: the unseen special tiles are the four 5s and two nulls
    seen_fives = sum(1 for t in nt.FIVES if table.loc[t] in range(HELD, HELD + 4) or
                     table.loc[t] == 9 or (table.loc[t] == 0 and _face_up(table, t)))
    sarc_five = (4 - seen_fives) / 6.0
    for s in range(n):
        hidden = sum(1 for t in range(nt.NUM_TILES) if table.loc[t] == SARC + s)
        value[s] += hidden * (sarc_five * 5.0 - (1 - sarc_five) * (0 if gods[s] else 3.0))
        value[s] += hand_worth * table.handn[s]
    if table.phase in (TRAP, END_TRAP):
        value[table.cur] -= trap_loss(held[table.cur])
    present = table.present
    for pos in range(21):
        if not present >> pos & 1 or not table.ncoins[pos]:
            continue
        coins = table.coins[pos * 4:pos * 4 + table.ncoins[pos]]
        counts = [0] * n
        for c in coins:
            counts[c // 6] += 1
        total = sum(c * c for c in counts)
        tile = table.layout[pos]
        slot = SARCOPHAGUS_SLOT[pos]
        for s in range(n):
            if counts[s]:
                worth = tile_worth(held[s], tile, gods[s], god_worth)
                if slot >= 0:
                    worth += sarc_five * 5.0 - 0.4 * counts[s]
                value[s] += worth * counts[s] * counts[s] / total
    others = max(value[s] for s in range(n) if s != seat)
    return value[seat] - others


def _face_up(table: Any, tile: int) -> bool:
    pos = table.layout.index(tile)
    return pos < 21 and bool(table.faceup >> pos & 1 and table.present >> pos & 1)


class GreedyBot:
    """See the module docstring. ``noise`` (>= 0) adds a random term to every worth;
    ``hand_worth`` (fame per coin in hand) and ``god_worth`` (a first god) tune the
    evaluation (tried 0 / 0.8 and 2 / 7 against the defaults: none did better)."""

    name = "greedy"

    def __init__(self, game: str, seat: int, rng: random.Random, noise: float = 0.0,
                 hand_worth: float = HAND_COIN_WORTH, god_worth: float = GOD_WORTH,
                 **_: Any) -> None:
        self.seat = seat
        self.rng = rng
        self.noise = noise
        self.hand_worth = hand_worth
        self.god_worth = god_worth

    def choose(self, state: State) -> Any:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        table = state.determinize(self.seat, self.rng)
        seat = self.seat
        if table.phase in (TRAP, END_TRAP):
            held = table.held(seat)
            return max(legal, key=lambda a: fame([t for t in held if t != a - nt.DISCARD]))
        best, best_worth = legal[0], float("-inf")
        for action in legal:
            after = table.clone()
            after.apply_action(action)
            worth = (standing(after, seat, self.hand_worth, self.god_worth)
                     - 0.02 * self._coin_cost(table, action))
            if self.noise:
                worth += self.rng.gauss(0.0, self.noise)
            worth += self.rng.random() * 1e-6  # ties broken at random
            if worth > best_worth:
                best, best_worth = action, worth
        return best

    @staticmethod
    def _coin_cost(table: Any, action: int) -> float:
        """High coins are kept for ties; on a sarcophagus tile they may be locked for good."""
        if table.phase not in (PLACE1, PLACE2):
            return 0.0
        pos, value = divmod(action, 6)
        contested = len({c // 6 for c in table.coins[pos * 4:pos * 4 + table.ncoins[pos]]}
                        - {table.cur})
        cost = value * (3.0 if SARCOPHAGUS_SLOT[pos] >= 0 else 1.0)
        return cost - (2.0 * value if contested else 0.0)


__all__ = ["GreedyBot", "standing", "tile_worth"]
