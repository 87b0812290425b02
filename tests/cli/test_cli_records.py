"""`thebes replay` and `thebes selfplay` exactly as shared/spec/CLI.md says, and every --help."""

from __future__ import annotations

import json

import pytest

from thebes.cli import build_parser, main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def ra_record(tmp_path, capsys):
    path = tmp_path / "ra.json"
    assert run(capsys, "selfplay", "--game", "ra", "--players", "3", "--seed", "7",
               "--out", str(path))[0] == 0
    return path


def test_selfplay_gives_the_same_record_byte_for_byte_for_the_same_arguments(tmp_path, capsys):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    for path in (a, b):
        run(capsys, "selfplay", "--game", "ra", "--players", "4", "--seed", "11", "--out", str(path))
    assert a.read_bytes() == b.read_bytes()
    code, out, _ = run(capsys, "selfplay", "--game", "ra", "--players", "4", "--seed", "11")
    assert code == 0 and out.encode() == a.read_bytes()


def test_replay_of_a_finished_record_prints_ok_and_the_result(ra_record, capsys):
    code, out, _ = run(capsys, "replay", str(ra_record), "--json")
    result = json.loads(out)
    record = json.loads(ra_record.read_text())
    assert code == 0
    assert result == {"ok": True, "game": "ra", "events": len(record["events"]), "finished": True,
                      "scores": record["result"]["scores"], "ranking": record["result"]["ranking"]}


def test_replay_of_an_unfinished_record_names_who_is_to_move(tmp_path, capsys):
    path = tmp_path / "u.json"
    path.write_text(json.dumps({"game": "ra", "players": 3, "options": {}, "events": [
        "suns 13,8,5,2 / 12,9,6,3 / 11,10,7,4", "draw", "pharaoh", "ra", "pass", "bid 5"]}))
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 0
    assert json.loads(out) == {"ok": True, "game": "ra", "events": 6, "finished": False,
                               "scores": [10, 10, 10], "ranking": None, "to_move": 2}
    path.write_text(json.dumps({"game": "ra", "players": 3, "events": [
        "suns 13,8,5,2 / 12,9,6,3 / 11,10,7,4", "draw"]}))
    assert json.loads(run(capsys, "replay", str(path), "--json")[1])["to_move"] == "chance"


def test_replay_refuses_the_first_illegal_event_at_its_index_with_the_legal_events(ra_record, capsys):
    record = json.loads(ra_record.read_text())
    del record["result"]
    record["events"].insert(3, "end")
    ra_record.write_text(json.dumps(record))
    code, out, _ = run(capsys, "replay", str(ra_record), "--json")
    result = json.loads(out)
    assert code == 1 and result["ok"] is False
    assert result["index"] == 3 and result["event"] == "end"
    assert result["legal"] and "end" not in result["legal"] and result["error"]


def test_replay_refuses_a_result_that_disagrees(ra_record, capsys):
    record = json.loads(ra_record.read_text())
    record["result"]["scores"][0] += 1
    ra_record.write_text(json.dumps(record))
    code, out, _ = run(capsys, "replay", str(ra_record), "--json")
    result = json.loads(out)
    assert code == 1 and result["ok"] is False and result["index"] is None
    assert "disagrees" in result["error"]


@pytest.mark.parametrize("content", ["{not json", '{"game": "go", "players": 3, "events": []}',
                                     '{"game": "ra", "players": 2, "events": []}',
                                     '{"game": "ra", "players": 3, "options": {"x": 1}, "events": []}'])
def test_replay_of_unreadable_input_exits_two_with_one_line_on_stderr(tmp_path, capsys, content):
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, out, err = run(capsys, "replay", str(path), "--json")
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert json.loads(out)["ok"] is False


def test_replay_reads_standard_input(ra_record, capsys, monkeypatch):
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO(ra_record.read_text()))
    code, out, _ = run(capsys, "replay", "-", "--json")
    assert code == 0 and json.loads(out)["ok"]


def test_replay_without_json_speaks_to_a_person(ra_record, capsys):
    code, out, _ = run(capsys, "replay", str(ra_record))
    assert code == 0 and "ranking" in out and "valid" in out


def test_selfplay_with_bad_arguments_exits_two(capsys):
    assert run(capsys, "selfplay", "--game", "ra", "--players", "6", "--seed", "1")[0] == 2
    assert run(capsys, "selfplay", "--game", "ra", "--players", "3", "--seed", "1",
               "--options", '{"fast": true}')[0] == 2
    assert run(capsys, "selfplay", "--game", "ra", "--players", "3", "--seed", "1",
               "--bot", "oracle")[0] == 2


def test_selfplay_with_the_greedy_bot_writes_a_valid_finished_record(tmp_path, capsys):
    path = tmp_path / "g.json"
    assert run(capsys, "selfplay", "--game", "ra", "--players", "5", "--seed", "3", "--bot",
               "greedy", "--out", str(path))[0] == 0
    assert json.loads(run(capsys, "replay", str(path), "--json")[1])["finished"] is True


def _subcommands():
    parser = build_parser()
    action = next(a for a in parser._actions if a.dest == "command")
    return sorted(action.choices)


@pytest.mark.parametrize("command", [None] + _subcommands())
def test_every_command_has_a_help_that_teaches(capsys, command):
    with pytest.raises(SystemExit) as exit_:
        main(["--help"] if command is None else [command, "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert "usage: thebes" in out and len(out) > 200
