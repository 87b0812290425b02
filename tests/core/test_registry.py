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


def test_games_are_found_by_the_entry_point_group_and_imported_only_when_asked_for():
    import subprocess
    import sys
    code = ("import sys; from thebes.core import game_names, get_game; "
            "from thebes.core.game import registered; names = list(registered()); "
            "loaded = [m for m in sys.modules if m.startswith('thebes.games.')]; "
            "get_game('ra'); "
            "after = sorted({m.split('.')[2] for m in sys.modules if m.startswith('thebes.games.')}); "
            "print(len(names), loaded, after)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split(" ", 1)[1].strip() == "[] ['ra']"
    assert int(out.stdout.split(" ", 1)[0]) >= 4


def test_a_game_registered_by_hand_joins_the_registry_but_cannot_replace_one():
    from thebes.core import register_game
    from thebes.core.game import registered
    register_game("ra", "thebes.games.pharaoh:GAME")       # a name taken: the first one stays
    assert registered()["ra"] == "thebes.games.ra:GAME"
    register_game("not-a-game", "thebes.games.ra:GAME")    # a target that is another game
    try:
        with pytest.raises(OptionsError, match="not a Game named 'not-a-game'"):
            get_game("not-a-game")
        register_game("missing", "thebes.no_such_module:GAME")
        with pytest.raises(OptionsError, match="cannot be loaded: ModuleNotFoundError"):
            get_game("missing")
        assert game_names()[-2:] == ["missing", "not-a-game"]   # what cannot load comes last
    finally:
        registered().pop("not-a-game", None)
        registered().pop("missing", None)


def test_every_game_declares_hooks_the_generic_layers_can_load():
    from thebes.core.hooks import MODULE_HOOKS
    for name in game_names():
        hooks = get_game(name).hooks
        for hook in MODULE_HOOKS:
            if getattr(hooks, hook) is not None and hook != "web":
                assert hooks.module(hook) is not None, (name, hook)
        assert 1 <= get_game(name).default_players <= get_game(name).max_players
