"""Sarcophagus's hooks for :mod:`thebes.bots.ismcts`.

* ``cutoff``: a playout stops after :data:`HORIZON` events (the search ends
  it at the end of the game anyway);
* ``evaluate``: each seat's fame as if the game ended now (spec, Scoring: the
  number tiles it holds, face up or in its claimed sarcophagus, with the suit
  bonus), less the number tile each unrevealed trap under its sarcophagus would
  take (its lowest, if it holds no god, ruling 19), plus half the worth of each
  tile still in the pyramid that its coins would claim now (most coins, then the
  highest total, spec, Claims).

The playout's state is a determinization, so reading the layout there reveals
nothing to the searching seat. Kept because it wins more than playouts to the
end at equal time (docs/bots.md, "Cut-off playouts in Sarcophagus and
Pharaoh's Heir").
"""

from __future__ import annotations

from thebes.core import State
from thebes.games.sarcophagus import notation as nt
from thebes.games.sarcophagus.scoring import fame
from thebes.games.sarcophagus.state import HELD, SARC

#: playout events after which the position is valued instead of played on.
HORIZON = 20
#: share of a contested tile's rank counted for the seat that would claim it now.
CONTESTED = 0.5


def cutoff(state: State, start: State, steps: int) -> bool:
    """True after ``HORIZON`` playout events."""
    return steps >= HORIZON


def evaluate(state: State) -> list[float]:
    """Estimated final fame per seat, in seat order (see the module docstring)."""
    n = state.num_players
    loc = state.loc  # type: ignore[attr-defined]
    owned: list[list[int]] = [[] for _ in range(n)]
    traps = [0] * n
    for t in range(nt.NUM_TILES):
        code = loc[t]
        if HELD <= code < HELD + 4:
            owned[code - HELD].append(t)
        elif SARC <= code < SARC + 4:
            owned[code - SARC].append(t)
            if t % 6 == nt.NULL:
                traps[code - SARC] += 1
    gods = state.gods  # type: ignore[attr-defined]
    out = []
    for s in range(n):
        value = float(fame(owned[s]))
        if traps[s] and not gods >> s & 1:
            numbers = sorted(t % 6 for t in owned[s] if t % 6 >= 2)
            value -= sum(numbers[:traps[s]])
        out.append(value)
    layout = state.layout  # type: ignore[attr-defined]
    coins = state.coins  # type: ignore[attr-defined]
    ncoins = state.ncoins  # type: ignore[attr-defined]
    m = state.present  # type: ignore[attr-defined]
    while m:
        low = m & -m
        pos = low.bit_length() - 1
        m ^= low
        k = ncoins[pos]
        rank = layout[pos] % 6
        if not k or rank < 2:
            continue
        counts = [0] * n
        totals = [0] * n
        for c in coins[pos * 4:pos * 4 + k]:
            counts[c // 6] += 1
            totals[c // 6] += c % 6
        best = max(range(n), key=lambda s: (counts[s], totals[s]))
        out[best] += CONTESTED * rank
    return out
