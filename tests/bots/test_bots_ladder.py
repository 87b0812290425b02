"""benchmarks/ladder.py: the levels it seats are the levels as shipped (issue 18, item 3)."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

from thebes.bots import level_budget, make_bot

LADDER = Path(__file__).resolve().parents[2] / "benchmarks" / "ladder.py"


def _ladder():
    spec = importlib.util.spec_from_file_location("ladder_benchmark", LADDER)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module   # its dataclass looks its module up while it is built
    spec.loader.exec_module(module)
    return module


def test_the_ladder_seats_each_level_with_its_budget_and_scales_it():
    ladder = _ladder()
    for game, players in (("sarcophagus", 2), ("sarcophagus", 3), ("ra", 4)):
        for scale in (1.0, 0.5):
            spec = ladder.LadderGame(game, players, 0, ("medium", "hard"), 0, 1, scale, 1000)
            for level in ("medium", "hard"):
                bot = make_bot(level, game, 0, random.Random(0), **spec.params(level))
                budget = level_budget(game, level, players)
                assert bot.think_ms is None
                assert bot.iterations_at.get(players, bot.iterations) == round(budget * scale)
