#!/usr/bin/env bash
# `make soak`: the release binary under a steady, realistic load for SOAK_MINUTES (default 30) on its own
# embedded PostgreSQL, loopback only (tests/soak/soak.py says what it does and when it fails). Figures per
# minute go to stdout and build/soak/results.md.
#
#   SOAK_MINUTES=5 make soak              a short run (warm-up: a fifth of it, at least one minute)
#   SOAK_RATE=50 SOAK_PAIRS=20 make soak  more actions per second, more users
#   SOAK_BURST_SOCKETS=0 make soak        without the minute's burst of sockets
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

export CCACHE_DIR="${CCACHE_DIR:-${HOME}/.cache/ccache}"
CCACHE_BASEDIR="$(pwd)"
export CCACHE_BASEDIR
export CCACHE_NOHASHDIR=1

if [[ -z ${ARTEL_BIN:-} ]]; then
  cmake --preset release
  cmake --build --preset release --target artel
fi
# The server serves the SPA from frontend/dist; the soak does not need it, but the setting must name a folder.
mkdir -p frontend/dist
exec "${PYTHON:-/usr/bin/python3}" tests/soak/soak.py
