"""The Hint button of the game page asks the search for the seat to move (issue 8, item 4)."""

from __future__ import annotations

from browserkit import browser_context, playwright, post_json, server  # noqa: F401 (fixtures)


def test_the_hint_button_shows_the_search_suggestions(server, browser_context, monkeypatch):  # noqa: F811
    monkeypatch.setattr("thebes.server.api.hints.HINT_MS", 150.0)
    created = post_json(f"{server}/api/games", {"game": "ra", "players": 3, "seed": 3, "seats": [
        {"kind": "human", "name": "Hatshepsut"}, {"kind": "human", "name": "Ahmose"},
        {"kind": "human", "name": "Tiye"}]})
    game_id = created["game"]["id"]
    links = {link["seat"]: link["url"] for link in created["links"]}
    page = browser_context.new_page()
    page.goto(f"{server}/play/{game_id}")
    page.wait_for_selector("#board[data-version]")
    to_move = page.evaluate(
        f"fetch('/api/games/{game_id}').then(r => r.json()).then(g => g.events)")
    assert to_move >= 1
    for seat, url in links.items():
        page.goto(f"{server}{url}")
        page.wait_for_selector("#board[data-version]")
        if page.locator("#hint-button").count():
            break
    else:
        raise AssertionError("no seat offered a hint")
    page.click("#hint-button")
    page.wait_for_selector(".toast.ok", timeout=30000)
    text = page.locator(".toast.ok").last.inner_text()
    assert "suggests" in text and "% of the search" in text
    # moves in words, as the log writes them, not in notation
    assert "draws a tile" in text or "invokes Ra" in text, text
    page.close()
