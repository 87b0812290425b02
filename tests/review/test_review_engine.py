"""The review engine (issue 17): verdicts from the deciding seat's view only,
reproducible for a seed and budget, with marks that mean something."""

from __future__ import annotations

import random

import pytest

from thebes.bots import make_bot
from thebes.core import CHANCE, Record, get_game, play_game, seat_rng
from thebes.core import GameHooks
from thebes.review import MARKS, all_thresholds, mark, move_accuracy, review_record, thresholds
from thebes.review.estimate import AfterMove, search
from thebes.review.tasks import judge

PLAYERS = {"ra": 3, "sarcophagus": 3, "pharaohs-heir": 3, "pharaoh": 2}


def greedy_record(game: str, players: int, seed: int) -> Record:
    state = get_game(game).new_initial_state(players)
    bots = [make_bot("greedy", game, s, seat_rng(seed, s)) for s in range(players)]
    events = play_game(state, bots, random.Random(seed))
    return Record(game, players, {}, events)


def truncated(record: Record, events: int) -> Record:
    return Record(record.game, record.players, record.options, record.events[:events])


@pytest.fixture(scope="module")
def ra_game():
    return greedy_record("ra", 3, 4)


def test_the_same_seed_and_budget_give_the_same_review_whatever_the_number_of_processes(ra_game):
    short = truncated(ra_game, 60)
    one = review_record(short, iterations=30, seed=7, jobs=1)
    two = review_record(short, iterations=30, seed=7, jobs=2)
    assert one == two
    other_seed = review_record(short, iterations=30, seed=8, jobs=1)
    assert other_seed["decisions"] != one["decisions"]


def test_a_review_lists_every_decision_skips_forced_ones_and_counts_marks_per_seat(ra_game):
    short = truncated(ra_game, 60)
    review = review_record(short, iterations=30, seed=1)
    moves = review["decisions"]
    state = short.new_state()
    expected = []
    for i, text in enumerate(short.events):
        player = state.current_player()
        if player >= 0:
            expected.append((i, player + 1, len(state.legal_actions()) == 1))
        state.apply(text)
    assert [(m["index"], m["seat"], m["forced"]) for m in moves] == expected
    for row in review["summary"]:
        judged = [m for m in moves if m["seat"] == row["seat"] and not m["forced"]]
        assert row["reviewed"] == len(judged)
        assert row["blunders"] == sum(m["mark"] == "blunder" for m in judged)
    for m in moves:
        if not m["forced"]:
            assert m["loss"] == pytest.approx(max(0.0, m["best"]["value"] - m["played"]["value"]),
                                              abs=1e-3)
            assert m["mark"] == mark("ra", m["loss"])
    assert review["chance"] and all(c["index"] >= review["setup_events"] for c in review["chance"])
    assert [s["seat"] for s in review["series"]] == [1, 2, 3]


def test_only_the_seats_asked_for_are_reviewed(ra_game):
    review = review_record(truncated(ra_game, 40), seats=[1], iterations=20)
    assert {m["seat"] for m in review["decisions"]} == {2}
    assert review["seats"] == [2]


def test_solo_pharaoh_is_marked_by_points_of_expected_score_and_the_others_by_win_chance():
    # Solo, the value is a tenth of a point of expected score: a move that throws away 2 points
    # is a blunder there, while with rivals the same 0.2 of value (a fifth of the win chance)
    # is a mistake.
    THRESHOLDS = all_thresholds()
    assert thresholds("pharaoh", 1) == THRESHOLDS["pharaoh/solo"] != thresholds("pharaoh", 2)
    assert mark("pharaoh", 0.2, players=1) == "blunder"
    assert mark("pharaoh", 0.2, players=3) == "mistake"
    assert GameHooks().marks == thresholds("ra", 3)          # a default for any new game
    solo = greedy_record("pharaoh", 1, 3)
    review = review_record(truncated(solo, 30), iterations=20, seed=0, chance=False)
    assert review["thresholds"] == dict(zip(MARKS, THRESHOLDS["pharaoh/solo"]))
    judged = [m for m in review["decisions"] if not m["forced"]]
    assert judged and all(m["mark"] == mark("pharaoh", m["loss"], 1) for m in judged)


def test_every_games_thresholds_are_the_ones_docs_review_md_gives_with_a_reason():
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "docs" / "review.md").read_text()
    table = text[text.index("## Marks: thresholds per game"):]
    rows = {}
    for line in table.splitlines()[1:]:
        if line.startswith("| `"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            rows[cells[0].strip("`")] = (tuple(float(c) for c in cells[1:4]), cells[4])
        elif rows and not line.startswith("|"):
            break
    from thebes.core.game import registered
    ours = {n for n, target in registered().items() if target.startswith("thebes.games.")}
    THRESHOLDS = {k: v for k, v in all_thresholds().items() if k.split("/")[0] in ours}
    assert set(rows) == set(THRESHOLDS)
    for key, (numbers, reason) in rows.items():
        assert numbers == THRESHOLDS[key], key
        assert len(reason) > 20, key    # each row says why


def test_accuracy_is_100_without_loss_and_falls_with_it():
    assert move_accuracy(0.0) == pytest.approx(100.0, abs=0.01)
    assert move_accuracy(0.1) < move_accuracy(0.05) < 100
    assert move_accuracy(1.0) == 0.0


@pytest.mark.parametrize("game_name", list(PLAYERS))
def test_a_seats_verdict_never_changes_when_another_seats_hidden_facts_change(game_name):
    game = get_game(game_name)
    rng = random.Random(5)
    state = game.new_initial_state(PLAYERS[game_name])
    checked = steps = 0
    while not state.is_terminal() and checked < 3 and steps < 400:
        steps += 1
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        if steps % 5 == 0 and len(legal) > 1:
            other = state.determinize(seat, random.Random(900 + steps))
            assert other.observation(seat) == state.observation(seat)
            played = legal[-1]
            a = judge(state, played, seat, 40, None, random.Random(1), random.Random(2))
            b = judge(other, played, seat, 40, None, random.Random(1), random.Random(2))
            assert a == b, f"the review of seat {seat + 1} reads hidden facts at step {steps}"
            # a position's value for a seat that is not to move, too
            watcher = (seat + 1) % state.num_players
            hidden = state.determinize(watcher, random.Random(700 + steps))
            va = search(state, watcher, random.Random(3), 30).root.estimate(False)
            vb = search(hidden, watcher, random.Random(3), 30).root.estimate(False)
            assert va == vb
            checked += 1
        state.apply_action(rng.choice(legal))
    assert checked == 3


def test_a_deliberately_bad_move_planted_in_a_record_is_marked_a_blunder(ra_game):
    # Find a decision of the greedy game where searches of the position after each move
    # (from the seat's own view, a generator the review does not use) rate one move far
    # below the best, plant that move there, and review the record as usual.
    state = ra_game.new_state()
    for i, text in enumerate(ra_game.events):
        player = state.current_player()
        if player >= 0 and i > 20 and len(state.legal_actions()) > 2:
            rated = {a: search(AfterMove(state, a), player, random.Random(99), 200).root
                     for a in state.legal_actions()}
            rated = {a: t.value / t.n for a, t in rated.items()}
            if max(rated.values()) - min(rated.values()) > 0.45:
                worst = min(rated, key=rated.get)
                break
        state.apply(text)
    else:  # pragma: no cover
        pytest.fail("no position with a clearly bad move")
    planted = Record("ra", 3, {}, ra_game.events[:i] + [state.action_to_text(worst)])
    review = review_record(planted, iterations=600, seed=0, chance=False)
    verdict = review["decisions"][-1]
    assert verdict["index"] == i and verdict["move"] == state.action_to_text(worst)
    assert verdict["mark"] == "blunder", verdict
    assert verdict["best"]["move"] != verdict["move"]
