"""benchmarks/ra_epochs.py, which docs/bots.md's reading of Ra's `hard` rests on: the fame a
seat gains in each epoch adds up, from the starting fame, to its final fame."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

from thebes.bots import make_bot
from thebes.core import Record, get_game, play_game, seat_rng
from thebes.core.record import result_of
from thebes.games.ra.tiles import START_FAME

SCRIPT = Path(__file__).resolve().parents[3] / "benchmarks" / "ra_epochs.py"


def test_the_fame_gained_in_the_three_epochs_adds_up_to_the_final_fame():
    spec = importlib.util.spec_from_file_location("ra_epochs", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    state = get_game("ra").new_initial_state(4)
    bots = [make_bot("greedy", "ra", seat, seat_rng("epochs", seat)) for seat in range(4)]
    events = play_game(state, bots, random.Random("epochs/chance"))
    record = Record(game="ra", players=4, events=[str(e) for e in events],
                    result=result_of(state)).to_dict()
    record["bots"] = ["greedy"] * 4
    rows = module.gains(record)
    assert len(rows) == 4
    for seat, (bot, per_epoch, final) in enumerate(rows):
        assert len(per_epoch) == 3
        assert START_FAME + sum(per_epoch) == final == state.fame[seat]
