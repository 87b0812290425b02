"""Golden records, one per seat count, whose every epoch tally was checked by hand.

The records are greedy self-play games (`thebes selfplay --game ra --players N
--seed 100+N --bot greedy`). Each tally below was recomputed by hand from the
displays and suns at scoring time (pharaoh counts, distinct civilizations,
Nile with floods, gods, gold; monuments and sun sums after the third epoch).
The 4-player game also ends in a 36-36 tie that the highest sun breaks
(seat 2 holds 13, seat 3 only 10).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from thebes.core import Record, result_of

GOLDEN = Path(__file__).parent / "golden"

TALLIES = {
    3: [[2, 10, 8], [9, 20, 18], [23, 19, 18]],
    4: [[12, 1, 4, 1], [3, 8, 5, 3], [27, 17, 17, 13]],
    5: [[4, 5, 9, 16, 6], [12, 7, 7, 8, 1], [11, 12, 10, 6, 31]],
}
FINAL_LINES = {
    3: {"pharaohs": [5, -2, 5], "civilizations": [0, -5, 0], "nile": [8, 8, 5],
        "gods": [0, 2, 0], "gold": [0, 0, 0], "monuments": [10, 21, 3], "suns": [0, -5, 5]},
    4: {"pharaohs": [5, 5, -2, 5], "civilizations": [0, 0, 0, 0], "nile": [7, 4, 10, 0],
        "gods": [0, 0, 0, 0], "gold": [0, 0, 0, 0], "monuments": [20, 3, 9, 8],
        "suns": [-5, 5, 0, 0]},
    5: {"pharaohs": [5, 5, 0, 5, -2], "civilizations": [0, 0, 5, -5, 0], "nile": [0, 0, 6, 0, 8],
        "gods": [0, 2, 0, 6, 0], "gold": [0, 0, 0, 0, 0], "monuments": [6, 5, 4, 5, 20],
        "suns": [0, 0, -5, -5, 5]},
}
RESULTS = {
    3: {"scores": [44, 59, 54], "ranking": [2, 3, 1]},
    4: {"scores": [52, 36, 36, 27], "ranking": [1, 2, 3, 4]},
    5: {"scores": [37, 34, 36, 40, 48], "ranking": [5, 4, 1, 3, 2]},
}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_golden_record_replays_to_the_hand_checked_tallies_and_result(players):
    record = Record.load(GOLDEN / f"ra-{players}p.json")
    state = record.replay()
    tallies = state.observation(None)["tallies"]
    assert [t["totals"] for t in tallies] == TALLIES[players]
    assert tallies[2]["lines"] == FINAL_LINES[players]
    assert result_of(state) == RESULTS[players] == record.result
