#!/usr/bin/env bash
# CI only: Debian's chromium for the real-browser test (tests/browser/).
# Playwright's own browser download does not work here; the test launches /usr/bin/chromium.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  echo "chromium already installed: $(/usr/bin/chromium --version 2>/dev/null || true)"
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends chromium fonts-dejavu-core
