"""Playing with people not in the room, in real browsers (issue 14).

Three browsers (three people, each with a claimed player name) play a Ra game with
a 30-second move clock and an easy bot; one walks away, the stand-in plays its seat
(three time-outs, then it counts as away), it comes back ("I'm back") and takes the
seat again, the game ends, all three play again (seats rotated), and the
leaderboard shows the three names and the bot.

The server's clock is a fake one the test moves forward (instead of waiting 30
seconds for each time-out); the moves between the walk-away and the end are posted
over the API with each seat's own token, to keep the test short.
"""

from __future__ import annotations

import json
import random
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

import browserkit
from browserkit import SHOTS, free_port, launch, playwright  # noqa: F401 (fixtures)



class JumpClock:
    """Real time plus an offset the test can move forward."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset


class Server(browserkit.Server):
    """The app with its default limits and a clock the tests can move (``clock.offset``)."""

    def __init__(self, db: Path, port: int) -> None:
        from thebes.server.guard.settings import Settings
        self.clock = JumpClock()

        def prepare(app):
            app.state.community.tables.time = self.clock
        super().__init__(db, port, settings=Settings.from_env(), prepare=prepare)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    srv = Server(tmp_path_factory.mktemp("community") / "thebes.db", free_port())
    yield srv
    srv.stop()


def api(url: str, body: dict | None = None) -> dict:
    req = urllib.request.Request(url, data=json.dumps(body).encode() if body is not None else None,
                                 method="POST" if body is not None else "GET",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as res:
        return json.loads(res.read())


def view(server: Server, gid: str, token: str) -> dict:
    return api(f"{server.url}/api/games/{gid}/view?token={token}")


def post_move(server: Server, gid: str, token: str, rng: random.Random) -> None:
    v = view(server, gid, token)
    if not v["legal"]:
        return
    try:
        api(f"{server.url}/api/games/{gid}/moves",
            {"token": token, "move": rng.choice(v["legal"]), "version": v["version"]})
    except urllib.error.HTTPError as err:
        assert err.code == 409, err.read()     # something moved meanwhile (a bot, a stand-in)


RNG = random.Random(4)


def drive(server: Server, gid: str, tokens: dict[int, str], until, limit: float = 60) -> dict:
    """Post moves for the seats in ``tokens`` (1-based) until ``until(view)``; the bot and the
    stand-ins move by themselves."""
    any_token = next(iter(tokens.values()))
    deadline = time.time() + limit
    while time.time() < deadline:
        v = view(server, gid, any_token)
        if until(v):
            return v
        if isinstance(v["to_move"], int) and v["to_move"] in tokens:
            post_move(server, gid, tokens[v["to_move"]], RNG)
        else:
            time.sleep(0.02)
    raise AssertionError("the game did not get there in time")


def wait_for(predicate, limit: float = 15):
    deadline = time.time() + limit
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out")


def claim_player(page, base: str, name: str) -> None:
    page.goto(base + "/")
    page.fill("#my-name", name)
    page.click("#leaderboard-link")
    page.wait_for_selector("#claim-form")
    assert page.input_value("#claim-name") == name
    page.click("#claim-button")
    page.wait_for_selector("#player-key")


def test_three_browsers_clock_walk_away_come_back_rematch_and_leaderboard(
        server: Server, playwright, tmp_path_factory: pytest.TempPathFactory) -> None:  # noqa: F811
    base = server.url
    contexts = [launch(playwright, tmp_path_factory) for _ in range(3)]
    errors: list[str] = []
    try:
        ann, bob, cy = (c.new_page() for c in contexts)
        for page in (ann, bob, cy):
            page.on("pageerror", lambda err: errors.append(str(err)))
        for page, name in ((ann, "Ann"), (bob, "Bob")):
            claim_player(page, base, name)
        cy.goto(base + "/")
        cy.fill("#my-name", "Cy")               # Cy claims hers from the game page, below

        # Ann creates the game: three people and an easy bot, 30 seconds a move.
        ann.goto(base + "/")
        ann.select_option("#create-game", "ra")
        ann.select_option("#create-players", "4")
        for seat, friend in ((2, "Bob"), (3, "Cy")):
            ann.select_option(f'.seat-row[data-seat="{seat}"] .seat-kind', "human")
            ann.fill(f'.seat-row[data-seat="{seat}"] .seat-name', friend)
        ann.select_option('.seat-row[data-seat="4"] .seat-kind', "bot")
        ann.select_option('.seat-row[data-seat="4"] .seat-bot', "easy")
        ann.select_option("#create-clock", "move")
        ann.fill("#create-per-move", "30")
        SHOTS.mkdir(parents=True, exist_ok=True)
        ann.screenshot(path=str(SHOTS / "create-clock.png"))
        ann.click("#create-submit")
        ann.wait_for_selector(".links li")
        links = {s: ann.locator(f'.links li[data-seat="{s}"] input.link').input_value() for s in (1, 2, 3)}
        tokens = {s: url.split("token=")[1] for s, url in links.items()}
        gid = links[1].split("/play/")[1].split("?")[0]
        ann.click("#open-my-seat")
        bob.goto(links[2])
        cy.goto(links[3])
        for page in (ann, bob, cy):
            page.wait_for_selector("svg.ra-board")
        cy.click("#claim-seat-button")
        cy.wait_for_selector("#claim-seat-button", state="detached")
        # presence: Ann sees Bob and Cy connected; the seats took the players' names
        ann.wait_for_selector('.seat-chip[data-seat="2"][data-connected="true"]')
        ann.wait_for_selector('.seat-chip[data-seat="3"][data-connected="true"]')
        v = wait_for(lambda: (x := view(server, gid, tokens[1]))["seats"][2]["player"] and x)
        assert [s["player"] for s in v["seats"]] == ["Ann", "Bob", "Cy", None]
        assert v["table"]["clock"]["per_move"] == 30
        assert ann.locator(".seat-clock").count() == 3          # the bot has no clock

        # Cy walks away: Ann sees it, then Cy's time runs out three times.
        cy.close()
        ann.wait_for_selector('.seat-chip[data-seat="3"][data-connected="false"]')
        mine = {1: tokens[1], 2: tokens[2]}
        for timeouts in range(1, 4):
            drive(server, gid, mine, lambda v: v["to_move"] == 3 or v["status"] == "finished")
            if timeouts == 1:
                ann.wait_for_function(
                    "() => (document.querySelector('#waiting-line') || {}).textContent?.includes('Waiting for Cy')")
                assert "left" in ann.locator("#waiting-line").inner_text()
            before = view(server, gid, tokens[1])["version"]
            server.clock.offset += 31                      # 31 seconds pass
            drive(server, gid, mine, lambda v: v["version"] > before)
        ann.wait_for_selector('.seat-chip[data-seat="3"][data-absent="true"]')
        ann.wait_for_selector('#log li[data-standin="timeout"]')
        ann.screenshot(path=str(SHOTS / "table-clock.png"))
        assert "stand-in" in ann.locator('#log li[data-standin="timeout"]').first.inner_text()
        # the stand-in plays Cy's seat at its pace, as away
        drive(server, gid, mine, lambda v: any(r == "absent" for _i, r in v["table"]["standins"]))
        assert "away" in ann.locator('.seat-chip[data-seat="3"]').inner_text()

        # Cy comes back and takes the seat again.
        cy = contexts[2].new_page()
        cy.goto(links[3])
        cy.wait_for_selector("#back-button")
        cy.click("#back-button")
        ann.wait_for_selector('.seat-chip[data-seat="3"][data-absent="false"]')
        ann.wait_for_selector('.seat-chip[data-seat="3"][data-connected="true"]')

        # The game goes on to its end.
        drive(server, gid, tokens, lambda v: v["status"] == "finished", limit=120)
        pages = (ann, bob, cy)
        for page in pages:     # the pages draw every view of a fast game: give them time
            page.wait_for_selector("#board[data-status='finished']", timeout=90_000)
            page.wait_for_selector("#again-button")
        bob.screenshot(path=str(SHOTS / "play-again.png"))
        # All three play again: one new game, seats rotated, each in their own seat.
        ann.click("#again-button")
        ann.wait_for_url(lambda url: "/play/" in url and gid not in url)
        for page in (bob, cy):
            page.wait_for_selector("#again-button:has-text('your seat is ready')")
            page.click("#again-button")
            page.wait_for_url(lambda url: "/play/" in url and gid not in url)
        new_ids = {p.url.split("/play/")[1].split("?")[0] for p in pages}
        assert len(new_ids) == 1
        seats = [p.locator(".who").inner_text() for p in pages]
        assert ["seat 2" in seats[0], "seat 3" in seats[1], "seat 4" in seats[2]] == [True] * 3, seats

        # The leaderboard shows the three names and the bot.
        ann.goto(base + "/leaderboard/ra")
        ann.wait_for_selector("#leaderboard table")
        board = ann.locator("#leaderboard").inner_text()
        for name in ("Ann", "Bob", "Cy", "Bot: easy"):
            assert name in board, board
        ann.screenshot(path=str(SHOTS / "leaderboard.png"))
        ann.click("#leaderboard a:has-text('Cy')")
        ann.wait_for_selector("#player-page .game-row")
        assert ann.locator(f'#player-page .game-row[data-game="{gid}"] a:has-text("Replay")').count() == 1
        assert errors == []
    finally:
        for c in contexts:
            c.close()


def test_a_link_takes_the_browsers_name_the_holder_renames_and_the_lobby_shows_who_is_here(
        server: Server, playwright, tmp_path_factory: pytest.TempPathFactory) -> None:  # noqa: F811
    """Two real browser contexts: Dora's link was made without a name; her browser (in French)
    has one, so the seat takes it; she renames her seat; the other browser's lobby and table
    show her connected, then gone."""
    base = server.url
    created = api(f"{base}/api/games", {"game": "ra", "players": 3, "seats": [
        {"kind": "human", "name": "Eve"}, {"kind": "human"}, {"kind": "bot", "bot": "easy"}]})
    gid = created["game"]["id"]
    links = {link["seat"]: link["url"] for link in created["links"]}
    eve_ctx = launch(playwright, tmp_path_factory)
    dora_ctx = launch(playwright, tmp_path_factory, locale="fr-FR")
    try:
        eve = eve_ctx.new_page()
        eve.goto(base + links[1])
        eve.wait_for_selector('.seat-chip[data-seat="2"][data-connected="false"]')
        dora = dora_ctx.new_page()
        dora.goto(base + "/")
        dora.fill("#my-name", "Dora <i>")
        dora.goto(base + links[2])
        dora.wait_for_selector("svg.ra-board")
        # the seat took the browser's name, shown as text (not markup) on both tables
        eve.wait_for_selector('.seat-chip[data-seat="2"][data-connected="true"]')
        eve.wait_for_function("() => document.querySelector('.seat-chip[data-seat=\"2\"] .seat-name')"
                              ".textContent === 'Dora <i>'")
        assert eve.locator(".seat-chip i").count() == 0
        assert dora.locator("#rename-button").inner_text() == "Renommer"
        assert dora.locator('.seat-chip[data-seat="1"] .presence').get_attribute("aria-label") == "connecté"
        # she renames her seat
        dora.once("dialog", lambda dialog: dialog.accept("Dorothée"))
        dora.click("#rename-button")
        eve.wait_for_function("() => document.querySelector('.seat-chip[data-seat=\"2\"] .seat-name')"
                              ".textContent === 'Dorothée'")
        # Eve's lobby shows who is connected now
        lobby = eve_ctx.new_page()
        lobby.goto(base + "/")
        row = lobby.locator(f'.game-row[data-game="{gid}"]')
        row.locator('.seat.human[data-connected="true"]', has_text="Dorothée").wait_for()
        dora.close()
        eve.wait_for_selector('.seat-chip[data-seat="2"][data-connected="false"]')
        row.locator('.seat.human[data-connected="false"]', has_text="Dorothée").wait_for(timeout=15_000)
    finally:
        eve_ctx.close()
        dora_ctx.close()
