#!/usr/bin/env bash
# Set up a virtual environment with thebes and its test tools, then run every test.
# The run ends with the suites that were skipped (no chromium, PostgreSQL, Ray, axe-core...),
# how many test functions each holds and how to enable it (tests/conftest.py).
# Arguments go to pytest: bash scripts/test.sh tests/games/ra -x
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[test]'
.venv/bin/python -m pytest "$@"
