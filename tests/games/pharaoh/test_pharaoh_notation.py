"""Notation: one spelling per event, text that is no event refused (spec, Notation summary)."""

import pytest

from pharaoh_helpers import GAME, solo
from thebes.core import IllegalEventError, InvalidEventError
from thebes.games.pharaoh.notation import CODE, TEXT


def test_every_action_code_has_one_spelling_that_parses_back():
    assert len(TEXT) == len(CODE)
    state = GAME.new_initial_state(1)
    for action, text in TEXT.items():
        assert state.text_to_action(text) == action
        assert state.action_to_text(action) == text


def test_the_vocabulary_has_the_spec_sizes():
    def count(prefix):
        return sum(1 for t in CODE if t.startswith(prefix))
    assert count("build ") == 10 * 36
    assert count("erase ") == count("hill ") == count("river ") == 36
    assert count("action ") == 7
    assert count("shift ") == 2 * 2 * 4
    assert count("roll ") == 36
    assert count("objectives ") == 21
    assert count("take ") == 4 + 10
    assert "skip" in CODE


@pytest.mark.parametrize("text", [
    "", "build", "build castle c3", "build housing g1", "build housing c7", "Build housing c3",
    "build  housing c3", "build housing c3 ", "shift 1 +2 gold", "shift 3 +1 gold",
    "shift 1 1 gold", "action rest", "take gold grain", "take", "objectives 5 3",
    "roll 0 3", "roll 7 1", "hill", "erase", "pass", "take labour labour labour"])
def test_text_that_is_no_event_raises_invalid_event_error(text):
    state = GAME.new_initial_state(1)
    with pytest.raises(InvalidEventError):
        state.text_to_action(text)


def test_a_non_string_event_is_refused():
    with pytest.raises(InvalidEventError):
        GAME.new_initial_state(1).parse(3)


def test_a_well_formed_event_out_of_place_is_illegal_not_invalid():
    state = solo()
    with pytest.raises(IllegalEventError):
        state.apply("build housing c4")  # the roll comes first
    with pytest.raises(IllegalEventError):
        state.apply("objectives 3 5")
