"""Every web module that brings its own strings (addStrings({en: {...}, fr: {...}})), the
shell's (thebes/web/) and each game's (thebes/games/<g>/web/), has each of them in English
and French with the same placeholders (issue 15: every user-visible string in both
languages)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "thebes" / "web"
#: the shell's modules and every game's (its web folder)
MODULES = sorted(WEB.glob("*.js")) + sorted((ROOT / "thebes" / "games").glob("*/web/*.js"))
PAIR = r'"([\w.-]+)":\s*"((?:[^"\\]|\\.)*)"'


def blocks() -> dict[str, tuple[dict[str, str], dict[str, str]]]:
    out = {}
    for path in MODULES:
        text = path.read_text(encoding="utf-8")
        if "addStrings({" not in text or path.name == "i18n.js":
            continue
        name = str(path.relative_to(ROOT))
        block = re.search(r"addStrings\(\{\n  en: \{\n(.*?)\n  \},\n  fr: \{\n(.*?)\n  \},\n\}\);", text, re.S)
        assert block, f"{name}: addStrings({{en: {{...}}, fr: {{...}}}}) not found"
        out[name] = (dict(re.findall(PAIR, block.group(1))), dict(re.findall(PAIR, block.group(2))))
    return out


def test_every_module_s_strings_are_in_english_and_french_with_the_same_placeholders():
    found = blocks()
    assert "thebes/games/pharaohs_heir/web/log.js" in found and "thebes/games/ra/web/strings.js" in found
    for name, (en, fr) in found.items():
        assert en, name
        assert sorted(set(en) ^ set(fr)) == [], name
        for key, value in en.items():
            assert set(re.findall(r"\{(\w+)\}", value)) == set(re.findall(r"\{(\w+)\}", fr[key])), (name, key)
