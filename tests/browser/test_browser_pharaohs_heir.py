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

import pytest

from test_browser_ra import (SHOTS, board_version, browser_context, launch, playwright, server,  # noqa: F401
                             sync_api)

SHOT = SHOTS / "pharaohs_heir.png"


def enabled(locator):
    """The first element of ``locator`` that is not disabled, or None."""
    for i in range(locator.count()):
        el = locator.nth(i)
        if el.get_attribute("disabled") is None:
            return el
    return None


def pick_target(page, rng: random.Random, stats: dict):
    """The element to click next under a simple policy; (element, sends_a_move)."""
    confirm = page.locator("#ph-confirm[data-move]")
    phase = page.get_attribute(".ph", "data-phase")
    adds = page.locator(".ph-mat.mine [data-add]:not([disabled])")
    if phase == "reap" and adds.count() and rng.random() < 0.6:  # reap some farmers now and then
        return adds.nth(rng.randrange(adds.count())), False
    if confirm.count():
        return confirm.first, True
    if phase == "build" and page.locator("#ph-pass").count():
        # try to build something now and then: a coin, then a site (a canal sometimes)
        picks = stats.setdefault("picks", 0)
        if picks < 4 and rng.random() < 0.7:
            if page.locator('.ph-coin.sel').count() == 0 and page.locator('[data-pick^="coin:"]').count():
                stats["picks"] = picks + 1
                return page.locator('[data-pick^="coin:"]').nth(rng.randrange(page.locator('[data-pick^="coin:"]').count())), False
            sites = page.locator('[data-pick^="site:"]')
            if page.locator('.ph-coin.sel').count() and sites.count():
                stats["picks"] = picks + 1
                return sites.nth(rng.randrange(sites.count())), False
            canals = page.locator('button[data-pick^="canal:"]:not(.on)')
            if canals.count() and not page.locator("button.ph-pick.on").count():
                stats["picks"] = picks + 1
                return canals.first, False
        stats["picks"] = 0
        return page.locator("#ph-pass"), True
    if adds.count():
        return adds.nth(rng.randrange(adds.count())), False
    take = page.locator("[data-take]")
    if take.count() and not page.locator(".ph-land.sel").count():
        return take.first, False
    moves = page.locator(".ph [data-move], #action-bar [data-move]")
    if moves.count():
        return moves.nth(rng.randrange(moves.count())), True
    return None, False


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
    stuck_since = time.time()
    deadline = time.time() + 150
    while time.time() < deadline:
        if page.locator("#ph-ranking").count():
            break
        target, sends = pick_target(page, rng, stats)
        if target is None:
            if time.time() - stuck_since > 30:
                pytest.fail("nothing to click for 30 s: " + page.locator("#hint").inner_text())
            page.wait_for_timeout(30)
            continue
        stuck_since = time.time()
        phase = page.get_attribute(".ph", "data-phase") or ""
        seen_kinds.add(phase)
        # a game in progress: the second cycle, while composing a token split
        if not shot and page.get_attribute(".ph", "data-cycle") == "2" and \
                page.locator(".ph-mat.mine .ph-n").count() and \
                page.locator("#ph-confirm").count() and not sends:
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
        before = board_version(page)
        try:
            target.click(timeout=3000)
        except sync_api.Error:
            continue  # redrawn under the pointer: look again
        clicks += 1
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
    if not shot:
        page.screenshot(path=str(SHOT), full_page=True)
    assert errors == [], errors
