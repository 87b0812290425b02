"""Ra's actions as ints, and their notation (shared/spec/ra.md, Notation summary).

Action ids (one int space for moves and chance outcomes; the state tells
which applies):

====================  =========================================
``0 .. 22``           chance: the drawn tile's kind
``SUNS + i``          chance: the i-th sun deal (a permutation of the groups)
``DRAW RA_MOVE END PASS``  moves
``GOD + k``           move ``god K``
``BID + n``           move ``bid N``
``DISCARD + ...``     move ``discard K [K]`` (see :func:`discard_action`)
====================  =========================================
"""

from __future__ import annotations

from itertools import permutations

from thebes.core import InvalidEventError

from .tiles import KIND_INDEX, KINDS, NUM_KINDS, SUN_GROUPS

SUNS = 100
DRAW = 300
RA_MOVE = 301
END = 302
PASS = 303
GOD = 320
BID = 360
DISCARD = 400

#: players -> tuple of sun deals; deal i gives seat s the group DEALS[n][i][s].
DEALS: dict[int, tuple[tuple[tuple[int, ...], ...], ...]] = {
    n: tuple(permutations(groups)) for n, groups in SUN_GROUPS.items()
}
_DEAL_INDEX = {n: {deal: i for i, deal in enumerate(deals)} for n, deals in DEALS.items()}


def discard_action(k1: int, k2: int = -1) -> int:
    """The action ``discard K1 [K2]`` (``k2 = -1``: one tile), kinds in the order written.

    Which order is the one legal spelling is the state's business: kinds in
    the components table's order for a choice (ruling 11), floods before Nile
    for a drought (the spec's own example ``discard flood nile``; docs/games/ra/rules.md).
    """
    return DISCARD + k1 * (NUM_KINDS + 1) + (k2 + 1)


def discard_kinds(action: int) -> tuple[int, ...]:
    """The kinds named by a discard action, in notation order."""
    k1, rest = divmod(action - DISCARD, NUM_KINDS + 1)
    return (k1,) if rest == 0 else (k1, rest - 1)


def deal_text(deal: tuple[tuple[int, ...], ...]) -> str:
    return "suns " + " / ".join(",".join(str(s) for s in group) for group in deal)


def move_text(action: int) -> str:
    """Notation of a move action (not a chance outcome)."""
    if action == DRAW:
        return "draw"
    if action == RA_MOVE:
        return "ra"
    if action == END:
        return "end"
    if action == PASS:
        return "pass"
    if GOD < action < BID:
        return "god " + KINDS[action - GOD]
    if BID < action < DISCARD:
        return f"bid {action - BID}"
    if action >= DISCARD:
        return "discard " + " ".join(KINDS[k] for k in discard_kinds(action))
    raise ValueError(f"not a move action: {action}")


def parse_move(text: str) -> int:
    """The move action spelled by ``text``. Raises :class:`InvalidEventError`."""
    words = text.split(" ")
    head = words[0]
    if len(words) == 1:
        action = {"draw": DRAW, "ra": RA_MOVE, "end": END, "pass": PASS}.get(head)
        if action is not None:
            return action
    elif head == "god" and len(words) == 2 and words[1] in KIND_INDEX:
        return GOD + KIND_INDEX[words[1]]
    elif head == "bid" and len(words) == 2 and words[1].isdigit() and words[1].isascii():
        n = int(words[1])
        if 1 <= n <= 16:
            return BID + n
    elif head == "discard" and len(words) in (2, 3) and all(w in KIND_INDEX for w in words[1:]):
        kinds = [KIND_INDEX[w] for w in words[1:]]
        return discard_action(*kinds)
    raise InvalidEventError("expected draw, ra, god K, end, bid N, pass or discard K [K]")


def parse_chance(text: str, players: int, deal_node: bool) -> int:
    """The chance action spelled by ``text`` at a deal node or a draw node."""
    if deal_node:
        if text.startswith("suns "):
            try:
                deal = tuple(tuple(int(s) for s in group.split(","))
                             for group in text[5:].split(" / "))
            except ValueError:
                deal = ()
            index = _DEAL_INDEX[players].get(deal)
            if index is not None:
                return SUNS + index
        raise InvalidEventError("expected the sun deal 'suns A,B,C / ...', one group per seat "
                                "from seat 1, each from high to low")
    kind = KIND_INDEX.get(text)
    if kind is None:
        raise InvalidEventError("expected the kind of the drawn tile")
    return kind
