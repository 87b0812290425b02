"""Issue 16 in a real browser: a seat's link never leaves the page in a Referer header, and the
page works under the server's Content-Security-Policy (no violation reported).

Uses the server and browser fixtures of browserkit.py (which skips without chromium or
Playwright).
"""

from __future__ import annotations

from browserkit import browser_context, playwright, post_json, server  # noqa: F401 (fixtures)

WATCH_CSP = """
window.__csp = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`));
"""


def test_a_seat_link_never_appears_in_a_referer_and_the_page_obeys_the_csp(server, browser_context):  # noqa: F811
    created = post_json(f"{server}/api/games", {"game": "sarcophagus", "players": 2, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
    link = created["links"][0]
    token = link["token"]
    page = browser_context.new_page()
    page.add_init_script(WATCH_CSP)
    requests: list[tuple[str, dict]] = []
    sockets: list[str] = []
    console: list[str] = []
    page.on("request", lambda req: requests.append((req.url, req.all_headers())))
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.on("console", lambda msg: console.append(msg.text))
    response = page.goto(server + link["url"])
    assert response.headers["referrer-policy"] == "no-referrer"
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.wait_for_function("() => document.querySelector('#board') && "
                           "Number(document.querySelector('#board').dataset.version) >= 1")
    page.wait_for_timeout(500)
    violations = page.evaluate("window.__csp")
    # the page goes on to the lobby and a replay link: every request made on the way
    page.click("a[href='/']")
    page.wait_for_selector(".lobby")
    page.wait_for_timeout(300)
    violations += page.evaluate("window.__csp")
    page.goto(f"{server}/replay/{created['game']['id']}")
    page.wait_for_timeout(500)
    assert requests and sockets, "the page loaded its files and opened its socket"
    leaks = [(url, headers["referer"]) for url, headers in requests if "referer" in headers]
    assert not leaks, leaks
    violations += page.evaluate("window.__csp")
    assert violations == []
    assert not [line for line in console if "Content Security Policy" in line], console
    page.close()
