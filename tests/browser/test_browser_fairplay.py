"""Resign, take-back, table chat, My games, turn notifications, the cap's refusal and the vote
button, in real browsers (issue 31 items 1-4 and 6): people at desktops and on a 390x844
phone, in English and French."""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from browserkit import CHROMIUM, CHROMIUM_ARGS, Server, free_port, playwright  # noqa: F401 (fixture)


PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1440, "height": 1000}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    srv = Server(tmp_path_factory.mktemp("fairplay") / "thebes.db", free_port())
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def chromium(playwright):  # noqa: F811
    try:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    except Exception as err:  # chromium present but unusable here: say so plainly
        pytest.skip(f"chromium could not be launched: {err}")
    yield browser
    browser.close()


def person(chromium, base: str, name: str, locale: str = "en-GB", phone: bool = False):
    """A browser of one person (its own storage) with a name typed in the header."""
    context = chromium.new_context(viewport=PHONE if phone else DESKTOP, is_mobile=phone,
                                   has_touch=phone, locale=locale)
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base + "/")
    page.fill("#my-name", name)
    page.errors = errors
    return context, page


def api(url: str, body: dict | None = None) -> dict:
    req = urllib.request.Request(url, data=json.dumps(body).encode() if body is not None else None,
                                 method="POST" if body is not None else "GET",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as res:
        return json.loads(res.read())


def create(base: str, seats: list[dict], game: str = "ra", table: dict | None = None):
    body = {"game": game, "players": len(seats), "seats": seats}
    if table:
        body["table"] = table
    out = api(base + "/api/games", body)
    return out["game"]["id"], {l["seat"]: l["token"] for l in out["links"]}


def view(base: str, gid: str, token: str) -> dict:
    return api(f"{base}/api/games/{gid}/view?token={token}")


def move(base: str, gid: str, token: str, text: str) -> None:
    v = view(base, gid, token)
    api(f"{base}/api/games/{gid}/moves", {"token": token, "move": text, "version": v["version"]})


def wait_for(predicate, limit: float = 20):
    deadline = time.time() + limit
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out")


def version(page) -> int:
    value = page.get_attribute("#board", "data-version")
    return int(value) if value is not None else -1


def min_target(page, selector: str) -> float:
    """The smaller side of the first element matching ``selector`` (a page redrawn meanwhile
    is measured again)."""
    for _ in range(40):
        try:
            box = page.locator(selector).first.bounding_box(timeout=2000)
        except Exception:
            box = None
        if box:
            return min(box["width"], box["height"])
        time.sleep(0.05)
    return 0


def test_against_bots_a_player_takes_back_their_decision_and_the_bots_answers(server, chromium):
    """Ann plays Ra against two bots until one of her decisions (not a draw) is answered by
    the bots with no chance between, then takes it back with the button."""
    base = server.url
    gid, tokens = create(base, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"},
                                {"kind": "bot", "bot": "random"}])
    context, page = person(chromium, base, "Ann")
    try:
        page.goto(f"{base}/play/{gid}?token={tokens[1]}")
        for _ in range(60):
            v = wait_for(lambda: (x := view(base, gid, tokens[1]))
                         and (x["to_move"] == 1 or x["status"] == "finished") and x)
            assert v["status"] != "finished", "no take-back point met in a whole game"
            choice = next((m for m in ("ra", "pass") if m in v["legal"]),
                          next((m for m in v["legal"] if m != "draw"), v["legal"][0]))
            start = v["version"]
            move(base, gid, tokens[1], choice)
            after = wait_for(lambda: (x := view(base, gid, tokens[1]))
                             and (x["to_move"] == 1 or x["status"] == "finished") and x)
            answered = after["log"][start:]
            if (choice != "draw" and after["status"] != "finished" and len(answered) >= 2
                    and all(line["seat"] is not None for line in answered)):
                break
        else:
            raise AssertionError("no take-back point met")
        wait_for(lambda: version(page) == after["version"])
        page.click("#takeback-button")
        wait_for(lambda: version(page) == start)
        note = page.locator("#log li.note").last.inner_text()
        assert f"Ann took back {len(answered)} event" in note, note
        assert view(base, gid, tokens[1])["version"] == start
        assert page.errors == []
    finally:
        context.close()


def test_with_people_a_take_back_is_asked_and_accepted_on_a_phone_in_french(server, chromium):
    base = server.url
    gid, tokens = create(base, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"},
                                {"kind": "human", "name": "Cy"}])
    ann_ctx, ann = person(chromium, base, "Ann")
    bob_ctx, bob = person(chromium, base, "Bob", locale="fr-FR", phone=True)
    try:
        ann.goto(f"{base}/play/{gid}?token={tokens[1]}")
        bob.goto(f"{base}/play/{gid}?token={tokens[2]}")
        ann.wait_for_selector("#resign-button")
        for _ in range(60):              # until Ann may decide something other than a draw
            v = view(base, gid, tokens[1])
            seat = v["to_move"]
            legal = view(base, gid, tokens[seat])["legal"]
            if seat == 1 and any(m != "draw" for m in legal):
                break
            move(base, gid, tokens[seat], next((m for m in legal if m not in ("draw", "ra")), legal[0]))
        start = view(base, gid, tokens[1])["version"]
        choice = next(m for m in ("ra", "pass", *legal) if m in legal and m != "draw")
        move(base, gid, tokens[1], choice)
        wait_for(lambda: version(ann) == start + 1)
        ann.click("#takeback-button")
        ann.wait_for_selector("#takeback-waiting")
        bob.wait_for_selector("#takeback-request")
        assert "demande à reprendre 1" in bob.inner_text("#takeback-request")
        assert min_target(bob, "#takeback-accept") >= 44
        api(f"{base}/api/games/{gid}/takeback/answer", {"token": tokens[3], "accept": True})
        bob.click("#takeback-accept")
        wait_for(lambda: version(ann) == start and version(bob) == start)
        assert "a repris 1" in bob.locator("#log li.note").last.text_content()
        assert ann.errors == [] and bob.errors == []
    finally:
        ann_ctx.close()
        bob_ctx.close()


def test_resign_from_the_table_and_from_my_games_the_log_says_so(server, chromium):
    base = server.url
    ann_ctx, ann = person(chromium, base, "Ann")
    bob_ctx, bob = person(chromium, base, "Bob", locale="fr-FR", phone=True)
    try:
        # from the table: Bob (a phone, French) resigns; Ann's log says so
        gid, tokens = create(base, [{"kind": "human", "name": "Ann"},
                                    {"kind": "human", "name": "Bob"}], game="sarcophagus")
        ann.goto(f"{base}/play/{gid}?token={tokens[1]}")
        bob.goto(f"{base}/play/{gid}?token={tokens[2]}")
        bob.wait_for_selector("#resign-button")
        assert min_target(bob, "#resign-button") >= 44
        bob.once("dialog", lambda d: d.accept())
        bob.click("#resign-button")
        bob.wait_for_selector("#resigned-note")
        assert bob.locator("#back-button").count() == 0          # no "I'm back" once resigned
        ann.wait_for_selector("#log li.note")
        assert "Bob resigned" in ann.locator("#log li.note").first.text_content()
        assert "abandonne" in bob.locator("#log li.note").first.text_content()
        # from My games: Ann, against bots, resigns a Ra game there
        gid2, tokens2 = create(base, [{"kind": "human", "name": "Ann"},
                                      {"kind": "bot", "bot": "random"}], game="sarcophagus")
        ann.goto(f"{base}/play/{gid2}?token={tokens2[1]}")
        ann.wait_for_selector("#resign-button")
        ann.click("#mygames-link")
        ann.wait_for_selector(f'[data-game="{gid2}"] [data-resign]')
        assert ann.locator(f'[data-game="{gid}"]').count() == 1        # both seats it holds
        ann.once("dialog", lambda d: d.accept())
        ann.click(f'[data-game="{gid2}"] [data-resign]')
        wait_for(lambda: ann.locator(f'[data-game="{gid2}"] [data-resign]').count() == 0)
        wait_for(lambda: view(base, gid2, tokens2[1])["table"]["resigned"] == [[1, view(base, gid2, tokens2[1])["table"]["resigned"][0][1]]])
        assert ann.errors == [] and bob.errors == []
    finally:
        ann_ctx.close()
        bob_ctx.close()


def test_table_chat_with_a_muted_person_escaped_and_announced(server, chromium):
    base = server.url
    gid, tokens = create(base, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"},
                                {"kind": "human", "name": "Cy"}])
    ann_ctx, ann = person(chromium, base, "Ann")
    bob_ctx, bob = person(chromium, base, "Bob", locale="fr-FR", phone=True)
    cy_ctx, cy = person(chromium, base, "Cy")
    try:
        for page, seat in ((ann, 1), (bob, 2), (cy, 3)):
            page.goto(f"{base}/play/{gid}?token={tokens[seat]}")
            page.wait_for_selector("#chat-input")
        bob.fill("#chat-input", "<b>bonjour</b> à tous")
        bob.click("#chat-send")
        ann.wait_for_selector("#chat-list li.chat-msg")
        assert ann.locator("#chat-list b").count() == 0             # text, never HTML
        assert "<b>bonjour</b>" in ann.inner_text("#chat-list")
        wait_for(lambda: "bonjour" in ann.inner_text("#chat-live"))    # said to screen readers
        ann.click('.chat-mute[data-seat="3"]')
        assert ann.get_attribute('.chat-mute[data-seat="3"]', "aria-pressed") == "true"
        cy.fill("#chat-input", "from Cy")
        cy.keyboard.press("Enter")
        wait_for(lambda: "from Cy" in bob.inner_text("#chat-list"))
        time.sleep(0.5)
        assert "from Cy" not in ann.inner_text("#chat-list")         # muted by Ann only
        assert ann.evaluate("document.getElementById('chat-input').maxLength") == 500
        # on the phone the chat sits under the board, inside the screen's width
        box = bob.locator("#chat-box").bounding_box()
        board = bob.locator("#board").bounding_box()
        assert box["y"] > board["y"] and box["x"] + box["width"] <= PHONE["width"] + 1
        assert ann.errors == [] and bob.errors == [] and cy.errors == []
    finally:
        for c in (ann_ctx, bob_ctx, cy_ctx):
            c.close()


def test_a_hidden_tabs_turn_brings_a_notification(server, chromium):
    base = server.url
    gid, tokens = create(base, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
                         game="sarcophagus")
    context, page = person(chromium, base, "Bob")
    context.grant_permissions(["notifications"], origin=base)
    try:
        page.goto(f"{base}/play/{gid}?token={tokens[2]}")
        page.wait_for_selector("#alert-notify")
        page.evaluate("""() => {
            window.__shown = [];
            // the page's own Notification calls, recorded (a headless browser shows none)
            window.Notification = class {
                constructor(title, options) { window.__shown.push(title); this.options = options; }
                close() {}
            };
            Object.defineProperty(window.Notification, 'permission', { get: () => 'granted' });
            window.Notification.requestPermission = async () => 'granted';
        }""")
        page.check("#alert-notify")
        assert page.evaluate("JSON.parse(localStorage.getItem('thebes.alerts')).notify") is True
        page.evaluate("""() => Object.defineProperty(document, 'hidden',
                                                   { configurable: true, get: () => true })""")
        for _ in range(6):               # Bob first (a turn may be two coins): he plays it out
            v = view(base, gid, tokens[2])
            if v["to_move"] != 2:
                break
            move(base, gid, tokens[2], v["legal"][0])
        time.sleep(0.5)
        assert page.evaluate("window.__shown.length") == 0
        for _ in range(6):               # then Ann plays until Bob's turn comes, his tab hidden
            v = view(base, gid, tokens[1])
            if v["to_move"] != 1:
                break
            move(base, gid, tokens[1], v["legal"][0])
        wait_for(lambda: page.evaluate("window.__shown.length") >= 1)
        assert page.evaluate("window.__shown")[0].startswith("Your turn")
    finally:
        context.close()


def test_the_vote_button_shows_only_when_it_can_succeed(server, chromium):
    base = server.url
    gid, tokens = create(base, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
                         game="sarcophagus")
    ann_ctx, ann = person(chromium, base, "Ann")
    bob_ctx, bob = person(chromium, base, "Bob")
    try:
        ann.goto(f"{base}/play/{gid}?token={tokens[1]}")
        bob.goto(f"{base}/play/{gid}?token={tokens[2]}")
        ann.wait_for_selector("#table-bar")
        for _ in range(12):              # the page's first draw and three polls of presence
            assert ann.locator("button.vote").count() == 0
            time.sleep(0.5)
        bob_ctx.close()                  # Bob leaves: still no button until 5 minutes pass
        time.sleep(5)
        assert ann.locator("button.vote").count() == 0
        tables = server.app.state.community.tables
        real = tables.time
        tables.time = lambda: real() + 301
        try:
            ann.wait_for_selector("button.vote", timeout=10_000)
            assert "Bob" in ann.inner_text("button.vote")
        finally:
            tables.time = real
    finally:
        ann_ctx.close()


def test_the_caps_refusal_in_french_links_to_my_games(chromium, tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("cap") / "thebes.db", free_port(), live_games=1)
    try:
        context, page = person(chromium, srv.url, "Ann", locale="fr-FR", phone=True)
        try:
            gid, tokens = create(srv.url, [{"kind": "human", "name": "Ann"},
                                           {"kind": "bot", "bot": "random"}], game="sarcophagus")
            page.goto(f"{srv.url}/play/{gid}?token={tokens[1]}")   # the one slot: Ann's game
            page.wait_for_selector("#resign-button")
            page.goto(srv.url + "/")
            page.fill("#my-name", "Ann")
            page.click("#create-submit")
            page.wait_for_selector("#cap-refusal")
            text = page.inner_text("#cap-refusal")
            assert "Mes parties" in text and "abandonnez" in text, text
            page.click("#cap-mygames")
            page.wait_for_selector(".mine-game [data-resign]")
            page.once("dialog", lambda d: d.accept())
            page.click(".mine-game [data-resign]")
            wait_for(lambda: page.locator(".mine-game [data-resign]").count() == 0)
            page.goto(srv.url + "/")
            page.fill("#my-name", "Ann")
            page.click("#create-submit")
            wait_for(lambda: "/play/" in page.url or page.locator("#open-my-seat").count())
            assert page.locator("#cap-refusal").count() == 0
        finally:
            context.close()
    finally:
        srv.stop()


def test_my_games_and_a_table_with_its_chat_and_seat_actions_pass_axe(server, chromium):
    """axe-core (serious and critical, WCAG 2.1 AA) on My games and on a game page with the
    chat, the take-back request and the seat's actions, desktop and phone, both languages."""
    import os
    axe = Path(os.environ.get("THEBES_AXE") or "/tmp/axe/node_modules/axe-core/axe.min.js")
    if not axe.exists():
        pytest.skip(f"axe-core is not installed at {axe} (scripts/setup/axe-core.sh, THEBES_AXE)")
    script = axe.read_text(encoding="utf-8")
    base = server.url
    gid, tokens = create(base, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
                         game="sarcophagus")
    api(f"{base}/api/games/{gid}/chat", {"token": tokens[2], "text": "hello <i>Ann</i>"})
    for locale, phone in (("en-GB", False), ("fr-FR", True)):
        context, page = person(chromium, base, "Ann", locale=locale, phone=phone)
        try:
            for url, ready in ((f"{base}/play/{gid}?token={tokens[1]}", "#chat-list li.chat-msg"),
                               (f"{base}/mine", ".mine-game")):
                page.goto(url)
                page.wait_for_selector(ready)
                page.evaluate(script)
                found = page.evaluate("""async () => {
                  const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
                  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
                    .map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
                }""")
                assert found == [], f"{url} ({locale}): {found}"
        finally:
            context.close()


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_my_games_and_the_seats_own_actions_fit_a_phone_with_44px_targets(server, chromium, locale):
    base = server.url
    gid, tokens = create(base, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
                         game="sarcophagus")
    context, page = person(chromium, base, "Ann", locale=locale, phone=True)
    try:
        page.goto(f"{base}/play/{gid}?token={tokens[1]}")
        page.wait_for_selector("#resign-button")
        for selector in ("#resign-button", "#chat-send", ".chat-mute", "label.alert-opt",
                         "#chat-input", "#mygames-link"):
            assert min_target(page, selector) >= 44, selector
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.goto(f"{base}/mine")
        page.wait_for_selector(f'[data-game="{gid}"] [data-resign]')
        assert min_target(page, f'[data-game="{gid}"] [data-resign]') >= 44
        assert min_target(page, f'[data-game="{gid}"] .mine-link') >= 44
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        # by keyboard: the game's link is reached with Tab and opens with Enter
        page.focus(f'[data-game="{gid}"] .mine-link')
        page.keyboard.press("Enter")
        page.wait_for_url(re.compile(rf".*/play/{gid}.*"))
        assert page.errors == []
    finally:
        context.close()


def test_a_person_holding_the_move_for_long_without_a_clock_gets_a_line_saying_what_to_do(
        server, chromium):
    base = server.url
    gid, tokens = create(base, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
                         game="sarcophagus")
    v = view(base, gid, tokens[1])
    waiter, holder = (2, 1) if v["to_move"] == 1 else (1, 2)
    tables = server.app.state.community.tables
    g = server.app.state.service.game(gid)

    def earlier(t):          # the holder's turn began 20 minutes ago
        return {**t.state, "since": t.state["since"] - 20 * 60}
    tables._write(gid, earlier)
    server.app.state.service.touch(gid)
    assert g.version == v["version"]
    context, page = person(chromium, base, "Cy", locale="fr-FR")
    try:
        page.goto(f"{base}/play/{gid}?token={tokens[waiter]}")
        page.wait_for_selector("#long-turn")
        text = page.inner_text("#long-turn")
        name = "Ann" if holder == 1 else "Bob"
        assert f"{name} a la main depuis 20 min" in text and "abandonnez" in text, text
    finally:
        context.close()
