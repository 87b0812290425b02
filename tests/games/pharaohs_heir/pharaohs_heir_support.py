"""Helpers for the Pharaoh's Heir tests (not a test module)."""

from __future__ import annotations

import random

from thebes.core import CHANCE, TERMINAL, get_game
from thebes.games.pharaohs_heir.pieces import ROWS, SLOT_BY_NAME, SLOTS, LAND_BY_NAME

GAME = get_game("pharaohs-heir")

SPEC_NILE = "nile 5,4,2,drought,2,flood / 5,flood,drought,3,3,4"
SPEC_LAND = ("land crop4,crop1,village6,temple6,village4,crop3 / village1,crop6,temple2,temple5,"
             "village2,village6 / village5,temple3,crop1,crop5,temple4,temple1 / village5,village3,"
             "temple3,temple6,crop5,crop6 / temple1,crop2,crop3,village1,temple4,crop4 / temple5,"
             "temple2,village4,village2,crop2,village3")

#: the spec's record opening (3 players), after the setup events.
SPEC_OPENING = """improve
build canal c0 market 1 v0
pay v0:2
build canal v0 floodwall 5
pay v0:1 t0:2 c0:2
build canal t0 floodwall 3
pay v0:1 c0:2
develop
take village5 temple
take crop4 crop
take village1 village
populate
place t0:1 c0:4
place v0:3 v1:1 c0:1
place t1:5
sacrifice
offer 3 t0:2
offer 2 t1:3
offer 2 t0:3
peek
harvest
reap
reap c0:3
reap c0:4
develop""".splitlines()


def new(players: int = 3, piecepacks: int = 2):
    return GAME.new_initial_state(players, {"piecepacks": piecepacks})


def play(state, events):
    for e in events:
        state.apply(e)
    return state


def spec_start(blessing: int = 2):
    """The spec's 3-player setup, seat ``blessing`` (1-based) holding the Blessing."""
    return play(new(3), [SPEC_NILE, SPEC_LAND, f"blessing {blessing}"])


def pos(state, seat: int, name: str) -> int:
    """Index into the flat mat arrays of ``seat``'s position ``name``."""
    return seat * SLOTS + SLOT_BY_NAME[name]


def tokens(state, seat: int) -> dict[str, int]:
    """{position: tokens} of ``seat``'s land tiles with tokens."""
    out = {}
    for name, slot in SLOT_BY_NAME.items():
        i = seat * SLOTS + slot
        if state.tile[i] >= 0 and state.pop[i]:
            out[name] = state.pop[i]
    return out


def set_mat(state, seat: int, tiles: dict[str, str] | None = None,
            pop: dict[str, int] | None = None, bld: dict[str, int] | None = None,
            canals: tuple = ()) -> None:
    """Overwrite ``seat``'s mat: extra land tiles by position (``{"t1": "temple3"}``,
    rows in order), tokens (others 0), buildings and canals."""
    base = seat * SLOTS
    for col in range(3):
        for row in range(1, ROWS):
            state.tile[base + col * ROWS + row] = -1
        state.height[seat * 3 + col] = 1
    for name, tile in (tiles or {}).items():
        slot = SLOT_BY_NAME[name]
        state.tile[base + slot] = LAND_BY_NAME[tile]
        col, row = divmod(slot, ROWS)
        state.height[seat * 3 + col] = max(state.height[seat * 3 + col], row + 1)
    for s in range(SLOTS):
        state.pop[base + s] = 0
        state.bld[base + s] = 0
        state.canal[base + s] = 0
    for name, k in (pop or {}).items():
        state.pop[base + SLOT_BY_NAME[name]] = k
    for name, v in (bld or {}).items():
        state.bld[base + SLOT_BY_NAME[name]] = v
    for name in canals:
        state.canal[base + SLOT_BY_NAME[name]] = 1
    state.reslot(seat)


def step(state, rng: random.Random):
    """One random event (fast path); returns the action."""
    if state.current_player() == CHANCE:
        action = state.sample_chance(rng)
    else:
        action = rng.choice(state.legal_actions())
    state.apply_action(action)
    return action


def random_record(players: int, piecepacks: int, seed: int):
    """(final state, event texts) of one random game."""
    rng = random.Random(seed)
    state = new(players, piecepacks)
    events = []
    while state.current_player() != TERMINAL:
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        events.append(state.action_to_text(action))
        state.apply_action(action)
    return state, events
