"""axe-core finds no serious or critical accessibility violation (issue 15, item 5).

Debian's chromium driven by Playwright, the real server (the fixtures of
browserkit.py), axe-core (the npm package, installed by
scripts/setup/axe-core.sh under .cache/axe, or named by THEBES_AXE) evaluated
in the page. Checked: the lobby, each game's table (a seat's view, in play),
a finished Ra game, the replay viewer and the upload page, at desktop and
phone size, against WCAG 2.0/2.1 A and AA.

Skips with a visible reason when chromium, Playwright or axe-core is missing.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from browserkit import CHROMIUM, CHROMIUM_ARGS, ROOT, get_json, playwright, post_json, server  # noqa: F401

AXE = Path(os.environ.get("THEBES_AXE") or ROOT / ".cache" / "axe" / "node_modules" / "axe-core" / "axe.min.js")
if not AXE.exists():
    pytest.skip(f"axe-core is not installed at {AXE} (run scripts/setup/axe-core.sh, "
                "or set THEBES_AXE to axe.min.js)", allow_module_level=True)

SIZES = {"desktop": {"width": 1440, "height": 1000}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(scope="module")
def chromium(playwright):  # noqa: F811
    try:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    except Exception as err:
        pytest.skip(f"chromium could not be launched: {err}")
    yield browser
    browser.close()


def violations(page) -> list[dict]:
    """axe-core's serious and critical violations on the page as it is now."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    found = page.evaluate("""async () => {
      const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
      return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                       nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' :: ' + n.failureSummary.slice(0, 160)) }));
    }""")
    return found


def check(page, where: str) -> None:
    found = violations(page)
    assert found == [], f"{where}:\n" + json.dumps(found, indent=1)


def seat_link(server: str, game: str, players: int) -> str:
    seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    return post_json(f"{server}/api/games", {"game": game, "players": players, "seats": seats})["links"][0]["url"]


@pytest.fixture(scope="module")
def finished_ra(server):  # noqa: F811
    created = post_json(server + "/api/games", {"game": "ra", "players": 3, "seed": 5, "seats": [
        {"kind": "bot", "bot": "random", "name": n} for n in ("Ahmose", "Bast", "Khufu")]})
    gid = created["game"]["id"]
    deadline = time.time() + 60
    while get_json(f"{server}/api/games/{gid}")["status"] != "finished":
        assert time.time() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    return gid


@pytest.mark.parametrize("size", sorted(SIZES))
def test_no_serious_accessibility_violation_on_any_page(server: str, chromium, finished_ra, size: str) -> None:
    context = chromium.new_context(viewport=SIZES[size], bypass_csp=True, locale="en-GB",
                                   is_mobile=size == "phone", has_touch=size == "phone")
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        page.goto(server + "/")
        page.wait_for_selector("#create-form")
        page.wait_for_timeout(300)
        check(page, f"the lobby ({size})")
        for game, players in (("ra", 3), ("sarcophagus", 2), ("pharaohs-heir", 3), ("pharaoh", 1)):
            page.goto(server + seat_link(server, game, players))
            page.wait_for_selector("#board[data-version] > *")
            page.wait_for_timeout(500)
            check(page, f"the {game} table ({size})")
        page.goto(f"{server}/play/{finished_ra}")
        page.wait_for_selector("#ranking")
        check(page, f"a finished Ra game ({size})")
        page.goto(f"{server}/replay/{finished_ra}")
        page.wait_for_selector("#replay-position")
        page.wait_for_timeout(300)
        check(page, f"the replay viewer ({size})")
        page.goto(server + "/upload")
        page.wait_for_selector("input[type=file]")
        check(page, f"the upload page ({size})")
    finally:
        context.close()
