"""Real-browser test of the game review under the replay viewer (issue 17).

Debian's chromium driven by Playwright against the real server (the fixtures of
browserkit.py). A greedy Ra game with a deliberately bad move planted in it is
uploaded; "Review this game" is clicked in its replay; the progress shows, then the
graph of each seat's win chance, the per-seat table, and in the move list the planted
move marked a blunder with the move the search preferred, in words. Clicking the
blunder's point jumps the replay there; a reload shows the stored review at once;
the strings switch to French. Writes SHOTS/review.png.

Skips with a visible reason when /usr/bin/chromium or Playwright is missing.
"""

from __future__ import annotations

import os
import random

import pytest

CHROMIUM = "/usr/bin/chromium"
if not os.path.exists(CHROMIUM):
    pytest.skip(f"{CHROMIUM} is not installed (run scripts/setup/chromium.sh); "
                "the real-browser test needs Debian's chromium", allow_module_level=True)
pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from browserkit import SHOTS, launch, playwright, post_json, server  # noqa: E402,F401

from thebes.bots import make_bot  # noqa: E402
from thebes.core import Record, get_game, play_game, seat_rng  # noqa: E402
from thebes.review.estimate import AfterMove, search  # noqa: E402


@pytest.fixture(scope="module")
def context(playwright, tmp_path_factory):  # noqa: F811
    ctx = launch(playwright, tmp_path_factory)
    yield ctx
    ctx.close()


@pytest.fixture(scope="module")
def review_budget():
    from thebes.server.live import reviewer as server_review
    saved = server_review.ITERATIONS
    server_review.ITERATIONS = 300
    yield
    server_review.ITERATIONS = saved


def planted_record() -> tuple[Record, int]:
    """A greedy 3-player Ra game cut after a move that searches rate far below the best."""
    state = get_game("ra").new_initial_state(3)
    bots = [make_bot("greedy", "ra", s, seat_rng(4, s)) for s in range(3)]
    events = play_game(state, bots, random.Random(4))
    state = get_game("ra").new_initial_state(3)
    for i, text in enumerate(events):
        player = state.current_player()
        if player >= 0 and i > 20 and len(state.legal_actions()) > 2:
            rated = {a: search(AfterMove(state, a), player, random.Random(99), 200).root
                     for a in state.legal_actions()}
            rated = {a: r.value / r.n for a, r in rated.items()}
            if max(rated.values()) - min(rated.values()) > 0.45:
                worst = min(rated, key=rated.get)
                return Record("ra", 3, {}, events[:i] + [state.action_to_text(worst)],
                              extra={"names": ["Ahmose", "Bast", "Khufu"]}), i
        state.apply(text)
    pytest.fail("no position with a clearly bad move")


def test_the_review_of_a_game_with_a_planted_blunder_in_the_replay_viewer(
        server, context, review_budget):  # noqa: F811
    record, blunder = planted_record()
    uploaded = post_json(server + "/api/records", {"record": record.dumps(), "mode": "view"})
    gid = uploaded["id"]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/replay/{gid}")
    page.locator("#review-start").click()
    page.wait_for_selector("#review-progress, #review-graph")
    page.wait_for_selector("#review-graph", timeout=180_000)

    # the graph: one line per seat, the planted move's point marked a blunder
    assert page.locator("#review-graph polyline").count() == 3
    point = page.locator(f'#review-graph circle[data-mark="blunder"][data-at="{blunder + 1}"]')
    assert point.count() == 1
    assert page.locator("#review-summary tbody tr").count() == 3
    # the move list: the mark, and the preferred move in words
    line = page.locator(f'#log li[data-index="{blunder}"]')
    assert line.locator('.review-mark[data-mark="blunder"]').count() == 1
    better = line.locator(".review-better").inner_text()
    assert better.startswith("better: ") and "{" not in better
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "review.png"), full_page=True)

    # clicking the point jumps the replay to the position after that move (from the end:
    # the replay opens at the first event)
    page.locator("#replay-last").click()
    point.click()
    page.wait_for_function(
        "n => document.getElementById('replay-position').dataset.index === String(n)",
        arg=blunder + 1)
    # and a marked point is reachable by keyboard
    page.locator("#replay-first").click()
    point.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "n => document.getElementById('replay-position').dataset.index === String(n)",
        arg=blunder + 1)

    # computed once: a reload shows the stored review without asking again
    page.reload()
    page.wait_for_selector("#review-graph")
    assert page.locator("#review-start").count() == 0
    # French
    page.select_option("#lang", "fr")
    page.wait_for_function("() => document.querySelector('#review h2').textContent === 'Analyse'")
    assert page.locator(f'#log li[data-index="{blunder}"] .review-better').inner_text().startswith("mieux : ")
    assert errors == [], errors


def test_a_review_without_chance_swings_shows_the_graph_and_no_stray_text(
        server, context, monkeypatch):  # noqa: F811
    # Sarcophagus has no chance event after the set-up: the review has no swings to list,
    # and the panel must not say "null" where the list would be.
    from thebes.server.live import reviewer as server_review
    monkeypatch.setattr(server_review, "ITERATIONS", 20)
    state = get_game("sarcophagus").new_initial_state(2)
    bots = [make_bot("greedy", "sarcophagus", s, seat_rng(6, s)) for s in range(2)]
    record = Record("sarcophagus", 2, {}, play_game(state, bots, random.Random(6)))
    gid = post_json(server + "/api/records", {"record": record.dumps(), "mode": "view"})["id"]
    page = context.new_page()
    page.goto(f"{server}/replay/{gid}")
    page.locator("#review-start").click()
    page.wait_for_selector("#review-graph", timeout=180_000)
    assert page.locator("#review-graph polyline").count() == 2
    assert page.locator("#review-swings").count() == 0
    assert "null" not in page.locator("#review").inner_text()
    # the graph says what it measures: a caption, the axes' titles, a legend naming each
    # line, and why two seats' chances need not add up to 100%
    page.select_option("#lang", "en")   # an earlier test of this browser chose French
    assert page.locator("#review-caption").inner_text() == "Each seat's win chance over the game"
    assert page.locator("#review-axis-y").text_content() == "win chance"
    assert page.locator("#review-axis-x").text_content().startswith("events of the game")
    assert page.locator("#review-legend > span").count() == 3      # "Lines:" and one per seat
    assert "need not add up to 100%" in page.locator("#review-note").inner_text()
    page.select_option("#lang", "fr")
    page.wait_for_function("() => document.getElementById('review-axis-y').textContent === 'chance de gagner'")
    assert "100 %" in page.locator("#review-note").inner_text()
    page.select_option("#lang", "en")


def test_a_queued_review_shows_its_place_and_expected_wait_and_announces_them_politely(
        server, context, monkeypatch):  # noqa: F811
    # One review runs at a time: while the first is held, the page of a second shows how many
    # run before it and when it should be ready, updated by its polls, in a polite live region
    # that is not redrawn (so screen readers read it), in English and in French.
    import re
    import threading
    from thebes.server.live import reviewer as server_review
    monkeypatch.setattr(server_review, "ITERATIONS", 8)
    monkeypatch.setattr(server_review, "PROCESSES", 0)
    release = threading.Event()
    real = server_review.run_task

    def held(task):   # every unit of work waits for the test
        release.wait(120)
        return real(task)

    monkeypatch.setattr(server_review, "run_task", held)
    gids = []
    for seed in (11, 12):
        state = get_game("sarcophagus").new_initial_state(2)
        bots = [make_bot("greedy", "sarcophagus", s, seat_rng(seed, s)) for s in range(2)]
        record = Record("sarcophagus", 2, {}, play_game(state, bots, random.Random(seed)))
        gids.append(post_json(server + "/api/records", {"record": record.dumps(), "mode": "view"})["id"])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        post_json(f"{server}/api/games/{gids[0]}/review", {})
        page.goto(f"{server}/replay/{gids[1]}")
        page.select_option("#lang", "en")   # an earlier test of this browser chose French
        page.locator("#review-start").click()
        status, news = page.locator("#review-status"), page.locator("#review-news")
        page.wait_for_function(
            "() => /before this one/.test(document.getElementById('review-status').textContent)")
        eta = r"Ready in (about \d+ minutes?|under a minute)\."
        assert re.fullmatch(r"Waiting: 1 review runs before this one\. " + eta, status.inner_text())
        assert news.get_attribute("aria-live") == "polite"
        # said as shown (a later poll may have moved the shown estimate on a minute)
        assert re.fullmatch(r"Waiting: 1 review runs before this one\. " + eta, news.text_content())
        # while it waits the bar is indeterminate (no value), not an empty one
        assert page.locator("#review-progress").get_attribute("value") is None
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.locator("#review").screenshot(path=str(SHOTS / "review-queued.png"))
        # the live region is the same element across the page's polls (a new one is not read out)
        news.evaluate("el => { el.dataset.kept = 'yes'; }")
        page.wait_for_timeout(2500)
        assert news.get_attribute("data-kept") == "yes"
        page.select_option("#lang", "fr")
        page.wait_for_function(
            "() => /1 analyse passe avant celle-ci\\. Prête dans/.test("
            "document.getElementById('review-status').textContent)")
    finally:
        release.set()
    page.wait_for_selector("#review-graph", timeout=180_000)
    assert news.text_content() == "L’analyse est prête."
    assert errors == [], errors
