"""A second, brute-force reading of the spec's legal moves, built from the public
observation only, compared with the engine's legal events at many random positions."""

import itertools
import random

from thebes.core import TERMINAL

from pharaohs_heir_support import new, step

COLS = "vtc"
NAMES = {"v": "village", "t": "temple", "c": "crop"}
BUILDING = {"v": "market", "t": "altar", "c": "farm"}


def tiles_of(mat):
    """[(pos, tile dict)] in canonical order."""
    return [(t["pos"], t) for col in ("village", "temple", "crop") for t in mat["columns"][col]]


def splits(positions, caps, total):
    """Every {pos: k} with sum == total, 0 <= k <= cap (canonical position order)."""
    out = []

    def rec(i, left, acc):
        if i == len(positions):
            if left == 0:
                out.append(list(acc))
            return
        for k in range(min(caps[i], left) + 1):
            acc.append((positions[i], k))
            rec(i + 1, left - k, acc)
            acc.pop()

    rec(0, total, [])
    return [" ".join(f"{p}:{k}" for p, k in s if k) for s in out]


def adjacent(a, b):
    ca, ra = COLS.index(a[0]), int(a[1:])
    cb, rb = COLS.index(b[0]), int(b[1:])
    return (ca == cb and abs(ra - rb) == 1) or (ra == rb and abs(ca - cb) == 1)


def oracle(obs):
    seat = obs["to_move"]
    phase = obs["phase"]
    mat = obs["mats"][seat]
    tiles = tiles_of(mat)
    overseer = seat == obs["overseer"]
    if phase == "choose":
        return set(obs["actions_left"])
    if phase == "take":
        ups = {s["face_up"] for s in obs["land"]["stacks"] if s["face_up"]}
        return {f"take {t} {col}" for t in ups for col in ("village", "temple", "crop")
                if overseer or t.startswith(col)}
    if phase == "offer":
        temples = [(p, t["tokens"]) for p, t in tiles if p[0] == "t" and t["tokens"]]
        total = min(obs["due"], mat["grain"] + sum(k for _, k in temples))
        out = set()
        for g in range(min(mat["grain"], total) + 1):
            for s in splits([p for p, _ in temples], [k for _, k in temples], total - g):
                out.add(f"offer {g} {s}".strip())
        return out
    if phase == "bonus":
        return {"bonus", "peek"} if obs["turn"] < 6 else {"bonus"}
    if phase in ("place", "unrest"):
        where = [p for p, _ in tiles] if phase == "place" else ["v0", "t0", "c0"]
        x = obs["pending"]
        return {"place " + s for s in splits(where, [x] * len(where), x)}
    if phase == "reap":
        crops = [(p, t["tokens"]) for p, t in tiles if p[0] == "c" and t["tokens"]]
        out = set()
        for ks in itertools.product(*(range(k + 1) for _, k in crops)):
            words = " ".join(f"{p}:{k}" for (p, _), k in zip(crops, ks) if k)
            out.add(f"reap {words}".strip())
        return out
    if phase == "starve":
        populated = [p for p, t in tiles if t["tokens"]]
        return {"starve " + " ".join(c) for c in itertools.combinations(populated, obs["pending"])}
    if phase == "protect":
        built = [p for p, t in tiles if t["building"]]
        n = min(sum(mat["floodwalls"]), len(built))
        return {"protect " + " ".join(c) for c in itertools.combinations(built, n)}
    if phase == "pay":
        populated = [(p, t["tokens"]) for p, t in tiles if t["tokens"]]
        return {"pay " + s for s in splits([p for p, _ in populated],
                                           [k for _, k in populated], obs["pending"])}
    if phase == "build":
        tok = {p: t["tokens"] for p, t in tiles}
        total = sum(tok.values())
        canals = {p for p, t in tiles if t["canal"]}
        out = {"pass"}
        canal_options = [None] + [p for p, _ in tiles]
        buildings = [None] + [("floodwall", x, None) for x in set(mat["reserve"])] + [
            (BUILDING[p[0]], x, p) for p, t in tiles for x in set(mat["reserve"])]
        for canal in canal_options:
            for b in buildings:
                if canal is None and b is None:
                    continue
                if canal is not None:
                    if canal in canals or mat["grain"] < 1:
                        continue
                    if not (canal.endswith("0") and len(canal) == 2) and not any(
                            adjacent(canal, c) for c in canals):
                        continue
                if b is not None and b[2] is not None and tiles[[p for p, _ in tiles].index(
                        b[2])][1]["building"]:
                    continue
                need_canal = 1 if canal else 0
                x = b[1] if b else 0
                if overseer:
                    ok = total >= need_canal + x
                else:
                    ok = True
                    if canal:
                        ok = tok[canal] >= 1 + (x if b and b[2] == canal else 0)
                    if b and b[2] is not None:
                        ok = ok and tok[b[2]] >= x + (1 if canal == b[2] else 0)
                    if b and b[2] is None:
                        ok = ok and total - need_canal >= x
                if not ok:
                    continue
                words = ["build"]
                if canal:
                    words += ["canal", canal]
                if b:
                    words += [b[0], str(b[1])] + ([b[2]] if b[2] else [])
                out.add(" ".join(words))
        return out
    raise AssertionError(phase)


def test_the_engine_and_a_brute_force_reading_agree_on_every_legal_move_set():
    checked = 0
    for players, pp in ((3, 2), (4, 2), (3, 1)):
        for seed in range(10):
            rng = random.Random(seed)
            state = new(players, pp)
            while state.current_player() != TERMINAL:
                if not state.is_chance_node():
                    obs = state.observation(state.current_player())
                    assert set(state.legal_events()) == oracle(obs), obs["phase"]
                    assert len(state.legal_events()) == len(set(state.legal_events()))
                    checked += 1
                step(state, rng)
    assert checked > 8000
