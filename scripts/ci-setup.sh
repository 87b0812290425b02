#!/usr/bin/env bash
# CI only: install the system services some tests need (Debian packages), by running
# every scripts/setup/*.sh. Tests that need a service skip with a visible reason without it.
set -euo pipefail
cd "$(dirname "$0")/.."
for step in scripts/setup/*.sh; do
  [ -e "$step" ] || continue
  echo "ci-setup: $step"
  bash "$step" || echo "ci-setup: $step failed; the tests that need it will skip"
done
