"""Tiles, actions and their notation (shared/spec/sarcophagus.md, Components and
Notation summary).

A tile is an int ``suit * 6 + rank`` (suit 0..3 = sun moon crown arms, rank
0..5 = null ace 2 3 4 5), so tile order is int order. Actions are ints, except
the layout, a tuple of 24 tiles (the 21 pyramid positions in reading order,
then the sarcophagus tiles under e3, f3, f4):

=====================  ==========================
``place V T``          ``position * 6 + V`` (0..125)
``pass``               :data:`PASS` (126)
``discard T``          ``DISCARD + tile`` (127..150)
``first K``            ``FIRST + K - 1`` (151..154)
``layout ...``         tuple of 24 tiles
=====================  ==========================
"""

from __future__ import annotations

from thebes.core import InvalidEventError

from .geometry import NUM_POSITIONS, POSITION_NAMES

SUITS = ("sun", "moon", "crown", "arms")
RANKS = ("null", "ace", "2", "3", "4", "5")
NULL, ACE = 0, 1
NUM_TILES = 24
TILE_NAMES: tuple[str, ...] = tuple(f"{s}-{r}" for s in SUITS for r in RANKS)
TILE_INDEX: dict[str, int] = {name: t for t, name in enumerate(TILE_NAMES)}
NULLS = (0, 6, 12, 18)
FIVES = (5, 11, 17, 23)


def rank(tile: int) -> int:
    """0 null (trap), 1 ace (god), 2..5 a number tile's fame."""
    return tile % 6


NUM_VALUES = 6
PLACE_ACTIONS = NUM_POSITIONS * NUM_VALUES
PASS = PLACE_ACTIONS
DISCARD = PASS + 1
FIRST = DISCARD + NUM_TILES
MAX_SEATS = 4

#: text of every int action.
ACTION_TEXT: tuple[str, ...] = (
    tuple(f"place {v} {POSITION_NAMES[p]}" for p in range(NUM_POSITIONS) for v in range(6))
    + ("pass",)
    + tuple(f"discard {name}" for name in TILE_NAMES)
    + tuple(f"first {k}" for k in range(1, MAX_SEATS + 1)))
_TEXT_ACTION = {text: a for a, text in enumerate(ACTION_TEXT)}

LAYOUT_TEMPLATE = ("layout <a1> / <b1> <b2> / <c1> <c2> <c3> / <d1> <d2> <d3> <d4> / "
                   "<e1> <e2> <e3> <e4> <e5> / <f1> <f2> <f3> <f4> <f5> <f6> / "
                   "sarcophagus <under e3> <under f3> <under f4>")
_ROW_STARTS = (0, 1, 3, 6, 10, 15, 21)


def place_action(value: int, pos: int) -> int:
    return pos * NUM_VALUES + value


def layout_text(layout: tuple[int, ...]) -> str:
    """``layout A1 / B1 B2 / ... / sarcophagus S1 S2 S3``."""
    parts = [" ".join(TILE_NAMES[t] for t in layout[_ROW_STARTS[r]:_ROW_STARTS[r + 1]])
             for r in range(6)]
    parts.append("sarcophagus " + " ".join(TILE_NAMES[t] for t in layout[21:24]))
    return "layout " + " / ".join(parts)


def action_text(action: object) -> str:
    """The canonical spelling of an action (raises InvalidEventError for a non-action)."""
    if type(action) is int and 0 <= action < len(ACTION_TEXT):
        return ACTION_TEXT[action]
    if type(action) is tuple and len(action) == NUM_TILES and all(
            type(t) is int and 0 <= t < NUM_TILES for t in action):
        return layout_text(action)
    raise InvalidEventError(f"{action!r} is not a sarcophagus action")


def parse_action(text: str) -> int | tuple[int, ...]:
    """Read one event's text into its action.

    Raises :class:`InvalidEventError` when the text is not an event of the
    game at all. A spelling that reads as an event but differs from the
    canonical one is caught by the base class (``parse``).
    """
    action = _TEXT_ACTION.get(text)
    if action is not None:
        return action
    words = text.split(" ")
    if words[0] == "layout":
        tiles = [w for w in words[1:] if w not in ("/", "sarcophagus")]
        if len(tiles) == NUM_TILES and all(w in TILE_INDEX for w in tiles):
            return tuple(TILE_INDEX[w] for w in tiles)
        raise InvalidEventError("a layout names 24 tiles: " + LAYOUT_TEMPLATE)
    raise InvalidEventError(
        "events are place V T, pass, discard TILE, first K, layout ...")
