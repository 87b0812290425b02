"""A game added from outside thebes: examples/tribute, installed into a FRESH virtual
environment, plays through every generic layer with no line of thebes naming it.

The environment is made in a temporary folder (``python -m venv --without-pip``), sees
this environment's packages through a ``.pth`` file (the dependencies: rich, fastapi,
open_spiel, pettingzoo, playwright, pip...), and gets thebes and examples/tribute,
both built from copies of this checkout's sources and installed with ``pip install
--no-deps`` (first ``--no-build-isolation``; where setuptools here cannot build a wheel,
with pip's own build isolation). So Tribute is found by its entry point ``tribute =
"thebes_tribute:GAME"``, not by a path, and nothing is written into the checkout. The
environment of this test run is never touched: the example would add a fifth game to
every other test.

In that environment: ``thebes selfplay``, ``replay``, ``hint``, ``bench``, ``arena``
with every bot and level, ``review``, ``play`` driven through standard input to the end
(the generic terminal view: Tribute has none of its own), the OpenSpiel and PettingZoo
conformance checks (thebes/interop/conformance.py), the game's own tests
(examples/tribute/tests: the worked example, random-play invariants and the bots'
fairness), and ``thebes serve``: /api/meta lists Tribute with no table, games with bot
seats (a searching level among them, which thinks in spawned worker processes) and a
person's seat over the socket go to the end, and Debian's chromium plays a seat through
the page's generic list of legal moves to the end.

Skips with a reason when the environment cannot be made; the browser part skips when
chromium or Playwright is missing. Budgets are small: the whole module takes under a
minute on two cores.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "tribute"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


class Venv:
    """A fresh environment: ``run`` a command of its ``bin`` in its work folder."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.bin = root / "venv" / "bin"
        self.python = str(self.bin / "python")
        self.work = root / "work"
        self.work.mkdir()
        self.env = {k: v for k, v in os.environ.items()
                    if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
        self.env["PATH"] = f"{self.bin}{os.pathsep}{self.env.get('PATH', '')}"
        self.env["PYTHONDONTWRITEBYTECODE"] = "1"    # nothing written into the checkout

    def run(self, *args: str, input: str | None = None, timeout: float = 120,
            check: bool = True) -> subprocess.CompletedProcess:
        program = args[0] if args[0] == self.python else str(self.bin / args[0])
        done = subprocess.run([program, *args[1:]], cwd=self.work, env=self.env, input=input,
                              capture_output=True, text=True, timeout=timeout)
        if check and done.returncode != 0:
            pytest.fail(f"{' '.join(args)} exited {done.returncode}\n--- stdout\n"
                        f"{done.stdout[-3000:]}\n--- stderr\n{done.stderr[-3000:]}")
        return done

    def thebes(self, *args: str, **kw) -> subprocess.CompletedProcess:
        return self.run("thebes", *args, **kw)


def _pip_install(python: str, target: Path, cwd: Path) -> None:
    """``pip install --no-deps`` of ``target``: without build isolation first, then with it."""
    base = [python, "-m", "pip", "install", "--no-deps", "--quiet", "--disable-pip-version-check"]
    errors = []
    for extra in (["--no-build-isolation"], []):
        done = subprocess.run(base + extra + [str(target)], cwd=cwd, capture_output=True,
                              text=True, timeout=300)
        if done.returncode == 0:
            return
        errors.append((done.stderr or done.stdout).strip().splitlines()[-3:])
    pytest.skip(f"pip cannot install {target.name} into a fresh environment: {errors}")


#: what a copy of a source folder leaves out (what a build writes, bytecode).
_BUILT = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "dist")


def _sources(root: Path) -> tuple[Path, Path]:
    """Copies of thebes (its package, pyproject.toml, README.md) and of examples/tribute
    under ``root``: pip builds in the folder it is given, and must write nothing into the
    checkout (its thebes.egg-info is read by every process started in it)."""
    thebes_src = root / "src" / "thebes"
    shutil.copytree(ROOT / "thebes", thebes_src / "thebes", ignore=_BUILT)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, thebes_src / name)
    tribute_src = root / "src" / "tribute"
    shutil.copytree(EXAMPLE, tribute_src, ignore=_BUILT)
    return thebes_src, tribute_src


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Venv:
    root = tmp_path_factory.mktemp("tribute-venv")
    try:
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(root / "venv")],
                       check=True, capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.SubprocessError) as err:
        pytest.skip(f"a fresh virtual environment cannot be made here: {err}")
    v = Venv(root)
    site = subprocess.run(
        [v.python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True).stdout.strip()
    # this environment's packages, after the fresh one's own: the dependencies
    Path(site, "_thebes_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    thebes_src, tribute_src = _sources(root)
    _pip_install(v.python, thebes_src, cwd=v.work)
    _pip_install(v.python, tribute_src, cwd=v.work)
    return v


def test_the_fresh_environment_finds_tribute_by_its_entry_point_only(venv):
    out = venv.run(venv.python, "-c", (
        "import json, thebes, thebes_tribute\n"
        "from thebes.core import game_names, get_game\n"
        "g = get_game('tribute')\n"
        "print(json.dumps({'games': game_names(), 'file': thebes_tribute.__file__,"
        " 'thebes': thebes.__file__,"
        " 'terminal': g.hooks.terminal, 'web': g.hooks.web, 'tensors': g.hooks.tensors}))")).stdout
    found = json.loads(out)
    assert found["games"][-1] == "tribute" and len(found["games"]) == 5
    # both installed in the fresh environment, neither imported from the checkout
    assert found["file"].startswith(str(venv.root / "venv"))
    assert found["thebes"].startswith(str(venv.root / "venv"))
    assert found["terminal"] is None and found["web"] is None and found["tensors"]
    # and this test run's own environment is left as it was: no distribution here names it
    from importlib.metadata import entry_points
    assert "tribute" not in {ep.name for ep in entry_points(group="thebes.games")}


def test_selfplay_replay_hint_and_bench(venv):
    venv.thebes("selfplay", "--game", "tribute", "--players", "3", "--seed", "7",
                "--bot", "greedy", "--out", "greedy.json")
    venv.thebes("selfplay", "--game", "tribute", "--players", "4", "--seed", "8",
                "--options", '{"cards": 5}', "--out", "random.json")
    for name, players in (("greedy.json", 3), ("random.json", 4)):
        record = json.loads((venv.work / name).read_text())
        assert record["game"] == "tribute" and record["players"] == players
        assert record["events"][0].startswith("favour ") and "result" in record
        replay = json.loads(venv.thebes("replay", name, "--json").stdout)
        assert replay["ok"] is True, replay
    bad = json.loads((venv.work / "greedy.json").read_text())
    bad["events"][1] = "bid 99"                           # a card nobody holds
    (venv.work / "bad.json").write_text(json.dumps(bad))
    refused = venv.thebes("replay", "bad.json", "--json", check=False)
    assert refused.returncode == 1 and "bid 99" in refused.stdout
    hint = venv.thebes("hint", "greedy.json", "--at", "2", "--think-ms", "0",
                       "--iterations", "40", "--json")
    assert "bid" in hint.stdout
    bench = venv.thebes("bench", "--game", "tribute", "--games", "20", timeout=180)
    assert "tribute" in bench.stdout.lower()


def test_arena_with_every_bot_and_level(venv):
    quick = venv.thebes("arena", "--game", "tribute", "--players", "3", "--seats",
                        "random,greedy,easy", "--games", "3", "--jobs", "1", "--json")
    searching = venv.thebes("arena", "--game", "tribute", "--players", "3", "--seats",
                            "medium,hard,ismcts", "--games", "2", "--jobs", "2",
                            "--think-ms", "15", "--records", "records", "--json", timeout=240)
    for out, bots in ((quick, {"random", "greedy", "easy"}),
                      (searching, {"medium", "hard", "ismcts"})):
        text = out.stdout
        assert all(bot in text for bot in bots), text
    records = sorted((venv.work / "records").glob("*.json"))
    assert len(records) == 2
    for path in records:
        assert json.loads(venv.thebes("replay", str(path), "--json").stdout)["ok"] is True


def test_review_of_a_record(venv):
    venv.thebes("selfplay", "--game", "tribute", "--players", "2", "--seed", "3",
                "--options", '{"cards": 4}', "--out", "short.json")
    out = venv.thebes("review", "short.json", "--iterations", "20", "--jobs", "1", "--json",
                      timeout=180).stdout
    review = json.loads(out)
    text = json.dumps(review)
    assert "tribute" in text and "decisions" in text, text[:500]


def test_play_in_the_terminal_to_the_end(venv):
    """The generic terminal view: a numbered menu of the legal moves; "1" every time."""
    done = venv.thebes("play", "tribute", "--players", "3", "--seat", "2", "--bot", "greedy",
                       "--seed", "11", "--save", "mine.json", "--delay", "0",
                       input="1\n" * 40, timeout=120)
    record = json.loads((venv.work / "mine.json").read_text())
    assert record["game"] == "tribute" and "result" in record, done.stdout[-2000:]
    assert json.loads(venv.thebes("replay", "mine.json", "--json").stdout)["ok"] is True
    out = done.stdout
    assert "You are seat 2" in out and "bid 1" in out
    # the bots' bids before the reveal read "bid ?" in the person's log
    assert "bid ?" in out


def test_openspiel_and_pettingzoo_conformance(venv):
    probe = venv.run(venv.python, "-c", "import pyspiel, pettingzoo", check=False)
    if probe.returncode != 0:
        pytest.skip("open_spiel or pettingzoo is not installed: " + probe.stderr.strip()[-200:])
    done = venv.run(venv.python, "-m", "thebes.interop.conformance", "--games", "tribute",
                    "--sims", "5", "--starts", "2", "--cycles", "300", timeout=240)
    assert "FAIL" not in done.stdout and " 0 failed" in done.stdout, done.stdout
    assert done.stdout.count("ok   tribute") >= 10


def test_the_games_own_tests_rules_invariants_and_fairness(venv):
    """examples/tribute/tests in the fresh environment (the game imported from its
    installed copy): the README's worked example, thousands of random games' invariants,
    and every bot choosing alike whatever the other seats' face-down bids."""
    done = venv.run(venv.python, "-m", "pytest", "-o", "addopts=", "-q", "-p", "no:cacheprovider",
                    str(EXAMPLE / "tests"), timeout=300, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "failed" not in done.stdout


# ---------------------------------------------------------------------- thebes serve
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def server(venv):
    """``thebes serve`` of the fresh environment on a free port, a fresh SQLite file, no
    bot delay; stopped (with its bot workers) at the end."""
    httpx = pytest.importorskip("httpx")
    port = free_port()
    log = open(venv.root / "serve.log", "w")
    proc = subprocess.Popen([str(venv.bin / "thebes"), "serve", "--host", "127.0.0.1",
                             "--port", str(port), "--database", str(venv.root / "serve.db"),
                             "--bot-delay", "0"],
                            cwd=venv.work, env=venv.env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while True:
        try:
            if httpx.get(url + "/api/meta", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.time() > deadline:
            proc.kill()
            log.close()
            pytest.fail("thebes serve did not start:\n"
                        + (venv.root / "serve.log").read_text()[-3000:])
        time.sleep(0.2)
    yield url
    os.killpg(proc.pid, signal.SIGTERM)     # the server and the bot workers it started
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5)
    log.close()


def _wait(predicate, timeout: float, step: float = 0.1):
    deadline = time.time() + timeout
    while time.time() < deadline:
        found = predicate()
        if found:
            return found
        time.sleep(step)
    raise AssertionError("timed out")


def _replays(venv, text: str, name: str) -> dict:
    (venv.work / name).write_text(text)
    out = json.loads(venv.thebes("replay", name, "--json").stdout)
    assert out["ok"] is True, out
    return json.loads(text)


def test_serve_lists_tribute_with_no_table_and_bots_play_it_to_the_end(venv, server):
    import httpx
    meta = httpx.get(server + "/api/meta").json()
    tribute = next(g for g in meta["games"] if g["name"] == "tribute")
    assert tribute["table"] is None and tribute["title"] == "Tribute"
    assert tribute["hidden_information"] is True and tribute["default_options"] == {"cards": 7}
    assert {"random", "greedy", "easy", "medium", "hard"} <= set(tribute["bots"])
    r = httpx.post(server + "/api/games", json={
        "game": "tribute", "players": 4, "seed": 5, "options": {"cards": 5},
        "seats": [{"kind": "bot", "bot": b} for b in ("random", "greedy", "easy", "medium")]})
    assert r.status_code == 201, r.text
    gid = r.json()["game"]["id"]
    _wait(lambda: httpx.get(f"{server}/api/games/{gid}").json()["status"] == "finished",
          timeout=120, step=0.25)
    record = _replays(venv, httpx.get(f"{server}/api/games/{gid}/record").text, "served.json")
    assert record["game"] == "tribute" and record["result"]


def test_a_person_plays_tribute_over_the_socket_to_the_end(venv, server):
    import httpx
    ws_client = pytest.importorskip("websockets.sync.client")
    r = httpx.post(server + "/api/games", json={
        "game": "tribute", "players": 3, "seed": 9,
        "seats": [{"kind": "bot", "bot": "greedy"}, {"kind": "human", "name": "Ann"},
                  {"kind": "bot", "bot": "random"}]})
    assert r.status_code == 201, r.text
    gid, token = r.json()["game"]["id"], r.json()["links"][0]["token"]
    ws_url = server.replace("http://", "ws://") + f"/api/games/{gid}/ws?token={token}"
    moves = 0
    hidden_seen = False
    with ws_client.connect(ws_url, origin=server, open_timeout=10) as ws:
        while True:
            m = json.loads(ws.recv(timeout=60))
            if m.get("type") != "view":
                continue
            obs = m["observation"]
            # another seat's face-down bid is never in the person's view
            for seat, bid in enumerate(obs["bids"]):
                if seat != 1 and bid is not None:
                    assert bid == "?"
                    hidden_seen = True
            if any("bid ?" in json.dumps(line) for line in m["log"]):
                hidden_seen = True          # another seat's bid, in the person's log
            if m["status"] == "finished":
                break
            if m["to_move"] == 2 and m["legal"]:
                ws.send(json.dumps({"type": "move", "move": m["legal"][-1],
                                    "version": m["version"]}))
                moves += 1
    assert moves == 7 and hidden_seen
    final = httpx.get(f"{server}/api/games/{gid}/view", params={"token": token}).json()
    assert final["result"] and final["observation"]["phase"] == "over"
    _replays(venv, httpx.get(f"{server}/api/games/{gid}/record").text, "socket.json")


def test_a_browser_plays_the_generic_move_list_to_the_end(venv, server):
    """Debian's chromium on the game page: no table module, so the page shows the
    observation and one button per legal move; it clicks the first until the end."""
    import httpx
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is not installed (run scripts/setup/chromium.sh): "
                    "the real-browser check of the generic move list needs it")
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="Playwright for Python is not installed")
    r = httpx.post(server + "/api/games", json={
        "game": "tribute", "players": 2, "seed": 4, "options": {"cards": 4},
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "easy"}]})
    assert r.status_code == 201, r.text
    gid, link = r.json()["game"]["id"], r.json()["links"][0]["url"]
    pw = sync_api.sync_playwright().start()
    try:
        try:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        except Exception as err:  # chromium present but unusable here: say so plainly
            pytest.skip(f"chromium could not be launched: {err}")
        page = browser.new_page(viewport={"width": 1200, "height": 900}, locale="en-GB")
        page.set_default_timeout(15_000)
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(server + "/")
        # the lobby's create form offers it
        page.wait_for_selector("option[value=tribute]", state="attached")
        assert page.locator("option[value=tribute]").first.inner_text() == "Tribute"
        page.goto(server + link)
        page.wait_for_selector("text=No table is drawn for this game yet")
        clicks = 0
        deadline = time.time() + 90
        while httpx.get(f"{server}/api/games/{gid}").json()["status"] != "finished":
            assert time.time() < deadline, "the game did not end"
            button = page.locator("button.move").first
            if button.count():
                text = button.get_attribute("data-move")
                assert text.startswith("bid ")
                try:
                    button.click(timeout=2000)
                    clicks += 1
                except sync_api.Error:
                    pass                                # redrawn under the click: try again
            time.sleep(0.15)
        page.wait_for_selector("text=The game is over.")
        assert clicks >= 4 and not errors, errors
        browser.close()
    finally:
        pw.stop()
    _replays(venv, httpx.get(f"{server}/api/games/{gid}/record").text, "browser.json")
