"""Text <-> action for Pharaoh's Heir (shared/spec/pharaohs-heir.md, Notation summary).

:func:`to_text` gives the one canonical spelling of an action;
:func:`from_text` reads any well-formed event and raises
:class:`~thebes.core.InvalidEventError` for text that is none. Lists are
kept in the order written, so a non-canonical order parses but is never
legal (and the base class refuses a spelling that does not round-trip).
"""

from __future__ import annotations

from thebes.core import InvalidEventError

from .actions import (BLESSING, BONUS, BUILD, CHOOSE, LAND, NILE, OFFER, PASS, PAY, PEEK,
                      PLACE, PROTECT, REAP, STARVE, TAKE)
from .pieces import (ACTION_BY_NAME, ACTIONS, BUILDING_BY_NAME, BUILDING_NAMES, COLUMN_BY_NAME,
                     COLUMNS, LAND_BY_NAME, NILE_BY_NAME, ROWS, SLOT_BY_NAME, land_name,
                     nile_name, slot_name)

STACK = 6


def _pairs(pairs) -> str:
    return " ".join(f"{slot_name(s)}:{k}" for s, k in pairs)


def _stacks(tiles, name) -> str:
    return " / ".join(",".join(name(t) for t in tiles[i:i + STACK])
                      for i in range(0, len(tiles), STACK))


def to_text(action: tuple) -> str:
    """The canonical notation of ``action`` (see :mod:`.actions`)."""
    kind = action[0]
    if kind == CHOOSE:
        return ACTIONS[action[1]]
    if kind == TAKE:
        return f"take {land_name(action[1])} {COLUMNS[action[2]]}"
    if kind == OFFER:
        rest = _pairs(action[2])
        return f"offer {action[1]} {rest}" if rest else f"offer {action[1]}"
    if kind == PLACE:
        return "place " + _pairs(action[1])
    if kind == REAP:
        return "reap " + _pairs(action[1]) if action[1] else "reap"
    if kind == PAY:
        return "pay " + _pairs(action[1])
    if kind == STARVE:
        return "starve " + " ".join(slot_name(s) for s in action[1])
    if kind == PROTECT:
        return "protect " + " ".join(slot_name(s) for s in action[1])
    if kind == BUILD:
        _, canal, value, site = action
        words = ["build"]
        if canal >= 0:
            words += ["canal", slot_name(canal)]
        if value:
            if site < 0:
                words += ["floodwall", str(value)]
            else:
                words += [BUILDING_NAMES[site // ROWS], str(value), slot_name(site)]
        return " ".join(words)
    if kind == PASS:
        return "pass"
    if kind == BONUS:
        return "bonus"
    if kind == PEEK:
        return "peek"
    if kind == BLESSING:
        return f"blessing {action[1] + 1}"
    if kind == NILE:
        return "nile " + _stacks(action[1], nile_name)
    if kind == LAND:
        return "land " + _stacks(action[1], land_name)
    raise ValueError(f"not an action: {action!r}")


class _Bad(Exception):
    pass


def _int(word: str) -> int:
    if not word.isascii() or not word.isdigit():
        raise _Bad(f"{word!r} is not a number")
    return int(word)


def _slot(word: str) -> int:
    slot = SLOT_BY_NAME.get(word)
    if slot is None:
        raise _Bad(f"{word!r} is not a position (v0..v{ROWS - 1}, t0.., c0..)")
    return slot


def _pair_list(words: list[str], allow_empty: bool = False) -> tuple:
    if not words and not allow_empty:
        raise _Bad("a list of P:K is needed")
    out = []
    for word in words:
        pos, sep, count = word.partition(":")
        if not sep:
            raise _Bad(f"{word!r} is not P:K")
        out.append((_slot(pos), _int(count)))
    return tuple(out)


def _stack_list(body: str, names: dict) -> tuple:
    tiles = []
    for stack in body.split(" / "):
        names_in = stack.split(",")
        if len(names_in) != STACK:
            raise _Bad(f"a stack has {STACK} tiles, not {len(names_in)}")
        for name in names_in:
            if name not in names:
                raise _Bad(f"{name!r} is not a tile")
            tiles.append(names[name])
    return tuple(tiles)


def from_text(text: str) -> tuple:
    """Parse one event. Raises :class:`InvalidEventError` if ``text`` spells none."""
    try:
        return _parse(text)
    except _Bad as err:
        raise InvalidEventError(str(err), text) from None


def _parse(text: str) -> tuple:
    if not isinstance(text, str) or not text:
        raise _Bad("empty event")
    words = text.split(" ")
    head, args = words[0], words[1:]
    if head in ACTION_BY_NAME and not args:
        return (CHOOSE, ACTION_BY_NAME[head])
    if head in ("bonus", "peek", "pass") and not args:
        return ({"bonus": BONUS, "peek": PEEK, "pass": PASS}[head],)
    if head == "take" and len(args) == 2:
        if args[0] not in LAND_BY_NAME or args[1] not in COLUMN_BY_NAME:
            raise _Bad("take TILE COLUMN")
        return (TAKE, LAND_BY_NAME[args[0]], COLUMN_BY_NAME[args[1]])
    if head == "offer" and args:
        return (OFFER, _int(args[0]), _pair_list(args[1:], allow_empty=True))
    if head == "place":
        return (PLACE, _pair_list(args))
    if head == "reap":
        return (REAP, _pair_list(args, allow_empty=True))
    if head == "pay":
        return (PAY, _pair_list(args))
    if head in ("starve", "protect") and args:
        return (STARVE if head == "starve" else PROTECT, tuple(_slot(w) for w in args))
    if head == "build" and args:
        return _build(args)
    if head == "blessing" and len(args) == 1:
        return (BLESSING, _int(args[0]) - 1)
    if head == "nile" and args:
        return (NILE, _stack_list(text[5:], NILE_BY_NAME))
    if head == "land" and args:
        return (LAND, _stack_list(text[5:], LAND_BY_NAME))
    raise _Bad("unknown event")


def _build(args: list[str]) -> tuple:
    canal = -1
    if args[0] == "canal":
        if len(args) < 2:
            raise _Bad("build canal P")
        canal = _slot(args[1])
        args = args[2:]
    if not args:
        if canal < 0:
            raise _Bad("build needs a canal or a building")
        return (BUILD, canal, 0, -1)
    if args[0] == "floodwall" and len(args) == 2:
        return (BUILD, canal, _int(args[1]), -1)
    if args[0] in BUILDING_BY_NAME and len(args) == 3:
        site = _slot(args[2])
        if site // ROWS != BUILDING_BY_NAME[args[0]]:
            raise _Bad(f"a {args[0]} is not built in the {COLUMNS[site // ROWS]} column")
        return (BUILD, canal, _int(args[1]), site)
    raise _Bad("build [canal P] [farm|market|altar X Q | floodwall X]")
