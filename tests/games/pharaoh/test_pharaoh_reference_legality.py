"""Differential test: the engine's legal events against a slow reading of the spec written
from the observation alone (shared/spec/pharaoh.md, Setup, Dice action, Build action)."""

import random

import pytest

from pharaoh_helpers import GAME
from thebes.core import CHANCE, TERMINAL

LETTERS = "abcdef"
SQUARES = [f"{x}{y}" for x in LETTERS for y in range(1, 7)]
RES = ["labour", "grain", "gold", "material"]
COSTS = {"housing": {"grain": 1}, "road": {}, "industrial": {"gold": 1},
         "farming": {"labour": 1}, "treasury": {"grain": 1, "material": 1},
         "admin": {"gold": 2}, "military": {"labour": 1, "grain": 1},
         "guild": {"material": 1, "gold": 1}, "religious": {"gold": 1, "labour": 1},
         "monument": {"material": 2, "gold": 2}}
ENTRY = {1: "train", 5: "train", 2: "harvest", 8: "harvest", 3: "collect", 7: "collect",
         4: "produce", 9: "produce", 6: "none", 11: "none", 10: "flood", 12: "invasion"}
NEEDS = {"train": "housing", "harvest": "farming", "collect": "treasury", "produce": "industrial"}


def reference_legal(obs):
    phase = obs["phase"]
    terrain = set(obs["hills"]) | set(obs["rivers"])
    if phase == "objective roll":
        return {f"objectives {a} {b}" for a in range(1, 7) for b in range(a, 7)}
    if phase in ("hill roll", "river roll"):
        return {f"{phase.split()[0]} {sq}" for sq in SQUARES if sq not in terrain}
    if phase == "roll":
        return {f"roll {a} {b}" for a in range(1, 7) for b in range(1, 7)}
    if phase == "over":
        return set()
    me = obs["seats"][obs["to_move"]]
    empty = [sq for sq in SQUARES if sq not in terrain and sq not in me["sheet"]]
    if phase == "starting housing":
        return {f"build housing {sq}" for sq in empty}
    if phase == "starting resources":
        return {f"take {RES[i]} {RES[j]}" for i in range(4) for j in range(i, 4)}
    if phase == "guild resource":
        return {f"take {r}" for r in RES}
    if phase == "erase":
        return {f"erase {sq}" for sq in me["sheet"]}
    if phase in ("build action", "free build"):
        out = {"skip"}
        for kind, cost in COSTS.items():
            if phase == "free build" and kind == "admin":
                continue
            if kind == "monument" and me["monuments_drawn"] >= 4:
                continue
            if phase == "build action" and any(me["storage"][r] < n for r, n in cost.items()):
                continue
            out |= {f"build {kind} {sq}" for sq in empty}
        return out
    assert phase == "dice action"
    if obs["forced"]:
        return {f"action {obs['forced']}"}
    a, b = me["dice"]
    kinds = list(me["sheet"].values())
    out = set()
    for entry in (a, b, a + b):
        name = ENTRY[entry]
        if name not in NEEDS or NEEDS[name] in kinds:
            out.add(f"action {name}")
    if not out:
        out.add("action none")
    if not me["shifted"]:
        for d, die in ((1, a), (2, b)):
            for delta in (-1, 1):
                if 1 <= die + delta <= 6:
                    out |= {f"shift {d} {delta:+d} {r}" for r in RES if me["storage"][r] > 0}
    return out


@pytest.mark.parametrize("players, objectives", [(1, False), (1, True), (2, True), (3, False)])
def test_the_legal_events_match_a_reading_of_the_spec_at_every_step(players, objectives):
    for seed in range(120 if players == 1 else 50):
        rng = random.Random(seed)
        state = GAME.new_initial_state(players, {"objectives": objectives})
        while True:
            obs = state.observation(None)
            assert set(state.legal_events()) == reference_legal(obs), obs["phase"]
            assert len(state.legal_events()) == len(set(state.legal_events()))
            player = state.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                outcomes = state.chance_outcomes()
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
                action = state.sample_chance(rng)
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)


POINTS = {"housing": 0, "road": 0, "industrial": 0, "farming": 0, "treasury": 0, "admin": 2,
          "military": 2, "guild": 2, "religious": 2, "monument": 5}
OBJ_POINTS = {1: 2, 2: 3, 3: 2, 4: 2, 5: 3, 6: 3, 7: 2, 8: 2, 9: 3, 10: 3, 11: 2, 12: 2}


def neighbours(sq):
    x, y = LETTERS.index(sq[0]), int(sq[1])
    out = []
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= x + dx < 6 and 1 <= y + dy <= 6:
            out.append(f"{LETTERS[x + dx]}{y + dy}")
    return out


def reference_round(obs, seat, happened, done):
    """The round score of ``seat`` from the sheet at the end of the round (spec, Scoring)."""
    me = obs["seats"][seat]
    tiles = dict(me["sheet"])
    tiles.update({sq: "river" for sq in obs["rivers"]})
    want = {"housing": "road", "admin": "road", "farming": "river", "treasury": "admin"}
    score = 0
    for sq in happened["drawn"]:
        kind = tiles[sq]
        bonus = 0
        if kind in want:
            bonus = int(any(tiles.get(n) == want[kind] for n in neighbours(sq)))
        elif kind == "industrial":
            bonus = int(sq[0] in "af" or sq[1] in "16")
        score += POINTS[kind] + bonus
    if happened["invaded"]:
        score -= 2
    kinds = list(me["sheet"].values())
    roads = [sq for sq, k in me["sheet"].items() if k == "road"]
    holds = {1: kinds.count("housing") >= 3, 2: kinds.count("housing") >= 4,
             3: happened["flood prevented"], 4: happened["invasion prevented"],
             5: happened["produced 3"], 6: happened["collected 3"],
             7: max(me["storage"].values()) >= 4,
             8: any(n in roads for sq in roads for n in neighbours(sq)),
             9: {"military", "admin", "guild"} <= set(kinds),
             10: {"religious", "admin", "guild"} <= set(kinds),
             11: kinds.count("monument") >= 2, 12: kinds.count("industrial") >= 2}
    for n in obs["marked"]:
        if n not in done and holds[n]:
            done.add(n)
            score += OBJ_POINTS[n]
    return score


@pytest.mark.parametrize("players, objectives", [(1, True), (2, True), (1, False)])
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_round_scores_match_a_reading_of_the_spec(players, objectives, bot):
    from thebes.bots import make_bot
    for seed in range(40 if bot == "random" else 8):
        rng = random.Random(seed)
        bots = [make_bot(bot, "pharaoh", s, random.Random(100 + s)) for s in range(players)]
        state = GAME.new_initial_state(players, {"objectives": objectives})
        done = [set() for _ in range(players)]
        happened = None
        while not state.is_terminal():
            obs = state.observation(None)
            player = state.current_player()
            action = state.sample_chance(rng) if player == CHANCE else bots[player].choose(state)
            text = state.action_to_text(action).split()
            if text[0] == "roll":
                happened = [{"drawn": [], "invaded": False, "flood prevented": False,
                             "invasion prevented": False, "produced 3": False,
                             "collected 3": False} for _ in range(players)]
            elif player >= 0 and happened is not None:
                me, h = obs["seats"][player], happened[player]
                kinds = list(me["sheet"].values())
                if text[0] == "build":
                    h["drawn"].append(text[2])
                elif text == ["action", "flood"]:
                    h["flood prevented"] = me["preventions"]["flood"] > 0
                elif text == ["action", "invasion"]:
                    h["invasion prevented"] = me["preventions"]["invasion"] > 0
                    h["invaded"] = not h["invasion prevented"]
                elif text == ["action", "produce"]:
                    h["produced 3"] = kinds.count("industrial") >= 3
                elif text == ["action", "collect"]:
                    h["collected 3"] = kinds.count("treasury") >= 3
            written = len(obs["seats"][0]["round_scores"])
            state.apply_action(action)
            after = state.observation(None)
            if len(after["seats"][0]["round_scores"]) > written:
                for s in range(players):
                    expected = reference_round(after, s, happened[s], done[s])
                    assert after["seats"][s]["round_scores"][-1] == expected
                    assert sorted(done[s]) == after["seats"][s]["objectives_done"]
