"""Real `thebes` processes under hostile surroundings (issue 30, items 7, 10 and 12): a closed
or full standard output, a pipe closed early, an output that is not UTF-8, endless input,
signals at any moment (also in the first fraction of a second and to a whole process group),
and two players on one record. Never a traceback, never a hang, no worker left behind, no
file damaged (docs/cli.md, Exit codes)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from thebes.cli import main

THEBES = [sys.executable, "-m", "thebes.cli"]
SELFPLAY = ["selfplay", "--game", "ra", "--players", "3", "--seed", "1"]
ARENA = ["arena", "--game", "ra", "--players", "3", "--seats", "ismcts,random,random",
         "--games", "40", "--iterations", "2000"]

pytestmark = pytest.mark.skipif(not Path("/proc/self").exists(), reason="needs Linux /proc")


@pytest.fixture
def records(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main([*SELFPLAY, "--out", "done.json"]) == 0
    data = json.loads((tmp_path / "done.json").read_text())
    data["events"] = data["events"][:30]
    del data["result"]
    (tmp_path / "half.json").write_text(json.dumps(data))
    return tmp_path


def run(argv, **kwargs):
    kwargs.setdefault("capture_output", True)
    return subprocess.run([*THEBES, *argv], text=True, timeout=300, **kwargs)


def one_clean_line(err: str) -> bool:
    return "Traceback" not in err and len(err.strip().splitlines()) == 1


COMMANDS = [
    ["replay", "done.json"], ["replay", "done.json", "--json"], [*SELFPLAY],
    ["hint", "half.json", "--think-ms", "0", "--iterations", "20"],
    ["bench", "--game", "ra", "--games", "2"],
    ["arena", "--game", "ra", "--players", "3", "--seats", "random,random,random", "--games",
     "2", "--jobs", "1"],
    ["review", "half.json", "--iterations", "5", "--jobs", "1", "--no-chance"],
    ["--help"], ["replay", "--help"],
]


@pytest.mark.parametrize("argv", COMMANDS, ids=[" ".join(a)[:40] for a in COMMANDS])
def test_a_closed_standard_output_is_one_line_and_exit_2_for_every_command(records, argv):
    result = subprocess.run(["sh", "-c", 'exec "$@" >&-', "sh", *THEBES, *argv],
                            capture_output=False, stderr=subprocess.PIPE, text=True, timeout=300)
    assert result.returncode == 2, result.stderr
    assert one_clean_line(result.stderr) and "standard output is closed" in result.stderr


def test_a_closed_standard_output_never_lets_a_file_take_its_place(records):
    # descriptor 1 closed: the next file opened would get it, and print() would write there
    result = subprocess.run(["sh", "-c", 'exec "$@" >&-', "sh", *THEBES, *SELFPLAY, "--out",
                             "new.json"], stderr=subprocess.PIPE, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert json.loads((records / "new.json").read_text())["game"] == "ra"


@pytest.mark.parametrize("argv,lines", [
    (["review", "half.json", "--iterations", "5", "--jobs", "1", "--no-chance"], 1),
    (["play", "ra", "--save", "p.json", "--delay", "0", "--bot", "random"], 3),
])
def test_a_pipe_closed_early_ends_quietly_with_141(records, argv, lines):
    inner = subprocess.Popen([*THEBES, *argv], stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(lines):
        inner.stdout.readline()
    inner.stdout.close()
    _, err = inner.communicate(timeout=300)
    assert inner.returncode == 141 and "Traceback" not in err, err


@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "ascii"}, {"LC_ALL": "C", "LANG": "C"},
                                 {"PYTHONIOENCODING": "latin-1"}])
def test_play_and_bench_on_an_output_that_is_not_utf8_replace_what_it_cannot_show(records, env):
    environ = {**os.environ, **env}
    played = run(["play", "ra", "--save", "p.json", "--delay", "0"], input="1\nq\n", env=environ,
                 errors="replace")
    assert played.returncode == 0 and "Traceback" not in played.stderr, played.stderr
    assert "--resume" in played.stdout
    bench = run(["bench", "--game", "ra", "--games", "2"], env=environ, errors="replace")
    assert bench.returncode == 0 and "Traceback" not in bench.stderr, bench.stderr
    selfplay = run([*SELFPLAY, "--options", "{}"], env=environ)
    assert selfplay.returncode == 0 and json.loads(selfplay.stdout)["game"] == "ra"


@pytest.mark.parametrize("source", ["/dev/zero", "yes"])
def test_play_on_endless_input_stops_saved_with_one_line(records, source):
    if source == "yes":
        feeder = subprocess.Popen(["yes", "99"], stdout=subprocess.PIPE)
        stdin = feeder.stdout
    else:
        feeder, stdin = None, open(source, "rb")
    try:
        result = subprocess.run([*THEBES, "play", "ra", "--save", "p.json", "--delay", "0"],
                                stdin=stdin, capture_output=True, text=True, timeout=120)
    finally:
        stdin.close()
        if feeder:
            feeder.kill()
            feeder.wait()
    assert result.returncode == 2 and one_clean_line(result.stderr), result.stderr
    assert "--resume p.json" in result.stderr
    assert json.loads((records / "p.json").read_text())["game"] == "ra"


def workers_of(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-s", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


def _as_at_a_terminal():
    # Ctrl-C and a hang-up as at a terminal, even when the tests themselves run under nohup
    # or as a background job (which ignore them: the command then rightly leaves them so)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


def started(argv, script=False, **kwargs):
    # a new session (its own process group), signals as at a terminal
    program = [str(Path(sys.executable).with_name("thebes"))] if script else THEBES
    return subprocess.Popen([*program, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True, preexec_fn=_as_at_a_terminal,
                            **kwargs)


@pytest.mark.parametrize("delay", [0.15, 0.2, 0.3, 0.45])
def test_ctrl_c_in_the_first_fraction_of_a_second_is_130_without_a_traceback(records, delay):
    # the installed `thebes` script: its first lines run after the interpreter's own start
    # (a few hundredths of a second), and from there on Ctrl-C is 130 without a traceback
    proc = started([*ARENA, "--jobs", "1"], script=True)
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode in (130, -signal.SIGINT), err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err


@pytest.mark.parametrize("command", ["arena", "review"])
@pytest.mark.parametrize("signum,code", [(signal.SIGINT, 130), (signal.SIGTERM, 143),
                                         (signal.SIGHUP, 129)])
def test_a_signal_to_a_parallel_run_stops_its_workers_at_once_and_quietly(records, command,
                                                                          signum, code):
    argv = ([*ARENA, "--jobs", "2"] if command == "arena" else
            ["review", "half.json", "--iterations", "20000", "--jobs", "2"])
    proc = started(argv)
    deadline = time.monotonic() + 60
    while len(workers_of(proc.pid)) < 3 and time.monotonic() < deadline:
        time.sleep(0.1)   # the parent and its two workers
    time.sleep(0.5)
    if signum == signal.SIGINT:
        os.killpg(proc.pid, signum)   # Ctrl-C reaches the whole process group
    else:
        proc.send_signal(signum)
    _, err = proc.communicate(timeout=60)
    time.sleep(0.5)
    assert proc.returncode == code, err
    assert "Traceback" not in err and "Error" not in err, err
    assert workers_of(proc.pid) == []


def test_two_plays_of_one_record_the_second_is_refused_and_no_move_is_lost(records):
    first = subprocess.Popen([*THEBES, "play", "ra", "--save", "g.json", "--delay", "0",
                              "--bot", "random", "--seed", "3"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not (records / "g.json").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(1.0)
    second = run(["play", "--resume", "g.json", "--delay", "0"], input="q\n")
    assert second.returncode == 2 and one_clean_line(second.stderr), second.stderr
    assert "another thebes play" in second.stderr
    out, err = first.communicate("1\n1\nq\n", timeout=120)
    assert first.returncode == 0, err
    saved = json.loads((records / "g.json").read_text())
    third = run(["play", "--resume", "g.json", "--delay", "0"], input="q\n")
    assert third.returncode == 0, third.stderr   # the lock went with the first play
    assert json.loads((records / "g.json").read_text())["events"] == saved["events"]
