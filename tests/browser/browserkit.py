"""The real-browser tests' shared helpers: Debian's chromium driven by Playwright against
the real server (uvicorn in a thread, a fresh SQLite file, bot delay 0).

A plain module that the browser tests import by its bare name (``from browserkit import
...``; the fixtures ``server``, ``playwright`` and ``browser_context`` too): those of
tests/browser/ find it beside them, a game's own browser test under tests/games/<g>/ puts
tests/browser/ on ``sys.path`` first. Importing it skips the importing test module, with
a visible reason, when /usr/bin/chromium or Playwright is missing (scripts/setup/chromium.sh
installs chromium on CI). It also holds a simple way to play Ra by clicking (``choose``,
``play_one``), for the tests that need moves on a live table.
"""

from __future__ import annotations

import json
import os
import socket
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any, Callable

import pytest

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parents[2]
# The browser tests take screenshots on every run; they replace the ones docs/ shows only
# when asked (THEBES_SCREENSHOTS=1), so that a test run leaves the working tree as it was.
SHOTS = (ROOT / "docs" / "screenshots" if os.environ.get("THEBES_SCREENSHOTS") == "1"
         else Path(tempfile.gettempdir()) / "thebes-screenshots")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

if not os.path.exists(CHROMIUM):
    pytest.skip(f"{CHROMIUM} is not installed (run scripts/setup/chromium.sh); "
                "the real-browser test needs Debian's chromium", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
uvicorn = pytest.importorskip("uvicorn", reason="uvicorn is not installed")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """The real app (uvicorn in a thread) on ``port`` with the SQLite file ``db``, bots without
    delay. ``settings``: the limits (default: none a test meets, ``Settings.unlimited``; the
    keyword arguments change some of them); ``prepare(app)`` runs before it serves."""

    def __init__(self, db: Path, port: int, settings: Any = None,
                 prepare: Callable[[Any], None] | None = None, **changes: Any) -> None:
        from thebes.server.app import create_app
        from thebes.server.guard.settings import Settings

        if settings is None:
            settings = Settings.unlimited(**changes)
        self.app = create_app(str(db), bot_delay=0, settings=settings)
        if prepare is not None:
            prepare(self.app)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=port, log_level="warning",
                                timeout_graceful_shutdown=3)
        self.srv = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.srv.run, daemon=True)
        self.thread.start()
        deadline = time.time() + 20
        while not self.srv.started:
            if time.time() > deadline or not self.thread.is_alive():
                pytest.fail("the server did not start")
            time.sleep(0.05)
        self.url = f"http://127.0.0.1:{port}"

    def stop(self) -> None:
        self.srv.should_exit = True
        self.thread.join(15)
        assert not self.thread.is_alive(), "the server did not stop"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    """The real app on a free localhost port, with a fresh SQLite database and no bot delay."""
    srv = Server(tmp_path_factory.mktemp("web") / "thebes.db", free_port())
    yield srv.url
    srv.stop()


@pytest.fixture(scope="module")
def playwright():
    pw = sync_api.sync_playwright().start()
    yield pw
    pw.stop()


def launch(pw, tmp_path_factory: pytest.TempPathFactory, locale: str = "en-GB"):
    """Chromium with a fresh user-data-dir (one browser, one person), a desktop-sized window."""
    profile = tmp_path_factory.mktemp("chromium-profile")
    try:
        context = pw.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
            viewport={"width": 1440, "height": 1000}, locale=locale)
    except Exception as err:  # chromium present but unusable here: say so plainly
        pytest.skip(f"chromium could not be launched: {err}")
    context.set_default_timeout(15_000)
    return context


@pytest.fixture(scope="module")
def browser_context(playwright, tmp_path_factory: pytest.TempPathFactory):
    context = launch(playwright, tmp_path_factory)
    yield context
    context.close()


def get_json(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=10) as res:
        return json.loads(res.read())


def post_json(url: str, body: dict) -> dict:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as res:
        return json.loads(res.read())


def board_version(page) -> int:
    value = page.get_attribute("#board", "data-version")
    return int(value) if value is not None else -1


def lowest_bid(page):
    """The clickable sun with the lowest number, or None."""
    suns = page.locator('[data-move^="bid "]')
    best = None
    for i in range(suns.count()):
        move = suns.nth(i).get_attribute("data-move") or ""
        n = int(move.split()[1])
        if best is None or n < best[0]:
            best = (n, suns.nth(i))
    return best[1] if best else None


def track_size(page) -> int:
    """Tiles on the auction track (the board's first 8 tiles are the track)."""
    return page.locator("svg.ra-board > g.tile").count()


def choose(page):
    """The element to click under a simple policy, or None when nothing is clickable.

    Bid the lowest sun on a rich lot (4+ tiles), else pass, else bid the lowest
    sun, else draw, else invoke Ra; discard the first tiles offered; end the turn.
    """
    take = page.locator('svg.ra-board > g.tile[data-move^="god "]')
    if take.count():  # a god is selected: take a tile with it
        return take.first
    bid = lowest_bid(page)
    passing = page.locator('[data-move="pass"]')
    if bid is not None and track_size(page) >= 4:
        return bid
    if passing.count():
        return passing.first
    if bid is not None:
        return bid
    for selector in ("[data-god]", '[data-move="draw"]', '[data-move="ra"]', "#confirm-discard[data-move]",
                     "[data-discard]", '#end-turn'):
        loc = page.locator(selector)
        if loc.count():
            return loc.first
    return None


def play_one(page) -> bool:
    """Click one legal move on ``page`` if it has one; True if a move was sent."""
    for _ in range(3):
        target = choose(page)
        if target is None:
            return False
        before = board_version(page)
        selecting = (target.get_attribute("data-discard") is not None
                     or target.get_attribute("data-god") is not None)
        try:
            target.click(timeout=3000)
        except sync_api.Error:
            continue
        if selecting:
            continue
        page.wait_for_function(
            "v => Number(document.querySelector('#board').dataset.version) !== v", arg=before, timeout=5000)
        return True
    return False
