"""Ra through the adapters (its tensors hook, thebes/games/ra/tensors.py): the
vocabulary's sizes."""

from __future__ import annotations

from thebes.interop.actions import encoding


def test_ra_vocabulary_sizes():
    for players, deals in ((3, 6), (4, 24), (5, 120)):
        enc = encoding("ra", players)
        assert enc.num_chance == 23 + deals
        assert enc.num_moves == 112
    enc = encoding("ra", 3)
    assert enc.moves[:4] == ("draw", "ra", "end", "pass")
    assert enc.chance[0] == "ra" and enc.chance[23] == "suns 13,8,5,2 / 12,9,6,3 / 11,10,7,4"
