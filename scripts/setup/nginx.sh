#!/usr/bin/env bash
# CI only: install Debian's nginx (the reverse proxy of docs/deploy.md) for
# tests/server/test_server_scale_nginx.py, which starts its own nginx with its own config on a
# free port; the system service is left stopped. Without nginx that test skips, saying why.
set -euo pipefail
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq nginx >/dev/null
fi
if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet nginx 2>/dev/null; then
  $SUDO systemctl stop nginx || true   # the tests start their own
fi
echo "nginx.sh: $(/usr/sbin/nginx -v 2>&1)"
