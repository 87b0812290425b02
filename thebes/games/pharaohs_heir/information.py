"""What each seat sees, and determinization (shared/spec/pharaohs-heir.md, What each seat sees).

Public: every mat, grain, coins, the sacrifice track, VPs, the Blessing
holder, the Overseer and the actions left, the Nile tiles revealed and the
number face down, each land stack's face-up tile and its number of
face-down tiles. Private: the tile seen by ``peek``, to that Overseer only,
until it is turned over. Hidden from all: the order of the face-down Nile
and land tiles, and which land tiles are set aside.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from thebes.core import CHANCE, TERMINAL

from .pieces import (ACTIONS, COLUMNS, NUMBERED, ROWS, SLOTS, land_name, nile_name, slot_name)
from .scoring import AREAS
from .phases import (CHANCE_PHASES, P_BONUS, P_BUILD, P_END, P_OFFER, P_PAY, P_PLACE, P_REAP,
                    P_STARVE, P_TAKE, P_UNREST, PHASE_NAMES)

if TYPE_CHECKING:  # pragma: no cover
    from .state import PharaohsHeirState

#: the action whose round is running, by the round's phase.
ROUND_ACTION = {P_TAKE: 0, P_OFFER: 1, P_PLACE: 2, P_REAP: 3, P_BUILD: 4}
ACTION_PHASES = (P_TAKE, P_OFFER, P_BONUS, P_PLACE, P_REAP, P_STARVE, P_BUILD, P_PAY)
PENDING_PHASES = (P_PLACE, P_STARVE, P_PAY, P_UNREST)

STACK = 6


def _mat(state: "PharaohsHeirState", p: int) -> dict[str, Any]:
    base = p * SLOTS
    columns = {}
    for col, name in enumerate(COLUMNS):
        tiles = []
        for row in range(state.height[p * 3 + col]):
            s = col * ROWS + row
            tile = state.tile[base + s]
            tiles.append({"pos": slot_name(s), "tile": land_name(tile), "value": tile & 7,
                          "tokens": state.pop[base + s], "canal": bool(state.canal[base + s]),
                          "building": state.bld[base + s] or None})
        columns[name] = tiles
    def coins(counts: list[int]) -> list[int]:
        return [v for v in range(1, 7) for _ in range(counts[p * 7 + v])]

    return {"columns": columns, "floodwalls": coins(state.wall), "grain": state.grain[p],
            "reserve": coins(state.reserve), "out_of_play": coins(state.gone),
            "areas": dict(zip(AREAS, state.areas(p)))}


def _stacks(state: "PharaohsHeirState") -> list[dict[str, Any]]:
    """This cycle's land stacks: face-up tile (or None) and face-down count."""
    if not state.land:
        return []
    out = []
    for k in range(state.num_players):
        left = STACK - state.depth
        if left <= 0:
            out.append({"face_up": None, "face_down": 0})
        elif state.taken >> k & 1:
            out.append({"face_up": None, "face_down": left - 1})
        else:
            out.append({"face_up": land_name(state.land[(state.stack0 + k) * STACK + state.depth]),
                        "face_down": left - 1})
    return out


def observation(state: "PharaohsHeirState", seat: int | None) -> dict[str, Any]:
    """A JSON-ready dict of what ``seat`` (0-based; ``None`` = omniscient) may see.

    Seats inside are 0-based. Keys: ``players``, ``piecepacks``, ``seat``,
    ``phase``, ``to_move`` (seat, ``"chance"`` or ``None`` at the end),
    ``cycle`` and ``turn`` (1-based), ``blessing``, ``overseer``,
    ``action`` (being carried out), ``actions_left``, ``pending`` (tokens or
    tiles the decision is about), ``due``, ``nile`` (``tile``, ``revealed``,
    ``face_down`` per stack, ``peeked_by`` and, for that seat only,
    ``peeked``), ``land`` (``stacks``, ``later_face_down``, ``set_aside``,
    ``removed``), ``mats``, ``track`` (per seat, 12 entries), ``vp``
    (cycle x seat x area), ``scores``.
    """
    n = state.num_players
    phase = state.phase
    cur = state.cur
    action = ROUND_ACTION[state.round_phase] if phase in ACTION_PHASES else None
    playing = phase not in CHANCE_PHASES and phase != P_END
    nile_total = len(state.nile)
    face_down = [max(0, min(STACK, (k + 1) * STACK - state.nile_next))
                 for k in range(nile_total // STACK)]
    nile: dict[str, Any] = {
        "tile": nile_name(state.nile_tile) if state.nile_tile else None,
        "revealed": [nile_name(t) for t in state.nile[:state.nile_next]],
        "face_down": face_down,
        "last_numbered": state.last_numbered or None,
        "peeked_by": state.peek_seat if state.peek_seat >= 0 else None,
    }
    if state.peek_seat >= 0 and (seat is None or seat == state.peek_seat):
        nile["peeked"] = nile_name(state.nile[state.nile_next])
    later = 0
    if state.piecepacks == 2 and n == 3 and state.cycle == 0 and state.land:
        later = 3 * STACK
    land: dict[str, Any] = {"stacks": _stacks(state), "later_face_down": later,
                            "set_aside": len(state.set_aside),
                            "removed": sorted(land_name(t) for t in state.removed)}
    if seat is None:
        nile["stacks"] = [nile_name(t) for t in state.nile]
        land["all_stacks"] = [land_name(t) for t in state.land]
        land["set_aside_tiles"] = [land_name(t) for t in state.set_aside]
    vp = state.vp_table()
    return {
        "game": "pharaohs-heir",
        "players": n,
        "piecepacks": state.piecepacks,
        "seat": seat,
        "phase": PHASE_NAMES[phase],
        "to_move": "chance" if cur == CHANCE else (None if cur == TERMINAL else cur),
        "cycle": state.cycle + 1,
        "turn": state.turn + 1,
        "blessing": state.blessing if state.blessing >= 0 else None,
        "overseer": state.overseer if playing and state.overseer >= 0 else None,
        "action": ACTIONS[action] if action is not None else None,
        "actions_left": [ACTIONS[a] for a in range(5) if state.actions_left >> a & 1]
        if playing else [],
        "pending": state.pending if phase in PENDING_PHASES else None,
        "due": state.due if action == 1 else None,
        "bonus_choice": phase == P_BONUS,
        "nile": nile,
        "land": land,
        "mats": [_mat(state, p) for p in range(n)],
        "track": [state.track[p * 12:p * 12 + 12] for p in range(n)],
        "vp": vp,
        "scores": state.scores(),
    }


def determinize(state: "PharaohsHeirState", seat: int, rng: random.Random) -> "PharaohsHeirState":
    """A copy with every fact ``seat`` has not seen redrawn with ``rng``: the
    face-down Nile tiles (each stack's unrevealed top again a numbered tile,
    R3; a tile ``seat`` peeked stays), the face-down land tiles and the tiles
    set aside. Uniform over the arrangements consistent with the observation, and
    a function of the observation and ``rng`` alone (the true order is never read)."""
    out = state.clone()
    nile = out.nile
    hidden = [i for i in range(out.nile_next, len(nile))
              if not (i == out.nile_next and out.peek_seat == seat and seat >= 0)]
    if hidden:
        tiles = sorted(nile[i] for i in hidden)  # from the public multiset only
        tops = [i for i in hidden if i % STACK == 0]
        others = [i for i in hidden if i % STACK]
        for i in tops:
            j = rng.choice([j for j, t in enumerate(tiles) if t in NUMBERED])
            nile[i] = tiles.pop(j)
        rng.shuffle(tiles)
        for i, t in zip(others, tiles):
            nile[i] = t
    land = out.land
    if land:
        positions = []
        for k in range(out.stack0, out.stack0 + out.num_players):
            positions.extend(range(k * STACK + out.depth + 1, (k + 1) * STACK))
        if out.stack0 == 0 and len(land) > out.num_players * STACK:
            positions.extend(range(out.num_players * STACK, len(land)))
        pool = sorted([land[i] for i in positions] + out.set_aside)  # the public multiset
        rng.shuffle(pool)
        for i, t in zip(positions, pool):
            land[i] = t
        out.set_aside = sorted(pool[len(positions):])
    return out


def masked_event(state: "PharaohsHeirState", action: tuple) -> str:
    """A ``nile`` or ``land`` outcome as a seat sees it: every face-down tile
    written ``?``; a ``land`` event shows the tops of this cycle's stacks."""
    from .actions import LAND
    tiles = action[1]
    stacks = [tiles[i:i + STACK] for i in range(0, len(tiles), STACK)]
    if action[0] == LAND:
        shown = state.num_players
        words = [",".join([land_name(st[0])] + ["?"] * (STACK - 1)) if k < shown else
                 ",".join(["?"] * STACK) for k, st in enumerate(stacks)]
        return "land " + " / ".join(words)
    return "nile " + " / ".join(",".join(["?"] * STACK) for _ in stacks)
