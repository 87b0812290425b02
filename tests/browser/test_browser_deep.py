"""Every page holds up deep into each game, not only at its opening (issue 31, item 6).

Debian's chromium driven by Playwright, the real server (the fixtures of browserkit.py).
Each game is played with fixed seeds, seat 1 a person whose moves this test chooses (a
seeded random legal move, through the HTTP API) against random bots, and audited at
several points of the game and at its end, in English and French, at desktop (1280 x 800)
and phone (390 x 844, touch) size: axe-core finds no serious or critical violation (WCAG
2.0/2.1 A and AA, colour contrast included), every target a finger must hit is at least
44 x 44 px on the phone, the page never scrolls sideways, no text of a drawn board runs
past its edge, no field's placeholder is cut. Then the walk-through's other findings, one
test each: Ra's captions over a whole game, a laptop's boards, a phone's first screen,
the lobby's Watch, the leaderboard and the player page, the server's refusals in French,
the replay's first event and a plugin game's title.

The audit needs axe-core (scripts/setup/axe-core.sh, or THEBES_AXE); it skips, saying why,
without it (as do the other tests without chromium or Playwright).
"""

from __future__ import annotations

import json
import os
import random
import re
import time
import urllib.error
from pathlib import Path

import pytest

from browserkit import (CHROMIUM, CHROMIUM_ARGS, ROOT, get_json, playwright,  # noqa: F401
                        post_json, server)

AXE = Path(os.environ.get("THEBES_AXE") or ROOT / ".cache" / "axe" / "node_modules" / "axe-core" / "axe.min.js")
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SIZES = {"desktop": DESKTOP, "phone": PHONE}
LOCALES = {"en": "en-GB", "fr": "fr-FR"}
#: game, players, seed, the person's move counts at which the table is audited (and its end)
GAMES = [("ra", 3, 31, (0, 12, 30)), ("sarcophagus", 2, 32, (0, 8, 16)),
         ("pharaohs-heir", 3, 33, (0, 15, 40)), ("pharaoh", 1, 34, (0, 25, 60))]


@pytest.fixture(scope="module")
def chromium(playwright):  # noqa: F811
    try:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    except Exception as err:  # chromium present but unusable here: say so plainly
        pytest.skip(f"chromium could not be launched: {err}")
    yield browser
    browser.close()


def new_page(chromium, size: str, lang: str):
    context = chromium.new_context(locale=LOCALES[lang], **SIZES[size])
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.errors = errors
    return context, page


# ------------------------------------------------------------------ a game played by API
class Game:
    """One game on the server: seat 1 a person (``token``), the others random bots."""

    def __init__(self, server: str, game: str, players: int, seed: int) -> None:
        seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
        made = post_json(f"{server}/api/games", {"game": game, "players": players, "seed": seed, "seats": seats})
        self.server, self.game = server, game
        self.id = made["game"]["id"]
        self.url = made["links"][0]["url"]
        self.token = made["links"][0]["token"]
        self.rng = random.Random(seed)
        self.moves = 0

    def view(self) -> dict:
        """Seat 1's view once it has a move or the game is over (the bots play at once)."""
        deadline = time.time() + 60
        while time.time() < deadline:
            v = get_json(f"{self.server}/api/games/{self.id}/view?token={self.token}")
            if v.get("legal") or v["status"] == "finished":
                return v
            time.sleep(0.05)
        pytest.fail(f"{self.game}: seat 1 never got a move")

    def play_until(self, moves: int) -> dict:
        """Seat 1 plays seeded random legal moves until it has played ``moves`` or the game ends."""
        v = self.view()
        while self.moves < moves and v["status"] != "finished":
            move = v["legal"][self.rng.randrange(len(v["legal"]))]
            post_json(f"{self.server}/api/games/{self.id}/moves",
                      {"token": self.token, "move": move, "version": v["version"]})
            self.moves += 1
            v = self.view()
        return v


# ------------------------------------------------------------------ what is checked on a page
AUDIT = """() => {
  const shown = (e) => { const r = e.getBoundingClientRect(); const st = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.display !== 'none'; };
  const label = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + '.' + String(e.className.baseVal ?? e.className).trim().replace(/ +/g, '.')
    + ' "' + (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 30) + '"';
  // what a finger must hit: buttons, links styled as buttons, fields, the board's pieces
  const sel = '.clickable, button, a.btn, a.brand, select, input:not([type=checkbox]):not([type=radio]), summary,'
    + ' [data-move], [data-pick], [data-add], [data-select], .ph-click, [role=button]';
  const small = [...document.querySelectorAll(sel)].filter(shown).map((e) => {
    const r = e.getBoundingClientRect(); return { what: label(e), w: Math.round(r.width), h: Math.round(r.height) }; })
    .filter((x) => x.w < 43.5 || x.h < 43.5);
  // text of a drawn board that runs past the board's own edge (its viewBox)
  const past = [];
  for (const svg of document.querySelectorAll('#board svg[viewBox]')) {
    const vb = svg.viewBox.baseVal;
    if (!vb || !vb.width) continue;
    for (const tx of svg.querySelectorAll('text')) {
      if (!shown(tx) || tx.closest('defs')) continue;
      let b; try { b = tx.getBBox(); } catch (_) { continue; }
      // the text's box in the svg's own units (a group may be moved with a transform)
      const m = svg.getScreenCTM().inverse().multiply(tx.getScreenCTM());
      const x0 = m.a * b.x + m.e, x1 = m.a * (b.x + b.width) + m.e;
      if (x0 < vb.x - 1 || x1 > vb.x + vb.width + 1) past.push({ text: tx.textContent.slice(0, 60), from: Math.round(x0), to: Math.round(x1), width: vb.width });
    }
  }
  // a field whose placeholder is wider than the field
  const canvas = document.createElement('canvas').getContext('2d');
  const cut = [];
  for (const f of document.querySelectorAll('input[placeholder]')) {
    if (!shown(f) || f.value) continue;
    const st = getComputedStyle(f);
    canvas.font = `${st.fontStyle} ${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
    const room = f.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight);
    const need = canvas.measureText(f.placeholder).width;
    if (need > room + 1) cut.push({ what: label(f), placeholder: f.placeholder, need: Math.round(need), room: Math.round(room) });
  }
  // "click" said to a finger on a phone: the page says "select" / "choisissez" instead
  const click = (document.body.innerText.match(/[^.!?\\n]*\\b(click|cliqu)\\w*[^.!?\\n]*/gi) || []).slice(0, 3);
  return { scrollWidth: document.documentElement.scrollWidth, width: innerWidth, small, past, cut, click };
}"""


def axe_violations(page) -> list[dict]:
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    return page.evaluate("""async () => {
      const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
      return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ id: v.id, help: v.help, count: v.nodes.length,
                       nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' :: ' + n.failureSummary.slice(0, 200)) }));
    }""")


def audit(page, where: str, size: str, with_axe: bool = True) -> list[str]:
    """What is wrong with the page as it is now (nothing: an empty list)."""
    m = page.evaluate(AUDIT)
    found = []
    if m["scrollWidth"] > m["width"]:
        found.append(f"{where}: the page scrolls sideways ({m['scrollWidth']} > {m['width']})")
    if size == "phone" and m["small"]:
        found.append(f"{where}: touch targets under 44 px: {m['small'][:6]}")
    if m["past"]:
        found.append(f"{where}: text runs past the board's edge: {m['past'][:4]}")
    if m["click"]:
        found.append(f"{where}: says click: {m['click']}")
    if m["cut"]:
        found.append(f"{where}: placeholders cut: {m['cut'][:3]}")
    if with_axe:
        bad = axe_violations(page)
        if bad:
            found.append(f"{where}: axe-core: " + json.dumps(bad, indent=1, ensure_ascii=False))
    return found


def open_table(page, server: str, game: Game, version: int) -> None:
    page.goto(server + game.url)
    page.wait_for_selector(f'#board[data-version="{version}"] > *')
    page.wait_for_timeout(300)


# ------------------------------------------------------------------ the audit, deep into each game
@pytest.mark.parametrize("game,players,seed,points", GAMES, ids=[g[0] for g in GAMES])
def test_every_table_passes_the_accessibility_audit_deep_into_the_game_and_at_its_end(
        server: str, chromium, game: str, players: int, seed: int, points: tuple) -> None:  # noqa: F811
    if not AXE.exists():
        pytest.skip(f"axe-core is not installed at {AXE} (run scripts/setup/axe-core.sh, or set THEBES_AXE)")
    pages = {(size, lang): new_page(chromium, size, lang) for size in SIZES for lang in LOCALES}
    g = Game(server, game, players, seed)
    found: list[str] = []
    try:
        for point in points + (10_000,):
            v = g.play_until(point)
            at = "its end" if v["status"] == "finished" else f"after {g.moves} moves of seat 1"
            for (size, lang), (_, page) in pages.items():
                open_table(page, server, g, v["version"])
                found += audit(page, f"{game} {at} ({lang}, {size})", size)
            if v["status"] == "finished":
                break
        assert v["status"] == "finished", f"{game} did not end"
        total = get_json(f"{server}/api/games/{g.id}/replay?since=100000")["events"]
        for (size, lang), (_, page) in pages.items():
            for at in (0, total // 3, total):
                page.goto(f"{server}/replay/{g.id}?at={at}")
                page.wait_for_selector(f'#board[data-index="{at}"]')
                page.wait_for_timeout(200)
                found += audit(page, f"{game}'s replay at event {at} of {total} ({lang}, {size})", size)
        for (size, lang), (_, page) in pages.items():
            assert page.errors == [], page.errors
    finally:
        for context, _ in pages.values():
            context.close()
    assert found == [], "\n".join(found)


# ------------------------------------------------------------------ the walk-through's other findings
CAPTIONS = """() => {
  const svg = document.querySelector('#board svg.ra-board');
  if (!svg) return null;
  const vb = svg.viewBox.baseVal;
  const lines = [...svg.querySelectorAll('.captions text')].map((tx) => { const b = tx.getBBox();
    return { text: tx.textContent, from: b.x, to: b.x + b.width }; });
  const board = svg.querySelector('rect').getBBox();
  const last = lines.length ? Math.max(...[...svg.querySelectorAll('.captions text')].map((tx) => tx.getBBox().y + tx.getBBox().height)) : 0;
  return { width: vb.width, lines, inside: last <= board.y + board.height + 0.5 };
}"""


def test_ra_captions_under_the_auction_track_stay_on_the_board_over_a_whole_game(server: str, chromium) -> None:  # noqa: F811
    """Every caption under the auction track (the auction, the high bid, the last lot and
    who won it, an epoch's end) fits the board's width and height, in French (the longer)
    on a phone's compact board and a laptop's wide one, after every move of a whole game."""
    pages = [new_page(chromium, size, "fr") for size in ("phone", "desktop")]
    g = Game(server, "ra", 3, 41)
    seen: set[str] = set()
    bad: list[str] = []
    try:
        v = g.view()
        for _, page in pages:
            open_table(page, server, g, v["version"])
        while True:
            for _, page in pages:
                page.wait_for_selector(f'#board[data-version="{v["version"]}"] svg.ra-board')
                got = page.evaluate(CAPTIONS)
                for line in got["lines"]:
                    seen.add(line["text"])
                    if line["from"] < 0 or line["to"] > got["width"] + 0.5:
                        bad.append(f"{line['text']!r} runs from {line['from']:.0f} to {line['to']:.0f} of {got['width']}")
                if not got["inside"]:
                    bad.append(f"the captions {[x['text'] for x in got['lines']]} run below the board")
            if v["status"] == "finished":
                break
            v = g.play_until(g.moves + 1)
        for _, page in pages:
            assert page.errors == [], page.errors
    finally:
        for context, _ in pages:
            context.close()
    assert len(seen) >= 20, f"only {len(seen)} distinct captions were seen: {sorted(seen)}"
    assert bad == [], "\n".join(sorted(set(bad))[:20])


VISIBLE_PIECES = """() => {
  const pieces = [...document.querySelectorAll('#board .clickable')].filter((e) => e.getBoundingClientRect().width > 0);
  return { compact: !!document.querySelector('#board svg.compact'), pieces: pieces.length,
    below: pieces.filter((e) => e.getBoundingClientRect().bottom > innerHeight).map((e) => (e.getAttribute('data-move') || e.getAttribute('aria-label') || e.textContent || '').slice(0, 30)),
    boardHeight: Math.round(document.querySelector('#board').getBoundingClientRect().height) };
}"""


@pytest.mark.parametrize("game,players", [("ra", 3), ("sarcophagus", 2)])
def test_a_laptop_plays_ra_and_sarcophagus_without_scrolling(server: str, chromium, game: str, players: int) -> None:  # noqa: F811
    """At 1280 x 800 (a mouse) the board is the wide one, not the phone's stacked board, and
    every piece the player can click now is in the window without scrolling, move after move."""
    context, page = new_page(chromium, "desktop", "en")
    g = Game(server, game, players, 42)
    try:
        for point in (0, 5, 12):
            v = g.play_until(point)
            if v["status"] == "finished":
                break
            open_table(page, server, g, v["version"])
            got = page.evaluate(VISIBLE_PIECES)
            assert not got["compact"], f"{game} after {g.moves} moves: the stacked (phone) board at 1280 x 800"
            assert got["pieces"] > 0
            assert got["below"] == [], f"{game} after {g.moves} moves: pieces below the window: {got}"
    finally:
        context.close()


def test_a_phone_opens_each_table_at_its_board_and_brings_the_end_into_view(server: str, chromium) -> None:  # noqa: F811
    """On a phone the table opens with the line above the board at the top of the screen
    (not 550 px down, under the header and the table bar), and when the game ends while the
    page is open, scrolled down, the table bar (the game's end, Play again) comes into view."""
    context, page = new_page(chromium, "phone", "en")
    try:
        for game, players in (("ra", 3), ("sarcophagus", 2), ("pharaohs-heir", 3), ("pharaoh", 1)):
            g = Game(server, game, players, 43)
            v = g.play_until(2)
            open_table(page, server, g, v["version"])
            top = page.evaluate("() => ({ hint: document.getElementById('hint').getBoundingClientRect().top,"
                                " board: document.getElementById('board').getBoundingClientRect().top })")
            assert -1 <= top["hint"] <= 60 and top["board"] < 300, f"{game}: the table opens {top} px down"
        g = Game(server, "sarcophagus", 2, 44)
        v = g.view()
        open_table(page, server, g, v["version"])
        page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        v = g.play_until(10_000)
        page.wait_for_selector('#board[data-status="finished"]')
        page.wait_for_timeout(300)
        bar = page.evaluate("() => document.getElementById('table-bar').getBoundingClientRect().top")
        assert 0 <= bar < 400, f"the game ended out of sight (its table bar at {bar} px)"
    finally:
        context.close()


def test_pharaohs_building_chart_comes_right_under_the_sheet_on_a_phone_while_building(server: str, chromium) -> None:  # noqa: F811
    context, page = new_page(chromium, "phone", "en")
    g = Game(server, "pharaoh", 1, 45)
    try:
        v = g.view()
        while v["status"] != "finished" and v["observation"].get("phase") not in ("build action", "free build"):
            v = g.play_until(g.moves + 1)
        assert v["status"] != "finished", "no build phase was reached"
        open_table(page, server, g, v["version"])
        gap = page.evaluate("() => document.getElementById('rw-chart-box').getBoundingClientRect().top"
                            " - document.querySelector('.rw-main').getBoundingClientRect().bottom")
        assert gap < 60, f"the building chart is {gap:.0f} px below the sheet"
    finally:
        context.close()


def test_the_lobby_says_a_hidden_game_can_be_watched_once_over_instead_of_offering_watch(server: str, chromium) -> None:  # noqa: F811
    hidden = Game(server, "sarcophagus", 2, 46)
    public = Game(server, "ra", 3, 47)
    hidden.view(), public.view()
    for lang, words in (("en", "once over"), ("fr", "une fois finie")):
        context, page = new_page(chromium, "desktop", lang)
        try:
            page.goto(server + "/")
            row = page.locator(f'#playing-games li[data-game="{hidden.id}"]')
            row.wait_for()
            assert row.locator("a.watch").count() == 0, "Watch is offered on a game that refuses spectators"
            assert words in row.locator(".watch-later").inner_text()
            assert page.locator(f'#playing-games li[data-game="{public.id}"] a.watch').count() == 1
        finally:
            context.close()


def test_finished_games_name_their_bots_in_french(server: str, chromium) -> None:  # noqa: F811
    made = post_json(f"{server}/api/games", {"game": "ra", "players": 3, "seed": 48,
                                            "seats": [{"kind": "bot", "bot": "medium"}] * 3})
    gid = made["game"]["id"]
    deadline = time.time() + 120
    while get_json(f"{server}/api/games/{gid}")["status"] != "finished":
        assert time.time() < deadline
        time.sleep(0.2)
    context, page = new_page(chromium, "desktop", "fr")
    try:
        page.goto(server + "/")
        result = page.locator(f'#finished-games li[data-game="{gid}"] .result')
        result.wait_for()
        text = result.inner_text()
        assert "bot" not in text.replace("robot", ""), text
        assert "robot" in text
    finally:
        context.close()


def test_the_leaderboard_opens_on_the_game_last_played_and_the_player_page_names_games_in_words(server: str, chromium) -> None:  # noqa: F811
    claimed = post_json(f"{server}/api/players", {"name": "Walker"})
    seats = [{"kind": "human", "name": "Walker"}, {"kind": "bot", "bot": "random"}]
    # no chosen seed: a game whose set-up its creator knew is never rated
    made = post_json(f"{server}/api/games", {"game": "sarcophagus", "players": 2, "seats": seats,
                                            "table": {"mode": "none", "rated_with_bots": True}})
    g = Game.__new__(Game)
    g.server, g.game, g.id = server, "sarcophagus", made["game"]["id"]
    g.url, g.token = made["links"][0]["url"], made["links"][0]["token"]
    g.rng, g.moves = random.Random(49), 0
    post_json(f"{server}/api/games/{g.id}/player", {"token": g.token, "key": claimed["key"]})
    v = g.play_until(10_000)
    context, page = new_page(chromium, "desktop", "fr")
    try:
        open_table(page, server, g, v["version"])
        page.goto(server + "/leaderboard")
        page.wait_for_selector("#leaderboard h2")
        current = page.locator('nav.tabs a[aria-current="page"]').inner_text()
        assert current == "Sarcophage", f"the leaderboard opened on {current}"
        page.goto(server + "/player/Walker")
        page.wait_for_selector("#player-page h1")
        text = page.locator("#player-page").inner_text()
        assert "Sarcophage" in text and "sarcophagus" not in text, text
        assert "1 parties" not in text and "après 1 partie" in text, text
    finally:
        context.close()


def test_server_refusals_carry_a_code_and_params_and_a_french_page_says_them_in_french(server: str, chromium) -> None:  # noqa: F811
    g = Game(server, "ra", 3, 50)
    v = g.view()
    try:
        post_json(f"{server}/api/games/{g.id}/moves", {"token": g.token, "move": v["legal"][0], "version": v["version"] - 1})
        pytest.fail("a stale move was accepted")
    except urllib.error.HTTPError as err:
        body = json.loads(err.read())
    assert body["code"] == "stale_version" and body["params"] == {"version": str(v["version"] - 1), "now": str(v["version"])}
    assert body["error"].startswith("stale version")
    # a person joins a game whose free seat someone else took meanwhile: said in French
    made = post_json(f"{server}/api/games", {"game": "ra", "players": 3, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    gid = made["game"]["id"]
    context, page = new_page(chromium, "desktop", "fr")
    try:
        page.goto(server + "/")
        page.fill("#my-name", "Zoé")
        join = page.locator(f'#open-games li[data-game="{gid}"] button.join')
        join.wait_for()
        post_json(f"{server}/api/games/{gid}/join", {"name": "Bob"})
        join.click()
        toast = page.locator(".toast").first
        toast.wait_for()
        assert "plus aucune place libre dans cette partie" in toast.inner_text(), toast.inner_text()
        # a notice never stands between a finger and the page: a tap goes through it
        under = page.evaluate("""() => { const r = document.querySelector('.toast').getBoundingClientRect();
          const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return e ? e.closest('.toast') === null : true; }""")
        assert under, "a notice takes the taps meant for the page under it"
        # an unknown code falls back to the server's English sentence
        said = page.evaluate("() => import('/static/net.js').then((m) => m.refusalText({ error: 'a new refusal', code: 'not_known_yet' }))")
        assert said == "a new refusal"
    finally:
        context.close()


def test_a_replay_opens_at_its_first_event_and_names_a_plugin_game_by_its_title(server: str, chromium) -> None:  # noqa: F811
    made = post_json(f"{server}/api/games", {"game": "pharaoh", "players": 1, "seed": 51,
                                            "seats": [{"kind": "bot", "bot": "random"}]})
    gid = made["game"]["id"]
    deadline = time.time() + 120
    while get_json(f"{server}/api/games/{gid}")["status"] != "finished":
        assert time.time() < deadline
        time.sleep(0.2)
    context, page = new_page(chromium, "desktop", "en")
    try:
        page.goto(f"{server}/replay/{gid}")
        page.wait_for_selector('#board[data-index="0"]')
        assert page.locator("#replay-position").get_attribute("data-index") == "0"
        # a game whose table module brings no title (a plugin's): the server's title, not its id
        page.route("**/static/games/pharaoh/table.js", lambda route: route.abort())
        page.goto(f"{server}/replay/{gid}")
        page.wait_for_selector('#board[data-index="0"]')
        page.wait_for_function("() => document.querySelector('.game-head h1').textContent === 'Replay · Pharaoh'")
    finally:
        context.close()


def test_a_seat_without_a_name_is_not_named_twice_and_one_token_is_singular(server: str, chromium) -> None:  # noqa: F811
    """"You play seat 2", not "You play seat 2 (Seat 2)"; and Pharaoh's Heir's strings for
    one token say "1 token" (the page picks them whenever a count is 1)."""
    made = post_json(f"{server}/api/games", {"game": "sarcophagus", "players": 2, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human"}]})
    context, page = new_page(chromium, "desktop", "en")
    try:
        page.goto(server + made["links"][1]["url"])
        page.wait_for_selector("#board[data-version] > *")
        assert page.locator(".game-head .who").inner_text() == "You play seat 2"
        words = page.evaluate("""() => import('/static/i18n.js').then(({ t }) => [
          t('pharaohs_heir.hint.place.one'), t('pharaohs_heir.hint.pay.one'), t('pharaohs_heir.cell.protect.one', { where: 'v1' })])""")
        assert all(re.search(r"\b1 (population )?token\b", w) and "tokens" not in w for w in words), words
    finally:
        context.close()


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_lobby_leaderboard_and_upload_pages_pass_the_audit_with_games_in_every_list(server: str, chromium, size: str) -> None:  # noqa: F811
    """The lobby with open, running and finished games (the create form with a friend's seat
    too), the leaderboard and the upload page: the same audit, in both languages."""
    if not AXE.exists():
        pytest.skip(f"axe-core is not installed at {AXE} (run scripts/setup/axe-core.sh, or set THEBES_AXE)")
    post_json(f"{server}/api/games", {"game": "ra", "players": 3, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    Game(server, "sarcophagus", 2, 52).view()
    found: list[str] = []
    for lang in LOCALES:
        context, page = new_page(chromium, size, lang)
        try:
            page.goto(server + "/")
            page.wait_for_selector("#open-games .game-row")
            page.select_option("#create-game", "ra")
            page.locator("#create .seat-kind").nth(1).select_option("human")
            page.wait_for_timeout(300)
            found += audit(page, f"the lobby ({lang}, {size})", size)
            for where, path, ready in (("the leaderboard", "/leaderboard/ra", "#leaderboard h2"),
                                       ("the upload page", "/upload", "#record-file")):
                page.goto(server + path)
                page.wait_for_selector(ready)
                page.wait_for_timeout(300)
                found += audit(page, f"{where} ({lang}, {size})", size)
        finally:
            context.close()
    assert found == [], "\n".join(found)


def test_pharaohs_heirs_build_choices_are_44_px_on_a_phone(server: str, chromium) -> None:  # noqa: F811
    """A build step on a phone: every coin of the reserve, the Nile space (a floodwall's site)
    and every tile offered is at least 44 x 44 px (they were 20 x 20 and 32 px high)."""
    context, page = new_page(chromium, "phone", "en")
    g = Game(server, "pharaohs-heir", 3, 53)
    try:
        v = g.view()
        while v["status"] != "finished" and not any(m.startswith("build") for m in v["legal"]):
            v = g.play_until(g.moves + 1)
        assert v["status"] != "finished", "no build step was reached"
        open_table(page, server, g, v["version"])
        coins = page.locator('[data-pick^="coin:"]')
        assert coins.count() > 0
        coins.first.click()         # a coin chosen: the sites are offered
        page.wait_for_selector('[data-pick^="site:"]')
        sizes = page.evaluate("""() => [...document.querySelectorAll('[data-pick]')].map((e) => {
          const r = e.getBoundingClientRect(); return [e.dataset.pick, Math.round(r.width), Math.round(r.height)]; })""")
        small = [s for s in sizes if s[1] < 43.5 or s[2] < 43.5]
        assert small == [], f"build choices under 44 px: {small}"
    finally:
        context.close()


def test_every_refusal_the_server_raises_has_a_stable_code_the_client_translates() -> None:
    """Each ``ApiError(status, "...")`` under thebes/server (a literal or f-string sentence)
    gets a code other than ``other`` (named at the raise site or found from its sentence by
    thebes/server/live/errors.py), and every such code of a 4xx refusal has its words in
    English and French (``refusal.<code>`` in thebes/web/i18n_en.js and i18n_fr.js)."""
    import ast
    from thebes.server.live.errors import refusal

    def sample(node) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.JoinedStr):
            out = ""
            for part in node.values:
                if isinstance(part, ast.Constant):
                    out += str(part.value)
                else:
                    out += "'x'" if part.conversion == ord("r") else "1"
            return out
        return None

    strings = {lang: (ROOT / "thebes" / "web" / f"i18n_{lang}.js").read_text(encoding="utf-8") for lang in ("en", "fr")}
    missing = []
    for path in sorted((ROOT / "thebes" / "server").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ApiError" and len(node.args) >= 2):
                continue
            status = node.args[0].value if isinstance(node.args[0], ast.Constant) else 400
            named = next((k.value.value for k in node.keywords if k.arg == "code" and isinstance(k.value, ast.Constant)), None)
            text = sample(node.args[1])
            if text is None and named is None:
                continue            # a sentence made elsewhere (an engine's own refusal, str(err))
            code = named or refusal(text)[0]
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            if status >= 500:
                continue            # the server's own failures: said in English
            if code == "other":
                missing.append(f"{where}: no code for {text!r}")
            elif any(f'"refusal.{code}"' not in words for words in strings.values()):
                missing.append(f"{where}: refusal.{code} is not in both i18n_en.js and i18n_fr.js")
    assert missing == [], "\n".join(missing)
