"""Real-browser test of Pharaoh's Heir's table (issue 7): Debian's chromium driven by Playwright.

Creates a 3-player game from the lobby (seat 1 me, two greedy bots), plays it to
the final ranking by clicking only what the table offers (action markers, face-up
land tiles, steppers on the mat, the build picker, Confirm), switches the page to
French once, and saves docs/screenshots/pharaohs_heir.png of a game in progress.
Reuses the server and browser fixtures of test_browser_ra.py (which skips the
module with a reason when chromium or Playwright is missing).
"""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

import pytest

try:  # the server and browser fixtures of the Ra test (it skips when chromium or Playwright is missing)
    from test_browser_ra import (SHOTS, board_version, browser_context, playwright, server,  # noqa: F401
                                 sync_api)
    NO_BROWSER = None
except pytest.skip.Exception as err:  # the strings check below still runs
    NO_BROWSER = str(err)

MODULE = Path(__file__).resolve().parents[2] / "thebes" / "web" / "pharaohs_heir.js"
AREAS = ["harvest", "gods", "land", "people", "buildings"]
ACTIONS = ["develop", "sacrifice", "populate", "harvest", "improve"]


def strings() -> dict[str, dict[str, str]]:
    text = MODULE.read_text(encoding="utf-8")
    block = re.search(r"addStrings\(\{\n  en: \{\n(.*?)\n  \},\n  fr: \{\n(.*?)\n  \},\n\}\);", text, re.S)
    assert block, "addStrings({en: {...}, fr: {...}}) not found"
    pair = r'"([\w.-]+)":\s*"((?:[^"\\]|\\.)*)"'
    return {"en": dict(re.findall(pair, block.group(1))), "fr": dict(re.findall(pair, block.group(2)))}


def test_strings_english_and_french() -> None:
    """Every string of the table in both languages, with the same placeholders; every key
    the module asks for exists (those built at run time too). Needs no browser."""
    t = strings()
    en, fr = t["en"], t["fr"]
    assert len(en) > 100
    assert sorted(set(en) ^ set(fr)) == []
    assert all(k.startswith("pharaohs_heir.") for k in en)
    for key, value in en.items():
        assert set(re.findall(r"\{(\w+)\}", value)) == set(re.findall(r"\{(\w+)\}", fr[key])), key
    text = MODULE.read_text(encoding="utf-8")
    used = {k for k in re.findall(r'\bt\("([\w.-]+)"', text) if k.startswith("pharaohs_heir.")}
    dynamic = [f"pharaohs_heir.{group}.{k}" for group in ("action", "perk", "what") for k in ACTIONS]
    dynamic += [f"pharaohs_heir.area.{a}" for a in AREAS]
    dynamic += [f"pharaohs_heir.{g}.{c}" for g in ("col", "type") for c in ("village", "temple", "crop")]
    dynamic += [f"pharaohs_heir.bld.{b}" for b in ("market", "altar", "farm", "floodwall")]
    dynamic += [f"pharaohs_heir.nile.{k}" for k in ("flood", "drought", "flood.effect", "drought.effect")]
    dynamic += [f"pharaohs_heir.hint.{k}" for k in ("place", "pay", "offer", "reap", "starve", "protect")]
    dynamic += [f"pharaohs_heir.log.{k}" for k in ("bonus", "peek", "pass", "place", "reap", "starve",
                                                    "protect", "pay")]
    dynamic += [f"pharaohs_heir.help.{k}" for k in ("goal", "year", "columns", "buildings")]
    dynamic += ["pharaohs_heir.bonus", "pharaohs_heir.peek"]
    assert sorted(k for k in list(used) + dynamic if k not in en) == []


if NO_BROWSER is not None:  # the browser test skips with the Ra test's reason
    @pytest.fixture
    def server():  # noqa: F811
        pytest.skip(NO_BROWSER)

    @pytest.fixture
    def browser_context():  # noqa: F811
        pytest.skip(NO_BROWSER)
else:
    SHOT = SHOTS / "pharaohs_heir.png"


# The player's policy, run in the page in one call: mark the element to click next with
# data-next and say what it does. Reap some farmers now and then; confirm a composed move
# as soon as it is legal; in an improvement, try a coin then a site (or a canal) before
# passing; add tokens one click at a time; pick a face-up tile, then its column; else any
# clickable move (action markers, bonus or peek, a column).
POLICY = """([r1, r2, picks]) => {
  const q = (sel) => [...document.querySelectorAll(sel)];
  const any = (list) => (list.length ? list[Math.floor(r2 * list.length)] : null);
  for (const old of q("[data-next]")) old.removeAttribute("data-next");
  const ph = document.querySelector(".ph");
  if (!ph || document.querySelector("#ph-ranking")) return null;
  const phase = ph.dataset.phase;
  const adds = q(".ph-mat.mine [data-add]:not([disabled])");
  const confirm = document.querySelector("#ph-confirm[data-move]");
  let el = null, sends = false, pick = false;
  if (phase === "reap" && adds.length && r1 < 0.6) el = any(adds);
  else if (confirm) { el = confirm; sends = true; }
  else if (phase === "build" && document.querySelector("#ph-pass")) {
    const coinChosen = q(".ph-mat.mine .ph-coin.sel").length > 0;
    const coins = q('[data-pick^="coin:"]'), sites = q('[data-pick^="site:"]');
    const canals = q('button[data-pick^="canal:"]:not(.on)');
    if (picks < 4 && r1 < 0.7) {
      if (!coinChosen && coins.length) el = any(coins);
      else if (coinChosen && sites.length) el = any(sites);
      else if (canals.length && !q("button.ph-pick.on").length) el = canals[0];
      pick = Boolean(el);
    }
    if (!el) { el = document.querySelector("#ph-pass"); sends = true; }
  } else if (adds.length) el = any(adds);
  else if (q("[data-take]").length && !q(".ph-land.sel").length) el = q("[data-take]")[0];
  else {
    const moves = q(".ph [data-move], #action-bar [data-move]");
    if (moves.length) { el = any(moves); sends = true; }
  }
  if (!el) return null;
  el.setAttribute("data-next", "1");
  const chosen = document.querySelector("#ph-chosen");
  return { sends, pick, phase, move: el.dataset.move || null, cycle: ph.dataset.cycle, chosen: chosen ? Number(chosen.dataset.chosen) : 0 };
}"""


def test_pharaohs_heir_full_game_against_bots(server: str, browser_context) -> None:  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    rng = random.Random(7)
    page = browser_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(server + "/")
    page.wait_for_selector("#create-form")
    page.fill("#my-name", "Ann")
    page.select_option("#create-game", "pharaohs-heir")
    page.select_option("#create-players", "3")
    for seat in ("2", "3"):
        page.select_option(f'.seat-row[data-seat="{seat}"] .seat-kind', "bot")
        page.select_option(f'.seat-row[data-seat="{seat}"] .seat-bot', "greedy")
    page.click("#create-submit")
    page.wait_for_url(re.compile(r"/play/[^?]+\?token="))
    page.wait_for_selector(".ph-mat.mine")
    assert "Ann" in page.locator(".who").inner_text()
    assert page.locator(".ph-mat").count() == 3
    assert page.locator(".ph-marker").count() == 5
    assert page.locator("#ph-sheet").count() == 1 and page.locator("#ph-track").count() == 1

    french = False
    shot = False
    clicks = 0
    seen_kinds: set[str] = set()
    stats: dict = {}
    sent: list[str] = []
    stuck_since = time.time()
    deadline = time.time() + 150
    while time.time() < deadline:
        if page.locator("#ph-ranking").count():
            break
        step = page.evaluate(POLICY, [rng.random(), rng.random(), stats.get("picks", 0)])
        if step is None:
            if time.time() - stuck_since > 30:
                pytest.fail("nothing to click for 30 s: " + page.locator("#hint").inner_text())
            page.wait_for_timeout(30)
            continue
        stuck_since = time.time()
        sends = step["sends"]
        stats["picks"] = stats.get("picks", 0) + 1 if step["pick"] else (0 if sends else stats.get("picks", 0))
        seen_kinds.add(step["phase"])
        # a game in progress: the second cycle, while composing a token split
        if not shot and step["cycle"] == "2" and step["chosen"] >= 2 and not sends:
            page.screenshot(path=str(SHOT), full_page=True)
            shot = True
        # French once, in the middle of the game: the table follows
        if not french and clicks > 40 and page.locator(".ph-mat.mine [data-add]").count():
            page.select_option("#lang", "fr")
            assert "Piste des sacrifices" in page.locator("#below").inner_text()
            assert "Valider" in page.locator("#ph-confirm").inner_text()
            assert "Développement" in page.locator("#ph-markers").inner_text()
            page.select_option("#lang", "en")
            assert "Sacrifice track" in page.locator("#below").inner_text()
            french = True
            continue
        target = page.locator("[data-next]")
        before = board_version(page)
        try:
            target.click(timeout=1500)
        except sync_api.Error:
            continue  # redrawn under the pointer: look again
        clicks += 1
        if step["move"]:
            sent.append(step["move"])
        if not sends:
            continue
        try:
            page.wait_for_function(
                "v => Number(document.querySelector('#board').dataset.version) !== v", arg=before, timeout=5000)
        except sync_api.TimeoutError:
            pass
    else:
        pytest.fail(f"the game did not end within the time limit after {clicks} clicks")

    assert page.locator("#ph-ranking li").count() == 3
    assert "Ann" in page.locator("#ph-ranking").inner_text()
    assert "wins with" in page.locator("#hint").inner_text()
    assert page.locator("[data-move]").count() == 0          # nothing left to click
    assert page.locator("#log li").count() > 150
    # the decisions met on the way were made on the table
    assert {"choose", "take", "offer", "place", "reap", "build"} <= seen_kinds, seen_kinds
    assert french
    heads = {m.split()[0] for m in sent}
    assert {"place", "offer", "reap", "take"} <= heads, heads
    assert any(m.startswith("build ") for m in sent), "no building was composed and sent"
    if not shot:
        page.screenshot(path=str(SHOT), full_page=True)

    # A finished game can be looked at without a seat: every mat, the ranking, nothing to click.
    watcher = browser_context.new_page()
    watcher.on("pageerror", lambda err: errors.append(str(err)))
    watcher.goto(page.url.split("?")[0])
    watcher.wait_for_selector("#ph-ranking")
    assert watcher.locator(".ph-mat").count() == 3 and watcher.locator(".ph-mat.mine").count() == 0
    assert watcher.locator("[data-move], [data-add], [data-pick]").count() == 0
    assert watcher.locator("#ph-ranking").inner_text() == page.locator("#ph-ranking").inner_text()
    assert errors == [], errors
