"""Real-browser test of the replay viewer and the record upload (issue 7, items 4 and 5).

Debian's chromium driven by Playwright against the real server (the fixtures of
browserkit.py). A finished Ra game is opened from the lobby's Replay link and
stepped forward and back, jumped with the slider and by clicking a log line, and
played at a chosen speed; each drawn position is checked against the server's replay.
A record from ``thebes selfplay`` is uploaded and viewed; a bad one is refused in the
page with the index and text of its first illegal event; an unfinished one is continued
as a new game against a bot. Writes docs/screenshots/replay.png.

Skips with a visible reason when /usr/bin/chromium or Playwright is missing.
"""

from __future__ import annotations

import json
import os
import time

import pytest

CHROMIUM = "/usr/bin/chromium"
if not os.path.exists(CHROMIUM):
    pytest.skip(f"{CHROMIUM} is not installed (run scripts/setup/chromium.sh); "
                "the real-browser test needs Debian's chromium", allow_module_level=True)
pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from browserkit import SHOTS, get_json, launch, playwright, post_json, server  # noqa: E402,F401

from thebes.cli import selfplay_record  # noqa: E402


@pytest.fixture(scope="module")
def context(playwright, tmp_path_factory):  # noqa: F811
    ctx = launch(playwright, tmp_path_factory)
    yield ctx
    ctx.close()


@pytest.fixture(scope="module")
def finished_ra(server):  # noqa: F811
    """A Ra game three random bots played to the end on the real server."""
    created = post_json(server + "/api/games", {
        "game": "ra", "players": 3, "seed": 21,
        "seats": [{"kind": "bot", "bot": "random", "name": n} for n in ("Ahmose", "Bast", "Khufu")]})
    gid = created["game"]["id"]
    deadline = time.time() + 60
    while get_json(f"{server}/api/games/{gid}")["status"] != "finished":
        assert time.time() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    return gid


def position(page) -> tuple[int, int]:
    el = page.locator("#replay-position")
    return int(el.get_attribute("data-index")), int(el.get_attribute("data-total"))


def wait_index(page, n: int) -> None:
    page.wait_for_function(
        "n => { const b = document.getElementById('board'); return b && b.dataset.index === String(n)"
        " && document.getElementById('replay-position').dataset.index === String(n); }", arg=n)


def check_drawn(page, server: str, gid: str, n: int) -> None:
    """The board drawn by ra.js shows the server's position n (epoch and Ra track)."""
    wait_index(page, n)
    obs = get_json(f"{server}/api/games/{gid}/replay?at={n}&since={n}")["observation"]
    svg = page.locator("#board svg.ra-board")
    assert svg.count() == 1, "the position is drawn by the Ra table module"
    assert svg.get_attribute("data-epoch") == str(obs["epoch"])
    assert svg.get_attribute("data-phase") == str(obs["phase"])
    assert page.locator("#board [data-move]").count() == 0 or \
        page.locator("#action-bar button").count() == 0   # nothing to play in a replay


def test_viewer_steps_a_finished_game(server, context, finished_ra):  # noqa: F811
    gid = finished_ra
    total = get_json(f"{server}/api/games/{gid}/replay?since=100000")["events"]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    # from the lobby's finished games
    page.locator(f'#finished-games li[data-game="{gid}"] a.replay-link').click()
    page.wait_for_url(f"**/replay/{gid}")
    # a finished game's replay opens at its first event (docs/web.md)
    wait_index(page, 0)
    assert position(page) == (0, total)
    assert page.locator("#replay-perspective").get_attribute("data-perspective") == "omniscient"
    assert page.locator("#log li.move, #log li.chance").count() == total + 1   # + the start line
    check_drawn(page, server, gid, 0)
    page.click("#replay-last")
    check_drawn(page, server, gid, total)

    page.click("#replay-first")
    check_drawn(page, server, gid, 0)
    assert page.locator("#replay-prev").is_disabled()
    for n in (1, 2, 3, 4):
        page.click("#replay-next")
        check_drawn(page, server, gid, n)
    page.click("#replay-prev")
    check_drawn(page, server, gid, 3)
    assert page.locator("#log li.current").get_attribute("data-index") == "2"
    page.keyboard.press("ArrowRight")
    check_drawn(page, server, gid, 4)
    page.keyboard.press("ArrowLeft")
    check_drawn(page, server, gid, 3)

    # jump with the slider
    page.locator("#replay-slider").evaluate(
        "(el, v) => { el.value = v; el.dispatchEvent(new Event('input', {bubbles: true})); }", str(total // 2))
    check_drawn(page, server, gid, total // 2)
    page.screenshot(path=str(SHOTS / "replay.png"), full_page=True)

    # jump by clicking a log line: the position after that event
    page.locator('#log li[data-index="40"]').click()
    check_drawn(page, server, gid, 41)
    assert page.locator("#log li.current").get_attribute("data-index") == "40"

    # play at a chosen speed, then pause
    page.select_option("#replay-speed", "16")
    page.click("#replay-play")
    page.wait_for_function("() => parseInt(document.getElementById('replay-position').dataset.index, 10) >= 50")
    page.click("#replay-play")
    time.sleep(0.3)
    paused = position(page)[0]
    time.sleep(0.5)
    assert position(page)[0] == paused and paused >= 50
    check_drawn(page, server, gid, paused)

    page.click("#replay-last")
    check_drawn(page, server, gid, total)
    assert page.locator("#ranking").count() == 1          # the final ranking, drawn by ra.js

    # from the finished game's own page
    page.goto(f"{server}/play/{gid}")
    page.locator("#replay-link").click()
    page.wait_for_url(f"**/replay/{gid}")
    wait_index(page, 0)
    # French strings
    page.select_option("#lang", "fr")
    assert "Événement" in page.locator("#replay-position").inner_text()
    page.select_option("#lang", "en")
    assert not errors, errors
    page.close()


def test_replay_of_a_hidden_game_in_progress_needs_a_seat(server, context):  # noqa: F811
    created = post_json(server + "/api/games", {
        "game": "sarcophagus", "players": 2, "seed": 4,
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
    gid, token = created["game"]["id"], created["links"][0]["token"]
    page = context.new_page()
    page.goto(f"{server}/replay/{gid}")
    page.wait_for_selector('#hint[data-error="1"]')
    assert "only a player" in page.locator("#hint").inner_text()
    assert page.locator("#board *").count() == 0
    page.goto(f"{server}/replay/{gid}?token={token}")
    page.wait_for_selector("#replay-perspective")
    assert page.locator("#replay-perspective").get_attribute("data-perspective") == "seat"
    assert "Seat 1" in page.locator("#replay-perspective").inner_text()
    # a move played meanwhile shows up (the viewer at the end follows the game)
    wait_index(page, position(page)[1])
    before = position(page)[1]
    tokens = [link["token"] for link in created["links"]]
    view = get_json(f"{server}/api/games/{gid}/view?token={tokens[0]}")
    mover = view["to_move"] - 1
    mover_view = get_json(f"{server}/api/games/{gid}/view?token={tokens[mover]}")
    post_json(f"{server}/api/games/{gid}/moves", {"token": tokens[mover], "move": mover_view["legal"][0],
                                                  "version": mover_view["version"]})
    page.wait_for_function("n => parseInt(document.getElementById('replay-position').dataset.total, 10) > n",
                           arg=before)
    wait_index(page, position(page)[1])
    page.close()


def test_upload_good_and_bad_records(server, context, tmp_path):  # noqa: F811
    rec = selfplay_record("ra", 3, 8, {})
    good = tmp_path / "good.json"
    good.write_text(rec.dumps())
    data = rec.to_dict()
    data["events"] = list(data["events"])
    data["events"][23] = "bid 99"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))

    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    page.click("#upload-link")
    page.wait_for_url("**/upload")

    # a bad record: refused, with the index and text of its first illegal event
    page.set_input_files("#record-file", str(bad))
    page.wait_for_selector("#upload-info")
    page.click("#upload-submit")
    page.wait_for_selector("#upload-error")
    box = page.locator("#upload-error")
    assert box.get_attribute("data-index") == "23"
    text = box.inner_text()
    assert "Event 23" in text and "bid 99" in text and "not legal" in text
    assert "/upload" in page.url

    # a good one: viewed as a replay, every event
    page.set_input_files("#record-file", str(good))
    page.click("#upload-submit")
    page.wait_for_url("**/replay/*")
    wait_index(page, 0)     # from the first event
    assert position(page) == (0, len(rec.events))
    assert page.locator("#replay-perspective").get_attribute("data-perspective") == "omniscient"
    page.click("#replay-last")
    wait_index(page, len(rec.events))
    assert page.locator("#ranking").count() == 1

    # an unfinished record continued as a new game, me against a bot
    sar = selfplay_record("sarcophagus", 2, 3, {})
    half = sar.to_dict()
    half["events"] = half["events"][:30]
    del half["result"]
    cut = tmp_path / "half.json"
    cut.write_text(json.dumps(half))
    page.goto(server + "/upload")
    page.set_input_files("#record-file", str(cut))
    page.wait_for_selector("#upload-info")
    page.check("#mode-continue")
    page.wait_for_selector('#upload-seats .seat-row[data-seat="2"]')
    assert page.locator('#upload-seats .seat-row[data-seat="2"] .seat-kind').input_value() == "bot"
    page.click("#upload-submit")
    page.wait_for_url("**/play/*?token=*")
    page.wait_for_selector("#board[data-version]")
    assert int(page.get_attribute("#board", "data-version")) >= 30
    assert not errors, errors
    page.close()
