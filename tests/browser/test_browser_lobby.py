"""The lobby's rough edges (issue 15, item 6): options by name with a line saying what they
change, in English and French; another game resets the seats (Pharaoh: solo in one click);
"1 player"; bots in one order; bot seats named in the page's language.

Debian's chromium driven by Playwright, the real server (the fixtures of browserkit.py).
Skips with a visible reason when /usr/bin/chromium or Playwright is missing.
"""

from __future__ import annotations

import re

import pytest

from browserkit import launch, playwright, post_json, server  # noqa: F401


@pytest.fixture(scope="module")
def browser_context(playwright, tmp_path_factory: pytest.TempPathFactory):  # noqa: F811
    context = launch(playwright, tmp_path_factory)
    yield context
    context.close()


def test_options_are_named_and_explained_and_pharaoh_is_solo_in_one_click(server: str, browser_context) -> None:
    page = browser_context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#create-form")
    page.fill("#my-name", "Ann")
    page.select_option("#create-game", "ra")
    page.select_option("#create-players", "4")
    page.select_option("#create-game", "pharaoh")
    assert page.locator(".seat-row").count() == 1            # solo, no seat to remove
    option = page.locator('[data-option="objectives"]')
    assert "Advanced objectives" in option.inner_text() and "objectives are rolled" in option.inner_text()
    assert "objectives" not in option.inner_text().split("\n")[0].lower().replace("advanced objectives", "")
    page.select_option("#create-game", "sarcophagus")
    assert "The pyramid's base is free" in page.locator('[data-option="base_free"]').inner_text()
    page.select_option("#create-game", "pharaohs-heir")
    choices = page.locator('[data-option="piecepacks"] option').all_inner_texts()
    assert choices == ["two (standard)", "one (3 players)"]
    # the bots in the lobby's order: levels first
    bots = page.locator('.seat-row[data-seat="2"] .seat-bot option').evaluate_all("os => os.map(o => o.value)")
    assert bots[:3] == ["easy", "medium", "hard"]
    page.select_option("#lang", "fr")
    assert "Piecepacks" in page.locator('[data-option="piecepacks"]').inner_text()
    page.select_option("#create-game", "pharaoh")
    assert "Objectifs avancés" in page.locator('[data-option="objectives"]').inner_text()
    page.select_option("#lang", "en")

    # a solo game is listed as "1 player (solo)"; bot seats are named in the page's language
    post_json(f"{server}/api/games", {"game": "pharaoh", "players": 1, "seats": [{"kind": "human", "name": "Solo"}]})
    page.reload()
    page.wait_for_selector("#playing-games .game-row")
    assert "1 player (solo)" in page.locator("#playing-games").inner_text()
    assert not re.search(r"\b1 players\b", page.locator("body").inner_text())
    created = post_json(f"{server}/api/games", {"game": "ra", "players": 3, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]})
    page.goto(server + created["links"][0]["url"])
    page.wait_for_selector("svg.ra-board")
    page.select_option("#lang", "fr")
    page.wait_for_selector("text=robot glouton")
    page.select_option("#lang", "en")
    page.wait_for_selector("text=greedy bot")
    page.close()


def test_the_create_form_says_who_sits_where_in_plain_words(server: str, browser_context) -> None:
    """Before a name is typed, the player's own seat says where to type it (not "? (you)");
    typing it updates the seat; a seat is "A person" or "A bot" ("Une personne", never the
    ambiguous "Personne"); the clock's field is not named like its box."""
    page = browser_context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#create-form")
    page.fill("#my-name", "")
    page.select_option("#create-game", "ra")
    you = page.locator('.seat-row[data-seat="1"] .you')
    assert you.inner_text() == "you (type your name at the top)"
    page.fill("#my-name", "Ann")
    assert you.inner_text() == "Ann (you)"
    kinds = page.locator('.seat-row[data-seat="2"] .seat-kind option').all_inner_texts()
    assert kinds == ["A person", "A bot"]
    assert "Kind of clock" in page.locator("#create-form").inner_text()
    page.fill("#my-name", "")
    page.select_option("#lang", "fr")
    assert page.locator('.seat-row[data-seat="1"] .you').inner_text() == "vous (tapez votre nom en haut)"
    assert page.locator('.seat-row[data-seat="2"] .seat-kind option').all_inner_texts() == ["Une personne", "Un robot"]
    page.select_option("#lang", "en")
    page.close()


FRENCH_TITLES = {"ra": "Ra", "sarcophagus": "Sarcophage", "pharaohs-heir": "L'Héritier de Pharaon",
                 "pharaoh": "Pharaon"}


def test_a_french_page_names_every_game_in_french_in_the_lobby_the_table_and_the_replay(
        server: str, playwright, tmp_path_factory) -> None:  # noqa: F811
    """The server's titles are English: the lobby's game menu and lists, a table's heading and
    the browser tab, and the replay viewer say them in the page's language."""
    context = launch(playwright, tmp_path_factory, locale="fr-FR")
    page = context.new_page()
    try:
        links = {}
        for game, players in (("ra", 3), ("sarcophagus", 2), ("pharaohs-heir", 3), ("pharaoh", 1)):
            seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "human"}] * (players - 1)
            created = post_json(server + "/api/games", {"game": game, "players": players, "seats": seats})
            links[game] = (created["game"]["id"], created["links"][0]["url"])
        page.goto(server + "/")
        page.wait_for_selector("#create-form")
        menu = page.locator("#create-game option").evaluate_all("os => os.map(o => [o.value, o.textContent])")
        assert {k: v for k, v in menu if k in FRENCH_TITLES} == FRENCH_TITLES   # (and any test game)
        for game, (gid, _) in links.items():
            row = page.locator(f'.game-row[data-game="{gid}"] .game-title strong')
            assert row.inner_text().startswith(FRENCH_TITLES[game] + " · "), row.inner_text()
        for game, (gid, url) in links.items():
            page.goto(server + url)
            page.wait_for_selector("#board[data-version] > *")
            assert page.locator(".game-head h1").inner_text() == FRENCH_TITLES[game]
            assert page.title().endswith(f"{FRENCH_TITLES[game]} · Thèbes")
            page.goto(f"{server}/replay/{gid}?{url.split('?')[1]}")
            page.wait_for_selector("#replay-controls *")
            assert page.locator(".game-head h1").inner_text() == f"Relecture · {FRENCH_TITLES[game]}"
            assert page.title() == f"Relecture · {FRENCH_TITLES[game]} · Thèbes"
    finally:
        context.close()
