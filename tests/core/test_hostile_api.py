"""Property tests: the public API on arbitrary input either succeeds or raises a ThebesError,
and no seat argument ever yields another seat's view."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thebes.core import Record, SeatError, ThebesError, get_game

GAMES = ("ra", "sarcophagus", "pharaohs-heir", "pharaoh")

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8),
                                                                      children, max_size=5),
    max_leaves=30)
RECORDISH = st.fixed_dictionaries(
    {"game": st.sampled_from(GAMES) | st.text(max_size=8) | JSON,
     "players": st.integers(-3, 8) | JSON,
     "events": st.lists(st.text(max_size=30), max_size=6) | JSON},
    optional={"options": JSON, "result": JSON})
SEATS = (st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5)
         | st.lists(st.integers(), max_size=2) | st.complex_numbers())


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=400) | st.binary(max_size=400) | JSON.map(json.dumps))
def test_record_loads_on_any_text_succeeds_or_raises_a_thebes_error(text):
    try:
        Record.loads(text)
    except ThebesError:
        pass


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(RECORDISH)
def test_record_replay_of_any_record_shaped_value_succeeds_or_raises_a_thebes_error(data):
    try:
        record = Record.loads(json.dumps(data))
        record.replay()
    except ThebesError:
        pass


def positions():
    """A few positions of every game, some mid-game and one finished."""
    out = []
    for name in GAMES:
        game = get_game(name)
        for players in sorted({game.min_players, min(game.max_players, 4)}):
            state = game.new_initial_state(players)
            rng = random.Random(players)
            for step in range(400):
                if step in (3, 40):
                    out.append(state.clone())
                if state.is_terminal():
                    break
                if state.is_chance_node():
                    state.apply_action(state.sample_chance(rng))
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
    return out


POSITIONS = positions()


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(range(len(POSITIONS))), SEATS)
def test_observation_of_any_seat_argument_is_that_seats_view_or_a_seat_error(index, seat):
    state = POSITIONS[index]
    try:
        obs = state.observation(seat)
    except SeatError:
        return
    if seat is None:
        assert not state.game.hidden_information or state.is_terminal()
        assert obs == state.omniscient_observation()
        return
    assert type(seat) is int and 0 <= seat < state.num_players
    assert obs == state.observation(int(seat))


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_a_negative_or_past_the_end_seat_is_refused_in_every_game(index):
    state = POSITIONS[index]
    for seat in (-1, -state.num_players, state.num_players, 99, True, "0", 1.5):
        with pytest.raises(SeatError):
            state.observation(seat)


def test_the_all_seeing_view_has_its_own_name_and_seat_none_does_not_give_it_mid_game():
    for state in POSITIONS:
        if state.game.hidden_information and not state.is_terminal():
            with pytest.raises(SeatError, match="omniscient_observation"):
                state.observation(None)
            assert state.omniscient_observation() != state.observation(0)


# ------------------------------------------------------------------ issue 30, item 13
def finished(name):
    game = get_game(name)
    state = game.new_initial_state(game.default_players)
    state.random_playout(random.Random(7))
    return state


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_a_shallow_copy_of_a_state_is_a_clone_a_move_on_it_leaves_the_original(index):
    import copy
    state = POSITIONS[index]
    if state.is_terminal():
        return
    before = state.omniscient_observation()
    twin = copy.copy(state)
    assert twin is not state and twin.omniscient_observation() == before
    rng = random.Random(1)
    twin.apply_action(twin.sample_chance(rng) if twin.is_chance_node()
                      else twin.legal_actions()[0])
    assert state.omniscient_observation() == before


@pytest.mark.parametrize("index", range(len(POSITIONS)))
@pytest.mark.parametrize("rng", [None, 5, "seed", random])
def test_determinize_with_something_that_is_no_generator_is_an_options_error(index, rng):
    from thebes.core import OptionsError
    with pytest.raises(OptionsError, match="random.Random"):
        POSITIONS[index].determinize(0, rng)


@pytest.mark.parametrize("name", GAMES)
def test_the_fast_path_on_a_finished_game_raises_an_illegal_event_error(name):
    from thebes.core import IllegalEventError
    state = finished(name)
    calls = [lambda: state.clone().apply_action(0), lambda: state.clone().apply_action(None),
             lambda: state.random_action(random.Random(1)), lambda: state.action_to_text(0),
             lambda: state.sample_chance(random.Random(1))]
    for call in calls:
        try:
            call()
        except IllegalEventError as err:
            assert "over" in str(err)
        except ThebesError:
            pass
    assert state.legal_actions() == [] and state.random_playout(random.Random(1)) == 0


@pytest.mark.parametrize("name", GAMES)
def test_a_chance_call_where_a_seat_is_to_move_succeeds_or_raises_a_thebes_error(name):
    for state in POSITIONS:
        if state.game.name != name or state.current_player() < 0:
            continue
        for call in (lambda: state.sample_chance(random.Random(1)), state.chance_outcomes,
                     lambda: state.chance_probability(0)):
            try:
                call()
            except ThebesError:
                pass


BAD_RECORDS = [
    dict(extra={"x": float("nan")}), dict(events=[object()]), dict(options={1: 2}),
    dict(extra={"game": "sarcophagus"}), dict(players="3"), dict(extra={"name": "\ud800"}),
    dict(extra={"t": (1, 2)}), dict(extra=[]), dict(result={"scores": 1}),
    dict(options={"deep": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}),
]


@pytest.mark.parametrize("fields", BAD_RECORDS, ids=[str(f)[:40] for f in BAD_RECORDS])
def test_save_refuses_a_badly_built_record_with_a_record_error_and_writes_nothing(tmp_path,
                                                                                 fields):
    from thebes.core import RecordError
    values = dict(game="ra", players=3, options={}, events=[], result=None, extra={})
    values.update(fields)
    record = Record(**values)
    with pytest.raises(RecordError):
        record.save(tmp_path / "r.json")
    assert list(tmp_path.iterdir()) == []


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.fixed_dictionaries({"options": JSON, "extra": st.dictionaries(st.text(max_size=6),
                                                                       JSON, max_size=3),
                              "events": st.lists(st.text(max_size=10), max_size=4)}))
def test_whatever_save_writes_load_reads_back_the_same(tmp_path_factory, fields):
    path = tmp_path_factory.mktemp("save") / "r.json"
    record = Record("ra", 3, **fields)
    try:
        record.save(path)
    except ThebesError:
        assert not path.exists()
        return
    again = Record.load(path)
    assert (again.options, again.events, again.extra) == (record.options, record.events,
                                                           record.extra)


def test_loads_accepts_the_byte_order_mark_the_file_reader_accepts(tmp_path):
    text = Record("ra", 3, {}, ["suns 13,8,5,2 / 12,9,6,3 / 11,10,7,4"]).dumps()
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert Record.loads("\ufeff" + text) == Record.load(path) == Record.loads(text)


MAKE_BOT_BAD = [(5, "ra", 0, random.Random()), ("random", 5, 0, random.Random()),
                ("random", "chess", 0, random.Random()), ("random", "ra", 9, random.Random()),
                ("random", "ra", -1, random.Random()), ("random", "ra", True, random.Random()),
                ("random", "ra", "0", random.Random()), ("random", "ra", 0, None),
                ("random", "ra", 0, 42), ("ismcts", "ra", 0, "x"), ("nobody", "ra", 0, random.Random())]


@pytest.mark.parametrize("args", MAKE_BOT_BAD, ids=[repr(a[:3]) for a in MAKE_BOT_BAD])
def test_make_bot_with_bad_arguments_raises_a_thebes_error(args):
    from thebes.bots import make_bot
    with pytest.raises(ThebesError):
        make_bot(*args)


def test_hint_with_bad_arguments_raises_a_thebes_error():
    from thebes.bots.hint import hint
    state = get_game("ra").new_initial_state(3)
    state.apply_action(state.sample_chance(random.Random(1)))
    seat = state.current_player()
    bad = [dict(state=None), dict(seat="x"), dict(seat=7), dict(seat=(seat + 1) % 3),
           dict(think_ms=float("nan")), dict(think_ms=-1), dict(think_ms="fast"),
           dict(iterations=0), dict(iterations=1.5), dict(think_ms=None, iterations=True),
           dict(top=0), dict(top="3"), dict(seed=None), dict(state=finished("ra"))]
    for change in bad:
        args = dict(state=state, seat=seat, think_ms=None, iterations=5)
        args.update(change)
        with pytest.raises(ThebesError):
            hint(args.pop("state"), args.pop("seat"), **args)
    chance = get_game("sarcophagus").new_initial_state(3)
    with pytest.raises(ThebesError):
        hint(chance, chance.current_player(), think_ms=None, iterations=5)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("rng", [None, 5, "x"])
def test_every_call_that_draws_refuses_what_is_no_generator_with_an_options_error(name, rng):
    from thebes.core import OptionsError
    from thebes.core.play import play_game, random_playout
    game = get_game(name)
    state = game.new_initial_state(game.default_players)
    with pytest.raises(OptionsError, match="random.Random"):
        state.clone().random_playout(rng)
    with pytest.raises(OptionsError, match="random.Random"):
        random_playout(state.clone(), rng)
    with pytest.raises(OptionsError, match="random.Random"):
        play_game(state.clone(), [object()] * state.num_players, rng)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(random.Random(2)))
    with pytest.raises(OptionsError, match="random.Random"):
        state.random_action(rng)


def test_play_game_refuses_what_is_no_state_or_no_bot_with_an_options_error():
    from thebes.core import OptionsError
    from thebes.core.play import play_game
    state = get_game("ra").new_initial_state(3)
    for args in [(None, [], random.Random()), (state, [None] * 3, random.Random()),
                 (state, "abc", random.Random()), (state, 3, random.Random())]:
        with pytest.raises(OptionsError):
            play_game(*args)


@pytest.mark.parametrize("name", GAMES)
def test_chance_template_is_a_line_or_a_thebes_error_in_every_game(name):
    game = get_game(name)
    try:
        assert isinstance(game.new_initial_state(game.default_players).chance_template(), str)
    except ThebesError:
        pass
