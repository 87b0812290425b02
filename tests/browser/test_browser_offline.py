"""A move made while the connection is down is not lost (issue 15, item 3).

Debian's chromium driven by Playwright, the real server (the fixtures of
browserkit.py). The page's WebSocket goes through Playwright's
route_web_socket, so the test can cut it and refuse new ones, and the move
endpoint is aborted meanwhile: the server itself stays up. While cut, the
board is paused, and a move made with the keyboard is held and shown; when the
connection is back it is sent with the version it was chosen at. If the game
moved on meanwhile, the page says so in words instead of playing it.

Skips with a visible reason when /usr/bin/chromium or Playwright is missing.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest

from browserkit import board_version, launch, play_one, playwright, post_json, server, sync_api  # noqa: F401


@pytest.fixture(scope="module")
def browser_context(playwright, tmp_path_factory: pytest.TempPathFactory):  # noqa: F811
    context = launch(playwright, tmp_path_factory)
    yield context
    context.close()


class Line:
    """The page's connection to the server, which the test can cut and restore."""

    def __init__(self, page) -> None:
        self.up = True
        self.sockets: list = []
        self.page = page
        page.route_web_socket(re.compile(r"/ws"), self._socket)

    def _socket(self, ws) -> None:
        if not self.up:
            ws.close(code=1011, reason="cut by the test")
            return
        ws.connect_to_server()
        self.sockets.append(ws)

    def cut(self) -> None:
        self.up = False
        self.page.route("**/moves", lambda route: route.abort("internetdisconnected"))
        for ws in self.sockets:
            ws.close(code=1011, reason="cut by the test")
        self.sockets = []

    def restore(self) -> None:
        self.up = True
        self.page.unroute("**/moves")


def open_my_ra_table(server: str, page) -> tuple[str, str]:
    """A 3-seat Ra game, seat 1 for this page against two bots; waits for our turn to draw."""
    created = post_json(f"{server}/api/games", {"game": "ra", "players": 3, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]})
    link = created["links"][0]["url"]
    page.goto(server + link)
    page.wait_for_selector("svg.ra-board")
    for _ in range(200):    # the bots may open with an auction: play on until we may draw
        if page.locator('[data-move="draw"]').count():
            break
        if not play_one(page):
            page.wait_for_timeout(50)
    else:
        pytest.fail("no turn to draw came: " + page.locator("#hint").inner_text())
    q = parse_qs(urlparse(link).query)
    return created["game"]["id"], q["token"][0]


def hold_a_draw(page, line: Line) -> int:
    """Cut the line, wait for the paused board, press Enter on the bag: the draw is held."""
    version = board_version(page)
    line.cut()
    page.wait_for_selector("#board.paused")
    assert "reconnecting" in page.locator("#offline-note").inner_text()
    page.focus('[data-move="draw"]')
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#offline-note').innerText.includes('will be sent')")
    assert board_version(page) == version
    return version


def test_a_move_made_while_the_connection_is_down_is_sent_when_it_is_back(server: str, browser_context) -> None:
    page = browser_context.new_page()
    line = Line(page)
    game, _token = open_my_ra_table(server, page)
    page.wait_for_function("() => document.querySelector('.conn').classList.contains('on')")
    draws = page.locator("#log li", has_text="Ann draws a tile.").count()
    version = hold_a_draw(page, line)
    line.restore()
    page.wait_for_function("v => Number(document.querySelector('#board').dataset.version) > v", arg=version,
                           timeout=20_000)
    assert page.locator("#offline-note").is_hidden()
    assert page.locator("#board.paused").count() == 0
    assert page.locator("#log li", has_text="Ann draws a tile.").count() == draws + 1


def test_a_held_move_the_game_has_overtaken_is_refused_in_words(server: str, browser_context) -> None:
    page = browser_context.new_page()
    line = Line(page)
    game, token = open_my_ra_table(server, page)
    page.wait_for_function("() => document.querySelector('.conn').classList.contains('on')")
    draws = page.locator("#log li", has_text="Ann draws a tile.").count()
    version = hold_a_draw(page, line)
    # meanwhile the same seat plays elsewhere (another tab): the held move is now stale
    post_json(f"{server}/api/games/{game}/moves", {"token": token, "move": "ra", "version": version})
    line.restore()
    page.wait_for_selector("text=The game moved on while you were offline", timeout=20_000)
    assert page.locator("#offline-note").is_hidden()
    assert "Ann invokes Ra." in page.locator("#log").inner_text()
    assert page.locator("#log li", has_text="Ann draws a tile.").count() == draws   # the held draw was not played
