"""Tribute's greedy bot: weighs each card's chance to take the throne against its cost.

For each card in hand it computes the chance that the card is the highest bid
nobody else makes, each other seat bidding half the time its *matching* card
(the card whose rank in its hand is the stake's rank among the favours left)
and half the time any of its cards alike. A card's worth is that chance times
the stake, less what spending it costs: half the favour of the same rank still
to come. It bids the card worth most.

It reads only what its seat sees: the stake, the favours left, its own hand and
the other seats' unspent cards, all public but its own hand (README.md, "What
each seat sees"). So it never needs ``determinize``, and its choice cannot
depend on another seat's face-down bid. ``noise`` (in favour points, >= 0) is
added to every worth: the ``easy`` level plays it with 1.0.

Tribute is a game of outguessing, where a fixed rule is easily read: this bot
beats random play (about 69% of two-player games, 39% of three-player ones
against two random seats) and loses nearly every game to the search.
"""

from __future__ import annotations

import random
from typing import Any

from thebes.core import State

from .state import cards_of, total

#: what spending a card costs, as a share of the favour of the same rank still to come.
COST = 0.5


def matching(cards: list[int], stake: int, left: list[int]) -> int:
    """The card of ``cards`` (ascending) whose rank among them is the stake's rank among
    the favour cards ``left`` (still to come): the plain matching bid."""
    below = sum(1 for f in left if f < stake) + 0.5 * sum(1 for f in left if f == stake)
    rank = below / max(1, len(left)) * (len(cards) - 1)
    return cards[min(len(cards) - 1, max(0, round(rank)))]


def bid_chances(cards: list[int], stake: int, left: list[int]) -> dict[int, float]:
    """How another seat holding ``cards`` (ascending) is expected to bid: half the time
    the matching card, half the time any card alike."""
    out = {c: 0.5 / len(cards) for c in cards}
    out[matching(cards, stake, left)] += 0.5
    return out


def win_chances(hand: list[int], others: list[dict[int, float]]) -> list[float]:
    """For each card of ``hand``, the chance it is the highest bid nobody else made, the
    other seats bidding as ``others`` say (one distribution per seat)."""
    # the other seats' bids, as a distribution over their sorted tuples
    joint: dict[tuple[int, ...], float] = {(): 1.0}
    for dist in others:
        grown: dict[tuple[int, ...], float] = {}
        for bids, p in joint.items():
            for card, q in dist.items():
                key = tuple(sorted(bids + (card,)))
                grown[key] = grown.get(key, 0.0) + p * q
        joint = grown
    chances = []
    for card in hand:
        won = 0.0
        for bids, p in joint.items():
            if card in bids:
                continue
            if all(b < card or bids.count(b) > 1 for b in bids):
                won += p
        chances.append(won)
    return chances


def choose_bid(hand: list[int], stake: int, left: list[int], others: list[list[int]],
               rng: random.Random, noise: float = 0.0) -> int:
    """The card to bid from ``hand`` (ascending) for a throne worth ``stake``, with the
    favour cards ``left`` still to come and ``others`` each other seat's unrevealed cards
    (ascending; a face-down bid among them)."""
    if len(hand) == 1:
        return hand[0]
    chances = win_chances(hand, [bid_chances(c, stake, left) for c in others if c])
    favours = sorted(left)
    last = len(hand) - 1
    best, best_worth = hand[0], float("-inf")
    for i, card in enumerate(hand):
        cost = COST * favours[round(i / last * (len(favours) - 1))] if favours else 0.0
        worth = chances[i] * stake - cost
        if noise:
            worth += rng.gauss(0.0, noise)
        worth += rng.random() * 1e-6   # ties broken at random
        if worth > best_worth:
            best, best_worth = card, worth
    return best


class GreedyBot:
    """See the module docstring."""

    name = "greedy"

    def __init__(self, game: str, seat: int, rng: random.Random, noise: float = 0.0,
                 **_: Any) -> None:
        self.seat = seat
        self.rng = rng
        self.noise = noise

    def choose(self, state: State) -> Any:
        obs = state.observation(self.seat)
        others = [cards for s, cards in enumerate(obs["unspent"]) if s != self.seat]
        return choose_bid(obs["hand"], sum(obs["throne"]), obs["favours_left"], others,
                          self.rng, self.noise)


def policy(state: Any, seat: int, rng: random.Random) -> int:
    """A fast bid for the search's playouts: the matching card, its rank blurred by about
    one card (read straight from the fields: a playout runs on a determinization, which
    a policy may read in full; this one reads only public fields and the mover's hand)."""
    hand = cards_of(state.unspent[seat])
    left = cards_of(state.left)
    stake = total(state.throne)
    below = sum(1 for f in left if f < stake) + 0.5 * sum(1 for f in left if f == stake)
    rank = below / max(1, len(left)) * (len(hand) - 1) + rng.gauss(0.0, 1.0)
    return hand[min(len(hand) - 1, max(0, round(rank)))]


__all__ = ["GreedyBot", "choose_bid", "matching", "policy", "win_chances"]
