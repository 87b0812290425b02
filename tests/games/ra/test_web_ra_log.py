"""Ra's log in words (thebes/games/ra/web/log.js) follows the engine.

The fold reads only the public log; here it is run by Node over random Ra games
of 3, 4 and 5 players, and after every event its epoch, auction track, centre
sun and face-up suns must equal the engine's observation. The words it adds
(who won which lot, what ended an epoch) are checked on a hand-made log.

Skips with a visible reason when Node is missing (Debian's nodejs).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from thebes.core import CHANCE, TERMINAL, get_game

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))   # tests/web: webnode

from webnode import needs_node, run_modules  # noqa: E402

pytestmark = needs_node


def run_node(tmp_path, script: str, data: object) -> object:
    """Run ``script`` (an ES module that reads DATA and prints JSON) beside Ra's log.js."""
    return run_modules(tmp_path, (
        'import { readFileSync } from "node:fs";\n'
        'import { foldRa, narrateRa } from "./games/ra/log.js";\n'
        'const DATA = JSON.parse(readFileSync(new URL("./data.json", import.meta.url)));\n' + script),
        data, timeout=120)


def random_game(players: int, seed: int) -> tuple[list[dict], list[dict]]:
    """A random Ra game: its log lines as the server sends them, and the facts after each."""
    rng = random.Random(seed)
    state = get_game("ra").new_initial_state(players)
    log, facts = [], []
    while state.current_player() != TERMINAL:
        player = state.current_player()
        action = state.sample_chance(rng) if player == CHANCE else rng.choice(state.legal_actions())
        log.append({"index": len(log), "seat": player + 1 if player >= 0 else None,
                    "event": state.action_to_text(action)})
        state.apply_action(action)
        obs = state.observation(None)
        facts.append({"epoch": obs["epoch"], "centre": obs["centre_sun"],
                      "track": [k for k in obs["auction_track"] if k],
                      "up": [s["suns_up"] for s in obs["seats"]], "over": obs["phase"] == "over"})
    return log, facts


FOLD_EVERY_PREFIX = """
const out = [];
for (const g of DATA) {
  for (let i = 0; i < g.log.length; i++) {
    const f = foldRa(g.log.slice(0, i + 1), g.players, { epoch: g.facts[i].epoch, phase: g.facts[i].over ? "over" : "" });
    const want = g.facts[i];
    const got = { epoch: f.epoch, over: f.over, centre: f.centre, track: f.track, up: f.up };
    const exp = { epoch: want.epoch, over: want.over, centre: want.centre, track: want.track, up: want.up };
    if (JSON.stringify(got) !== JSON.stringify(exp)) { out.push({ players: g.players, at: i, got, exp }); break; }
  }
  // over the whole game: the words say an epoch ended exactly where the engine's epoch
  // changed, and a lot was won exactly where the centre sun changed
  const whole = foldRa(g.log, g.players, { epoch: 3, phase: "over" });
  const said = (prefix) => [...whole.notes].filter(([, ns]) => ns.some(([k]) => k.startsWith(prefix))).map(([i]) => i);
  const epochs = [], wins = [];
  g.facts.forEach((f, i) => {
    const before = i ? g.facts[i - 1] : { epoch: 1, over: false, centre: 1 };
    if (f.epoch !== before.epoch || (f.over && !before.over)) epochs.push(i);
    if (f.centre !== before.centre) wins.push(i);
  });
  if (JSON.stringify(said("ra.log.epoch.")) !== JSON.stringify(epochs)) out.push({ players: g.players, epochs, said: said("ra.log.epoch.") });
  if (JSON.stringify(said("ra.log.wins")) !== JSON.stringify(wins)) out.push({ players: g.players, wins, said: said("ra.log.wins") });
}
console.log(JSON.stringify(out));
"""


def test_the_ra_log_fold_tracks_the_engine_after_every_event(tmp_path):
    games = []
    for players in (3, 4, 5):
        for seed in range(4):
            log, facts = random_game(players, seed)
            games.append({"players": players, "log": log, "facts": facts})
    mismatches = run_node(tmp_path, FOLD_EVERY_PREFIX, games)
    assert mismatches == []


WORDS = """
const names = ["Ann", "Bob", "Cy"];
const t = (key, vars = {}) => (Object.keys(vars).length ? key + JSON.stringify(vars) : key);
const plain = (line) => line.event;
const obs = { players: 3, tallies: [], ranking: null };
const f = foldRa(DATA, 3);
console.log(JSON.stringify({ words: narrateRa(DATA, names, t, obs, plain), last: f.last }));
"""


def test_the_ra_log_says_who_won_which_lot_with_which_sun_and_keeps_it_as_the_last_lot(tmp_path):
    events = [(None, "suns 13,8,5,2 / 12,9,6,3 / 11,10,7,4"),
              (1, "draw"), (None, "pharaoh"), (2, "draw"), (None, "nile"),
              (3, "draw"), (None, "flood"), (1, "ra"),
              (2, "bid 9"), (3, "pass"), (1, "pass")]
    log = [{"index": i, "seat": s, "event": e} for i, (s, e) in enumerate(events)]
    got = run_node(tmp_path, WORDS, log)
    assert 'ra.log.auction.called{"name":"Ann","tiles":"kind.pharaoh, kind.nile, kind.flood","sun":1}' \
        in got["words"][7]
    assert 'ra.log.wins{"name":"Bob","sun":9,"tiles":"kind.pharaoh, kind.nile, kind.flood","centre":1}' \
        in got["words"][10]
    assert got["last"]["kind"] == "lot" and got["last"]["seat"] == 1 and got["last"]["sun"] == 9
    assert got["last"]["tiles"] == ["pharaoh", "nile", "flood"]


def test_an_auction_on_an_empty_track_says_only_the_centre_sun_is_at_stake(tmp_path):
    events = [(None, "suns 13,8,5,2 / 12,9,6,3 / 11,10,7,4"), (1, "ra"),
              (2, "pass"), (3, "pass"), (1, "bid 2")]
    log = [{"index": i, "seat": s, "event": e} for i, (s, e) in enumerate(events)]
    got = run_node(tmp_path, WORDS, log)
    assert 'ra.log.auction.called.empty{"name":"Ann","tiles":"","sun":1}' in got["words"][1]
    assert 'ra.log.wins.empty{"name":"Ann","sun":2' in got["words"][4]
