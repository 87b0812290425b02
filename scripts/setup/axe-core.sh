#!/usr/bin/env bash
# axe-core (the npm package) for the accessibility test (tests/browser/test_browser_axe.py),
# installed under .cache/axe (not committed). The test skips with a visible reason without it.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -f .cache/axe/node_modules/axe-core/axe.min.js ]; then
  echo "axe-core already installed: .cache/axe/node_modules/axe-core"
  exit 0
fi
if ! command -v npm >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends nodejs npm
fi
mkdir -p .cache/axe
npm install --silent --no-audit --no-fund --prefix .cache/axe axe-core@4
echo "axe-core installed: $(node -p "require('./.cache/axe/node_modules/axe-core/package.json').version")"
