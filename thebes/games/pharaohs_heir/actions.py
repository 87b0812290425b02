"""Action encoding: every event of Pharaoh's Heir as a small tuple.

The first item is the kind; the rest is fixed per kind (slots are mat
positions, see :mod:`.pieces`; seats are 0-based):

=============  ===============================================  ===============================
kind           tuple                                            notation
=============  ===============================================  ===============================
NILE           (NILE, tiles)  all stacks top first, concatenated ``nile 3,4,.. / 2,5,..``
LAND           (LAND, tiles)  all written stacks, concatenated  ``land crop4,.. / ..``
BLESSING       (BLESSING, seat)                                 ``blessing 2``
PROTECT        (PROTECT, (slot, ...))                           ``protect v0 c2``
CHOOSE         (CHOOSE, action 0..4)                            ``develop`` ... ``improve``
TAKE           (TAKE, land tile, column)                        ``take temple6 crop``
OFFER          (OFFER, grain, ((slot, k), ...))                 ``offer 2 t0:1 t2:2``
BONUS / PEEK   (BONUS,) / (PEEK,)                               ``bonus`` / ``peek``
PLACE          (PLACE, ((slot, k), ...))                        ``place v0:3 c1:2``
REAP           (REAP, ((slot, k), ...))                         ``reap c0:4 c2:1``
STARVE         (STARVE, (slot, ...))                            ``starve t0 v1``
PASS           (PASS,)                                          ``pass``
BUILD          (BUILD, canal slot or -1, X or 0, slot or -1)    ``build canal c0 altar 2 t1``
PAY            (PAY, ((slot, k), ...))                          ``pay v0:2 t1:1``
=============  ===============================================  ===============================

In BUILD, X = 0 means no building and slot -1 with X > 0 a floodwall.
Lists keep the order they were written in, so a list out of canonical
order is a distinct action that is never legal.
"""

NILE, LAND, BLESSING, PROTECT, CHOOSE, TAKE, OFFER, BONUS, PEEK, PLACE, REAP, STARVE, \
    PASS, BUILD, PAY = range(15)

BONUS_ACTION = (BONUS,)
PEEK_ACTION = (PEEK,)
PASS_ACTION = (PASS,)
