"""What each seat sees, and states consistent with it (shared/spec/sarcophagus.md,
What each seat sees).

``observe(state, seat)`` builds the JSON-ready observation; ``determinize``
redraws every fact the seat cannot see: face-down pyramid tiles and unseen
sarcophagus tiles (keeping the layout rule: the six special places hold the
four 5s and two nulls), and other seats' coin values that were never turned
over (ruling list in docs/games/sarcophagus/rules.md, D1-D2).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from thebes.core import CHANCE, TERMINAL

import thebes.games.sarcophagus.notation as nt
from .geometry import NUM_POSITIONS, POSITION_NAMES, SARCOPHAGUS_POSITIONS, SARCOPHAGUS_SLOT
from .scoring import fame

if TYPE_CHECKING:  # pragma: no cover
    from .state import SarcophagusState


def observe(state: "SarcophagusState", seat: int | None) -> dict[str, Any]:
    """The observation of ``seat`` (0-based; ``None``: omniscient).

    Seats inside are 0-based. Shape::

        {"game", "players", "seat", "phase", "to_move" (seat or None),
         "turn", "coin" (1 or 2 while placing, else None), "passes",
         "top_left" (position or None),
         "pyramid": {pos: {"tile": name or None, "face_up": bool, "sarcophagus": bool,
                           "coins": [[owner, value or None], ...]}},
         "hands": [coins in hand per seat],
         "hand": [values in own hand, ascending] (seat None: "hand_values" per seat),
         "claimed": [[tile names face up, tile order] per seat],
         "fame": [fame of those tiles per seat], "gods": [bool per seat],
         "sarcophagi": [[{"tile": name once revealed at the end, else None,
                          "coins": n, "values": [...] or None}] per seat],
         "discards": [tile names], "discarded_unseen": n,
         "ties": [{"pos", "tile", "coins": [[owner, value], ...]}],
         "assessments": [{"pos", "tile", "claimer" (seat or None: discarded)}],
         "end_discards": [seats still owing an end-of-game discard],
         "scores", "ranking" (None until the end)}

    Omniscient only: ``layout`` (the whole layout) and ``sarcophagus_tiles``.
    """
    from .rules import DISCARDED, FIRST, PHASE_NAMES, PLACE1, PLACE2, SARC, UNSEEN

    n = state.num_players
    layout = state.layout
    omniscient = seat is None
    phase = state.phase
    pyramid: dict[str, Any] = {}
    if layout:
        for pos in range(NUM_POSITIONS):
            if not state.present >> pos & 1:
                continue
            up = omniscient or state.faceup >> pos & 1
            coins = []
            for c in state.coins[pos * 4:pos * 4 + state.ncoins[pos]]:
                owner, value = divmod(c, 6)
                coins.append([owner, value if omniscient or owner == seat else None])
            pyramid[POSITION_NAMES[pos]] = {
                "tile": nt.TILE_NAMES[layout[pos]] if up else None,
                "face_up": bool(state.faceup >> pos & 1),
                "sarcophagus": SARCOPHAGUS_SLOT[pos] >= 0,
                "coins": coins}
    claimed = [state.held(s) for s in range(n)]
    sarcophagi: list[list[dict[str, Any]]] = [[] for _ in range(n)]
    for owner, slot, values, turned in state.lots:
        tile = layout[21 + slot]
        sarcophagi[owner].append({
            "tile": (nt.TILE_NAMES[tile]
                     if omniscient or not SARC <= state.loc[tile] < DISCARDED else None),
            "coins": len(values),
            "values": list(values) if omniscient or owner == seat or turned else None})
    obs: dict[str, Any] = {
        "game": "sarcophagus",
        "players": n,
        "seat": seat,
        "phase": PHASE_NAMES[phase],
        "to_move": state.cur if state.cur not in (CHANCE, TERMINAL) else None,
        "turn": state.turn if layout and phase != FIRST else None,
        "coin": (1 if phase == PLACE1 else 2) if phase in (PLACE1, PLACE2) else None,
        "passes": state.passes,
        "top_left": POSITION_NAMES[state.top_left()] if layout and state.present else None,
        "pyramid": pyramid,
        "hands": list(state.handn),
        "claimed": [[nt.TILE_NAMES[t] for t in tiles] for tiles in claimed],
        "fame": [fame(tiles) for tiles in claimed],
        "gods": [bool(state.gods >> s & 1) for s in range(n)],
        "sarcophagi": sarcophagi,
        "discards": [nt.TILE_NAMES[t] for t in range(nt.NUM_TILES)
                     if state.loc[t] == DISCARDED],
        "discarded_unseen": sum(1 for code in state.loc if code == UNSEEN),
        "ties": [{"pos": POSITION_NAMES[pos], "tile": nt.TILE_NAMES[tile],
                  "coins": [list(divmod(c, 6)) for c in coins]}
                 for pos, tile, coins in state.ties],
        "assessments": [{"pos": POSITION_NAMES[pos], "tile": nt.TILE_NAMES[tile],
                         "claimer": claimer if claimer >= 0 else None}
                        for pos, tile, claimer in state.assessed],
        "end_discards": list(state.end_queue),
        "scores": state.scores(),
        "ranking": state.ranking(),
    }
    if omniscient:
        obs["hand_values"] = [_hand_values(state, s) for s in range(n)]
        obs["layout"] = nt.layout_text(layout) if layout else None
        obs["sarcophagus_tiles"] = ([nt.TILE_NAMES[layout[21 + j]] for j in range(3)]
                                    if layout else None)
    else:
        obs["hand"] = _hand_values(state, seat)
    return obs


def _hand_values(state: "SarcophagusState", seat: int) -> list[int]:
    return [v for v in range(6) for _ in range(state.hand[seat * 6 + v])]


def determinize(state: "SarcophagusState", seat: int, rng: random.Random) -> "SarcophagusState":
    """A copy of ``state`` with every fact hidden from ``seat`` redrawn with ``rng``.

    Tiles: the tiles nobody has seen are dealt anew to the places nobody has
    seen, uniformly among deals that keep the layout rule (unseen 5s only to
    special places; the special places' remaining share of nulls chosen at
    random among the unseen nulls). Coins: for each other seat, the values of
    its coins not turned over in a tie (in hand, on the pyramid, locked
    unturned on its sarcophagus tiles) are shuffled among those coins.
    The result's ``observe(·, seat)`` equals the original's.
    """
    from .rules import DISCARDED, IN_PYRAMID, SARC, UNSEEN

    s = state.clone()
    layout = state.layout
    if not layout:
        return s
    hidden_pos = state.present & ~state.faceup
    special_places = [p for p in SARCOPHAGUS_POSITIONS if hidden_pos >> p & 1]
    slot_code = {}
    for owner, slot, _values, _turned in state.lots:
        slot_code[slot] = SARC + owner
    for j, p in enumerate(SARCOPHAGUS_POSITIONS):
        tile = layout[21 + j]
        code = state.loc[tile]
        if code == IN_PYRAMID or code == UNSEEN or SARC <= code < DISCARDED:
            special_places.append(21 + j)
    normal_places = [p for p in range(NUM_POSITIONS)
                     if hidden_pos >> p & 1 and SARCOPHAGUS_SLOT[p] < 0]
    unseen = sorted(layout[p] for p in special_places + normal_places)  # order: seen facts only
    fives = [t for t in unseen if t in nt.FIVES]
    nulls = [t for t in unseen if t % 6 == nt.NULL]
    rng.shuffle(nulls)
    need = len(special_places) - len(fives)
    special_tiles = fives + nulls[:need]
    normal_tiles = [t for t in unseen if t not in special_tiles]
    rng.shuffle(special_tiles)
    rng.shuffle(normal_tiles)
    new = list(layout)
    for place, tile in zip(special_places + normal_places, special_tiles + normal_tiles):
        new[place] = tile
        if place >= 21:
            j = place - 21
            if state.present >> SARCOPHAGUS_POSITIONS[j] & 1:
                s.loc[tile] = IN_PYRAMID
            else:
                s.loc[tile] = slot_code.get(j, UNSEEN)
        else:
            s.loc[tile] = IN_PYRAMID
    s.layout = tuple(new)

    n = state.num_players
    for other in range(n):
        if other == seat:
            continue
        values = _hand_values(state, other)
        slots = []
        for pos in range(NUM_POSITIONS):
            for k in range(state.ncoins[pos]):
                if state.coins[pos * 4 + k] // 6 == other:
                    slots.append(pos * 4 + k)
                    values.append(state.coins[pos * 4 + k] % 6)
        lot_indices = [i for i, lot in enumerate(state.lots) if lot[0] == other and not lot[3]]
        for i in lot_indices:
            values.extend(state.lots[i][2])
        values.sort()  # the draw depends on what the seat sees, never on the hidden order
        rng.shuffle(values)
        hand_count = state.handn[other]
        mask = 0
        for v in range(6):
            s.hand[other * 6 + v] = 0
        for v in values[:hand_count]:
            s.hand[other * 6 + v] += 1
            mask |= 1 << v
        s.handmask[other] = mask
        rest = values[hand_count:]
        for i, k in enumerate(slots):
            s.coins[k] = other * 6 + rest[i]
        rest = rest[len(slots):]
        for i in lot_indices:
            owner, slot, old, turned = state.lots[i]
            s.lots[i] = (owner, slot, tuple(sorted(rest[:len(old)])), turned)
            rest = rest[len(old):]
    return s
