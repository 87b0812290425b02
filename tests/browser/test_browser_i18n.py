"""The web client's translation table, checked without a browser.

Every string of the page goes through thebes/web/i18n.js (its tables i18n_en.js and
i18n_fr.js for the shell, and the modules' addStrings, each game's from its own folder
thebes/games/<g>/web/): English and French must hold the same keys, every key the client
asks for must exist, and the placeholders of a key must be the same in both languages.
The shell's tables name no game: each game's title and options come from its folder.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "thebes" / "web"
GAMES = ROOT / "thebes" / "games"
RA = GAMES / "ra" / "web"

KINDS = ["ra", "god", "gold", "pharaoh", "nile", "flood", "astronomy", "agriculture", "writing",
         "religion", "art", "fortress", "obelisk", "palace", "pyramid", "temple", "statue",
         "step-pyramid", "sphinx", "funeral", "drought", "unrest", "earthquake"]


TABLES = ("i18n_en.js", "i18n_fr.js")   # the page's tables, one per language


def tables() -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for name in TABLES:
        text = (WEB / name).read_text(encoding="utf-8")
        lang, body = re.search(r"\nexport const (\w\w) = \{\n(.*?)\n\};", text, re.S).groups()
        out[lang.lower()] = dict(re.findall(r'"([\w.-]+)":\s*"((?:[^"\\]|\\.)*)"', body))
    return out


def test_english_and_french_have_the_same_keys() -> None:
    t = tables()
    assert set(t) == {"en", "fr"}
    assert len(t["en"]) > 150
    # the shell's tables hold no game's strings (titles, options, Ra's words): their folders do
    assert [k for k in t["en"] if k.startswith(("gametitle.", "option.", "ra.", "kind.", "short.", "cat."))] == []
    assert sorted(set(t["en"]) - set(t["fr"])) == []
    assert sorted(set(t["fr"]) - set(t["en"])) == []


def test_placeholders_match() -> None:
    t = tables()
    for key, en in t["en"].items():
        assert set(re.findall(r"\{(\w+)\}", en)) == set(re.findall(r"\{(\w+)\}", t["fr"][key])), key


def keys_from_modules() -> set[str]:
    """Keys other modules bring with addStrings({en: {...}, fr: {...}}): the shell's and
    every game's (its web folder)."""
    out: set[str] = set()
    for path in [*WEB.glob("*.js"), *GAMES.glob("*/web/*.js")]:
        if path.name not in TABLES or path.parent != WEB:
            out |= set(re.findall(r'"([\w.-]+)":\s*"', path.read_text(encoding="utf-8")))
    return out


def game_strings(lang: str) -> dict[str, str]:
    """The strings every game's modules bring in ``lang`` (the addStrings blocks of its folder)."""
    out: dict[str, str] = {}
    for path in GAMES.glob("*/web/*.js"):
        text = path.read_text(encoding="utf-8")
        for en, fr in re.findall(r"addStrings\(\{\n  en: \{\n(.*?)\n  \},\n  fr: \{\n(.*?)\n  \},\n\}\);", text, re.S):
            out.update(re.findall(r'"([\w.-]+)":\s*"((?:[^"\\]|\\.)*)"', en if lang == "en" else fr))
    return out


def test_every_key_the_client_uses_exists() -> None:
    en = set(tables()["en"]) | keys_from_modules()
    used: set[str] = set()
    for path in (WEB / "app.js", WEB / "lobby.js", WEB / "game.js", WEB / "page.js", RA / "table.js"):
        used |= set(re.findall(r'\bt\("([\w.-]+)"\s*[,)]', path.read_text(encoding="utf-8")))
    assert len(used) > 80
    assert sorted(used - set(en)) == []
    # keys built at run time
    dynamic = [f"kind.{k}" for k in KINDS] + [f"short.{k}" for k in KINDS]
    dynamic += [f"status.{s}" for s in ("open", "playing", "finished")]
    dynamic += [f"ra.auction.{k}" for k in ("drawn", "voluntary", "forced")]
    dynamic += [f"ra.tally.{k}" for k in ("pharaohs", "civilizations", "nile", "gods", "gold",
                                           "monuments", "suns")]
    dynamic += [f"ra.help.{k}" for k in ("goal", "turn", "auction", "gods", "disasters", "scoring")]
    dynamic += [f"bot.{b}" for b in ("random", "greedy", "ismcts", "easy", "medium", "hard")]
    assert sorted(k for k in dynamic if k not in en) == []


def test_ra_kinds_match_the_engine_when_available() -> None:
    text = (RA / "table.js").read_text(encoding="utf-8")
    block = re.search(r"export const KINDS = \[(.*?)\];", text, re.S).group(1)
    assert re.findall(r'"([\w-]+)"', block) == KINDS
    try:
        from thebes.games.ra import tiles
    except ImportError:
        return
    assert list(tiles.KINDS) == KINDS


def test_every_game_has_its_title_in_english_and_french_the_english_one_the_server_s() -> None:
    from thebes.core.game import get_game, registered

    en, fr = game_strings("en"), game_strings("fr")
    shipped = [name for name, target in registered().items() if target.startswith("thebes.games.")]
    assert len(shipped) == 4     # (the server tests register a toy game of their own)
    for name in shipped:
        assert en[f"gametitle.{name}"] == get_game(name).title
        assert fr[f"gametitle.{name}"]
    assert fr["gametitle.sarcophagus"] == "Sarcophage"

