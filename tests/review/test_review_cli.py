"""`thebes review`: the terminal table, --json, --plot, and clear errors."""

from __future__ import annotations

import builtins
import json

import pytest

from thebes.cli import main, selfplay_record


def run(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as done:      # argparse refuses an option's value: one line, exit 2
        code = done.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def record_file(tmp_path):
    record = selfplay_record("ra", 3, 4, {}, "greedy")
    record.events = record.events[:50]
    record.result = None
    path = tmp_path / "ra.json"
    record.save(path)
    return path


def test_json_prints_the_whole_review_with_its_documented_fields(capsys, record_file):
    code, out, _ = run(capsys, "review", str(record_file), "--iterations", "20", "--jobs", "1",
                       "--json")
    assert code == 0
    review = json.loads(out)
    for key in ("review", "game", "players", "budget", "seats", "thresholds", "decisions",
                "chance", "summary", "series", "record"):
        assert key in review, key
    assert review["budget"] == {"iterations": 20, "chance_iterations": 5}
    judged = [d for d in review["decisions"] if not d["forced"]]
    for field in ("before", "best", "played", "loss", "mark", "accuracy"):
        assert field in judged[0]
    for field in ("n", "win", "score", "margin", "value"):
        assert field in judged[0]["best"]


def test_the_terminal_table_lists_every_seat_and_the_marked_moves(capsys, record_file):
    code, out, _ = run(capsys, "review", str(record_file), "--iterations", "20", "--no-chance")
    assert code == 0
    assert "Review: Ra, 3 players, 20 iterations a decision" in out
    for seat in ("seat 1", "seat 2", "seat 3"):
        assert seat in out
    assert "accuracy" in out


def test_several_records_give_one_json_line_each(capsys, record_file, tmp_path):
    other = tmp_path / "other.json"
    other.write_text(record_file.read_text())
    code, out, _ = run(capsys, "review", str(record_file), str(other), "--iterations", "10",
                       "--no-chance", "--json", "--jobs", "2", "--seats", "2")
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert [r["record"] for r in lines] == [str(record_file), str(other)]
    assert lines[0]["decisions"] == lines[1]["decisions"]
    assert lines[0]["seats"] == [2]


def test_plot_writes_a_png(capsys, record_file, tmp_path):
    pytest.importorskip("matplotlib")
    png = tmp_path / "review.png"
    code, _, err = run(capsys, "review", str(record_file), "--iterations", "10", "--plot", str(png))
    assert code == 0, err
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_without_matplotlib_says_how_to_install_it(capsys, record_file, tmp_path, monkeypatch):
    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError("no matplotlib")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    code, _, err = run(capsys, "review", str(record_file), "--plot", str(tmp_path / "x.png"))
    assert code == 2
    assert "pip install 'thebes[plot]'" in err


@pytest.mark.parametrize("argv,message", [
    (["--seats", "4"], "seat 4 is not a seat"),
    (["--seats", "one"], "1-based seat numbers"),
    (["--iterations", "0"], "--iterations: must be a whole number from 1"),
    (["--think-ms", "-5"], "--think-ms: must be a number more than 0"),
    (["--jobs", "0"], "--jobs: must be a whole number from 1"),
])
def test_bad_arguments_are_refused_with_a_sentence(capsys, record_file, argv, message):
    code, _, err = run(capsys, "review", str(record_file), *argv)
    assert code == 2
    assert message in err


def test_a_record_that_does_not_replay_exits_1_naming_the_event(capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "ra", "players": 3, "events": ["nonsense"]}))
    code, _, err = run(capsys, "review", str(path))
    assert code == 1
    assert "event 0" in err


def test_an_unreadable_file_exits_2(capsys, tmp_path):
    code, _, err = run(capsys, "review", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err


def test_a_review_over_a_local_ray_cluster_equals_the_local_one(capsys, record_file):
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'thebes[cluster]')")
    short = ["--iterations", "10", "--no-chance", "--seats", "1", "--json"]
    code, local, _ = run(capsys, "review", str(record_file), *short, "--jobs", "1")
    assert code == 0
    code, on_ray, err = run(capsys, "review", str(record_file), *short, "--ray", "auto")
    assert code == 0, err
    assert json.loads(on_ray) == json.loads(local)
    import ray
    assert not ray.is_initialized(), "the local Ray cluster started for the run is still up"


@pytest.mark.parametrize("plot,message", [
    ("r.txt", "cannot write .txt"),
    ("", "give a file name"),
    ("adir", "it is a folder"),
    ("missing/r.png", "does not exist"),
])
def test_a_plot_that_cannot_be_written_is_refused_before_the_review_in_one_line(
        capsys, record_file, tmp_path, monkeypatch, plot, message):
    pytest.importorskip("matplotlib")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "adir").mkdir()
    searched = []
    monkeypatch.setattr("thebes.review.cli.run_all", lambda *a, **k: searched.append(1) or [])
    code, out, err = run(capsys, "review", str(record_file), "--iterations", "5", "--plot", plot)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err
    assert not searched and out == ""


@pytest.mark.skipif(not __import__("os").path.exists("/dev/full"), reason="no /dev/full")
def test_a_plot_to_a_full_disk_says_why_and_not_wrote(capsys, record_file):
    pytest.importorskip("matplotlib")
    code, _, err = run(capsys, "review", str(record_file), "--iterations", "5", "--no-chance",
                       "--plot", "/dev/full")
    assert code == 2 and "No space left" in err and "wrote" not in err


def test_a_plot_named_without_a_suffix_is_a_png_at_exactly_that_name(capsys, record_file,
                                                                     tmp_path):
    pytest.importorskip("matplotlib")
    target = tmp_path / "chart"
    code, _, err = run(capsys, "review", str(record_file), "--iterations", "5", "--no-chance",
                       "--plot", str(target))
    assert code == 0 and f"wrote {target}" in err
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not (tmp_path / "chart.png").exists()
