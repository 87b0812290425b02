"""Real-browser test of Sarcophagus's table (thebes/games/sarcophagus/web/table.js, issue 7).

Debian's chromium driven by Playwright, the real server (the fixtures of
tests/browser/browserkit.py): create a 2-player Sarcophagus against a greedy bot from
the lobby, play it to the end by clicking coins and tiles (and pass and trap
discards when they come), check on the way that everything clickable is a
legal move of the seat and that the bot's coin values never show, switch the
page to French once, watch the sarcophagus tiles turn over one by one and the
final scoring appear. Writes docs/screenshots/sarcophagus.png (a game in
progress). Also: the table's geometry and fame helpers against the engine's,
and the module's English and French strings.

Skips with a visible reason when /usr/bin/chromium or Playwright is missing.
"""

from __future__ import annotations

import random
import re
import time
import sys
import urllib.error
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "browser"))   # browserkit

from browserkit import SHOTS, board_version, get_json, launch, playwright, server, sync_api  # noqa: E402,F401

WEB = Path(__file__).resolve().parents[3] / "thebes" / "games" / "sarcophagus" / "web"   # the table's folder


@pytest.fixture(scope="module")
def browser_context(playwright, tmp_path_factory: pytest.TempPathFactory):  # noqa: F811
    context = launch(playwright, tmp_path_factory)
    yield context
    context.close()


MODULES = sorted(WEB.glob("*.js"))   # the table and the modules it stands on


def strings() -> dict[str, dict[str, str]]:
    table: dict[str, dict[str, str]] = {"en": {}, "fr": {}}
    pattern = r'"(sarcophagus\.[\w.-]+)":\s*"((?:[^"\\]|\\.)*)"'
    for path in MODULES:
        text = path.read_text(encoding="utf-8")
        block = re.search(r"addStrings\(\{\n  en: \{\n(.*?)\n  \},\n  fr: \{\n(.*?)\n  \},\n\}\);", text, re.S)
        assert block, f"{path.name}: the addStrings({{en, fr}}) block"
        table["en"].update(re.findall(pattern, block.group(1)))
        table["fr"].update(re.findall(pattern, block.group(2)))
    return table


def test_strings_english_and_french() -> None:
    table = strings()
    en, fr = table["en"], table["fr"]
    assert len(en) > 60
    assert sorted(set(en) ^ set(fr)) == []
    for key, value in en.items():
        assert set(re.findall(r"\{(\w+)\}", value)) == set(re.findall(r"\{(\w+)\}", fr[key])), key
    used = set()
    for path in MODULES:
        text = path.read_text(encoding="utf-8")
        start = text.index("addStrings({")
        source = text[:start] + text[text.index("\n});\n", start):]
        used |= set(re.findall(r'"(sarcophagus\.[\w.-]+)"', source))   # t("...") and news keys
    dynamic = [f"sarcophagus.suit.{x}" for x in ("sun", "moon", "crown", "arms")]
    dynamic += [f"sarcophagus.hint.wait.{x}" for x in ("place", "pass", "discard")]
    dynamic += [f"sarcophagus.help.{x}" for x in ("goal", "turn", "reveal", "claim", "traps", "sarc", "end")]
    dynamic += [f"sarcophagus.final.{x}" for x in ("place", "player", "numbers", "bonus", "fame", "held")]
    assert len(used) > 40
    assert sorted(k for k in used | set(dynamic) if k not in en) == []
    assert sorted(k for k in en if k not in used and k not in dynamic) == []   # no dead strings


def choose(page, turn: int, placed: int):
    """The element to click, or None: a move if one is on offer (pass, discard, a
    tile or coin that completes a placement), else a coin (after an even number of
    placements) or a tile (odd) to start a placement, so both orders are used."""
    for selector in ("#sarc-pass[data-move]", '[data-move^="discard "]', "[data-move]"):
        loc = page.locator(selector)
        if loc.count():
            return loc.nth(turn % loc.count()) if selector == "[data-move]" else loc.first
    first = ("[data-coin]", "svg.sarc-board g.cell.clickable[data-pos]") if placed % 2 == 0 else \
        ("svg.sarc-board g.cell.clickable[data-pos]", "[data-coin]")
    for selector in first:
        loc = page.locator(selector)
        if loc.count():
            return loc.nth((turn * 7) % loc.count())
    return None


def test_play_sarcophagus_to_the_end(server: str, browser_context) -> None:  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = browser_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(server + "/")
    page.wait_for_selector("#create-form")
    page.fill("#my-name", "Ann")
    page.select_option("#create-game", "sarcophagus")
    page.select_option("#create-players", "2")
    page.select_option('.seat-row[data-seat="2"] .seat-kind', "bot")
    page.select_option('.seat-row[data-seat="2"] .seat-bot', "greedy")
    page.click("#create-submit")
    page.wait_for_url(re.compile(r"/play/[^?]+\?token="))
    page.wait_for_selector("svg.sarc-board")
    game_id, token = re.search(r"/play/([^?]+)\?token=(.+)$", page.url).groups()
    view_url = f"{server}/api/games/{game_id}/view?token={token}"
    assert "Ann" in page.locator(".who").inner_text()
    assert page.locator("svg.sarc-board g.cell").count() == 21     # the whole pyramid
    first = get_json(view_url)   # a1 face up, and what the bot's first turn turned up if it began
    page.wait_for_function("v => Number(document.querySelector('#board').dataset.version) >= v",
                           arg=first["version"])
    if board_version(page) == first["version"]:
        up = sum(1 for cell in first["observation"]["pyramid"].values() if cell["tile"])
        assert page.locator("svg.sarc-board g.cell g.tile.up").count() == up
        assert page.locator("svg.sarc-board g.cell g.tile.down").count() == 21 - up
    assert page.locator('[data-sarc]').count() == 3                 # the sarcophagus, face down

    seen = {"reveal": False, "pass": False, "discard": False, "french": False, "drag": False, "checked": 0}
    shot = False
    turn = 0     # clicks
    placed = 0   # coins placed
    stuck_since = time.time()
    deadline = time.time() + 110
    while time.time() < deadline:
        if page.locator("#sarc-final").count():
            break
        hint, final = page.evaluate("[document.querySelector('#hint').textContent, "
                                    "document.querySelectorAll('#sarc-final').length]")
        if "turned over" in hint:
            seen["reveal"] = True
            assert final == 0   # the scoring waits for the reveal
        # The bot's coin values never show on the pyramid; nothing to click but legal moves.
        assert page.locator('svg.sarc-board g.cell .coin[data-owner="2"][data-value]').count() == 0
        assert page.locator("#action-bar button").count() <= 2
        target = choose(page, turn, placed)
        if target is None:
            if time.time() - stuck_since > 30:
                pytest.fail("nothing to click for 30 s: " + page.locator("#hint").inner_text())
            page.wait_for_timeout(30)
            continue
        stuck_since = time.time()
        version = board_version(page)
        moves = [m for m in page.eval_on_selector_all("[data-move]", "els => els.map(e => e.dataset.move)")]
        if moves and seen["checked"] < 25:
            view = get_json(view_url)
            if view["version"] == version:
                assert set(moves) <= set(view["legal"]), (moves, view["legal"])
                seen["checked"] += 1
        move = target.get_attribute("data-move")
        if move == "pass":
            seen["pass"] = True
        if move and move.startswith("discard "):
            seen["discard"] = True
            assert "trap" in page.locator("#hint").inner_text()
        # French once, on a turn of ours mid-game: the hint and the log speak French.
        if not seen["french"] and turn == 6:
            page.select_option("#lang", "fr")
            hint = page.locator("#hint").inner_text()
            assert "À vous de jouer" in hint and any(w in hint for w in ("Posez", "passez", "choisi", "défausser")), hint
            assert "tuile en haut à gauche (première pièce)" in page.locator("svg.sarc-board").inner_html()
            assert "pose" in page.locator("#log").inner_text()
            assert page.locator("#sarc-help summary").inner_text() == "Comment jouer au Sarcophage"
            page.select_option("#lang", "en")
            seen["french"] = True
            continue
        # Once: drag a coin onto a tile it may go on (the same move as two clicks).
        if not seen["drag"] and turn >= 4 and target.get_attribute("data-coin") is not None:
            value = target.get_attribute("data-coin")
            view = get_json(view_url)
            if view["version"] == version:
                pos = next(m.split()[2] for m in view["legal"] if m.split()[1] == value)
                a = target.bounding_box()
                b = page.locator(f'svg.sarc-board g.cell[data-pos="{pos}"]').bounding_box()
                page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
                page.mouse.down()
                page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
                page.mouse.up()
                page.wait_for_function("v => Number(document.querySelector('#board').dataset.version) !== v",
                                       arg=version, timeout=5000)
                assert f"Ann places a {value} on {pos}." in page.locator("#log").inner_text()
                seen["drag"] = True
                turn += 1
                placed += 1
                continue
        # The screenshot: a game in progress with tiles claimed and coins on the pyramid.
        if (not shot and move is None and turn >= 10 and target.get_attribute("data-coin") is not None
                and page.locator("svg.sarc-board g.cell .coin").count() >= 3):
            target.click(timeout=3000)  # a coin chosen: the tiles it may go on glow
            page.screenshot(path=str(SHOTS / "sarcophagus.png"), full_page=True)
            shot = True
            turn += 1
            continue
        try:
            target.click(timeout=3000)
        except sync_api.Error:
            continue  # redrawn under the pointer: look again
        turn += 1
        placed += bool(move and move.startswith("place "))
        if move:
            try:
                page.wait_for_function(
                    "v => Number(document.querySelector('#board').dataset.version) !== v", arg=version, timeout=5000)
            except sync_api.TimeoutError:
                pass
    else:
        pytest.fail(f"the game did not end in time after {turn} clicks: " + page.locator("#hint").inner_text())

    view = get_json(view_url)
    obs = view["observation"]
    assert view["status"] == "finished"
    assert shot and seen["french"] and seen["drag"] and seen["checked"] >= 5, (shot, seen)
    if any(obs["sarcophagi"]):
        assert seen["reveal"], "the sarcophagus tiles were turned over one by one"
    rows = page.locator("#sarc-final tbody tr")
    assert rows.count() == 2
    for i, seat in enumerate(obs["ranking"]):
        row = rows.nth(i)
        assert row.get_attribute("data-seat") == str(seat + 1)
        assert row.locator("td").nth(4).inner_text() == str(obs["scores"][seat])
    winner = ["Ann", "greedy bot"][obs["ranking"][0]]
    hint = page.locator("#hint").inner_text()
    assert ("wins with" in hint and winner in hint) or "share first place" in hint
    # every sarcophagus tile is face up now, among its owner's tiles or the discards
    assert page.locator("svg.sarc-board .lot").count() == 0
    for seat in range(2):
        fame = page.locator(f'svg.sarc-board .panel[data-seat="{seat + 1}"] [data-fame]').get_attribute("data-fame")
        assert int(fame) == obs["scores"][seat]
    assert page.locator("[data-move]").count() == 0
    assert page.locator("#log li").count() > 40
    # the log says who claimed what, after the coin that did it (issue 15)
    assert re.search(r"(Ann|bot)[^.]* claims ", page.locator("#log").inner_text())
    if not shot:
        page.screenshot(path=str(SHOTS / "sarcophagus.png"), full_page=True)
    print(f"\nclicks {turn}, legal checks {seen['checked']}, pass {seen['pass']}, trap discard {seen['discard']}, "
          f"reveal {seen['reveal']}, ranking {obs['ranking']} scores {obs['scores']}")
    assert errors == [], errors


def test_geometry_and_fame_match_the_engine(server: str, browser_context) -> None:  # noqa: F811
    """The table's claimable marks and fame come from its own helpers: compare them
    with the engine's geometry and scoring on random pyramids and hands."""
    from thebes.games.sarcophagus import geometry as geo
    from thebes.games.sarcophagus import notation as nt
    from thebes.games.sarcophagus.scoring import fame

    rng = random.Random(7)
    cases = []
    for _ in range(300):
        mask = rng.getrandbits(21)
        present = [geo.POSITION_NAMES[p] for p in geo.positions_of(mask)]
        base_free = rng.random() < 0.5
        expect = sorted(geo.POSITION_NAMES[p] for p in geo.positions_of(mask)
                        if geo.claimable(geo.SIDES[base_free][p], mask))
        tiles = rng.sample(range(nt.NUM_TILES), rng.randint(0, 12))
        cases.append({"present": present, "baseFree": base_free, "claimable": expect,
                      "tiles": [nt.TILE_NAMES[x] for x in tiles], "fame": fame(tiles)})
    page = browser_context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#create-form")
    bad = page.evaluate("""async (cases) => {
      const m = await import('/static/games/sarcophagus/table.js');
      const out = [];
      for (const c of cases) {
        const got = [...m.claimableSet(new Set(c.present), c.baseFree)].sort();
        if (JSON.stringify(got) !== JSON.stringify(c.claimable)) out.push(['claimable', c, got]);
        const f = m.fameOf(c.tiles).fame;
        if (f !== c.fame) out.push(['fame', c, f]);
      }
      return out;
    }""", cases)
    assert bad == []
    page.close()


# ---------------------------------------------------------------- the table on engine states
RENDER_JS = """async ([view, wait]) => {
  const m = await import('/static/games/sarcophagus/table.js');
  const { t } = await import('/static/i18n.js');
  const { h } = await import('/static/dom.js');
  let root = document.getElementById('synthetic');
  if (!root) { root = document.createElement('div'); root.id = 'synthetic'; document.body.prepend(root); }
  root.replaceChildren();
  const parts = {};
  for (const k of ['hint', 'actions', 'board', 'below']) { parts[k] = document.createElement('div'); parts[k].id = 'syn-' + k; root.append(parts[k]); }
  window.__sent = [];
  const ctx = { view, board: parts.board, hint: parts.hint, actions: parts.actions, below: parts.below,
    send: (mv) => window.__sent.push(mv), t, ui: {}, h, notify: () => {} };
  ctx.redraw = () => m.render(ctx);
  m.render(ctx);
  if (wait) await new Promise((r) => setTimeout(r, wait));
  const attr = (sel, a) => [...root.querySelectorAll(sel)].map((e) => e.getAttribute(a));
  const out = { hint: parts.hint.textContent, moves: attr('[data-move]', 'data-move'),
    coins: attr('[data-coin]', 'data-coin'), fames: attr('.panel [data-fame]', 'data-fame').map(Number), cells: attr('g.cell.clickable', 'data-pos'),
    lots: root.querySelectorAll('.lot').length, final: root.querySelectorAll('#sarc-final tbody tr').length,
    hiddenCoins: root.querySelectorAll('g.cell .coin[data-value]').length,
    otherValues: root.querySelectorAll(`g.cell .coin[data-value]:not([data-owner="${view.seat}"])`).length,
    faceUp: root.querySelectorAll('g.cell g.tile.up').length, faceDown: root.querySelectorAll('g.cell g.tile.down').length };
  // a coin, then each tile it may go on: those tiles send exactly the legal moves
  const coin = root.querySelector('[data-coin]');
  if (coin && !coin.getAttribute('data-move')) {
    coin.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    out.afterCoin = { value: coin.getAttribute('data-coin'), moves: attr('[data-move]', 'data-move') };
  }
  return out;
}"""


def engine_views(seeds: int = 400):
    """Views (as the server builds them) of seat 1 in states reached by random play:
    a sample of ordinary states plus the first of each rare kind found."""
    from thebes.core import CHANCE
    from thebes.games.sarcophagus import GAME

    found: dict[str, dict] = {}
    ordinary: list[dict] = []
    for seed in range(seeds):
        rng = random.Random(seed)
        state = GAME.new_initial_state(2, {})
        version = 0
        while True:
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(state.sample_chance(rng))
                version += 1
                continue
            terminal = state.is_terminal()
            obs = state.observation(0)
            legal = [state.action_to_text(a) for a in state.legal_actions()] if player == 0 and not terminal else []
            view = {"id": f"syn-{seed}-{version}", "game": "sarcophagus", "players": 2, "options": {},
                    "status": "finished" if terminal else "playing", "version": version, "seat": 1,
                    "names": ["Ann", "Bot"], "to_move": None if terminal else player + 1,
                    "observation": obs, "legal": legal, "log": [], "result": None}
            kind = None
            if terminal:
                kind = "over" if any(obs["sarcophagi"]) else None
            elif legal == ["pass"]:
                kind = "pass"
            elif legal and legal[0].startswith("discard "):
                kind = "enddiscard" if obs["top_left"] is None else "discard"
            if kind and kind not in found:
                found[kind] = view
            elif legal and len(ordinary) < 30 and rng.random() < 0.05:
                ordinary.append(view)
            if terminal:
                break
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            version += 1
        if len(found) == 4 and len(ordinary) >= 30:
            break
    return found, ordinary


def test_table_on_engine_states(server: str, browser_context) -> None:  # noqa: F811
    """Render the table on engine states of every kind (ordinary turns, pass, a trap
    discard in play and at the end, the end with the reveal): what is clickable is
    exactly the legal moves, the other seat's coin values never show."""
    found, ordinary = engine_views()
    assert {"pass", "discard", "over"} <= set(found), sorted(found)
    page = browser_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(server + "/")
    page.wait_for_selector("#create-form")
    for view in ordinary:
        legal = set(view["legal"])
        out = page.evaluate(RENDER_JS, [view, 0])
        assert out["otherValues"] == 0
        assert out["fames"] == view["observation"]["fame"]      # fame so far, as the engine counts it
        up = sum(1 for cell in view["observation"]["pyramid"].values() if cell["tile"])
        assert (out["faceUp"], out["faceDown"]) == (up, len(view["observation"]["pyramid"]) - up)
        places = [m.split() for m in legal if m.startswith("place ")]
        assert sorted(set(out["coins"])) == sorted({v for _, v, _ in places})
        assert sorted(out["cells"]) == sorted({p for _, _, p in places})
        assert out["moves"] == []          # nothing is sent before a coin and a tile are chosen
        chosen = out["afterCoin"]
        assert sorted(chosen["moves"]) == sorted(m for m in legal if m.split()[1] == chosen["value"])
        assert "Your turn" in out["hint"]
    out = page.evaluate(RENDER_JS, [found["pass"], 0])
    assert out["moves"] == ["pass"] and "no coins left" in out["hint"]
    out = page.evaluate(RENDER_JS, [found["discard"], 0])
    assert sorted(out["moves"]) == sorted(found["discard"]["legal"]) and "trap" in out["hint"]
    if "enddiscard" in found:   # the reveal first, then the choice
        view = found["enddiscard"]
        out = page.evaluate(RENDER_JS, [view, 0])
        assert "turned over" in out["hint"] and out["moves"] == []
        out = page.evaluate(RENDER_JS, [view, 1200 * 3 + 500])
        assert sorted(out["moves"]) == sorted(view["legal"]) and "trap" in out["hint"]
    view = found["over"]
    lots = sum(len(x) for x in view["observation"]["sarcophagi"])
    out = page.evaluate(RENDER_JS, [view, 0])
    assert out["lots"] == lots and out["final"] == 0 and "turned over" in out["hint"]
    out = page.evaluate(RENDER_JS, [view, 1100])
    assert out["lots"] == lots - 1 and out["final"] == 0      # one tile a second
    out = page.evaluate(RENDER_JS, [view, 1100 * lots + 300])
    assert out["lots"] == 0 and out["final"] == 2 and out["moves"] == []
    print(f"\nengine states rendered: {len(ordinary)} ordinary, kinds {sorted(found)}")
    assert errors == [], errors
    page.close()


# ---------------------------------------------------------------- claims told after a reload
def claims_record(cut_after: int = 4):
    """A 2-player record cut just after its `cut_after`-th assessment (the game not over,
    the assessments of both seats), with the engine's observation of seat 1 there."""
    from thebes.core import CHANCE
    from thebes.core.record import Record
    from thebes.games.sarcophagus import GAME

    for seed in range(50):
        rng = random.Random(seed)
        state = GAME.new_initial_state(2, {})
        events = []
        while not state.is_terminal():
            action = (state.sample_chance(rng) if state.current_player() == CHANCE
                      else rng.choice(state.legal_actions()))
            events.append(state.action_to_text(action))
            state.apply_action(action)
            obs = state.observation(0)
            if len(obs["assessments"]) >= cut_after and state.current_player() >= 0:
                break
        claimers = {a["claimer"] for a in obs["assessments"]}
        if not state.is_terminal() and {0, 1} <= claimers:
            return Record("sarcophagus", 2, {}, events), obs
    pytest.fail("no record with claims of both seats")


def test_a_reloaded_page_and_the_replay_tell_the_claims_made_before(server: str, browser_context) -> None:  # noqa: F811
    """Claims made before the page opened (a reload, a phone that dropped its page) are
    in the log after the event that made them, and in the replay jumped to its end; the
    other seat's coin values stay hidden, and nobody without a seat sees the game."""
    from browserkit import post_json

    record, obs = claims_record()
    made = post_json(server + "/api/records", {"record": record.dumps(), "mode": "continue", "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
    gid = made["game"]["id"]
    token = next(link["token"] for link in made["links"] if link["seat"] == 1)
    names = ["Ann", "Bob"]

    def said(a: dict) -> str:
        suit, rank = a["tile"].split("-")
        tile = {"null": f"{suit} trap", "ace": f"{suit} god"}.get(rank, f"{suit} {rank}")
        if a["claimer"] is None:
            return f"Nobody claims {tile} ({a['pos']})"
        return f"{names[a['claimer']]} claims {tile} ({a['pos']})"

    expected = [said(a) for a in obs["assessments"]]
    page = browser_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    for visit in ("open", "reload"):
        if visit == "open":
            page.goto(f"{server}/play/{gid}?token={token}")
        else:
            page.reload()
        page.wait_for_selector("#log li.move")
        log = page.locator("#log").inner_text()
        for words in expected:
            assert words in log, (visit, words)
        assert "Bob places a coin on" in log and not re.search(r"Bob places a \d", log)
        news = page.locator("#sarc-news").inner_text()   # what just happened: the latest claim
        assert expected[-1] in news
    page.goto(f"{server}/replay/{gid}?token={token}")
    page.wait_for_selector("#log li")
    log = page.locator("#log").inner_text()
    for words in expected:
        assert words in log
    assert not re.search(r"Bob places a \d", log)
    for path in (f"/api/games/{gid}/view", f"/api/games/{gid}/replay"):   # no seat: nothing
        with pytest.raises(urllib.error.HTTPError) as refused:
            get_json(server + path)
        assert refused.value.code == 403
    assert errors == [], errors
    page.close()


# ---------------------------------------------------------------- the end's log follows the board
def ending_record():
    """A 2-player random game whose last event is a seat's move and whose end turns over at
    least two sarcophagus tiles: (record without that move, the move, seat 0-based, lots)."""
    from thebes.core import CHANCE
    from thebes.core.record import Record
    from thebes.games.sarcophagus import GAME

    for seed in range(200):
        rng = random.Random(seed)
        state = GAME.new_initial_state(2, {})
        events, movers = [], []
        while not state.is_terminal():
            player = state.current_player()
            action = (state.sample_chance(rng) if player == CHANCE
                      else rng.choice(state.legal_actions()))
            events.append(state.action_to_text(action))
            movers.append(player)
            state.apply_action(action)
        lots = sum(1 for lots in state.observation(0)["sarcophagi"] for lot in lots if lot["tile"])
        if movers[-1] >= 0 and lots >= 2:
            return Record("sarcophagus", 2, {}, events[:-1]), events[-1], movers[-1], lots
    pytest.fail("no game ending on a seat's move with two sarcophagus tiles")


def test_the_log_tells_each_sarcophagus_tile_of_the_end_when_the_board_turns_it(
        server: str, browser_context) -> None:  # noqa: F811
    """The end's sarcophagus tiles turn over one a second; the log line of the last move
    tells each one only once the board shows it (never ahead of the board), and the live
    region says each as it comes."""
    from browserkit import post_json

    record, last, seat, lots = ending_record()
    made = post_json(server + "/api/records", {"record": record.dumps(), "mode": "continue", "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
    gid = made["game"]["id"]
    token = next(link["token"] for link in made["links"] if link["seat"] == seat + 1)
    page = browser_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(f"{server}/play/{gid}?token={token}")
    page.wait_for_selector("#log li.move")
    version = get_json(f"{server}/api/games/{gid}/view?token={token}")["version"]
    post_json(f"{server}/api/games/{gid}/moves", {"token": token, "move": last, "version": version})
    page.wait_for_selector('#board[data-status="finished"]')
    samples = []
    deadline = time.monotonic() + lots * 1.0 + 10
    while time.monotonic() < deadline:
        # the board's face-down sarcophagus tiles and the last line's reveals, in one go
        face_down, told = page.evaluate("""() => [
            document.querySelectorAll('#board .lot').length,
            (document.querySelector('#log li.move:last-of-type').textContent.match(/sarcophagus tile:/g) || []).length]""")
        samples.append((face_down, told))
        if face_down == 0:
            break
        time.sleep(0.1)
    assert samples[-1] == (0, lots), samples
    assert all(told == lots - face_down for face_down, told in samples), samples
    assert len({s for s in samples}) >= 3, samples   # seen while turning, not only at the end
    assert "sarcophagus tile:" in page.locator("#announcer").text_content()
    assert errors == [], errors
    page.close()
