"""Real-browser test of Pharaoh's Heir's table (issue 7): Debian's chromium driven by Playwright.

Creates a 3-player game from the lobby (seat 1 me, two greedy bots), plays it to
the final ranking by clicking only what the table offers (action markers, face-up
land tiles, steppers on the mat, the build picker, Confirm), switches the page to
French once, and saves docs/screenshots/pharaohs_heir.png of a game in progress.
Reuses the server and browser fixtures of tests/browser/browserkit.py (which skips the
module with a reason when chromium or Playwright is missing).
"""

from __future__ import annotations

import json
import random
import re
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "browser"))   # browserkit

try:  # the server and browser fixtures (browserkit skips when chromium or Playwright is missing)
    from browserkit import (SHOTS, board_version, browser_context, playwright, server,  # noqa: F401
                                 sync_api)
    NO_BROWSER = None
except pytest.skip.Exception as err:  # the strings check below still runs
    NO_BROWSER = str(err)

WEB = Path(__file__).resolve().parents[3] / "thebes" / "games" / "pharaohs_heir" / "web"   # the table's folder
STRINGS = WEB / "strings.js"   # the table's strings, used by all its modules
# the modules that use them (log.js brings its own: tests/web/test_web_module_strings.py)
MODULES = sorted(p for p in WEB.glob("*.js") if p.name != "log.js")
AREAS = ["harvest", "gods", "land", "people", "buildings"]
ACTIONS = ["develop", "sacrifice", "populate", "harvest", "improve"]


def strings() -> dict[str, dict[str, str]]:
    text = STRINGS.read_text(encoding="utf-8")
    block = re.search(r"addStrings\(\{\n  en: \{\n(.*?)\n  \},\n  fr: \{\n(.*?)\n  \},\n\}\);", text, re.S)
    assert block, "addStrings({en: {...}, fr: {...}}) not found"
    pair = r'"([\w.-]+)":\s*"((?:[^"\\]|\\.)*)"'
    return {"en": dict(re.findall(pair, block.group(1))), "fr": dict(re.findall(pair, block.group(2)))}


def test_strings_english_and_french() -> None:
    """Every string of the table in both languages, with the same placeholders; every key
    the module asks for exists (those built at run time too). Needs no browser."""
    t = strings()
    en, fr = t["en"], t["fr"]
    assert len(en) > 100
    assert sorted(set(en) ^ set(fr)) == []
    # its own keys, and its title and options (shown by the lobby before any table is drawn)
    assert all(k.startswith(("pharaohs_heir.", "option.piecepacks")) or k == "gametitle.pharaohs-heir" for k in en)
    for key, value in en.items():
        assert set(re.findall(r"\{(\w+)\}", value)) == set(re.findall(r"\{(\w+)\}", fr[key])), key
    text = "\n".join(path.read_text(encoding="utf-8") for path in MODULES)
    used = {k for k in re.findall(r'\bt\("([\w.-]+)"', text) if k.startswith("pharaohs_heir.")}
    dynamic = [f"pharaohs_heir.{group}.{k}" for group in ("action", "perk", "what") for k in ACTIONS]
    dynamic += [f"pharaohs_heir.area.{a}" for a in AREAS]
    dynamic += [f"pharaohs_heir.{g}.{c}" for g in ("col", "type") for c in ("village", "temple", "crop")]
    dynamic += [f"pharaohs_heir.bld.{b}" for b in ("market", "altar", "farm", "floodwall")]
    dynamic += [f"pharaohs_heir.nile.{k}" for k in ("flood", "drought", "flood.effect", "drought.effect")]
    dynamic += [f"pharaohs_heir.hint.{k}" for k in ("place", "pay", "offer", "reap", "starve", "protect")]
    dynamic += [f"pharaohs_heir.cell.{k}" for k in ("place", "pay", "offer", "reap", "starve", "protect")]
    dynamic += [f"pharaohs_heir.log.{k}" for k in ("bonus", "peek", "pass", "place", "reap", "starve",
                                                    "protect", "pay")]
    dynamic += [f"pharaohs_heir.help.{k}" for k in ("goal", "year", "columns", "buildings")]
    dynamic += ["pharaohs_heir.bonus", "pharaohs_heir.peek"]
    assert sorted(k for k in list(used) + dynamic if k not in en) == []


if NO_BROWSER is not None:  # the browser test skips with the Ra test's reason
    @pytest.fixture
    def server():  # noqa: F811
        pytest.skip(NO_BROWSER)

    @pytest.fixture
    def browser_context():  # noqa: F811
        pytest.skip(NO_BROWSER)
else:
    SHOT = SHOTS / "pharaohs_heir.png"


# The player's policy, run in the page in one call: mark the element to click next with
# data-next and say what it does. Reap some farmers now and then; confirm a composed move
# as soon as it is legal; in an improvement, try a coin then a site (or a canal) before
# passing; add tokens one click at a time; pick a face-up tile, then its column; else any
# clickable move (action markers, bonus or peek, a column).
POLICY = """([r1, r2, picks]) => {
  const q = (sel) => [...document.querySelectorAll(sel)];
  const any = (list) => (list.length ? list[Math.floor(r2 * list.length)] : null);
  for (const old of q("[data-next]")) old.removeAttribute("data-next");
  const ph = document.querySelector(".ph");
  if (!ph || document.querySelector("#ph-ranking")) return null;
  const phase = ph.dataset.phase;
  const adds = q(".ph-mat.mine [data-add]:not([disabled])");
  const confirm = document.querySelector("#ph-confirm[data-move]");
  let el = null, sends = false, pick = false;
  if (phase === "reap" && adds.length && r1 < 0.6) el = any(adds);
  else if (confirm) { el = confirm; sends = true; }
  else if (phase === "build" && document.querySelector("#ph-pass")) {
    const coinChosen = q(".ph-mat.mine .ph-coin.sel").length > 0;
    const coins = q('[data-pick^="coin:"]'), sites = q('[data-pick^="site:"]');
    const canals = q('button[data-pick^="canal:"]:not(.on)');
    if (picks < 4 && r1 < 0.7) {
      if (!coinChosen && coins.length) el = any(coins);
      else if (coinChosen && sites.length) el = any(sites);
      else if (canals.length && !q("button.ph-pick.on").length) el = canals[0];
      pick = Boolean(el);
    }
    if (!el) { el = document.querySelector("#ph-pass"); sends = true; }
  } else if (adds.length) el = any(adds);
  else if (q("[data-take]").length && !q(".ph-land.sel").length) el = q("[data-take]")[0];
  else {
    const moves = q(".ph [data-move], #action-bar [data-move]");
    if (moves.length) { el = any(moves); sends = true; }
  }
  if (!el) return null;
  el.setAttribute("data-next", "1");
  const chosen = document.querySelector("#ph-chosen");
  const takenBy = q(".ph-marker").filter((e) => /taken by/.test(e.textContent)).length;
  return { sends, pick, phase, takenBy, move: el.dataset.move || null, cycle: ph.dataset.cycle, chosen: chosen ? Number(chosen.dataset.chosen) : 0 };
}"""


def test_pharaohs_heir_full_game_against_bots(server: str, browser_context) -> None:  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    rng = random.Random(7)
    page = browser_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    frames: list[str] = []   # every view the page gets over its socket, for the leak check
    page.on("websocket", lambda ws: ws.on("framereceived", lambda data: frames.append(data)))
    page.goto(server + "/")
    page.wait_for_selector("#create-form")
    page.fill("#my-name", "Ann")
    page.select_option("#create-game", "pharaohs-heir")
    page.select_option("#create-players", "3")
    for seat in ("2", "3"):
        page.select_option(f'.seat-row[data-seat="{seat}"] .seat-kind', "bot")
        page.select_option(f'.seat-row[data-seat="{seat}"] .seat-bot', "greedy")
    page.click("#create-submit")
    page.wait_for_url(re.compile(r"/play/[^?]+\?token="))
    page.wait_for_selector(".ph-mat.mine")
    assert "Ann" in page.locator(".who").inner_text()
    assert page.locator(".ph-mat").count() == 3
    assert page.locator(".ph-marker").count() == 5
    assert page.locator("#ph-sheet").count() == 1 and page.locator("#ph-track").count() == 1

    french = False
    shot = False
    clicks = 0
    seen_kinds: set[str] = set()
    stats: dict = {}
    sent: list[str] = []
    taken_by = 0   # markers that said who took them
    stuck_since = time.time()
    deadline = time.time() + 150
    while time.time() < deadline:
        if page.locator("#ph-ranking").count():
            break
        step = page.evaluate(POLICY, [rng.random(), rng.random(), stats.get("picks", 0)])
        if step is None:
            if time.time() - stuck_since > 30:
                pytest.fail("nothing to click for 30 s: " + page.locator("#hint").inner_text())
            page.wait_for_timeout(30)
            continue
        stuck_since = time.time()
        sends = step["sends"]
        stats["picks"] = stats.get("picks", 0) + 1 if step["pick"] else (0 if sends else stats.get("picks", 0))
        seen_kinds.add(step["phase"])
        taken_by = max(taken_by, step["takenBy"])
        # a game in progress: the second cycle, while composing a token split
        if not shot and step["cycle"] == "2" and step["chosen"] >= 2 and not sends:
            page.screenshot(path=str(SHOT), full_page=True)
            shot = True
        # French once, in the middle of the game: the table follows
        if not french and clicks > 40 and page.locator(".ph-mat.mine [data-add]").count():
            page.select_option("#lang", "fr")
            assert "Piste des sacrifices" in page.locator("#below").inner_text()
            assert "Valider" in page.locator("#ph-confirm").inner_text()
            assert "Développement" in page.locator("#ph-markers").inner_text()
            page.select_option("#lang", "en")
            assert "Sacrifice track" in page.locator("#below").inner_text()
            french = True
            continue
        target = page.locator("[data-next]")
        before = board_version(page)
        try:
            target.click(timeout=1500)
        except sync_api.Error:
            continue  # redrawn under the pointer: look again
        clicks += 1
        if step["move"]:
            sent.append(step["move"])
        if not sends:
            continue
        try:
            page.wait_for_function(
                "v => Number(document.querySelector('#board').dataset.version) !== v", arg=before, timeout=5000)
        except sync_api.TimeoutError:
            pass
    else:
        pytest.fail(f"the game did not end within the time limit after {clicks} clicks")

    assert page.locator("#ph-ranking li").count() == 3
    assert "Ann" in page.locator("#ph-ranking").inner_text()
    assert "wins with" in page.locator("#hint").inner_text()
    assert page.locator("[data-move]").count() == 0          # nothing left to click
    assert page.locator("#log li").count() > 150
    # the decisions met on the way were made on the table
    assert {"choose", "take", "offer", "place", "reap", "build"} <= seen_kinds, seen_kinds
    assert french
    assert taken_by >= 3, "the action markers never said who took them"
    heads = {m.split()[0] for m in sent}
    assert {"place", "offer", "reap", "take"} <= heads, heads
    assert any(m.startswith("build ") for m in sent), "no building was composed and sent"
    if not shot:
        page.screenshot(path=str(SHOT), full_page=True)

    # Over the socket, seat 1's page got only seat 1's view: the tile another seat peeked at,
    # the face-down Nile and land tiles and the omniscient lists never reached it.
    messages = [json.loads(f) for f in frames if isinstance(f, str)]
    views = [m for m in messages if m.get("type") == "view"]
    assert len(views) > 50
    for v in views:
        assert v["seat"] == 1
        obs = v["observation"]
        if v["status"] != "finished":
            assert obs["seat"] == 0
            assert "stacks" not in obs["nile"] and "all_stacks" not in obs["land"]
            assert "set_aside_tiles" not in obs["land"]
            if "peeked" in obs["nile"]:
                assert obs["nile"]["peeked_by"] == 0
        for line in v.get("log", []):
            if line["seat"] is None and line["event"].startswith("nile "):
                assert set(re.split(r"[ ,/]+", line["event"][5:])) <= {"?"}, line
            if line["seat"] is None and line["event"].startswith("land "):
                stacks = line["event"][5:].split(" / ")
                assert all(set(st.split(",")[1:]) == {"?"} for st in stacks), line

    # A finished game can be looked at without a seat: every mat, the ranking, nothing to click.
    watcher = browser_context.new_page()
    watcher.on("pageerror", lambda err: errors.append(str(err)))
    watcher.goto(page.url.split("?")[0])
    watcher.wait_for_selector("#ph-ranking")
    assert watcher.locator(".ph-mat").count() == 3 and watcher.locator(".ph-mat.mine").count() == 0
    assert watcher.locator("[data-move], [data-add], [data-pick]").count() == 0
    assert watcher.locator("#ph-ranking").inner_text() == page.locator("#ph-ranking").inner_text()
    assert errors == [], errors


# ---------------------------------------------------------------- the table on engine states
# Mount the module on a bare element of the page with a view built from an engine state,
# then act as a player would: record what is clickable, then compose a move by clicking
# (random + until none is left, or a coin then a site) and report what Confirm would send.
RENDER_JS = """async ([view, seed]) => {
  const m = await import('/static/games/pharaohs-heir/table.js');
  const { t } = await import('/static/i18n.js');
  const { h } = await import('/static/dom.js');
  let r = seed;
  const rnd = () => { r = (r * 1103515245 + 12345) % 2147483648; return r / 2147483648; };
  let root = document.getElementById('synthetic');
  if (!root) { root = document.createElement('div'); root.id = 'synthetic'; document.body.prepend(root); }
  root.replaceChildren();
  const parts = {};
  for (const k of ['hint', 'actions', 'board', 'below']) { parts[k] = document.createElement('div'); root.append(parts[k]); }
  const sent = [];
  const ctx = { view, board: parts.board, hint: parts.hint, actions: parts.actions, below: parts.below,
    send: (mv) => sent.push(mv), t, ui: {}, h, notify: () => {} };
  ctx.redraw = () => m.render(ctx);
  m.render(ctx);
  const all = (sel) => [...root.querySelectorAll(sel)];
  const attr = (sel, a) => all(sel).map((e) => e.getAttribute(a));
  const click = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  const out = { hint: parts.hint.textContent, moves: attr('[data-move]', 'data-move'),
    adds: [...new Set(attr('.ph-mat.mine [data-add]', 'data-add'))], foreignAdds: all('.ph-mat:not(.mine) [data-add], .ph-mat:not(.mine) [data-pick]').length,
    picks: [...new Set(attr('[data-pick]', 'data-pick'))], takes: attr('[data-take]', 'data-take'),
    peeked: all('#ph-peeked').length, mats: all('.ph-mat').length, text: root.textContent };
  // what a screen reader names each button: a word, not just "+" (aria-label, else its text)
  out.nameless = all('button, [role=button]').filter((e) => !/\\p{L}{2}/u.test(e.getAttribute('aria-label') || e.textContent || ''))
    .map((e) => e.outerHTML.slice(0, 100));
  out.columns = {};
  for (const tile of out.takes) {
    click(root.querySelector(`[data-take="${tile}"]`));
    out.columns[tile] = attr('[data-move^="take "]', 'data-move');
  }
  if (view.observation.phase === 'build') {
    const coins = all('[data-pick^="coin:"]');
    if (coins.length) click(coins[Math.floor(rnd() * coins.length)]);
    const sites = all('[data-pick^="site:"]');
    if (sites.length) click(sites[Math.floor(rnd() * sites.length)]);
  } else {
    for (let i = 0; i < 400; i++) {
      const adds = all('.ph-mat.mine [data-add]:not([disabled])');
      if (!adds.length) break;
      click(adds[Math.floor(rnd() * adds.length)]);
    }
  }
  const confirm = root.querySelector('#ph-confirm');
  out.confirm = confirm ? confirm.getAttribute('data-move') : null;
  if (confirm && out.confirm) click(confirm);
  out.sent = sent;
  return out;
}"""


def engine_views(seeds: int = 40, per_kind: int = 6):
    """Seat 1's views (as the server builds them) in states reached by random play with
    3 and 4 players: up to ``per_kind`` of each decision kind (the observation's phase,
    the Overseer's take and choice kept apart)."""
    from thebes.core import CHANCE
    from thebes.games.pharaohs_heir import GAME
    from thebes.games.pharaohs_heir.state import PHASE_NAMES

    found: dict[str, list[dict]] = {}
    for seed in range(seeds):
        if len(found) >= 12 and all(len(v) >= per_kind for v in found.values()):
            break
        rng = random.Random(seed)
        n = 3 + seed % 2
        state = GAME.new_initial_state(n, {})
        version = 0
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(state.sample_chance(rng))
            else:
                kind = None
                if state.peek_seat >= 0 and not found.get("omniscient"):   # as a finished game's replay shows it
                    found["omniscient"] = [{
                        "id": f"syn-{seed}-{version}", "game": "pharaohs-heir", "players": n, "options": {},
                        "status": "playing", "version": version, "seat": None,
                        "names": [f"Bot {i}" for i in range(1, n + 1)], "to_move": player + 1,
                        "observation": state.omniscient_observation(), "legal": [], "log": [], "result": None}]
                if player == 0 and rng.random() < 0.7:
                    kind = PHASE_NAMES[state.phase]
                    kind += "/overseer" if kind == "take" and state.overseer == 0 else ""
                if kind and len(found.setdefault(kind, [])) < per_kind:
                    obs = state.observation(0)
                    found[kind].append({
                        "id": f"syn-{seed}-{version}", "game": "pharaohs-heir", "players": n, "options": {},
                        "status": "playing", "version": version, "seat": 1,
                        "names": ["Ann"] + [f"Bot {i}" for i in range(2, n + 1)], "to_move": 1,
                        "observation": obs, "legal": state.legal_events(), "log": [], "result": None})
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
            version += 1
    return found


def test_table_on_engine_states(server: str, browser_context) -> None:  # noqa: F811
    """What the table lets a player click is exactly the legal moves, for every kind of
    decision (protect, the unrest's place, pay and starve too), and what a player composes
    by clicking is sent only when legal; nothing is clickable on another seat's mat."""
    found = engine_views()
    kinds = {"choose", "take", "take/overseer", "offer", "bonus", "place", "reap", "starve",
             "protect", "build", "pay", "unrest"}
    assert kinds <= set(found), sorted(set(found))
    page = browser_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(server + "/")
    page.wait_for_selector("#create-form")
    rendered = 0
    omniscient = found.pop("omniscient")[0]
    out = page.evaluate(RENDER_JS, [omniscient, 1])
    peeker = omniscient["names"][omniscient["observation"]["nile"]["peeked_by"]]
    assert f"{peeker} peeked: next year's Nile tile is" in out["text"] and out["peeked"] == 0
    assert out["moves"] == [] and out["adds"] == [] and out["picks"] == [] and "(you)" not in out["text"]
    for kind, views in sorted(found.items()):
        for i, view in enumerate(views):
            legal = view["legal"]
            heads = {m.split()[0] for m in legal}
            out = page.evaluate(RENDER_JS, [view, 17 + i])
            rendered += 1
            assert out["mats"] == view["players"] and out["foreignAdds"] == 0
            assert out["nameless"] == [], (kind, out["nameless"][:3])
            assert "Your turn" in out["hint"], (kind, out["hint"])
            assert set(out["moves"]) <= set(legal) | {None}, kind
            if kind == "choose":
                assert sorted(out["moves"]) == sorted(legal)
            elif kind.startswith("take"):
                tiles = {m.split()[1] for m in legal}
                direct = {m for m in out["moves"] if m.startswith("take ")}
                assert {m.split()[1] for m in direct} | set(out["takes"]) == tiles
                got = direct | {m for cols in out["columns"].values() for m in cols}
                assert got == set(legal), kind
            elif kind == "bonus":
                assert sorted(out["moves"]) == sorted(legal)
            elif kind == "build":
                builds = [m for m in legal if m.startswith("build ")]
                picks = set(out["picks"])
                for m in builds:
                    words = m.split()[1:]
                    if words[0] == "canal":
                        assert f"canal:{words[1]}" in picks, m
                        words = words[2:]
                    if words:
                        assert f"coin:{words[1]}" in picks, m
                        assert (f"site:{words[2]}" if words[0] != "floodwall" else "site:nile") in picks, m
                assert ("pass" in out["moves"]) == ("pass" in legal)
                if out["confirm"]:
                    assert out["confirm"] in legal and out["sent"] == [out["confirm"]]
                else:   # no coin can be built here: only canals, or nothing
                    assert not any(p.startswith("coin:") for p in picks)
            else:       # a split composed by clicking + until none is left: always legal
                assert heads <= {"place", "pay", "offer", "reap", "starve", "protect"}, heads
                assert out["confirm"] in legal, (kind, out["confirm"])
                assert out["sent"] == [out["confirm"]]
                keys = set()
                for m in legal:
                    keys |= {w.split(":")[0] for w in m.split()[1:] if not w.isdigit()}
                assert set(out["adds"]) - {"grain"} <= keys, (kind, out["adds"])
            nile = view["observation"]["nile"]
            assert out["peeked"] == (1 if "peeked" in nile else 0)
    assert rendered >= 50
    assert errors == [], errors
