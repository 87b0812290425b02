"""A shuffle dealt tile by tile through an encoding's Dealer, with every step's outcomes
checked: shared by the adapters' tests and the games' tensor tests."""

from __future__ import annotations

import math


def deal(enc, state, rng):
    """Deal the shuffle at ``state`` tile by tile; returns (engine action, product of the
    steps' probabilities). Asserts each step's ids ascend, its probabilities are positive
    and sum to 1."""
    dealer = enc.dealer(state)
    dealt, prob = [], 1.0
    for _ in range(dealer.steps):
        outcomes = dealer.outcomes(dealt)
        assert [i for i, _ in outcomes] == sorted(i for i, _ in outcomes)
        assert math.isclose(sum(p for _, p in outcomes), 1.0, rel_tol=1e-12)
        assert all(p > 0 for _, p in outcomes)
        i, p = rng.choice(outcomes)
        dealt.append(i)
        prob *= p
    return dealer.finish(dealt), prob
