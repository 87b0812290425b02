"""Ra's scripted strategies (issue 32, item 3): the rules of thumb do what they say."""

from __future__ import annotations

import random

from thebes.bots import make_bot
from thebes.core import get_game
from thebes.games.ra import notation as nt
from thebes.games.ra.state import AUCTION, TURN
from thebes.games.ra.tiles import GOD, GOLD, NILE, PHARAOH


def _dealt():
    state = get_game("ra").new_initial_state(3)
    state.apply_action(state.chance_outcomes()[0][0])
    assert state.phase == TURN
    return state


def _with_track(state, tiles):
    for i, k in enumerate(tiles):
        state.track[i] = k
    state.track_count = len(tiles)
    return state


def test_lots_draws_on_a_short_track_and_calls_ra_on_a_god():
    state = _with_track(_dealt(), [NILE, GOLD])
    seat = state.current_player()
    bot = make_bot("scripted-lots", "ra", seat, random.Random(0))
    assert bot.choose(state) == nt.DRAW
    state = _with_track(_dealt(), [NILE, GOD])
    assert bot.choose(state) == nt.RA_MOVE


def test_lots_bids_its_lowest_winning_sun_on_three_tiles_and_passes_on_two():
    state = _with_track(_dealt(), [NILE, GOLD, PHARAOH])
    caller = state.current_player()
    state.apply_action(nt.RA_MOVE)
    assert state.phase == AUCTION
    bidder = state.current_player()
    assert bidder != caller
    bot = make_bot("scripted-lots", "ra", bidder, random.Random(0))
    assert bot.choose(state) == nt.BID + min(state.suns_up[bidder])
    state = _with_track(_dealt(), [NILE, GOLD])
    state.apply_action(nt.RA_MOVE)
    assert make_bot("scripted-lots", "ra", state.current_player(),
                    random.Random(0)).choose(state) == nt.PASS
