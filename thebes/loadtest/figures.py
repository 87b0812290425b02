"""The figures of ``thebes loadtest`` (thebes/loadtest/cli.py): server processes' RSS and open
descriptors read from /proc, percentiles, and the report a person reads."""

from __future__ import annotations

import os
from typing import Any


def listening_pids(port: int) -> list[int]:
    """Processes of this machine with a TCP socket listening on ``port`` (Linux /proc)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = open(table).read().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            cols = line.split()
            if len(cols) > 9 and cols[3] == "0A" and int(cols[1].rsplit(":", 1)[1], 16) == port:
                inodes.add(cols[9])
    pids = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            for fd in os.listdir(f"/proc/{name}/fd"):
                target = os.readlink(f"/proc/{name}/fd/{fd}")
                if target.startswith("socket:[") and target[8:-1] in inodes:
                    pids.append(int(name))
                    break
        except OSError:
            continue
    return sorted(pids)


def process_figures(pids: list[int]) -> dict[str, Any]:
    """``{"pids", "rss_mb", "fds", "cpu_s"}`` summed over the live ones of ``pids`` (``cpu_s``:
    user + system CPU seconds since each process started, from /proc/PID/stat)."""
    rss_kb, fds, ticks, alive = 0, 0, 0, []
    for pid in pids:
        try:
            with open(f"/proc/{pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        rss_kb += int(line.split()[1])
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])      # utime, stime (fields 14 and 15)
            fds += len(os.listdir(f"/proc/{pid}/fd"))
            alive.append(pid)
        except OSError:
            continue
    return {"pids": alive, "rss_mb": round(rss_kb / 1024, 1), "fds": fds,
            "cpu_s": round(ticks / os.sysconf("SC_CLK_TCK"), 2)}


def percentiles(values: list[float]) -> dict[str, float | None]:
    """p50/p95/p99/max in milliseconds (nearest rank)."""
    if not values:
        return {"n": 0, "p50": None, "p95": None, "p99": None, "max": None}
    ordered = sorted(values)

    def rank(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1e3, 2)

    return {"n": len(ordered), "p50": rank(0.50), "p95": rank(0.95), "p99": rank(0.99),
            "max": round(ordered[-1] * 1e3, 2)}


# ---------------------------------------------------------------------- report
def print_report(r: dict[str, Any]) -> None:
    c = r["config"]
    rt, fo = r["round_trip_ms"], r["fanout_ms"]
    print(f"thebes loadtest: {c['games']} live {c['game']} games at {c['url']}, think "
          f"{c['think_s']} s, {c['spectators']} spectator(s) each, {r['elapsed_s']} s")
    print(f"  games started {r['games_started']}, finished {r['games_finished']}, "
          f"sockets {r['sockets']}, reconnects {r['reconnects']}, longest wait for the "
          f"bots {r['longest_wait_for_bots_s']} s")
    print(f"  games created and their sockets opened in {r['setup_s']} s, then a warm-up of "
          f"{c['warm_up']} s, then measured for {r['measured_s']} s")
    print(f"  moves {r['moves']} ({r['moves_per_s']}/s), events {r['events']} "
          f"({r['events_per_s']}/s)")
    cpu = r.get("server_cpu")
    if cpu:
        print(f"  server CPU {cpu['cpu_s']} s over the run ({cpu['cores']} of a core), "
              f"{cpu['ms_per_event']} ms an event")
    print(f"  round trip ms: p50 {rt['p50']}  p95 {rt['p95']}  p99 {rt['p99']}  max {rt['max']} "
          f"(n={rt['n']})")
    print(f"  fan-out ms:    p50 {fo['p50']}  p95 {fo['p95']}  p99 {fo['p99']}  max {fo['max']} "
          f"(n={fo['n']})")
    lag = r["load_generator_lag_ms"]
    if lag["n"]:
        print(f"  this load generator's own loop lag ms: p50 {lag['p50']}  p99 {lag['p99']}  "
              f"max {lag['max']} (included in every figure above)")
    bw = r.get("bot_wait_s")
    if bw and bw["n"]:
        print(f"  each wait for the bots s: p50 {bw['p50']}  p95 {bw['p95']}  p99 {bw['p99']}  "
              f"max {bw['max']} (n={bw['n']})")
        bm = r["bot_move_s"]
        print(f"  the same per bot move s:  p50 {bm['p50']}  p95 {bm['p95']}  p99 {bm['p99']}  "
              f"max {bm['max']}")
    st = r.get("starver")
    if st:
        print(f"  starving client from {st['address']}: {st['games']} games of {st['players']} "
              f"{st['bot']} {st['game']} seats kept going: {st['games_created']} created, "
              f"{st['events']} events in them, "
              f"{st['refused']} refused (429), {st['errors']} other refusals"
              + (f"; last: {st['last_refusal']}" if st["last_refusal"] else ""))
    print(f"  errors: {sum(r['errors'].values())} {r['errors'] or ''}")
    if any("429" in kind for kind in r["errors"]):
        print("  (429: the server's limits refused this load; run it with the load-test "
              "settings of docs/deploy.md)")
    d = r["delivery"]
    print(f"  delivery: {d['sockets_checked']} sockets, {d['lines_checked']} lines checked "
          f"against the stored games, {d['mismatched']} mismatched, "
          f"{len(d['problems'])} problems" + (f" ({d['views_asked_again']} final views asked "
          f"again: a process still catching up)" if d.get("views_asked_again") else ""))
    for p in d["problems"]:
        print(f"    {p}")
    b, a = r["server_before"], r["server_after"]
    print(f"  server {b['pids']}: RSS {b['rss_mb']} -> {a['rss_mb']} MB, "
          f"open fds {b['fds']} -> {a['fds']}")
    if r["churn"]:
        ch = r["churn"]
        print(f"  churn: {ch['sockets']} sockets opened and closed, fds {ch['fds_before']} -> "
              f"{ch['fds_after']} ({'back' if ch['ok'] else 'NOT back'})")
    print("  OK" if r["ok"] else "  FAILED")
