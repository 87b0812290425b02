"""The seed's worked examples (shared/seeds/sarcophagus.txt), set up on the
spec's example layout (a1 sun-3, b1 moon-4, b2 arms-4, c1 crown-2, c2 sun-2)."""

from sarcophagus_helpers import play

from thebes.games.sarcophagus.scoring import fame
from thebes.games.sarcophagus.notation import TILE_INDEX

# Three seats: seat 1 sun, seat 2 moon, seat 3 crown.
OPENING = ["first 1", "place 0 a1", "place 2 b1",   # sun
           "place 0 a1", "place 4 b1",              # moon
           "place 0 a1", "place 5 b2"]              # crown


def face_up(obs):
    return {pos: t["tile"] for pos, t in obs["pyramid"].items() if t["tile"]}


def test_the_apex_coin_turns_up_the_two_tiles_below_it():
    """Example 1: the first coin on sun-3 turns up moon-4 and arms-4."""
    state = play(["first 1"])
    assert face_up(state.observation(0)) == {"a1": "sun-3"}
    assert state.legal_events() == [f"place {v} a1" for v in range(6)]
    state.apply("place 3 a1")
    assert face_up(state.observation(0)) == {"a1": "sun-3", "b1": "moon-4", "b2": "arms-4"}


def test_the_second_coin_may_go_on_any_of_the_three_revealed_tiles():
    state = play(["first 1", "place 3 a1"])
    assert {e.split()[2] for e in state.legal_events()} == {"a1", "b1", "b2"}


def test_a_coin_on_moon_4_turns_up_the_two_face_down_tiles_adjacent_to_it():
    state = play(["first 1", "place 3 a1", "place 4 b1"])
    assert face_up(state.observation(1)) == {"a1": "sun-3", "b1": "moon-4", "b2": "arms-4",
                                             "c1": "crown-2", "c2": "sun-2"}
    assert state.observation(1)["to_move"] == 1  # the turn passed to moon


def test_the_fourth_coin_on_sun_3_lets_sun_with_two_coins_claim_it():
    """Example 2: sun claims the apex, coins go back, moon-4 and arms-4 gain a
    second free side but hold fewer than four coins, so sun places his second coin."""
    state = play(OPENING + ["place 1 a1"])
    obs = state.observation(0)
    assert obs["claimed"] == [["sun-3"], [], []]
    assert "a1" not in obs["pyramid"]
    assert obs["hands"] == [5, 5, 5]
    assert sorted(obs["hand"]) == [0, 1, 3, 4, 5]
    assert obs["to_move"] == 0 and obs["coin"] == 2
    assert len(obs["pyramid"]["b1"]["coins"]) == 2 and len(obs["pyramid"]["b2"]["coins"]) == 1
    assert obs["top_left"] == "b1"


def test_a_two_two_tie_on_moon_4_goes_to_sun_by_two_plus_three_against_zero_plus_four():
    """Example 3: moon's coin is the fourth on moon-4; sun 2+3=5 beats moon 0+4=4."""
    state = play(OPENING + ["place 1 a1", "place 3 b1", "place 0 b1"])
    obs = state.observation(2)
    assert obs["claimed"][0] == ["sun-3", "moon-4"]
    assert obs["ties"] == [{"pos": "b1", "tile": "moon-4",
                            "coins": [[0, 2], [1, 4], [0, 3], [1, 0]]}]
    assert obs["hands"] == [6, 6, 5]  # both tied seats have their coins back
    assert obs["to_move"] == 1 and obs["coin"] == 2


def test_rons_tiles_score_28_plus_4_for_four_moons_plus_1_for_two_crowns():
    tiles = ["sun-5", "moon-2", "moon-3", "moon-4", "moon-5", "crown-2", "crown-3", "arms-4"]
    assert fame(TILE_INDEX[t] for t in tiles) == 33
