"""Hidden information: observations, each seat's view of events, determinize
and the leak test (shared/spec/sarcophagus.md, What each seat sees)."""

import json
import random

import pytest
from sarcophagus_helpers import GAME, SPEC_LAYOUT, play, random_game

from thebes.core import random_playout
from thebes.games.sarcophagus import notation as nt
from thebes.games.sarcophagus.geometry import SARCOPHAGUS_POSITIONS
from thebes.games.sarcophagus.state import layout_is_legal


def random_positions(players, games, seed):
    """States part-way through random games (every 7th event), and the events so far."""
    for g in range(games):
        rng = random.Random(seed * 1000 + g)
        state = GAME.new_initial_state(players)
        events = []
        i = 0
        while not state.is_terminal():
            action = (state.sample_chance(rng) if state.is_chance_node()
                      else rng.choice(state.legal_actions()))
            events.append(state.action_to_text(action))
            state.apply_action(action)
            i += 1
            if i % 7 == 3 or state.is_terminal():
                yield state.clone(), list(events)


def test_observations_are_json_ready():
    for state, _ in random_positions(3, 5, 1):
        for obs in [state.omniscient_observation()] + [state.observation(s) for s in (0, 1, 2)]:
            assert json.loads(json.dumps(obs)) == obs


def test_another_seats_coin_shows_its_owner_but_not_its_value():
    state = play(["first 1", "place 3 a1", "place 4 b1"])
    assert state.observation(0)["pyramid"]["a1"]["coins"] == [[0, 3]]
    assert state.observation(1)["pyramid"]["a1"]["coins"] == [[0, None]]
    assert state.observation(1)["pyramid"]["b1"]["coins"] == [[0, None]]
    assert state.observation(1)["hand"] == [0, 1, 2, 3, 4, 5]
    assert state.observation(0)["hand"] == [0, 1, 2, 5]


def test_a_seats_view_of_another_seats_coin_reads_place_question_mark_t():
    state = play(["first 1"])
    action = state.parse("place 3 a1")
    assert state.event_for_seat(action, 0) == "place 3 a1"
    assert state.event_for_seat(action, 1) == "place ? a1"
    assert state.event_for_seat(action, None) == "place 3 a1"


def test_a_seats_view_of_the_layout_reads_layout_question_mark():
    state = GAME.new_initial_state(3)
    action = state.parse(SPEC_LAYOUT)
    assert state.event_for_seat(action, 2) == "layout ?"
    assert state.event_for_seat(action, None) == SPEC_LAYOUT


def test_every_other_event_is_seen_whole_by_every_seat():
    state = play([])
    action = state.parse("first 2")
    assert state.event_for_seat(action, 0) == "first 2"
    state = play(["first 1"])
    for seat in range(3):
        assert state.event_for_seat(state.parse("place 3 a1"), seat).endswith(" a1")


def test_face_down_and_sarcophagus_tiles_never_appear_in_a_seats_observation():
    for players in (2, 3, 4):
        for state, _ in random_positions(players, 30, players):
            hidden = {state.layout[p] for p in range(21)
                      if state.present >> p & 1 and not state.faceup >> p & 1}
            hidden |= {state.layout[21 + j] for j in range(3)
                       if state.loc[state.layout[21 + j]] in (0, 5, 6, 7, 8, 10)}
            for seat in range(players):
                text = json.dumps(state.observation(seat))
                for tile in hidden:
                    assert f'"{nt.TILE_NAMES[tile]}"' not in text


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_gives_a_state_the_seat_cannot_tell_from_the_original(players):
    rng = random.Random(players)
    changed_tiles = changed_coins = 0
    for state, _ in random_positions(players, 60, 10 + players):
        for seat in range(players):
            d = state.determinize(seat, rng)
            assert d.observation(seat) == state.observation(seat)
            assert layout_is_legal(d.layout)
            assert d.legal_actions() == state.legal_actions() or d.current_player() != seat
            changed_tiles += d.layout != state.layout
            changed_coins += d.hand != state.hand or d.coins != state.coins
    assert changed_tiles and changed_coins


def test_a_determinized_state_plays_on_to_a_legal_end():
    rng = random.Random(8)
    for state, _ in random_positions(4, 20, 3):
        d = state.determinize(rng.randrange(4), rng)
        random_playout(d, rng)
        assert d.is_terminal() and sorted(d.ranking()) == [0, 1, 2, 3]
    assert state.observation(0)  # the original is untouched by its copies' play


def test_determinize_keeps_the_unseen_fives_in_the_special_places():
    rng = random.Random(2)
    state = play([])
    for _ in range(200):
        d = state.determinize(0, rng)
        special = [d.layout[p] for p in SARCOPHAGUS_POSITIONS] + list(d.layout[21:])
        assert set(nt.FIVES) <= set(special)
        assert d.layout[0] == state.layout[0]


def relabelled_record(events, players, seat, cut, rng):
    """The first ``cut`` events with every fact hidden from ``seat`` at that point
    changed: tiles never seen by then shuffled among their places (keeping the
    layout rule), other seats' coin values relabelled by a random bijection
    when no tie has turned any over. Returns None when nothing could change."""
    state = GAME.new_initial_state(players)
    for e in events[:cut]:
        state.apply(e)
    layout = list(state.layout)
    hidden = [p for p in range(21) if state.present >> p & 1 and not state.faceup >> p & 1]
    slots = [21 + j for j in range(3) if state.loc[state.layout[21 + j]] in (0, 5, 6, 7, 8, 10)]
    special = [p for p in hidden if p in SARCOPHAGUS_POSITIONS] + slots
    normal = [p for p in hidden if p not in SARCOPHAGUS_POSITIONS]
    for group in (special, normal):
        tiles = [layout[p] for p in group]
        rng.shuffle(tiles)
        for p, t in zip(group, tiles):
            layout[p] = t
    # a null may also trade places between the groups: keep it simple, within groups
    maps = {}
    if not state.ties:
        for other in range(players):
            if other != seat:
                values = list(range(6))
                rng.shuffle(values)
                maps[other] = values
    new_events = [nt.layout_text(tuple(layout))]
    replay = GAME.new_initial_state(players)
    replay.apply(events[0])
    for e in events[1:cut]:
        action = replay.parse(e)
        if e.startswith("place") and replay.current_player() in maps:
            _, v, t = e.split()
            e = f"place {maps[replay.current_player()][int(v)]} {t}"
        new_events.append(e)
        replay.apply_action(action)
    if tuple(layout) == state.layout and not maps:
        return None
    return new_events


def test_leak_nothing_in_a_seats_observation_depends_on_what_it_cannot_see():
    """Two games alike in everything a seat sees, unlike in face-down tiles, the
    sarcophagus and other seats' coin values: the seat's observations and its
    views of the events are the same at every step."""
    rng = random.Random(77)
    compared = 0
    for players in (2, 3, 4):
        for g in range(40):
            events = random_game(players, 500 + g)
            seat = rng.randrange(players)
            cut = rng.randrange(3, len(events))
            other = relabelled_record(events, players, seat, cut, rng)
            if other is None:
                continue
            a = GAME.new_initial_state(players)
            b = GAME.new_initial_state(players)
            for ea, eb in zip(events[:cut], other):
                assert a.event_for_seat(a.parse(ea), seat) == b.event_for_seat(b.parse(eb), seat)
                a.apply(ea)
                b.apply(eb)
                if a.ties != b.ties:  # a tie turns values over: they are public from here
                    break
                assert a.observation(seat) == b.observation(seat)
                compared += 1
            assert a.layout != b.layout or a.coins != b.coins or a.hand != b.hand
    assert compared > 1000


def test_the_assessments_are_what_every_seat_saw_announced_and_nothing_more():
    """The observation's history of assessments (for the web log: claims told after a
    reload) is the same for every seat and the omniscient view, and names only tiles
    every seat saw face up just before (no sarcophagus tile, no coin value)."""
    compared = 0
    for players in (2, 3, 4):
        for g in range(6):
            rng = random.Random(900 + 10 * players + g)
            state = GAME.new_initial_state(players)
            while not state.is_terminal():
                action = (state.sample_chance(rng) if state.is_chance_node()
                          else rng.choice(state.legal_actions()))
                before = [state.observation(s) for s in range(players)]
                state.apply_action(action)
                views = [state.observation(s)["assessments"] for s in range(players)]
                assert all(v == views[0] for v in views)
                assert views[0] == state.omniscient_observation()["assessments"]
                for a in views[0][len(before[0]["assessments"]):]:
                    assert set(a) == {"pos", "tile", "claimer"}
                    for obs in before:
                        assert obs["pyramid"][a["pos"]]["tile"] == a["tile"]   # face up for all
                    compared += 1
            assert len(views[0]) == 21   # every pyramid tile leaves by one assessment
    assert compared == 18 * 21
