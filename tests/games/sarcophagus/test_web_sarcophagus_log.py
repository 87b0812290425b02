"""Sarcophagus's log tells every claim, tie, tile nobody claims and sarcophagus tile
wherever the page is opened (thebes/games/sarcophagus/web/log.js).

Node runs the page's fold over random games (2, 3 and 4 players, and `base_free`
false), each log line as seat 1 reads it, against the engine: after every event the
fold tells exactly the assessments (position, tile, claimer) and ties the engine made
right after it, a sarcophagus tile taken or discarded unseen with its e3/f3/f4, and the
sarcophagus tiles turned over on the event that ends the pyramid. A live page after
each event says of it what the finished log says (the fold over a prefix, with the
observation after it); the log read with an early observation tells the claims made up
to then and nothing after; a spectator's replay of the finished game (omniscient log
and observation) tells the same. French words for a claim and a tie. Skips with a
visible reason without Node.
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
globalThis.document = { documentElement: {} };
const { readFileSync } = await import("node:fs");
const { foldSarcophagus, narrate } = await import("./games/sarcophagus/log.js");
const i18n = await import("./i18n.js");
const DATA = JSON.parse(readFileSync(new URL("./data.json", import.meta.url)));
const plain = (notes) => Object.fromEntries([...notes].map(([k, v]) => [k, v]));
const out = DATA.map((g) => {
  const end = g.obs[g.obs.length - 1];
  const whole = plain(foldSarcophagus(g.log, end));
  const live = g.log.map((_, k) => (foldSarcophagus(g.log.slice(0, k + 1), g.obs[k]).get(k) || []));
  const early = plain(foldSarcophagus(g.log, g.obs[g.early]));
  const replay = plain(foldSarcophagus(g.omniscient_log, g.omniscient_end));
  const words = narrate(g.log, g.names, i18n.t, end);
  i18n.setLang("fr");
  const french = narrate(g.log, g.names, i18n.t, end);
  i18n.setLang("en");
  return { whole, live, early, replay, words, french };
});
console.log(JSON.stringify(out));
"""


def random_game(players: int, seed: int, options: dict | None = None) -> dict:
    """A random game: the log as seat 1 reads it and seat 1's observation after each
    event; the omniscient log and final observation (a finished game's replay)."""
    rng = random.Random(seed)
    state = get_game("sarcophagus").new_initial_state(players, options or {})
    log, obs, omni = [], [], []
    while state.current_player() != TERMINAL:
        player = state.current_player()
        action = state.sample_chance(rng) if player == CHANCE else rng.choice(list(state.legal_actions()))
        seat = player + 1 if player >= 0 else None
        log.append({"index": len(log), "seat": seat, "event": state.event_for_seat(action, 0)})
        omni.append({"index": len(omni), "seat": seat, "event": state.event_for_seat(action, None)})
        state.apply_action(action)
        obs.append(state.observation(0))
    return {"log": log, "obs": obs, "names": [f"P{i + 1}" for i in range(players)],
            "omniscient_log": omni, "omniscient_end": state.omniscient_observation(),
            "early": len(log) // 2}


def engine_notes(game: dict, upto: int | None = None) -> dict[str, list]:
    """What the engine did right after each event (log index -> items, as the fold's),
    from the observations before and after it."""
    out: dict[str, list] = {}
    before = {"assessments": [], "ties": [], "sarcophagi": [[] for _ in game["names"]]}
    for i, after in enumerate(game["obs"][:upto]):
        items = []
        ties = iter(after["ties"][len(before["ties"]):])
        for a in after["assessments"][len(before["assessments"]):]:
            pos, tile, seat = a["pos"], a["tile"], a["claimer"]
            tied = [t for t in after["ties"][len(before["ties"]):] if t["pos"] == pos]
            if tied:
                tie = next(ties)
                items.append({"key": "sarcophagus.news.tie", "pos": pos, "coins": tie["coins"]})
            under = pos in ("e3", "f3", "f4")
            if seat is None:
                items.append({"key": "sarcophagus.news.nobody", "tile": tile, "pos": pos})
                if under:
                    items.append({"key": "sarcophagus.news.unseen"})
                continue
            rank = tile.split("-")[1]
            kind = {"null": "trapclaim", "ace": "godclaim"}.get(rank, "claim")
            items.append({"key": f"sarcophagus.news.{kind}", "seat": seat, "tile": tile, "pos": pos})
            if under:
                items.append({"key": "sarcophagus.news.lot", "seat": seat})
        revealed = [(s, lot["tile"]) for s, lots in enumerate(after["sarcophagi"]) for lot in lots if lot["tile"]]
        if revealed and not any(lot["tile"] for lots in before["sarcophagi"] for lot in lots):
            items += [{"key": "sarcophagus.news.reveal", "seat": s, "tile": tile} for s, tile in revealed]
        if items:
            out[str(i)] = items
        before = after
    return out


@pytest.fixture(scope="module")
def folded(tmp_path_factory):
    games = [random_game(2 + k % 3, 40 + k) for k in range(9)]
    games += [random_game(3, 60 + k, {"base_free": False}) for k in range(3)]
    return games, run_modules(tmp_path_factory.mktemp("sarcophagus"), SCRIPT, games)


def test_every_claim_tie_and_discard_is_told_on_the_event_after_which_the_engine_made_it(folded):
    kinds = set()
    for game, got in zip(*folded):
        assert got["whole"] == engine_notes(game)
        kinds |= {item["key"] for items in got["whole"].values() for item in items}
        assert sum(len(v) for v in got["whole"].values()) >= 21
    # the games cover every kind of news
    assert kinds == {f"sarcophagus.news.{k}" for k in
                     ("claim", "trapclaim", "godclaim", "lot", "nobody", "unseen", "tie", "reveal")}


def test_a_live_page_says_of_each_event_what_the_finished_log_says(folded):
    for game, got in zip(*folded):
        assert got["live"] == [got["whole"].get(str(i), []) for i in range(len(game["log"]))]


def test_an_early_observation_tells_the_claims_up_to_it_and_nothing_after(folded):
    for game, got in zip(*folded):
        assert got["early"] == engine_notes(game, game["early"] + 1)


def test_the_replay_of_a_finished_game_tells_the_same(folded):
    for game, got in zip(*folded):
        assert got["replay"] == got["whole"]


def test_the_words_stand_after_the_event_in_english_and_french(folded):
    game, got = folded[0][0], folded[1][0]
    first = min(int(i) for i, items in got["whole"].items()
                if any(x["key"] == "sarcophagus.news.claim" for x in items))
    item = next(x for x in got["whole"][str(first)] if x["key"] == "sarcophagus.news.claim")
    name, pos = f"P{item['seat'] + 1}", item["pos"]
    suit, rank = item["tile"].split("-")
    fr_suit = {"sun": "soleil", "moon": "lune", "crown": "couronne", "arms": "armes"}[suit]
    assert got["words"][first].endswith(f"{name} claims {suit} {rank} ({pos}).")
    assert got["french"][first].endswith(f"{name} prend {rank} {fr_suit} ({pos}).")
    assert got["french"][first].startswith(f"P{game['log'][first]['seat']} pose")
    for game, got in zip(*folded):
        for i, items in got["whole"].items():
            if items[0]["key"] == "sarcophagus.news.tie":
                assert f"Tie on {items[0]['pos']}: the coins are turned over (" in got["words"][int(i)]
                assert f"Égalité sur {items[0]['pos']} : les pièces sont retournées (" in got["french"][int(i)]
