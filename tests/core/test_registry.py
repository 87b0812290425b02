import pytest

from thebes.core import OptionsError, Record, RecordError, get_game, game_names


def test_every_game_of_the_records_spec_is_registered_by_name():
    names = game_names()
    assert names[:4] == ["ra", "sarcophagus", "pharaohs-heir", "pharaoh"]
    for name in names[:4]:
        assert get_game(name).name == name


def test_an_unknown_game_is_refused_with_the_known_names():
    with pytest.raises(OptionsError, match="ra, sarcophagus"):
        get_game("chess")


@pytest.mark.parametrize("text", ["not json", "[]", '{"game": "ra"}',
                                  '{"game": "ra", "players": "3", "events": []}',
                                  '{"game": "ra", "players": 3, "events": {}}'])
def test_a_record_that_cannot_be_read_raises_record_error(text):
    with pytest.raises(RecordError):
        Record.loads(text)


def test_a_record_keeps_unknown_keys_and_writes_them_back():
    record = Record.loads('{"game": "ra", "players": 3, "options": {}, "names": ["a", "b", "c"], '
                          '"events": ["draw"]}')
    assert record.extra == {"names": ["a", "b", "c"]}
    assert Record.loads(record.dumps()) == record
