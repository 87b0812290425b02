"""Pharaoh's Heir's log says, in words, what the rules did between moves (thebes/games/pharaohs_heir/web/log.js).

Node runs the page's ``narrate`` over random games (3 and 4 players, and the
one-piecepack variant), each log line as seat 1 reads it. Against the engine:
"Year T of cycle C begins" stands exactly on the events after which the engine
starts a new year (with that year's Nile tile in words), the first cycle's
scoring on the event after which the engine has scored it (with its VPs per
area), the Time of Unrest right there, and the game's end on the last event
with the engine's ranking. Every prefix of a game, read as a live page reads it
(the observation after that prefix), says the same of its last event as the
finished game's log; and the whole log read with an early observation still marks
every year and the first cycle's end (the fold's own rule for Population's moves). Skips with a visible reason without Node.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from thebes.core import CHANCE, TERMINAL, get_game

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))   # tests/web: webnode

from webnode import needs_node, run_modules  # noqa: E402

pytestmark = needs_node

SCRIPT = """
globalThis.navigator = { language: "en" };
const { readFileSync } = await import("node:fs");
const { narrate } = await import("./games/pharaohs-heir/table.js");
const i18n = await import("./i18n.js");
const DATA = JSON.parse(readFileSync(new URL("./data.json", import.meta.url)));
const out = DATA.map((g) => {
  const whole = narrate(g.log, g.names, i18n.t, g.obs[g.obs.length - 1]);
  // a live page after each event: the words of its last line
  const live = g.log.map((_, k) => { const w = narrate(g.log.slice(0, k + 1), g.names, i18n.t, g.obs[k]); return w[k]; });
  // the replay viewer near the start: the whole log, the observation of event 4
  const early = narrate(g.log, g.names, i18n.t, g.obs[3]);
  return { whole, live, early };
});
console.log(JSON.stringify(out));
"""

QUIET = ("unrest", "land", "nile", "blessing", "end")


def random_game(players: int, seed: int, options: dict | None = None) -> dict:
    """A random game: log lines as seat 1 reads them, seat 1's observation after each event."""
    rng = random.Random(seed)
    state = get_game("pharaohs-heir").new_initial_state(players, options or {})
    log, obs = [], []
    while state.current_player() != TERMINAL:
        player = state.current_player()
        action = state.sample_chance(rng) if player == CHANCE else rng.choice(list(state.legal_actions()))
        log.append({"index": len(log), "seat": player + 1 if player >= 0 else None,
                    "event": state.event_for_seat(action, 0)})
        state.apply_action(action)
        obs.append(state.observation(0))
    return {"log": log, "obs": obs, "names": [f"P{i + 1}" for i in range(players)],
            "ranking": state.ranking()}


def engine_marks(game: dict) -> tuple[list[int], int]:
    """The events after which the engine starts a new year, and the one after which it
    has scored the first cycle."""
    years, last, scored = [], None, None
    for i, o in enumerate(game["obs"]):
        key = None if o["phase"] in QUIET else (o["cycle"], o["turn"])
        if key is not None and key != last:
            years.append(i)
            last = key
        if scored is None and any(any(a) for a in o["vp"][0]):
            scored = i
    return years, scored


@pytest.fixture(scope="module")
def narrated(tmp_path_factory):
    # seeds whose first cycle ends with Population followed by the Time of Unrest's `place`
    # moves, in a numbered year (3/2, 4/0) and a flood or drought (3/5, 4/15, variant 11):
    # the hardest place to tell where the cycle ends
    games = [random_game(3, 2), random_game(3, 5), random_game(4, 0), random_game(4, 15),
             random_game(3, 11, {"piecepacks": 1}), random_game(4, 4)]
    return games, run_modules(tmp_path_factory.mktemp("heir"), SCRIPT, games)


def test_each_year_is_announced_where_the_engine_starts_it_with_its_nile_tile(narrated):
    for game, words in zip(*narrated):
        years, _ = engine_marks(game)
        said = [i for i, w in enumerate(words["whole"]) if " begins." in w]
        assert said == years and len(years) == 12
        for i in years:
            o = game["obs"][i]
            assert f"Year {o['turn']} of cycle {o['cycle']} begins." in words["whole"][i]
            tile = o["nile"]["tile"]
            expect = {"flood": "The Nile floods", "drought": "Drought:"}.get(tile, f"The Nile tile is a {tile}:")
            assert expect in words["whole"][i]
            assert f"P{o['blessing'] + 1} holds Pharaoh's Blessing" in words["whole"][i]


def test_the_first_cycle_s_scores_and_the_unrest_stand_on_the_event_that_ended_it(narrated):
    for game, words in zip(*narrated):
        _, scored = engine_marks(game)
        said = [i for i, w in enumerate(words["whole"]) if "Cycle 1 is over and scored" in w]
        assert said == [scored]
        line = words["whole"][scored]
        assert "Time of Unrest" in line and ". Cycle 1 is over" in line
        vp = game["obs"][-1]["vp"][0]
        for p, areas in enumerate(vp):
            assert (f"P{p + 1} {sum(areas)} VP (Harvest {areas[0]}, Gods {areas[1]}, Land {areas[2]}, "
                    f"People {areas[3]}, Buildings {areas[4]})") in line


def test_the_last_event_says_the_game_is_over_with_the_engine_s_ranking(narrated):
    for game, words in zip(*narrated):
        said = [i for i, w in enumerate(words["whole"]) if "The game is over" in w]
        assert said == [len(game["log"]) - 1]
        last = words["whole"][-1]
        assert "Cycle 2 is over and scored" in last
        vp = game["obs"][-1]["vp"]
        totals = [sum(vp[0][p]) + sum(vp[1][p]) for p in range(len(vp[0]))]
        winner = game["ranking"][0]
        assert f"P{winner + 1} wins" in last
        final = last.split("Final: ")[1]
        assert final == ", ".join(f"P{p + 1} {totals[p]} VP" for p in game["ranking"]) + "."


def test_a_live_page_says_of_its_last_event_what_the_finished_log_says(narrated):
    for game, words in zip(*narrated):
        assert words["live"] == words["whole"]


def test_a_replay_near_the_start_marks_the_same_years_and_cycle_ends_without_their_numbers(narrated):
    for game, words in zip(*narrated):
        years, scored = engine_marks(game)
        early = words["early"]
        assert [i for i, w in enumerate(early) if " begins." in w] == years
        assert [i for i, w in enumerate(early) if "Cycle 1 is over and scored." in w] == [scored]
