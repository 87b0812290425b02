"""Every table on a phone, by keyboard alone (issue 15, items 4 and 5).

Debian's chromium driven by Playwright, the real server (the fixtures of
browserkit.py), a touch screen of 390 x 844 CSS px (and a tablet of
820 x 1180 for Ra). For each game: the page never scrolls sideways, every
clickable piece of the board and every button is at least 44 x 44 px (WCAG
2.5.5), the log is folded under the board, and moves are played with the
keyboard alone (Tab to a piece, Enter). A screenshot of each table at phone
size goes to the screenshot folder (docs/screenshots with THEBES_SCREENSHOTS=1).

Skips with a visible reason when /usr/bin/chromium or Playwright is missing.
"""

from __future__ import annotations

import random
import time

import pytest

from browserkit import (CHROMIUM, CHROMIUM_ARGS, SHOTS, board_version, playwright,  # noqa: F401
                             post_json, server, sync_api)

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}
GAMES = [("ra", 3), ("sarcophagus", 2), ("pharaohs-heir", 3), ("pharaoh", 1)]


@pytest.fixture(scope="module")
def chromium(playwright):  # noqa: F811
    try:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    except Exception as err:  # chromium present but unusable here: say so plainly
        pytest.skip(f"chromium could not be launched: {err}")
    yield browser
    browser.close()


def touch_page(chromium, size: dict):
    context = chromium.new_context(viewport=size, is_mobile=True, has_touch=True, locale="en-GB")
    context.set_default_timeout(15_000)
    return context, context.new_page()


# Sizes of what a finger must hit: the board's clickable pieces, buttons, links styled as
# buttons, fields; and how wide the page is against the screen.
MEASURE = """() => {
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
  const targets = [...document.querySelectorAll('.clickable, button, a.btn, select, input:not([type=checkbox]):not([type=radio]), summary')].filter(shown);
  const small = targets.map((e) => { const r = e.getBoundingClientRect();
    return { what: e.tagName.toLowerCase() + '.' + String(e.className.baseVal ?? e.className).trim().replace(/ +/g, '.'),
             text: (e.textContent || '').trim().slice(0, 20), w: Math.round(r.width), h: Math.round(r.height) }; })
    .filter((x) => x.w < 43.5 || x.h < 43.5);
  return { scrollWidth: document.documentElement.scrollWidth, width: innerWidth, small, targets: targets.length };
}"""


def check_fits(page, where: str) -> None:
    m = page.evaluate(MEASURE)
    assert m["scrollWidth"] <= m["width"], f"{where}: the page scrolls sideways ({m['scrollWidth']} > {m['width']})"
    assert m["small"] == [], f"{where}: touch targets under 44 px: {m['small'][:6]}"


KEY_CANDIDATES = """() => {
  const out = [];
  for (const e of document.querySelectorAll('#board [tabindex="0"], #board button:not([disabled]), #action-bar button:not([disabled])')) {
    const r = e.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) continue;
    out.push({ i: out.length, move: e.dataset.move || null, cancel: /cancel|clear/i.test(e.id + ' ' + e.textContent) });
    e.dataset.kbd = String(out.length - 1);
  }
  return out;
}"""


def keyboard_move(page, rng: random.Random) -> bool:
    """Tab to one piece of the board (a move if one is offered, else a selection) and press
    Enter: the keyboard alone. True if something was activated."""
    options = page.evaluate(KEY_CANDIDATES)
    if not options:
        return False
    moves = [o for o in options if o["move"]]
    pool = moves or [o for o in options if not o["cancel"]] or options
    target = rng.choice(pool)["i"]
    page.evaluate("() => { if (document.activeElement) document.activeElement.blur(); document.body.focus(); }")
    for _ in range(400):
        page.keyboard.press("Tab")
        at = page.evaluate("() => document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.kbd : null")
        if at == str(target):
            page.keyboard.press("Enter")
            return True
        if at is None and page.evaluate("() => !document.querySelector('[data-kbd]')"):
            return False   # redrawn meanwhile
    pytest.fail("a piece of the board could not be reached with the Tab key")


@pytest.mark.parametrize("game,players", GAMES)
def test_each_table_fits_a_phone_and_plays_by_keyboard(server: str, chromium, game: str, players: int) -> None:
    context, page = touch_page(chromium, PHONE)
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    try:
        seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
        created = post_json(f"{server}/api/games", {"game": game, "players": players, "seats": seats})
        page.goto(server + created["links"][0]["url"])
        page.wait_for_selector("#board[data-version] > *", timeout=20_000)
        page.wait_for_timeout(300)
        check_fits(page, f"{game} at the start")
        # the log is folded under the board
        assert page.locator("#log-box").get_attribute("open") is None
        board_box = page.locator("#board").bounding_box()
        assert page.locator("#log-box").bounding_box()["y"] > board_box["y"] + board_box["height"] - 1

        rng = random.Random(15)
        start = board_version(page)
        mine = 0
        deadline = time.time() + 150   # generous: a loaded CI machine presses keys slowly
        while mine < 4 and time.time() < deadline:
            before = board_version(page)
            if not keyboard_move(page, rng):
                page.wait_for_timeout(100)
                continue
            try:
                page.wait_for_function("v => Number(document.querySelector('#board').dataset.version) !== v",
                                       arg=before, timeout=4000)
                mine += 1
            except sync_api.TimeoutError:
                pass    # a selection (a coin, a god, a square): the move comes with the next key
            if mine == 2:
                check_fits(page, f"{game} during play")
        assert mine >= 3, f"only {mine} moves were played by keyboard in {game}"
        assert board_version(page) > start
        check_fits(page, f"{game} after keyboard play")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"phone-{game}.png"), full_page=True, animations="disabled")
        assert errors == [], errors
    finally:
        context.close()


def test_the_lobby_and_ra_fit_a_tablet_and_a_phone(server: str, chromium) -> None:
    for name, size in (("tablet", TABLET), ("phone", PHONE)):
        context, page = touch_page(chromium, size)
        try:
            page.goto(server + "/")
            page.wait_for_selector("#create-form")
            page.wait_for_timeout(300)
            check_fits(page, f"the lobby on a {name}")
            page.screenshot(path=str(SHOTS / f"{name}-lobby.png"), full_page=True, animations="disabled")
            created = post_json(f"{server}/api/games", {"game": "ra", "players": 3, "seats": [
                {"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]})
            page.goto(server + created["links"][0]["url"])
            page.wait_for_selector("svg.ra-board")
            page.wait_for_timeout(300)
            check_fits(page, f"Ra on a {name}")
        finally:
            context.close()


# What a screen reader says of each button of the page: its accessible name (aria-label,
# aria-labelledby, an SVG <title>, else its text) must hold a word, not just "0" or "+".
NAMELESS = """() => [...document.querySelectorAll('button, [role=button], a[href]')].filter((e) => {
  const r = e.getBoundingClientRect(); if (!r.width || !r.height) return false;
  const by = e.getAttribute('aria-labelledby');
  const name = e.getAttribute('aria-label') || (by && by.split(' ').map((i) => (document.getElementById(i) || {}).textContent || '').join(' '))
    || (e.querySelector(':scope > title') || {}).textContent || e.textContent || '';
  return !/\\p{L}{2}/u.test(name);
}).map((e) => e.outerHTML.slice(0, 120))"""


@pytest.mark.parametrize("touch", [True, False], ids=["phone", "narrow-window"])
@pytest.mark.parametrize("locale", ["fr-FR", "en-GB"])
def test_every_page_fits_a_phone_in_both_languages(server: str, chromium, locale: str, touch: bool) -> None:
    """French words are longer: the lobby, the upload page, the replay viewer and each table
    (with its table bar, whose buttons once ran past the screen) never scroll sideways, on a
    touch phone or in a desktop window as narrow as one (390 px, no touch)."""
    context = chromium.new_context(viewport=PHONE, is_mobile=touch, has_touch=touch, locale=locale)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        pages = [("the lobby", "/", "#create-form"), ("the upload page", "/upload", "#record-file")]
        for game, players in GAMES:
            seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
            created = post_json(f"{server}/api/games", {"game": game, "players": players, "seats": seats})
            pages.append((game, created["links"][0]["url"], "#board[data-version] > *"))
        pages.append(("the replay viewer", f"/replay/{created['game']['id']}", "#replay-controls *"))
        for where, path, ready in pages:
            page.goto(server + path)
            page.wait_for_selector(ready, timeout=20_000)
            page.wait_for_timeout(500)
            m = page.evaluate(MEASURE)
            assert m["scrollWidth"] <= m["width"], \
                f"{where} ({locale}): the page scrolls sideways ({m['scrollWidth']} > {m['width']})"
            assert page.evaluate(NAMELESS) == [], f"{where} ({locale}): pieces a screen reader cannot name"
    finally:
        context.close()
