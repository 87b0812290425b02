"""How player names are compared: NFKC and case folding, no invisible or direction-control
characters, and no name confusable with a taken one (Unicode's confusables, UTS #39).

* :func:`refusal` says why a name cannot be a player's name (``None``: it can): a
  character that shows nothing or turns the text's direction (format characters such as
  the zero-width space U+200B or the right-to-left override U+202E, controls, private
  use, unassigned code points, fillers that draw as blanks).
* :func:`name_key` is the name as compared for equality: NFKC, then case folded
  (fullwidth ``ＡＬＩＣＥ`` and ``alice`` are one name).
* :func:`skeleton` is the name as compared for look-alikes: each character replaced by
  the prototype Unicode's confusables table gives it (Cyrillic ``А`` -> Latin ``A``,
  ``0`` -> ``O``, ``I`` -> ``l``, ``m`` -> ``rn``) in the upper-cased name, then
  folded and mapped again, from the data of the
  ``confusable_homoglyphs`` library (the table of Unicode's confusables.txt; no hand
  table here), around case folding. Two names with one skeleton look alike: the
  second is refused (the ``players.skeleton`` column is unique).
"""

from __future__ import annotations

import functools
import unicodedata

from confusable_homoglyphs import confusables as _confusables

#: the longest key or skeleton stored (the columns hold 200); a 40-character name past it
#: (each character a ligature that unfolds into many) is refused
MAX_KEY = 200

#: characters that draw as nothing though their category says letter, mark or symbol: the
#: Default_Ignorable_Code_Point ones outside the format category (Unicode's
#: DerivedCoreProperties.txt: the combining grapheme joiner, Hangul fillers, Khmer inherent
#: vowels, Mongolian and other variation selectors), and the blank Braille pattern
_BLANKS = {"\u034f", "\u115f", "\u1160", "\u3164", "\uffa0", "\u2800", "\u180e", "\u17b4",
           "\u17b5", *(chr(c) for c in range(0x180B, 0x1810)),
           *(chr(c) for c in range(0xFE00, 0xFE10)), *(chr(c) for c in range(0xE0100, 0xE01F0))}
#: categories that show nothing or act on the text around them
_HIDDEN_CATEGORIES = {"Cf", "Cc", "Co", "Cn", "Cs", "Zl", "Zp"}


def refusal(name: str) -> tuple[str, str, dict[str, str]] | None:
    """Why ``name`` (spaces already squeezed) cannot be a player's name: ``(sentence, code,
    params)`` (the API's refusal), or ``None``."""
    for ch in name:
        category = unicodedata.category(ch)
        if category in _HIDDEN_CATEGORIES or ch in _BLANKS:
            what = unicodedata.name(ch, f"U+{ord(ch):04X}")
            if category == "Cf" and ("DIRECTION" in what or "EMBEDDING" in what
                                     or "OVERRIDE" in what or "ISOLATE" in what
                                     or "MARK" in what):
                return (f"a player name cannot hold a direction control ({what}, "
                        f"U+{ord(ch):04X}): it would make the name read otherwise than it is",
                        "name_direction", {"char": what, "code": f"U+{ord(ch):04X}"})
            return (f"a player name cannot hold an invisible or control character ({what}, "
                    f"U+{ord(ch):04X})", "name_invisible",
                    {"char": what, "code": f"U+{ord(ch):04X}"})
    return None


def name_key(name: str) -> str:
    """``name`` as compared for equality: NFKC, case folded, NFKC again."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


@functools.lru_cache(maxsize=4096)
def _prototype(ch: str) -> str:
    """The prototype of ``ch`` in Unicode's confusables (``ch`` itself if it has none).

    The library's table links each prototype to every character confusable with it and
    each of those back to its prototype: a character with one homoglyph whose own list is
    longer maps to it; a pair that only know each other both map to the smaller."""
    found = _confusables.confusables_data.get(ch)
    if not found:
        return ch
    if len(found) > 1:
        return ch
    other = found[0]["c"]
    back = _confusables.confusables_data.get(other) or []
    if len(back) > 1 or len(other) != 1:
        return "".join(c for c in other if unicodedata.category(c) != "Cf")
    return min(ch, other)


def _map(text: str) -> str:
    return "".join(_prototype(ch) for ch in text)


def skeleton(name: str) -> str:
    """``name`` as compared for look-alikes (see the module's docstring)."""
    # upper case first, so that a capital I and a small l meet (I -> l) whatever the case
    # the name was typed in; then folded and mapped again (what has no capital: ɑ -> a)
    text = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).upper())
    text = unicodedata.normalize("NFKC", _map(text).casefold())
    text = unicodedata.normalize("NFKC", _map(text).casefold())
    return "".join(ch for ch in text if not ch.isspace())
