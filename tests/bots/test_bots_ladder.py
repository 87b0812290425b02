"""benchmarks/ladder.py: the levels it seats are the levels as shipped (issue 18, item 3)."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

from thebes.bots import level_params, make_bot

LADDER = Path(__file__).resolve().parents[2] / "benchmarks" / "ladder.py"


def _ladder():
    spec = importlib.util.spec_from_file_location("ladder_benchmark", LADDER)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module   # its dataclass looks its module up while it is built
    spec.loader.exec_module(module)
    return module


def test_the_ladder_seats_each_level_with_its_floor_of_iterations():
    ladder = _ladder()
    for scale, factor in ((1.0, 1), (0.5, 0.5)):
        spec = ladder.LadderGame("sarcophagus", 2, 0, ("medium", "hard"), 0, 1, scale, 1000)
        for level in ("medium", "hard"):
            bot = make_bot(level, "sarcophagus", 0, random.Random(0), **spec.params(level))
            assert bot.min_iterations == round(level_params("sarcophagus", level)["min_iterations"] * factor)


def test_the_ladder_scales_a_levels_budget_at_a_seat_count_with_its_think_time():
    ladder = _ladder()
    budgets = level_params("ra", "medium")["iterations_at"]
    for scale in (1.0, 0.5):
        spec = ladder.LadderGame("ra", 3, 0, ("medium", "hard"), 0, 1, scale, 1000)
        bot = make_bot("medium", "ra", 0, random.Random(0), **spec.params("medium"))
        assert bot.iterations_at == {n: round(b * scale) for n, b in budgets.items()}
