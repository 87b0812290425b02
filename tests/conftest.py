"""What did not run, and how to make it run: a summary at the end of every test run.

Some suites need a service or an optional package: real-browser tests need
Debian's chromium, accessibility checks axe-core, storage tests PostgreSQL,
cluster arenas Ray, the interop tests OpenSpiel and PettingZoo. Without one,
those tests skip with a reason; this hook gathers the skips into suites, counts
the test functions that did not run (a skipped module counts every
``def test_`` in it, a parametrized function counts once), and says how to
enable each suite (scripts/setup/*.sh, which CI runs through scripts/ci-setup.sh).
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

#: (suite, words of a skip reason that name it (lower case), how to enable it)
SUITES: list[tuple[str, tuple[str, ...], str]] = [
    ("axe-core accessibility checks", ("axe-core",), "bash scripts/setup/axe-core.sh"),
    ("real-browser tests (chromium)", ("chromium", "playwright"),
     "bash scripts/setup/chromium.sh (as root: Debian's chromium)"),
    ("PostgreSQL storage tests", ("postgres", "psycopg"),
     "bash scripts/setup/postgres.sh (as root: a local PostgreSQL 15 and its test role)"),
    ("Ray cluster arenas", ("ray ",), ".venv/bin/pip install -e '.[cluster]'"),
    ("nginx proxy tests", ("nginx",), "bash scripts/setup/nginx.sh (as root)"),
    ("browser-module checks (Node.js)", ("node is not installed", "nodejs"), "apt-get install nodejs"),
    ("OpenSpiel / PettingZoo interop", ("pyspiel", "openspiel", "open_spiel", "pettingzoo"),
     ".venv/bin/pip install -e '.[test]' (or '.[openspiel,pettingzoo]')"),
]
OTHER = "other skips"


def _reason(report: Any) -> str:
    longrepr = report.longrepr
    text = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)
    return re.sub(r"^Skipped: ", "", text.strip())


def _suite(reason: str) -> tuple[str, str | None]:
    low = reason.lower() + " "
    for name, words, enable in SUITES:
        if any(word in low for word in words):
            return name, enable
    return OTHER, None


def _test_functions(path: Path) -> set[str]:
    """The names of the ``test_`` functions (and ``Test`` classes' methods) defined in ``path``."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError):
        return set()
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            names |= {f"{node.name}::{f.name}" for f in node.body
                      if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.name.startswith("test")}
    return names


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: Any) -> None:
    skipped = terminalreporter.stats.get("skipped", [])
    if not skipped:
        return
    root = Path(config.rootpath)
    suites: dict[str, dict[str, Any]] = defaultdict(lambda: {"functions": set(), "reasons": set()})
    enable: dict[str, str | None] = {}
    for report in skipped:
        reason = _reason(report)
        name, how = _suite(reason)
        enable[name] = how
        suite = suites[name]
        suite["reasons"].add(reason if len(reason) < 200 else reason[:197] + "...")
        file, _, rest = report.nodeid.partition("::")
        if rest:          # one test (each parametrization of a function counts once)
            suite["functions"].add(f"{file}::{rest.split('[')[0]}")
        else:             # a whole module skipped at collection: every test function in it
            suite["functions"] |= {f"{file}::{f}" for f in _test_functions(root / file)} or {file}
    total = sum(len(s["functions"]) for s in suites.values())
    tw = terminalreporter
    tw.section("skipped suites", sep="-", yellow=True)
    tw.write_line(f"{total} test functions did not run (or not all of their cases):")
    order = [name for name, _w, _e in SUITES] + [OTHER]
    for name in sorted(suites, key=order.index):
        suite = suites[name]
        files = sorted({f.split("::")[0] for f in suite["functions"]})
        tw.write_line(f"  {name}: {len(suite['functions'])} test functions in {len(files)} files",
                      yellow=True, bold=True)
        for reason in sorted(suite["reasons"])[:3]:
            tw.write_line(f"      why: {reason}")
        if len(suite["reasons"]) > 3:
            tw.write_line(f"      ... and {len(suite['reasons']) - 3} more reasons (pytest -rs lists them)")
        if enable.get(name):
            tw.write_line(f"      enable: {enable[name]}")
    tw.write_line("  every service at once: sudo bash scripts/ci-setup.sh (what CI runs before the tests)")
