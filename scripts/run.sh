#!/usr/bin/env bash
# `make run`: install what is missing, build the release binary (and the front end once it exists), seed the
# demo data and serve. The binary prints the URL and the demo accounts; Ctrl-C stops it and its embedded
# PostgreSQL. Extra arguments go to `artel serve` (e.g. --config other.yaml).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

export CCACHE_DIR="${CCACHE_DIR:-${HOME}/.cache/ccache}"
CCACHE_BASEDIR="$(pwd)"
export CCACHE_BASEDIR
export CCACHE_NOHASHDIR=1

scripts/install-deps.sh
cmake --preset release
cmake --build --preset release --target artel

if [[ -f frontend/package.json ]]; then
  (cd frontend && npm run build)
fi

artel=build/release/apps/artel/artel
"${artel}" seed-demo "$@"
exec "${artel}" serve "$@"
