"""The spec's record opening (shared/spec/pharaohs-heir.md, Notation summary) replays
and leaves every mat as its comments say."""

from thebes.games.pharaohs_heir.pieces import FLOOD

from pharaohs_heir_support import SPEC_OPENING, play, pos, spec_start, tokens


def test_the_spec_opening_replays_to_seat_1_developing_in_turn_2():
    state = play(spec_start(), SPEC_OPENING)
    assert state.turn == 1 and state.cycle == 0
    assert state.blessing == 0 and state.overseer == 0
    assert state.nile_tile == 4


def test_the_spec_opening_gives_the_documented_mats():
    state = play(spec_start(), SPEC_OPENING[:-1])
    # seat 1: v0 grew by 2 as Overseer of populate, canal on t0, took crop4.
    assert tokens(state, 0) == {"v0": 3, "c0": 1}
    # grain: 4, -1 canal, -offer, +reap (+1 a crop tile for the Overseer), -1 a populated tile
    assert state.grain == [4 - 1 - 2 + 3 - 2, 4 - 1 - 3 + 4 - (2 - 1), 4 - 1 - 2 + 1 - 2]
    assert tokens(state, 1) == {"v0": 3, "v1": 1}
    assert tokens(state, 2) == {"v0": 1, "t1": 2}
    assert state.bld[pos(state, 1, "v0")] == 1
    assert state.wall[2 * 7 + 5] == 1 and state.wall[0 * 7 + 3] == 1


def test_the_peek_in_the_spec_opening_shows_seat_2_the_next_tile_a_4():
    state = play(spec_start(), SPEC_OPENING[:19])
    assert state.action_to_text(state.legal_actions()[1]) == "peek"
    state.apply("peek")
    assert state.observation(1)["nile"]["peeked"] == "4"
    assert "peeked" not in state.observation(0)["nile"]
    assert "peeked" not in state.observation(2)["nile"]
    assert state.observation(0)["nile"]["peeked_by"] == 1


def test_the_sacrifice_track_holds_each_offer():
    state = play(spec_start(), SPEC_OPENING[:20])
    assert [state.track[p * 12] for p in range(3)] == [5, 5, 5]
    assert FLOOD not in state.nile[:1]
