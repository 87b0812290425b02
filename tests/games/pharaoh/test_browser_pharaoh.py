"""Real-browser test of Pharaoh's table (issue 7): Debian's chromium driven by Playwright.

Creates a solo Pharaoh game with objectives from the lobby and plays it to the
end by clicking only what the table offers (a square for the first housing, the
starting resources, the dice offers and once the shift control, a building of
the chart then a lit square, the guild's resource, the square a flood erases),
checks that every clickable move is legal, and that the final score, the title
and the score sheet are shown. A 2-seat game against a bot shows both sheets,
and the page is checked once in French. It writes docs/screenshots/pharaoh.png
(a game in progress).

Fixtures and helpers come from tests/browser/browserkit.py (server, playwright, launch),
which skips with a reason when /usr/bin/chromium or Playwright is missing.
"""

from __future__ import annotations

import re
import sys
import time
from urllib.parse import parse_qs, urlparse

from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "browser"))   # browserkit

try:  # the real-browser helpers; their module skips when chromium or Playwright is missing
    from browserkit import (SHOTS, board_version, get_json, launch, playwright, post_json,  # noqa: F401
                                 server, sync_api)
except pytest.skip.Exception as why:
    NO_BROWSER: str | None = str(why)
else:
    NO_BROWSER = None
needs_browser = pytest.mark.skipif(NO_BROWSER is not None, reason=NO_BROWSER or "")

WEB = Path(__file__).resolve().parents[3] / "thebes" / "games" / "pharaoh" / "web"   # the table's folder

# Buildings the test prefers, most valuable first (road last: it scores nothing).
SEED = 7
PREFERENCE = ["monument", "admin", "military", "religious", "guild", "treasury", "farming",
              "industrial", "housing", "road"]


@pytest.fixture(scope="module")
def context(playwright, tmp_path_factory: pytest.TempPathFactory):  # noqa: F811
    ctx = launch(playwright, tmp_path_factory)
    yield ctx
    ctx.close()


def view_of(server: str, page) -> dict:  # noqa: F811
    """The page's view as the server has it (the seat's token is in the page's address)."""
    parsed = urlparse(page.url)
    token = parse_qs(parsed.query)["token"][0]
    return get_json(f"{server}/api/games/{parsed.path.split('/')[-1]}/view?token={token}")


def clickable_moves(page) -> set[str]:
    return set(page.eval_on_selector_all("[data-move]", "els => els.map(e => e.dataset.move)"))


def check_bonus_marks(server: str, page) -> int:  # noqa: F811
    """The '+1' marks on the lit squares are the engine's bonus for the chosen kind there, now."""
    from thebes.games.pharaoh import board, scoring

    kind = page.locator("#rw-chart tr.selected").get_attribute("data-kind")
    obs = view_of(server, page)["observation"]
    cells = [board.EMPTY] * board.SQUARES
    for sq, k in obs["seats"][0]["sheet"].items():
        cells[board.SQUARE_NAMES.index(sq)] = board.KINDS.index(k)
    for sq in obs["hills"]:
        cells[board.SQUARE_NAMES.index(sq)] = board.HILL
    for sq in obs["rivers"]:
        cells[board.SQUARE_NAMES.index(sq)] = board.RIVER
    marks = page.eval_on_selector_all(".rw-main .target[data-square]",
                                      "els => els.map(e => [e.dataset.square, e.dataset.bonus === '1'])")
    for sq, marked in marks:
        trial = list(cells)
        trial[board.SQUARE_NAMES.index(sq)] = board.KINDS.index(kind)
        assert marked == bool(scoring.bonus(trial, board.SQUARE_NAMES.index(sq))), (kind, sq)
    return len(marks)


def pick(page, state: dict):
    """(element, sends_a_move) to click under a simple policy, or (None, False)."""
    erase = page.locator('.rw-sheet .target[data-move^="erase "]')
    if erase.count():
        return erase.first, True
    square = page.locator(".rw-main .rw-sheet .target[data-move]")
    if square.count():          # a building is chosen (or the first housing): a lit square
        return square.nth(state["clicks"] % square.count()), True
    take = page.locator('#action-bar [data-move^="take "]')
    if take.count():
        return take.nth(state["clicks"] % take.count()), True
    pay = page.locator("#rw-pay [data-move]")
    if pay.count():
        return pay.first, True
    offers = page.locator(".rw-offer.clickable[data-move]")
    if offers.count():
        steps = page.locator("[data-select^='shift ']")
        round_ = int(page.locator("#rw-round").get_attribute("data-round"))
        if steps.count() and round_ >= 3 and state["shifts"] < (1 if round_ < 12 else 2):
            state["shifts"] += 1
            return steps.first, False
        yielding = [i for i in range(offers.count()) if "+" in offers.nth(i).inner_text()]
        if yielding:                          # a production that yields something, in turn, else any
            return offers.nth(yielding[state["clicks"] % len(yielding)]), True
        return offers.first, True
    kinds = page.locator("#rw-chart tr.clickable[data-select]")
    if kinds.count():
        have = [kinds.nth(i).get_attribute("data-kind") for i in range(kinds.count())]
        wanted = [k for k in PREFERENCE if k in have and k not in state["built"]]   # something new first
        wanted += [k for k in PREFERENCE if k in have and (k != "road" or state["clicks"] % 5 == 0)]
        if wanted:
            return kinds.nth(have.index(wanted[0])), False
    skip = page.locator('#rw-skip[data-move="skip"]')
    if skip.count():
        return skip.first, True
    return None, False


def play(page, server: str, until, limit: float, shot: bool = False) -> dict:  # noqa: F811
    """Click until ``until(page)`` holds; every move offered is checked against the legal list now and then."""
    state = {"clicks": 0, "moves": 0, "shifts": 0, "checked": 0, "shot": False, "built": set(),
             "bonus_checks": 0}
    deadline = time.time() + limit
    stuck_since = time.time()
    while not until(page):
        if time.time() > deadline:
            pytest.fail(f"not done after {state['clicks']} clicks: " + page.locator("#hint").inner_text())
        target, sends = pick(page, state)
        if target is None:
            if time.time() - stuck_since > 20:
                pytest.fail("nothing to click for 20 s: " + page.locator("#hint").inner_text())
            page.wait_for_timeout(30)
            continue
        stuck_since = time.time()
        if sends and state["moves"] % 10 == 0:
            view = view_of(server, page)
            if view["version"] == board_version(page):
                offered = clickable_moves(page)
                assert offered and offered <= set(view["legal"]), offered - set(view["legal"])
                # what only selects (a kind of the chart, a die to shift) leads to some legal move
                selects = page.eval_on_selector_all("[data-select]", "els => els.map(e => e.dataset.select)")
                prefixes = {"kind": "build", "shift": "shift"}
                for sel in selects:
                    word, rest = sel.split(" ", 1)
                    assert any(m.startswith(f"{prefixes[word]} {rest} ") for m in view["legal"]), sel
                state["checked"] += 1
        before = board_version(page)
        move = target.get_attribute("data-move")
        try:
            target.click(timeout=3000)
        except sync_api.Error:
            continue  # redrawn under the pointer: look again
        state["clicks"] += 1
        if move and move.startswith("build "):
            state["built"].add(move.split()[1])
        if sends:
            state["moves"] += 1
            try:
                page.wait_for_function(
                    "v => Number(document.querySelector('#board').dataset.version) !== v", arg=before, timeout=5000)
            except sync_api.TimeoutError:
                pass
        elif page.locator("#rw-chart tr.selected").count() and state["bonus_checks"] < 12:
            state["bonus_checks"] += 1
            assert check_bonus_marks(server, page) > 0
        if not sends and shot and not state["shot"] and page.locator(".rw-main .rw-sheet .target").count() \
                and int(page.locator("#rw-round").get_attribute("data-round")) >= 7:
            # a building chosen in the chart, its squares lit: the screenshot of a game in progress
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.evaluate("document.querySelectorAll('#toasts .toast').forEach(n => n.remove())")  # round notices
            page.screenshot(path=str(SHOTS / "pharaoh.png"), full_page=True)
            state["shot"] = True
    return state


@needs_browser
def test_solo_pharaoh_played_to_the_end(server: str, context) -> None:  # noqa: F811
    # A fixed seed: the same terrain and rolls every run, so the same game is clicked through.
    created = post_json(f"{server}/api/games", {"game": "pharaoh", "players": 1, "options": {"objectives": True},
                                                "seats": [{"kind": "human", "name": "Ann"}], "seed": SEED})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(server + created["links"][0]["url"])
    page.wait_for_selector(".rw-table")

    # Setup: the sheet with its terrain, the first housing on any empty square.
    assert page.locator(".rw-main .terrain.hill").count() == 3
    assert page.locator(".rw-main .terrain.river").count() == 2
    assert page.locator(".rw-main .rw-sheet .target").count() == 31
    assert "first housing" in page.locator("#hint").inner_text()
    assert page.locator("#rw-objectives li").count() in (2, 3)
    assert page.locator("[data-move]").count() == 31       # never a list of every move

    state = play(page, server, lambda p: p.locator("#ranking").count() > 0, limit=100, shot=True)

    assert state["checked"] >= 3
    assert state["bonus_checks"] >= 5
    assert state["shifts"] >= 1
    assert "pays 1" in page.locator("#log").inner_text()       # the shift was made, and paid
    assert len(state["built"]) >= 4, state["built"]
    view = view_of(server, page)
    assert view["status"] == "finished"
    obs = view["observation"]
    score = obs["scores"][0]
    hint = page.locator("#hint").inner_text()
    assert f"{score} points" in hint
    title = obs["title"]
    if title:
        assert title in hint and title in page.locator("#rw-title").inner_text()
    else:
        assert "No title" in page.locator("#rw-title").inner_text()
    assert page.locator("#ranking li").count() == 1
    cells = page.locator("#rw-scoresheet tbody tr").first.locator("td")
    assert cells.count() == 21
    assert cells.nth(20).inner_text() == str(score)
    assert [cells.nth(r).inner_text() for r in range(20)] == [str(v) for v in obs["seats"][0]["round_scores"]]
    assert page.locator("[data-move]").count() == 0       # nothing left to click
    assert page.locator("#log li").count() > 60
    assert errors == [], errors
    if not state["shot"]:
        page.screenshot(path=str(SHOTS / "pharaoh.png"), full_page=True)

    # Once in French: the hint, the chart and the log follow the language.
    page.select_option("#lang", "fr")
    assert "Partie terminée" in page.locator("#hint").inner_text()
    assert "Tableau des bâtiments" in page.locator(".rw-table").inner_text()
    assert "Feuille de score" in page.locator("#rw-scoresheet").inner_text()
    assert "Les dés donnent" in page.locator("#log").inner_text()
    page.select_option("#lang", "en")
    assert "Game over" in page.locator("#hint").inner_text()


@needs_browser
def test_two_seats_show_both_sheets(server: str, context) -> None:  # noqa: F811
    # Created from the lobby: Pharaoh, 2 seats (me and a greedy bot), the objectives option.
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(server + "/")
    page.fill("#my-name", "Ann")
    page.select_option("#create-game", "pharaoh")
    page.select_option("#create-players", "2")
    page.select_option('.seat-row[data-seat="2"] .seat-kind', "bot")
    page.select_option('.seat-row[data-seat="2"] .seat-bot', "greedy")
    page.check(".options input[type=checkbox]")
    page.click("#create-submit")
    page.wait_for_url(re.compile(r"/play/[^?]+\?token="))
    page.wait_for_selector(".rw-table")
    assert page.locator(".rw-main").get_attribute("data-seat") == "1"
    others = page.locator("#rw-others .rw-other")
    assert others.count() == 1 and "greedy" in others.first.inner_text()
    assert others.first.locator(".terrain").count() == 5     # the same terrain on every sheet
    assert page.locator("#rw-scoresheet tbody tr").count() == 2
    # Play into round 2: the bot's sheet fills as it plays after us.
    play(page, server, lambda p: int(p.locator("#rw-round").get_attribute("data-round")) >= 2
         and p.locator(".rw-offer.clickable").count() > 0, limit=40)
    view = view_of(server, page)
    bot_tiles = len(view["observation"]["seats"][1]["sheet"])
    assert bot_tiles >= 1
    assert others.first.locator(".tile").count() == bot_tiles
    assert page.locator(".rw-main .tile").count() == len(view["observation"]["seats"][0]["sheet"])
    # a spectator (no key) sees every sheet too, and nothing to click
    watcher = context.new_page()
    watcher.goto(page.url.split("?")[0])
    watcher.wait_for_selector(".rw-table")
    assert watcher.locator(".rw-other").count() == 1
    assert watcher.locator("[data-move]").count() == 0
    assert "Your turn" not in watcher.locator("#hint").inner_text()
    assert errors == [], errors


# ---------------------------------------------------------------- without a browser

# the table's modules: table.js and the modules of its folder
MODULES = sorted(WEB.glob("*.js"))


def module_strings() -> dict[str, dict[str, str]]:
    text = (WEB / "strings.js").read_text(encoding="utf-8")
    out = {}
    for lang, body in re.findall(r"\n  (\w\w): \{\n(.*?)\n  \},", text, re.S):
        out[lang] = dict(re.findall(r'"(pharaoh\.[\w.]+)":\s*"((?:[^"\\]|\\.)*)"', body))
    return out


def test_strings_english_and_french() -> None:
    """The table brings its own strings (strings.js): the same keys and placeholders
    in both languages, and every key its modules ask for exists."""
    strings = module_strings()
    assert set(strings) == {"en", "fr"}
    en, fr = strings["en"], strings["fr"]
    assert len(en) > 120
    assert sorted(set(en) ^ set(fr)) == []
    for key, value in en.items():
        assert set(re.findall(r"\{(\w+)\}", value)) == set(re.findall(r"\{(\w+)\}", fr[key])), key
    text = "\n".join(path.read_text(encoding="utf-8") for path in MODULES)
    used = set(re.findall(r'\bt\("(pharaoh\.[\w.]+)"', text))
    assert len(used) > 60 and sorted(used - set(en)) == []
    kinds = ["housing", "road", "industrial", "farming", "treasury", "admin", "military", "guild",
             "religious", "monument"]
    dynamic = [f"pharaoh.{p}.{k}" for p in ("kind", "a", "short", "ability") for k in kinds]
    dynamic += [f"pharaoh.res.{r}" for r in ("labour", "grain", "gold", "material")]
    dynamic += [f"pharaoh.act.{a}" for a in ("train", "harvest", "collect", "produce", "none", "flood",
                                             "invasion")]
    dynamic += [f"pharaoh.effect.{a}" for a in ("none", "flood", "invasion")]
    dynamic += [f"pharaoh.obj.{n}" for n in range(1, 13)]
    dynamic += [f"pharaoh.title.{x}" for x in ("Peasant", "Clerk", "Governor", "Pharaoh")]
    dynamic += [f"pharaoh.help.{k}" for k in ("goal", "dice", "shift", "build", "disasters", "end")]
    assert sorted(k for k in dynamic if k not in en) == []


def test_charts_match_the_engine() -> None:
    """The building chart, costs, points and dice chart drawn by the table are the engine's."""
    from thebes.games.pharaoh import board, scoring

    text = (WEB / "rules.js").read_text(encoding="utf-8")

    def js_list(name: str) -> list[str]:
        block = re.search(rf"const {name} = \[(.*?)\];", text, re.S).group(1)
        return re.findall(r'"([\w-]+)"|null', block)

    assert js_list("KINDS") == list(board.KINDS)
    assert js_list("RESOURCES") == list(board.RESOURCES)
    chart = re.search(r"const CHART = \[(.*?)\];", text, re.S).group(1)
    assert [x.strip().strip('"') for x in chart.split(",")][1:] == [board.DICE_ACTIONS[a] for a in board.CHART[1:]]
    points = dict(re.findall(r"(\w+): (\d+)", re.search(r"const POINTS = \{(.*?)\};", text, re.S).group(1)))
    costs = re.search(r"const COST = \{(.*?)\};", text, re.S).group(1)
    for k, kind in enumerate(board.KINDS):
        assert int(points[kind]) == board.POINTS[k], kind
        assert f"{kind}: [{', '.join(map(str, board.COST[k]))}]" in costs, kind
    objective_points = re.search(r"const OBJECTIVE_POINTS = \[(.*?)\];", text).group(1)
    assert [int(x) for x in objective_points.split(",")] == list(scoring.OBJECTIVE_POINTS)
    assert [name for _, name in scoring.TITLES] == ["Pharaoh", "Governor", "Clerk", "Peasant"]
