"""Real-browser test of Ra's table (issue 3): Debian's chromium driven by Playwright.

Starts the real server (uvicorn in a thread, a fresh SQLite file, bot delay 0),
opens the lobby, creates a 3-seat Ra game against two bots, plays it to the end
by clicking whatever is clickable and legal, and checks the final ranking is
shown. It also writes the screenshots docs/screenshots/lobby.png and
docs/screenshots/ra-game.png that docs/web.md shows.

The server and browser fixtures are tests/browser/browserkit.py's; it skips this module
with a visible reason when /usr/bin/chromium or Playwright is missing
(scripts/setup/chromium.sh installs chromium on CI).
"""

from __future__ import annotations

import json
import re
import sys
import time
import urllib.request
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "browser"))   # browserkit

from browserkit import (SHOTS, Server, board_version, browser_context, choose, free_port,  # noqa: E402,F401
                        launch, lowest_bid, play_one, playwright, post_json, server, sync_api,
                        track_size)


def check_clickable(page) -> bool:
    """Every move the page offers is legal for its seat, and every legal draw / ra / pass /
    bid / end has something to click. False when the page and the server disagree on the
    version (something moved meanwhile: nothing to compare)."""
    from urllib.parse import parse_qs, urlparse
    parsed = urlparse(page.url)
    token = parse_qs(parsed.query)["token"][0]
    version = board_version(page)
    offered = set(page.eval_on_selector_all("[data-move]", "els => els.map(e => e.dataset.move)"))
    with urllib.request.urlopen(f"{parsed.scheme}://{parsed.netloc}/api/games/"
                                f"{parsed.path.split('/')[-1]}/view?token={token}", timeout=10) as res:
        view = json.loads(res.read())
    if view["version"] != version or board_version(page) != version:
        return False
    legal = set(view["legal"])
    assert offered <= legal, (offered - legal, legal)
    simple = {m for m in legal if m in ("draw", "ra", "pass", "end") or m.startswith("bid ")}
    assert simple <= offered, (simple - offered, offered)
    return True


def test_lobby_create_and_play_ra_to_the_end(server: str, browser_context) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    # An open game waiting for a second person, so the lobby lists something to join.
    post_json(f"{server}/api/games", {"game": "ra", "players": 4, "seats": [
        {"kind": "human", "name": "Nefertari"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy"},
        {"kind": "bot", "bot": "random"}]})

    page = browser_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(server + "/")
    page.wait_for_selector("#create-form")
    page.wait_for_selector("#open-games .game-row")

    # Every string goes through the translation table: French, then back to English.
    page.select_option("#lang", "fr")
    assert page.locator("#create h2").inner_text() == "Créer une partie"
    assert "Parties ouvertes" in page.locator("#open-games h2").inner_text()
    page.select_option("#lang", "en")
    assert page.locator("#create h2").inner_text() == "Create a game"

    # A name for yourself, kept in the browser.
    page.fill("#my-name", "Ann")
    assert page.evaluate("localStorage.getItem('thebes.name')") == '"Ann"'

    # Create: Ra, 3 seats, seat 1 me, seats 2 and 3 bots (greedy and random).
    page.select_option("#create-game", "ra")
    page.select_option("#create-players", "3")
    page.select_option('.seat-row[data-seat="2"] .seat-kind', "bot")
    page.select_option('.seat-row[data-seat="2"] .seat-bot', "greedy")
    page.select_option('.seat-row[data-seat="3"] .seat-kind', "bot")
    page.select_option('.seat-row[data-seat="3"] .seat-bot', "random")
    page.click("#create-submit")

    # One human seat: the page opens that seat's table at once.
    page.wait_for_url(re.compile(r"/play/[^?]+\?token="))
    page.wait_for_selector("svg.ra-board")
    assert "Ann" in page.locator(".who").inner_text()

    shot = 0  # 0: none yet, 1: a plain turn, 2: an auction
    checked = 0  # positions where the clickable moves were compared with the server's legal list
    clicks = 0
    stuck_since = time.time()
    deadline = time.time() + 240
    while time.time() < deadline:
        if page.locator("#ranking").count():
            break
        target = choose(page)
        if target is None:
            if time.time() - stuck_since > 30:
                pytest.fail("nothing to click for 30 s: " + page.locator("#hint").inner_text())
            page.wait_for_timeout(30)
            continue
        stuck_since = time.time()
        if clicks % 7 == 0 and check_clickable(page):
            checked += 1
        # The screenshot of a game in progress: best during an auction of the second
        # epoch where we may bid on a lot of 3+ tiles; failing that, any turn of epoch 2.
        if shot < 2 and page.get_attribute("svg.ra-board", "data-epoch") == "2":
            rich = (page.get_attribute("svg.ra-board", "data-phase") == "auction"
                    and lowest_bid(page) is not None and track_size(page) >= 3)
            if rich or (shot == 0 and track_size(page) >= 2):
                page.screenshot(path=str(SHOTS / "ra-game.png"), full_page=True, animations="disabled")
                shot = 2 if rich else 1
        before = board_version(page)
        is_discard_tile = (target.get_attribute("data-discard") is not None
                           or target.get_attribute("data-god") is not None)
        try:
            target.click(timeout=3000)
        except sync_api.Error:
            continue  # the board was redrawn under the pointer: look again
        clicks += 1
        if is_discard_tile:
            continue  # composing a discard or choosing a god: no move sent yet
        try:
            page.wait_for_function(
                "v => Number(document.querySelector('#board').dataset.version) !== v", arg=before, timeout=5000)
        except sync_api.TimeoutError:
            pass  # e.g. a refused move: the next loop looks again
    else:
        pytest.fail(f"the game did not end within the time limit after {clicks} clicks")

    assert checked >= 5, checked
    ranking = page.locator("#ranking li")
    assert ranking.count() == 3
    assert "Ann" in page.locator("#ranking").inner_text()
    assert page.locator(".tally").count() == 3          # one table per epoch
    assert page.locator(".tally").first.locator("th", has_text="Monuments").count() == 1
    assert page.locator("#log li").count() > 50
    assert "Final ranking" in page.locator("#ranking h2").inner_text()
    assert "wins with" in page.locator("#hint").inner_text()
    assert page.locator("[data-move]").count() == 0      # nothing left to click
    # The log says in words who won what, what ended each epoch and its scores; the
    # board keeps what ended the game visible; others' moves went to the live region.
    log = page.locator("#log").inner_text()
    assert re.search(r"wins the lot with sun \d+: .+; takes the \d+", log), log[-2000:]
    for epoch in (1, 2, 3):
        assert re.search(rf"epoch {epoch} ends", log) and f"Epoch {epoch} scores: Ann " in log, epoch
    assert "The game is over:" in log
    assert "Epoch 3 ended" in page.locator("#ra-last").text_content()
    assert page.locator("#announcer").text_content().strip()   # others' moves were said
    if shot == 0:
        page.screenshot(path=str(SHOTS / "ra-game.png"), full_page=True, animations="disabled")

    # The lobby now lists the finished game with its result and the open one.
    page.click("text=← Lobby")
    page.wait_for_selector("#finished-games .game-row")
    assert "Winner" in page.locator("#finished-games").inner_text()
    page.wait_for_selector("#open-games .game-row")
    page.screenshot(path=str(SHOTS / "lobby.png"), full_page=True, animations="disabled")
    assert errors == [], errors


def test_two_browsers_invite_and_play(server: str, browser_context, playwright,
                                      tmp_path_factory: pytest.TempPathFactory) -> None:
    """Ann creates a game with a seat for Bob and sends him his private link; both play
    a few moves from their own browsers; a third person watches without a token."""
    ann = browser_context.new_page()
    ann.goto(server + "/")
    ann.fill("#my-name", "Ann")
    ann.select_option("#create-game", "ra")
    ann.select_option("#create-players", "3")
    ann.select_option('.seat-row[data-seat="2"] .seat-kind', "human")
    ann.fill('.seat-row[data-seat="2"] .seat-name', "Bob")
    ann.select_option('.seat-row[data-seat="3"] .seat-kind', "bot")
    ann.select_option('.seat-row[data-seat="3"] .seat-bot', "greedy")
    ann.click("#create-submit")
    ann.wait_for_selector(".links li")
    assert ann.locator(".links li").count() == 2
    bob_link = ann.locator('.links li[data-seat="2"] input.link').input_value()
    ann_link = ann.locator('.links li[data-seat="1"] input.link').input_value()
    assert "token=" in bob_link and bob_link != ann_link
    ann.click("#open-my-seat")
    ann.wait_for_selector("svg.ra-board")

    other = launch(playwright, tmp_path_factory, locale="fr-FR")
    try:
        bob = other.new_page()
        bob.goto(bob_link)
        bob.wait_for_selector("svg.ra-board")
        # Bob's browser speaks French: the page follows the browser's language.
        assert "Vous jouez la place 2 (Bob)" in bob.locator(".who").inner_text()
        assert "Ann" in ann.locator(".who").inner_text()

        watcher = other.new_page()
        watcher.goto(ann_link.split("?")[0])
        watcher.wait_for_selector("svg.ra-board")
        assert "regardez" in watcher.locator(".who").inner_text()

        moves = 0
        deadline = time.time() + 40
        while moves < 12 and time.time() < deadline:
            progressed = False
            for page in (ann, bob):
                if play_one(page):
                    moves += 1
                    progressed = True
            if not progressed:
                ann.wait_for_timeout(50)
        assert moves >= 6, f"only {moves} moves were played from the two browsers"
        # Both browsers and the spectator see the same game, live.
        for page in (ann, bob, watcher):
            page.wait_for_function(
                "v => Number(document.querySelector('#board').dataset.version) >= v",
                arg=board_version(ann), timeout=5000)
        assert watcher.locator("[data-move]").count() == 0   # a spectator has nothing to click
        assert "Bob" in ann.locator("#log").inner_text()
        assert "Ann" in bob.locator("#log").inner_text()

        # Bob also takes the free seat of an open game from the lobby (Join, under his name).
        post_json(f"{server}/api/games", {"game": "ra", "players": 3, "seats": [
            {"kind": "human", "name": "Hatshepsut"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]})
        lobby = other.new_page()
        lobby.goto(server + "/")
        lobby.fill("#my-name", "Bob")
        row = lobby.locator("#open-games .game-row", has_text="Hatshepsut").first
        row.locator("button.join").click()
        lobby.wait_for_url(re.compile(r"/play/[^?]+\?token="))
        lobby.wait_for_selector("svg.ra-board")
        assert "(Bob)" in lobby.locator(".who").inner_text()
        # the lobby now offers him to come back to that seat
        lobby.goto(server + "/")
        lobby.wait_for_selector("text=Jouer (place 2)")

        # Ann's lobby shows her game's private links again, to send them later.
        ann.goto(server + "/")
        ann.locator("button.invites").first.click()
        ann.wait_for_selector(".links li")
        assert ann.locator('.links li[data-seat="2"] input.link').input_value() == bob_link
    finally:
        other.close()


def play_when_possible(page) -> None:
    """Wait for our turn, then play one move by clicking."""
    for _ in range(5):
        page.wait_for_selector("[data-move], [data-god], [data-discard]", timeout=15_000)
        if play_one(page):
            return
    pytest.fail("could not play a move: " + page.locator("#hint").inner_text())


def test_server_restart_mid_game(playwright, browser_context, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Kill the server mid-game and start it again on the same database: the open page
    says it is reconnecting, then resumes by itself and the game goes on."""
    db = tmp_path_factory.mktemp("restart") / "thebes.db"
    port = free_port()
    srv = Server(db, port)
    try:
        created = post_json(f"{srv.url}/api/games", {"game": "ra", "players": 3, "seats": [
            {"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "greedy"},
            {"kind": "bot", "bot": "random"}]})
        page = browser_context.new_page()
        page.goto(srv.url + created["links"][0]["url"])
        page.wait_for_selector("svg.ra-board")
        for _ in range(4):
            play_when_possible(page)
        page.wait_for_selector("[data-move]")          # our turn: nothing moves while we are away
        before = board_version(page)
        lines = page.locator("#log li").count()
        srv.stop()
        page.wait_for_selector(".conn.off", timeout=10_000)
        srv = Server(db, port)
        page.wait_for_selector(".conn.on", timeout=20_000)
        assert board_version(page) == before
        assert page.locator("#log li").count() == lines   # no line lost, none twice
        for _ in range(3):
            play_when_possible(page)
        assert board_version(page) > before
    finally:
        srv.stop()
