#!/bin/sh
# One-time machine set-up for the test suite: Debian packages the tests drive for real
# (Chromium for the browser suite, redis-server for the shared-store tests), installed only
# when missing, then the locked npm dependencies.
set -eu
cd "$(dirname "$0")/.."
missing=""
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
command -v redis-server >/dev/null 2>&1 || missing="$missing redis-server"
if [ -n "$missing" ]; then
  echo "setup: installing$missing (Debian packages)"
  sudo=""
  [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo="sudo"
  $sudo apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
fi
npm ci --no-audit --no-fund
