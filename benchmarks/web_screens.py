"""Screenshots of every page of the web client, to compare two trees pixel by pixel.

Starts ``thebes serve`` from a given tree (``PYTHONPATH=<tree>``, a fresh SQLite file, bots
without delay), sets up the same positions through the HTTP API with fixed seeds (one
game per game module with seat 1 a person who plays a few chosen moves against random
bots, and one game per game module that random bots play to the end), and takes, with
Playwright and Debian's chromium, in English and French, at desktop (1280 x 800) and
phone (390 x 844) size, full-page screenshots of: the lobby, its create form with each
game chosen (the form's card only: the game's options), each game's table (seat 1's page),
and each finished game's replay at a position a third of the way in.

    python benchmarks/web_screens.py shoot --tree /tmp/thebes-before --out /tmp/shots/before
    python benchmarks/web_screens.py shoot --tree . --out /tmp/shots/after
    python benchmarks/web_screens.py compare /tmp/shots/before /tmp/shots/after

``compare`` says for each screenshot whether it is identical, else its size or the box and
count of the pixels that differ (Pillow), and writes a ``<name>.diff.png`` beside the
second one. The lobby shows each game's last-change time of day, which differs from run
to run: those elements (``.when``) read "· 00:00" in both runs. A replay's log is scrolled
to whole pixels (see ``shoot``). Page errors and console errors of each screenshot are
written to ``errors.json`` in the output folder.

A tool, not a test: needs Playwright for Python, Pillow for ``compare`` and /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SIZES = {"desktop": {"viewport": {"width": 1280, "height": 800}},
         "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
                   "device_scale_factor": 1}}
LOCALES = {"en": "en-GB", "fr": "fr-FR"}
#: (game, players, seed, moves seat 1 plays before the screenshot, options)
TABLES = [("ra", 3, 11, 8, {}), ("sarcophagus", 2, 12, 6, {}),
          ("pharaohs-heir", 3, 13, 6, {}), ("pharaoh", 2, 14, 5, {})]
NAMES = ["Ann", "Bast", "Khufu", "Nut"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def request(url: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method="GET" if body is None else "POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as res:
        return json.loads(res.read())


class Server:
    """``thebes serve`` of ``tree`` on a free port, in its own process."""

    def __init__(self, tree: Path, db: Path) -> None:
        self.port = free_port()
        env = dict(os.environ, PYTHONPATH=str(tree))
        cmd = [sys.executable, "-m", "thebes.cli", "serve", "--port", str(self.port),
               "--database", f"sqlite:///{db}", "--bot-delay", "0", "--open-seeds",
               "--rate-create", "1000/minute", "--rate-request", "1000000/minute",
               "--rate-upload", "1000/minute", "--live-games", "1000"]
        self.proc = subprocess.Popen(cmd, env=env, cwd=tempfile.gettempdir(),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.time() + 60
        while True:
            try:
                request(self.url + "/api/meta")
                return
            except (urllib.error.URLError, ConnectionError):
                if self.proc.poll() is not None or time.time() > deadline:
                    raise SystemExit("the server did not start: " + self.proc.stderr.read().decode()[-2000:])
                time.sleep(0.2)

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def wait_turn(url: str, gid: str, token: str) -> dict:
    """The seat's view once it has a move (or the game is over) and the bots are still."""
    deadline = time.time() + 120
    while time.time() < deadline:
        view = request(f"{url}/api/games/{gid}/view?token={token}")
        if view.get("legal") or view.get("status") == "finished":
            return view
        time.sleep(0.05)
    raise SystemExit(f"game {gid}: no turn for seat 1 within 2 minutes")


def set_up(url: str) -> dict:
    """The games to photograph: {"tables": [(game, id, token, version)], "replays": [(game, id, at)]}."""
    out: dict = {"tables": [], "replays": []}
    for game, players, seed, moves, options in TABLES:
        # a finished game of random bots, for the replay viewer (and the lobby's finished list)
        made = request(url + "/api/games", {"game": game, "players": players, "seed": seed, "options": options,
                                           "seats": [{"kind": "bot", "bot": "random", "name": NAMES[i]}
                                                     for i in range(players)]})
        gid = made["game"]["id"]
        deadline = time.time() + 180
        while request(f"{url}/api/games/{gid}")["status"] != "finished":
            if time.time() > deadline:
                raise SystemExit(f"the bots did not finish {game} {gid}")
            time.sleep(0.1)
        total = request(f"{url}/api/games/{gid}/replay?since=100000")["events"]
        out["replays"].append((game, gid, total // 3))
    for game, players, seed, moves, options in TABLES:
        # seat 1 a person playing chosen moves against random bots
        seats = [{"kind": "human", "name": NAMES[0]}] + [
            {"kind": "bot", "bot": "random", "name": NAMES[i]} for i in range(1, players)]
        made = request(url + "/api/games", {"game": game, "players": players, "seed": seed,
                                           "options": options, "seats": seats})
        gid = made["game"]["id"]
        token = made["links"][0]["url"].split("token=")[1]
        rng = random.Random(seed)
        view = wait_turn(url, gid, token)
        for _ in range(moves):
            if not view.get("legal"):
                break
            move = view["legal"][rng.randrange(len(view["legal"]))]
            request(f"{url}/api/games/{gid}/moves", {"token": token, "move": move, "version": view["version"]})
            time.sleep(0.05)
            view = wait_turn(url, gid, token)
        out["tables"].append((game, gid, token, view["version"]))
    return out


def shoot(tree: Path, out: Path) -> None:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    db = Path(tempfile.mkdtemp(prefix="thebes-screens-")) / "screens.db"
    server = Server(tree.resolve(), db)
    errors: dict[str, list[str]] = {}
    try:
        games = set_up(server.url)
        shots = [("lobby", "/", "#finished-games .game-row", None)]
        for game, *_ in TABLES:
            shots.append((f"create-{game}", "/", "#create-form", game))
        for game, gid, token, version in games["tables"]:
            shots.append((f"table-{game}", f"/play/{gid}?token={token}",
                          f'#board[data-version="{version}"]', None))
        for game, gid, at in games["replays"]:
            shots.append((f"replay-{game}", f"/replay/{gid}?at={at}", f'#board[data-index="{at}"]', None))
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for lang, locale in LOCALES.items():
                for size, opts in SIZES.items():
                    for name, path, ready, choice in shots:
                        key = f"{name}-{lang}-{size}"
                        context = browser.new_context(locale=locale, timezone_id="UTC", **opts)
                        page = context.new_page()
                        errs: list[str] = []
                        page.on("pageerror", lambda e, errs=errs: errs.append(f"pageerror: {e}"))
                        page.on("console", lambda m, errs=errs: errs.append(f"console {m.type}: {m.text}")
                                if m.type in ("error", "warning") else None)
                        page.goto(server.url + path)
                        page.wait_for_selector(ready, timeout=30_000)
                        if name == "lobby":
                            page.wait_for_selector("#playing-games .game-row", timeout=30_000)
                        page.wait_for_load_state("networkidle")
                        page.evaluate("document.fonts.ready")
                        page.wait_for_timeout(400)      # the live bar and any late redraw
                        if name.startswith("replay-"):
                            # the log scrolls to the current line when it is drawn, which may be
                            # before the page's layout settles: go to the start and back to the
                            # position with the slider, now that it has
                            at = path.split("at=")[1]
                            page.keyboard.press("Home")
                            page.wait_for_selector('#board[data-index="0"]')
                            page.fill("#replay-slider", at)
                            page.wait_for_selector(ready)
                            page.evaluate("document.activeElement && document.activeElement.blur()")
                            # a scroll offset of half a pixel draws the log's text a little
                            # differently from run to run: whole pixels only
                            scroll = page.evaluate("(() => { const l = document.getElementById('log');"
                                                   " const was = l.scrollTop; l.scrollTop = Math.round(was);"
                                                   " return [was, l.scrollTop]; })()")
                            errors.setdefault("scroll", []).append(f"{key}: {scroll}")
                            page.wait_for_timeout(200)
                        if name == "lobby":
                            # the time of day of each game's last change: the same text in both runs
                            page.evaluate("for (const el of document.querySelectorAll('.when'))"
                                          " el.textContent = '· 00:00';")
                        page.mouse.move(0, 0)
                        if choice:
                            page.select_option("#create-game", choice)
                            page.evaluate("document.activeElement && document.activeElement.blur()")
                            page.wait_for_timeout(200)
                            page.locator("#create").screenshot(path=str(out / f"{key}.png"),
                                                               animations="disabled", caret="hide")
                        else:
                            page.screenshot(path=str(out / f"{key}.png"), full_page=True,
                                            animations="disabled", caret="hide")
                        errors[key] = errs
                        context.close()
            browser.close()
    finally:
        server.stop()
    (out / "errors.json").write_text(json.dumps(errors, indent=1))
    print(f"{sum(1 for _ in out.glob('*.png'))} screenshots in {out}")


def compare(before: Path, after: Path) -> int:
    from PIL import Image, ImageChops

    same = differ = 0
    for a in sorted(before.glob("*.png")):
        if a.name.endswith(".diff.png"):
            continue
        b = after / a.name
        if not b.exists():
            print(f"{a.name}: missing in {after}")
            differ += 1
            continue
        ia, ib = Image.open(a).convert("RGB"), Image.open(b).convert("RGB")
        if ia.size != ib.size:
            print(f"{a.name}: size {ia.size} -> {ib.size}")
            differ += 1
            continue
        diff = ImageChops.difference(ia, ib)
        box = diff.getbbox()
        if box is None:
            same += 1
            continue
        r, g, b = diff.split()
        mask = ImageChops.lighter(ImageChops.lighter(r, g), b).point(lambda v: 255 if v else 0)
        count = mask.histogram()[255]
        mask.save(after / a.name.replace(".png", ".diff.png"))
        most = max(hi for _, hi in diff.getextrema())
        print(f"{a.name}: {count} pixels differ, in the box {box}, by at most {most} of 255")
        differ += 1
    print(f"{same} identical, {differ} different")
    return 0 if differ == 0 else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("shoot", help="take the screenshots of one tree")
    s.add_argument("--tree", type=Path, default=Path("."), help="the tree whose thebes is served (PYTHONPATH)")
    s.add_argument("--out", type=Path, required=True, help="folder for the PNG files")
    c = sub.add_parser("compare", help="compare two folders of screenshots pixel by pixel")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    args = parser.parse_args()
    if args.command == "shoot":
        shoot(args.tree, args.out)
        return 0
    return compare(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
