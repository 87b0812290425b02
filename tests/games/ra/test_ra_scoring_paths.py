"""The totals-only scoring path (used by searches) agrees with the full epoch tally."""

from __future__ import annotations

import random

from thebes.core import get_game
from thebes.games.ra.scoring import epoch_totals, monument_points, score_epoch
from thebes.games.ra.tiles import MONUMENTS


def test_epoch_totals_equal_the_full_tallys_totals_in_every_position_of_random_games():
    checked = 0
    for seed in range(40):
        players = 3 + seed % 3
        state = get_game("ra").new_initial_state(players)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            if state.phase != 0:
                for final in (False, True):
                    assert epoch_totals(state.display, state.suns_up, state.suns_down, final) == \
                        score_epoch(state.display, state.suns_up, state.suns_down, final)["totals"]
                    checked += 1
    assert checked > 1000


def test_monument_points_count_distinct_kinds_and_sets_of_three_or_more():
    display = [0] * 23
    assert monument_points(display) == 0
    for i, k in enumerate(MONUMENTS):
        display[k] = 1
        assert monument_points(display) == (1, 2, 3, 4, 5, 6, 10, 15)[i]
    display[MONUMENTS[0]] = 3   # 15 for eight kinds + 5 for three of a kind
    display[MONUMENTS[1]] = 6   # + 15: five or more of a kind count as five
    assert monument_points(display) == 15 + 5 + 15
