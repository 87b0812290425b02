"""The issue-16 attacks against a real `thebes serve` process, with the figures docs/security.md shows.

Usage: .venv/bin/python benchmarks/attack_server.py [--http 7000] [--socket 3000] [--uploads 500]
       [--database URL] [--seed 1]

Starts `thebes serve` on a free 127.0.0.1 port (a fresh SQLite file unless --database is given; for
PostgreSQL give a URL to an empty database or schema), then:

1. fuzz: --http random HTTP requests (valid requests with one odd leaf, raw garbage, odd paths
   and queries), --uploads malformed record uploads (plus one 50 MB body) and --socket random
   socket messages, with the rates raised so that the requests reach the routes; counts the
   answers >= 500, the ERROR lines in the server's log (and lines showing a token), and its
   resident memory before and after;
2. burst: a second server with the default limits gets 1,000 game creations from one client;
   counts how many were created and how many refused with 429 + Retry-After.

Needs httpx (a test dependency) and websockets (installed with uvicorn[standard]).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

WEIRD = ["\u0000", "a\u0000b", "\ud800", "9" * 5000, "[" * 3000, "é", "", " ", "%00", "x" * 700,
         None, True, -1, 2 ** 70, 1.5, [], {}, "ra", "sarcophagus", "add 1", "bid 9"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def serve(database: str, env: dict[str, str], log: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    thebes = str(Path(sys.executable).parent / "thebes")
    proc = subprocess.Popen([thebes, "serve", "--port", str(port),
                             "--database", database, "--bot-delay", "0"],
                            env={**os.environ, **env}, stdout=log.open("w"),
                            stderr=subprocess.STDOUT)
    import httpx
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            if httpx.get(url + "/api/meta", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit(f"the server did not start; its log: {log}")


def mutate(value, rng: random.Random):
    if not isinstance(value, (dict, list)) or not value or rng.random() < 0.15:
        return rng.choice(WEIRD)
    if isinstance(value, list):
        i = rng.randrange(len(value))
        return value[:i] + [mutate(value[i], rng)] + value[i + 1:]
    out = dict(value)
    key = rng.choice(sorted(out))
    out[key] = mutate(out[key], rng)
    return out


def encode(value) -> bytes:
    try:
        return json.dumps(value).encode()
    except ValueError:
        return b"{}"


async def fuzz(url: str, http: int, uploads: int, sock: int, rng: random.Random) -> dict[str, int]:
    import httpx
    import websockets
    out = {"requests": 0, "5xx": 0, "socket messages": 0, "socket 5xx": 0}
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        made = (await client.post("/api/games", json={"game": "sarcophagus", "players": 2,
                                                      "seats": [{"kind": "human", "name": "A"},
                                                                {"kind": "human", "name": "B"}]})).json()
        gid, tokens = made["game"]["id"], [link["token"] for link in made["links"]]
        from thebes.cli import selfplay_record
        record = selfplay_record("ra", 3, 1, {}).to_dict()
        record["events"] = record["events"][:20]
        del record["result"]
        templates = {
            ("post", "/api/games"): {"game": "sarcophagus", "players": 2, "options": {},
                                     "seats": [{"kind": "human", "name": "A"}, {"kind": "bot", "bot": "random"}]},
            ("post", f"/api/games/{gid}/join"): {"name": "Bob", "seat": 2},
            ("post", f"/api/games/{gid}/name"): {"token": tokens[0], "name": "Ann"},
            ("post", f"/api/games/{gid}/moves"): {"token": tokens[0], "move": "x", "version": 1},
            ("post", "/api/records"): {"record": record, "mode": "continue",
                                       "seats": [{"kind": "human", "name": "C"}, {"kind": "bot"}, {"kind": "bot"}]},
        }
        gets = ["/api/games", f"/api/games/{gid}", f"/api/games/{gid}/view", f"/api/games/{gid}/replay",
                f"/api/games/{gid}/record", "/api/games/%00/view", "/play/" + gid, "/api/meta"]

        async def one(method: str, path: str, **kw) -> None:
            r = await client.request(method, path, **kw)
            out["requests"] += 1
            out["5xx"] += r.status_code >= 500

        for i in range(http):
            roll = rng.random()
            if roll < 0.6:
                (method, path), body = rng.choice(sorted(templates.items(), key=str))
                await one("POST", path, content=encode(mutate(body, rng)),
                          headers={"content-type": "application/json"})
            elif roll < 0.8:
                junk = bytes(rng.randrange(256) for _ in range(rng.randrange(60)))
                await one("POST", rng.choice([p for _m, p in templates]), content=junk,
                          headers={"content-type": "application/json"})
            else:
                q = {"token": str(rng.choice(WEIRD + tokens)), "since": str(rng.choice(WEIRD)),
                     "at": str(rng.randint(-5, 10 ** 6))}
                query = "&".join(f"{k}={quote(v, safe='', errors='surrogatepass')}" for k, v in q.items())
                await one("GET", rng.choice(gets) + "?" + query)
        texts = ["9" * 5000, "[" * 100_000 + "]" * 100_000, "{" * 50_000, "\"\\u0000\"", "null",
                 json.dumps({"game": "ra", "players": 3, "events": ["bid 99"]})]
        for i in range(uploads):
            text = rng.choice(texts) if rng.random() < 0.5 else encode(mutate(record, rng)).decode()
            await one("POST", "/api/records", content=encode({"record": text, "mode": rng.choice(["view", "continue"])}),
                      headers={"content-type": "application/json"})
        await one("POST", "/api/records", content=b'{"record": "' + b"x" * 50_000_000 + b'"}',
                  headers={"content-type": "application/json"})
    ws_url = url.replace("http://", "ws://") + f"/api/games/{gid}/ws?token={tokens[1]}"
    async with websockets.connect(ws_url, max_size=None, ping_interval=None) as ws:
        await ws.recv()
        for i in range(sock):
            value = mutate({"type": "move", "move": "x", "version": 1}, rng) if rng.random() < 0.7 \
                else "".join(rng.choice("[]{}\",:0 9abx\\u") for _ in range(rng.randrange(80)))
            text = value if isinstance(value, str) else encode(value).decode()
            if os.environ.get("ATTACK_DEBUG"):
                print(i, repr(text[:80]), flush=True)
            try:
                text.encode()
                await ws.send(text)
            except UnicodeEncodeError:   # not text: sent as a binary frame of its bytes
                await ws.send(text.encode("utf-8", "surrogatepass"))
            reply = json.loads(await ws.recv())
            out["socket messages"] += 1
            out["socket 5xx"] += reply.get("status", 0) >= 500
    return out


def burst(url: str, n: int) -> dict[str, int]:
    import httpx
    codes: dict[int, int] = {}
    retry_after = 0
    with httpx.Client(base_url=url, timeout=30) as client:
        for _ in range(n):
            r = client.post("/api/games", json={"game": "sarcophagus", "players": 2})
            codes[r.status_code] = codes.get(r.status_code, 0) + 1
            retry_after += r.status_code == 429 and "retry-after" in r.headers
    return {"created": codes.get(201, 0), "refused 429": codes.get(429, 0),
            "429 with Retry-After": retry_after, "other": n - codes.get(201, 0) - codes.get(429, 0)}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--http", type=int, default=7000)
    p.add_argument("--uploads", type=int, default=500)
    p.add_argument("--socket", type=int, default=3000)
    p.add_argument("--database", help="SQLAlchemy URL (default: a fresh SQLite file)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="thebes-attack-"))
    many = "100000000/minute"
    relaxed = {f"THEBES_RATE_{k}": many for k in ("CREATE", "UPLOAD", "HINT", "SOCKET", "REQUEST")}
    relaxed["THEBES_LIVE_GAMES"] = "100000000"
    proc, url = serve(args.database or str(tmp / "fuzz.db"), relaxed, tmp / "fuzz.log")
    try:
        time.sleep(1)
        before = rss_mb(proc.pid)
        t = time.perf_counter()
        counts = asyncio.run(fuzz(url, args.http, args.uploads, args.socket, random.Random(args.seed)))
        took = time.perf_counter() - t
        after = rss_mb(proc.pid)
    finally:
        proc.terminate()
        proc.wait(15)
    lines = (tmp / "fuzz.log").read_text().splitlines()
    errors = [line for line in lines if line.startswith("ERROR")]
    tokens = [line for line in lines if re.search(r"token=[^&\s\"\[]", line)]
    print(f"fuzz: {counts} in {took:.0f} s; ERROR log lines: {len(errors)}; log lines with a token: "
          f"{len(tokens)}; "
          f"server RSS {before:.0f} MB -> {after:.0f} MB ({after - before:+.0f} MB)")
    for line in errors[:5]:
        print("  " + line)
    proc, url = serve(str(tmp / "burst.db") if not args.database else args.database, {}, tmp / "burst.log")
    try:
        print(f"burst of 1000 creations, default limits: {burst(url, 1000)}")
    finally:
        proc.terminate()
        proc.wait(15)
    return 0 if counts["5xx"] == counts["socket 5xx"] == len(errors) == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
