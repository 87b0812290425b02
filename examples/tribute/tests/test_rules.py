"""Tribute's rules: the worked example of README.md played event by event, the notation,
and invariants over a few thousand random games (legal moves are the hand, chance
probabilities sum to 1, determinize keeps the observation and depends on nothing else,
another seat's bid never shows), and the bots' fairness (a bot's choice never changes
when only hidden facts change)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from thebes.bots import make_bot
from thebes.core import (CHANCE, IllegalEventError, InvalidEventError, OptionsError, Record,
                         SeatError, TERMINAL, get_game)

README = Path(__file__).resolve().parents[1] / "README.md"


def game():
    return get_game("tribute")


def worked_example_events() -> list[str]:
    """The events of README.md's worked example, read from its table."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## A worked example", 1)[1].split("\n## ", 1)[0]
    events: list[str] = []
    for line in section.splitlines():
        if re.match(r"\| \d+ ", line):
            cells = line.split("|")
            events += re.findall(r"`((?:favour|bid) \d+)`", cells[2] + cells[4])
    return events


def test_the_worked_example_of_the_readme():
    events = worked_example_events()
    assert len(events) == 16 and events[:4] == ["favour 3", "bid 4", "bid 4", "bid 1"]
    state = game().new_initial_state(3, {"cards": 4})
    state.apply(events[0])
    assert state.observation(0)["throne"] == [3]
    state.apply(events[1])
    # seat 2 sees that seat 1 bid, not what
    seen = state.observation(1)
    assert seen["bids"] == ["?", None, None] and seen["hand"] == [1, 2, 3, 4]
    assert "4" not in json.dumps(seen["bids"])
    assert state.observation(0)["bids"] == [4, None, None]
    assert state.observation(0)["hand"] == [1, 2, 3]
    for i, event in enumerate(events[2:], 2):
        action = state.parse(event)
        mover = state.current_player()
        if mover >= 0:
            other = (mover + 1) % 3
            assert state.event_for_seat(action, other) == "bid ?"
            assert state.event_for_seat(action, mover) == event
            assert state.event_for_seat(action, None) == event
        else:
            assert state.event_for_seat(action, 0) == event
        state.apply(event)
        if i == 3:      # round 1 revealed: seat 3 took the 3 with its 1
            assert state.observation(1)["history"][0] == {
                "favour": 3, "throne": [3], "bids": [4, 4, 1], "winner": 2}
            assert state.scores() == [0, 0, 3]
        if i == 7:      # round 2: all matched, the 1 stays
            assert state.observation(0)["throne"] == [1]
            assert state.observation(0)["history"][1]["winner"] is None
        if i == 11:     # round 3: seat 1 takes 1 and 4 with its 1
            assert state.scores() == [5, 0, 3]
            assert state.observation(2)["won"] == [[1, 4], [], [3]]
    assert state.is_terminal()
    assert state.scores() == [5, 0, 5]
    assert state.ranking() == [0, 2, 1]
    record = Record(game="tribute", players=3, options={"cards": 4}, events=events,
                    result={"scores": [5, 0, 5], "ranking": [1, 3, 2]})
    assert Record.loads(record.dumps()).replay().scores() == [5, 0, 5]
    assert state.observation(None)["ranking"] == [0, 2, 1]   # a spectator, once it is over


def test_notation_has_one_spelling_per_event():
    state = game().new_initial_state(2)
    assert state.legal_events() == [f"favour {n}" for n in range(1, 8)]
    for bad in ("favour", "bid", "favour x", "Favour 3", "favour  3", "bid ²", "bid 5000",
                "favour -1", ""):
        with pytest.raises(InvalidEventError):
            state.parse(bad)
    with pytest.raises(IllegalEventError, match="canonical"):
        state.parse("favour 03")
    with pytest.raises(IllegalEventError):
        state.parse("favour 8")
    with pytest.raises(IllegalEventError):
        state.parse("bid 3")        # a bid at a chance node
    state.apply("favour 7")
    with pytest.raises(IllegalEventError):
        state.parse("favour 6")
    state.apply("bid 7")
    with pytest.raises(IllegalEventError):
        state.parse("bid 0")
    state.apply("bid 6")
    assert state.observation(0)["history"][0]["winner"] == 0
    with pytest.raises(IllegalEventError):
        state.parse("favour 7")     # turned already


def test_options_and_seats_are_checked():
    with pytest.raises(OptionsError):
        game().new_initial_state(1)
    with pytest.raises(OptionsError):
        game().new_initial_state(5)
    with pytest.raises(OptionsError, match="3-15"):
        game().new_initial_state(2, {"cards": 2})
    with pytest.raises(OptionsError):
        game().new_initial_state(2, {"cards": "7"})
    state = game().new_initial_state(3, {"cards": 15})
    assert len(state.chance_outcomes()) == 15
    for seat in (-1, 3, True, "0", 1.5):
        with pytest.raises(SeatError):
            state.observation(seat)
    with pytest.raises(SeatError):
        state.observation(None)     # an unfinished game with hidden bids: no spectator


def random_games(count: int, seed: int = 0):
    """(state, rng) at every node of ``count`` random games of random sizes."""
    rng = random.Random(seed)
    for _ in range(count):
        players = rng.randint(2, 4)
        cards = rng.choice((3, 4, 5, 7, 10))
        state = game().new_initial_state(players, {"cards": cards})
        while True:
            yield state, rng
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))


def test_random_play_keeps_the_invariants():
    finished = 0
    for state, rng in random_games(3000):
        player = state.current_player()
        n = state.num_players
        if player == TERMINAL:
            finished += 1
            assert state.legal_actions() == [] and state.ranking() is not None
            scores = state.scores()
            assert sum(scores) + sum(state.observation(0)["throne"]) == \
                state.cards * (state.cards + 1) // 2
            assert sorted(state.ranking()) == list(range(n))
            assert state.observation(None) == state.omniscient_observation()
            continue
        assert state.ranking() is None
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert [state.action_to_text(a) for a, _ in outcomes] == \
                [f"favour {v}" for v in state.observation(0)["favours_left"]]
            continue
        obs = state.observation(player)
        assert [state.action_to_text(a) for a in state.legal_actions()] == \
            [f"bid {c}" for c in obs["hand"]]
        assert sorted(state.legal_events()) == sorted(f"bid {c}" for c in obs["hand"])
        for seat in range(n):
            seen = state.observation(seat)
            for other in range(n):
                bid = state.bids[other]
                assert seen["bids"][other] == (None if not bid else bid if other == seat else "?")
            # determinize: the same observation, and nothing else read
            copy = state.determinize(seat, random.Random(rng.random()))
            assert copy.observation(seat) == seen
            for other in range(n):
                if other != seat and state.bids[other]:
                    assert copy.bids[other] in seen["unspent"][other]
            # a state that differs only in facts hidden from ``seat`` determinizes alike
            twin = state.determinize(seat, random.Random(rng.random()))
            k = rng.random()
            a = state.determinize(seat, random.Random(k))
            b = twin.determinize(seat, random.Random(k))
            assert a.omniscient_observation() == b.omniscient_observation()
        # the clone is independent
        clone = state.clone()
        action = state.legal_actions()[0]
        clone.apply_action(action)
        assert state.observation(player) == obs
    assert finished == 3000


@pytest.mark.parametrize("bot,params", [("random", {}), ("greedy", {}), ("easy", {}),
                                        ("ismcts", {"iterations": 40})])
def test_a_bot_chooses_the_same_move_whatever_the_hidden_bids(bot, params):
    checked = 0
    for state, rng in random_games(12, seed=5):
        if state.current_player() < 0 or len(state.legal_actions()) < 2:
            continue
        seat = state.current_player()
        if not any(state.bids):
            continue            # nothing hidden from the mover yet
        other = state.determinize(seat, random.Random(rng.random()))
        assert other.observation(seat) == state.observation(seat)
        a = make_bot(bot, "tribute", seat, random.Random(7), **params).choose(state)
        b = make_bot(bot, "tribute", seat, random.Random(7), **params).choose(other)
        assert state.action_to_text(a) == other.action_to_text(b)
        checked += 1
    assert checked > 10


def test_the_tensor_and_ids_hide_what_the_observation_hides():
    from thebes_tribute import tensors

    for players, options in tensors.CONFORMANCE:
        full = game().options(players, options)
        enc = tensors.encoding(players, full)
        layout = tensors.tensor(players, full)
        assert enc.moves == tuple(f"bid {v}" for v in range(1, full["cards"] + 1))
        assert enc.chance == tuple(f"favour {v}" for v in range(1, full["cards"] + 1))
        rng = random.Random(players)
        state = game().new_initial_state(players, options)
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance(rng)
            else:
                action = rng.choice(state.legal_actions())
                for seat in range(players):
                    mine = layout.encode(state.observation(seat), seat)
                    assert len(mine) == layout.size
                    other = state.determinize(seat, random.Random(rng.random()))
                    assert layout.encode(other.observation(seat), seat) == mine
            assert enc.id_action(state, enc.action_id(state, action)) == action
            state.apply_action(action)
