"""Pharaoh's log says what each round scored (thebes/games/pharaoh/web/table.js narrate).

Node runs the module over random games of 1 and 3 players; the words "Round k is
scored" must stand on exactly the events after which the engine's sheets hold
round k's scores, with the engine's numbers, and the last line says the game is
over with each seat's reputation. Skips with a visible reason without Node.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from thebes.core import CHANCE, TERMINAL, get_game

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))   # tests/web: webnode

from webnode import needs_node, run_modules  # noqa: E402

pytestmark = needs_node

SCRIPT = """
globalThis.navigator = { language: "en" };
const { readFileSync } = await import("node:fs");
const { narrate } = await import("./games/pharaoh/table.js");
const i18n = await import("./i18n.js");
const DATA = JSON.parse(readFileSync(new URL("./data.json", import.meta.url)));
const out = DATA.map((g) => narrate(g.log, g.names, i18n.t, g.obs));
console.log(JSON.stringify(out));
"""


def random_game(players: int, seed: int) -> dict:
    rng = random.Random(seed)
    state = get_game("pharaoh").new_initial_state(players)
    log, written = [], []
    while state.current_player() != TERMINAL:
        player = state.current_player()
        action = state.sample_chance(rng) if player == CHANCE else rng.choice(state.legal_actions())
        log.append({"index": len(log), "seat": player + 1 if player >= 0 else None,
                    "event": state.action_to_text(action)})
        state.apply_action(action)
        written.append(min(len(x["round_scores"]) for x in state.observation(None)["seats"]))
    obs = state.observation(None)
    return {"log": log, "written": written, "obs": obs, "names": [f"P{i + 1}" for i in range(players)]}


def test_the_pharaoh_log_says_each_round_s_scores_where_the_engine_scores_it(tmp_path):
    games = [random_game(1, 3), random_game(3, 4)]
    for game, words in zip(games, run_modules(tmp_path, SCRIPT, games)):
        said = [i for i, w in enumerate(words) if "is scored:" in w]
        grew = [i for i, n in enumerate(game["written"]) if n > (game["written"][i - 1] if i else 0)]
        assert said == grew and len(said) == 20
        seats = game["obs"]["seats"]
        k = 7
        line = words[said[k - 1]]
        for p, x in enumerate(seats):
            total = sum(x["round_scores"][:k])
            assert f"P{p + 1} " in line and f"(reputation {total})" in line
        assert "The game is over:" in words[-1]
        assert all(f"P{p + 1} {x['score']} reputation" in words[-1] for p, x in enumerate(seats))
