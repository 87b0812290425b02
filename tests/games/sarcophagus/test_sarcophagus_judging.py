"""The claim decision (spec, Claims) is remembered per judging key: each owner's coin
count and value sum. These tests check the key keeps every fact a claim depends on."""

from __future__ import annotations

import random

from thebes.games.sarcophagus.rules import _KEY, judge


def test_coin_sequences_with_the_same_judging_key_are_judged_alike():
    rng = random.Random(7)
    seen: dict[int, tuple[int, bool]] = {}
    for _ in range(20000):
        owners = rng.randint(2, 4)
        coins = tuple(rng.randrange(owners * 6) for _ in range(rng.randint(1, 4)))
        key = sum(_KEY[c] for c in coins)
        assert seen.setdefault(key, judge(coins)) == judge(coins), coins
    assert len(seen) > 500


def test_most_coins_claim_then_the_highest_total_of_the_tied_then_nobody():
    assert judge((0 * 6 + 1, 0 * 6 + 2, 1 * 6 + 5)) == (0, False)
    assert judge((0 * 6 + 1, 1 * 6 + 2)) == (1, True)
    assert judge((0 * 6 + 3, 1 * 6 + 3, 2 * 6 + 5, 2 * 6 + 0)) == (2, False)
    assert judge((0 * 6 + 3, 1 * 6 + 3)) == (-1, True)
    assert judge(()) == (-1, False)
