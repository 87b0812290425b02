"""The one reader and the one writer of record text (thebes/core/recordio.py)."""

from __future__ import annotations

import io
import json
import os
import stat
import sys

import pytest

from thebes.core import Record, RecordError, ThebesError
from thebes.core import recordio
from thebes.core.recordio import parse_json, read_text, write_text

RECORD = {"game": "ra", "players": 3, "options": {}, "events": ["suns 13,8,5,2 / 12,9,6,3 / 11,10,7,4"]}


@pytest.mark.parametrize("data,words", [
    (b"\xff\xfe{\x00}\x00", "UTF-16"),
    (json.dumps(RECORD).encode("utf-16"), "UTF-16"),
    (b"{\"game\": \"r\xe9\"}", "not UTF-8"),          # Latin-1
    (bytes(range(256)) * 4, "not UTF-8"),              # binary
    (b"{\"game\": \"ra\x00\"}", "NUL"),
    (b"[" * 100_000, "levels deep"),
    (b"{\"game\": \"ra\", \"players\": " + b"9" * 5000 + b", \"events\": []}", "5000 digits"),
    (b"{\"game\": \"ra\", \"players\": NaN, \"events\": []}", "not a JSON number"),
    (b"{\"game\": \"ra\", \"players\": 1e999, \"events\": []}", "too large"),
    (b"{\"game\": \"ra\"", "not JSON"),
])
def test_a_file_that_is_not_clean_utf8_json_is_a_record_error_naming_it(tmp_path, data, words):
    path = tmp_path / "bad.json"
    path.write_bytes(data)
    with pytest.raises(RecordError, match=words) as caught:
        Record.load(path)
    assert str(path) in str(caught.value) and "\n" not in str(caught.value)


def test_a_utf8_byte_order_mark_is_allowed(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(RECORD).encode())
    assert Record.load(path).game == "ra"


def test_an_endless_input_is_refused_after_the_size_cap(monkeypatch):
    monkeypatch.setattr(recordio, "MAX_RECORD_BYTES", 1024)
    with pytest.raises(RecordError, match="larger than"):
        read_text("/dev/zero")


def test_a_closed_standard_input_is_a_record_error(monkeypatch):
    closed = io.TextIOWrapper(io.BytesIO())
    closed.close()
    monkeypatch.setattr(sys, "stdin", closed)
    with pytest.raises(RecordError, match="standard input is closed"):
        Record.load("-")
    monkeypatch.setattr(sys, "stdin", None)
    with pytest.raises(RecordError, match="standard input is closed"):
        Record.load("-")


@pytest.mark.parametrize("source", ["missing.json", ".", "bad\x00name"])
def test_a_path_that_cannot_be_read_is_a_record_error(tmp_path, monkeypatch, source):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(RecordError, match="cannot read"):
        Record.load(source)


@pytest.mark.parametrize("value", [[1] * 3, 5, None, "x", {"game": 1}, {"game": "ra", "players": True,
                                                                          "events": []}])
def test_loads_and_from_dict_refuse_what_is_not_a_record(value):
    with pytest.raises(RecordError):
        Record.loads(json.dumps(value))
    with pytest.raises(RecordError):
        Record.from_dict(value)


def test_from_dict_applies_the_same_caps_to_values_parsed_elsewhere():
    deep: list = []
    for _ in range(200):
        deep = [deep]
    with pytest.raises(RecordError, match="deep"):
        Record.from_dict({**RECORD, "names": deep})
    with pytest.raises(RecordError, match="digits"):
        Record.from_dict({**RECORD, "seed": 10 ** 5000})
    with pytest.raises(RecordError, match="finite"):
        Record.from_dict({**RECORD, "x": float("nan")})


@pytest.mark.parametrize("record", [
    Record("ra", 3, None, []), Record("ra", 3, {}, None), Record("ra", "3", {}, []),
    Record(5, 3, {}, []), Record("ra", 3, {}, [], result="x"), Record("ra", 3, {}, [], extra=[]),
])
def test_replay_of_a_record_built_badly_in_python_raises_a_thebes_error(record):
    with pytest.raises(ThebesError):
        record.replay()


def test_parse_json_refuses_bytes_that_are_not_utf8_and_values_that_are_not_text():
    with pytest.raises(RecordError):
        parse_json(b"\xff")
    with pytest.raises(RecordError):
        parse_json(5)  # type: ignore[arg-type]


# ------------------------------------------------------------------ writer
def test_the_writer_refuses_an_existing_file_unless_asked(tmp_path):
    path = tmp_path / "r.json"
    path.write_text("old")
    with pytest.raises(RecordError, match="already exists"):
        write_text(path, "new")
    assert path.read_text() == "old"
    write_text(path, "new", overwrite=True)
    assert path.read_text() == "new"


def test_the_writer_follows_a_symbolic_link_and_keeps_it(tmp_path):
    target = tmp_path / "target.json"
    target.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    write_text(link, "new", overwrite=True)
    assert link.is_symlink() and target.read_text() == "new"


def test_the_writer_keeps_the_mode_of_the_file_it_replaces(tmp_path):
    path = tmp_path / "private.json"
    path.write_text("old")
    path.chmod(0o600)
    write_text(path, "new", overwrite=True)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and path.read_text() == "new"


def test_a_new_file_gets_the_usual_mode_not_the_temporary_files(tmp_path):
    path = tmp_path / "new.json"
    write_text(path, "x")
    mask = os.umask(0o022)
    os.umask(mask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~mask


def test_a_failed_write_leaves_the_old_file_whole_and_no_temporary_file(tmp_path, monkeypatch):
    path = tmp_path / "r.json"
    path.write_text("old")

    def no_space(*_args):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", no_space)
    with pytest.raises(RecordError, match="No space left"):
        write_text(path, "new", overwrite=True)
    assert path.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]


@pytest.mark.parametrize("where,words", [("folder", "is a folder"), ("missing/x.json", "does not exist")])
def test_a_path_that_cannot_take_a_file_is_a_record_error(tmp_path, where, words):
    (tmp_path / "folder").mkdir()
    with pytest.raises(RecordError, match=words.replace("is a folder", "it is a folder")):
        write_text(tmp_path / where, "x", overwrite=True)


def test_a_full_device_is_a_record_error(tmp_path):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full on this system")
    with pytest.raises(RecordError, match="No space left"):
        write_text("/dev/full", "x" * 10000, overwrite=True)
    assert os.path.exists("/dev/full") and not os.path.isfile("/dev/full")


def test_dash_writes_to_standard_output(capsys):
    write_text("-", "hello\n")
    assert capsys.readouterr().out == "hello\n"
