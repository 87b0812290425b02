"""Load check: many concurrent games driven by bots, watched over sockets.

    thebes serve --bot-delay 0 &            # a server to load (any database)
    python -m thebes.server.loadcheck --url http://127.0.0.1:8000 --games 30

Creates ``--games`` Ra games, each with one human seat played by this script
over its socket (a random legal move whenever it is to move) and bots in the
other seats, plus one spectator socket per game; checks every socket got
every log line exactly once, in order; prints the events per second and the
lobby's answer times while the games run. Needs ``httpx`` (a test
dependency) and ``websockets`` (installed with uvicorn[standard]).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import time


async def _play(base_ws: str, game_id: str, token: str | None, rng: random.Random) -> tuple[int, int]:
    import websockets

    url = f"{base_ws}/api/games/{game_id}/ws" + (f"?token={token}" if token else "")
    seen: list[int] = []
    messages = 0
    async with websockets.connect(url, max_size=None) as ws:
        while True:
            m = json.loads(await ws.recv())
            messages += 1
            if m["type"] != "view":
                continue
            seen.extend(line["index"] for line in m["log"])
            if m["status"] == "finished":
                if seen != list(range(len(seen))):
                    raise AssertionError(f"game {game_id}: log lines missing or repeated")
                return messages, m["version"]
            if token and m["to_move"] == m["seat"] and m["legal"]:
                await ws.send(json.dumps({"type": "move", "move": rng.choice(m["legal"]),
                                          "version": m["version"]}))


async def _lobby_latency(client: object, stop: asyncio.Event, out: list[float]) -> None:
    while not stop.is_set():
        t = time.perf_counter()
        await client.get("/api/games")  # type: ignore[attr-defined]
        out.append(time.perf_counter() - t)
        await asyncio.sleep(0.2)


async def run(url: str, games: int, players: int, bot: str, seed: int) -> int:
    import httpx

    base_ws = url.replace("http://", "ws://").replace("https://", "wss://")
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        made = []
        for _ in range(games):
            r = await client.post("/api/games", json={
                "game": "ra", "players": players,
                "seats": [{"kind": "human", "name": "load"}] + [{"kind": "bot", "bot": bot}] * (players - 1)})
            r.raise_for_status()
            body = r.json()
            made.append((body["game"]["id"], body["links"][0]["token"]))
        stop = asyncio.Event()
        latency: list[float] = []
        watcher = asyncio.create_task(_lobby_latency(client, stop, latency))
        t0 = time.perf_counter()
        results = await asyncio.gather(
            *[_play(base_ws, gid, token, random.Random(rng.random())) for gid, token in made],
            *[_play(base_ws, gid, None, rng) for gid, _ in made])
        elapsed = time.perf_counter() - t0
        stop.set()
        await watcher
    events = sum(v for _m, v in results[:games])
    messages = sum(m for m, _v in results)
    print(f"{games} games, {events} events, {messages} socket messages in {elapsed:.1f} s: "
          f"{events / elapsed:.0f} events/s")
    if latency:
        print(f"lobby answer while loaded: median {statistics.median(latency) * 1e3:.0f} ms, "
              f"max {max(latency) * 1e3:.0f} ms ({len(latency)} requests)")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m thebes.server.loadcheck", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--url", default="http://127.0.0.1:8000")
    p.add_argument("--games", type=int, default=30)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--bot", default="greedy")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    return asyncio.run(run(args.url.rstrip("/"), args.games, args.players, args.bot, args.seed))


if __name__ == "__main__":
    sys.exit(main())
