#!/usr/bin/env bash
# Largest Contentful Paint of the home page and the lists at 390 px on DevTools' "Fast 3G" with a cold cache, in
# headless Chromium (benchmarks/lcp.mjs), against the release build with the demo data, beside a static baseline
# page measured in the same run (issue 26's goals: home < 1.5 s, lists < 2.5 s). `benchmarks/run.sh lcp` runs it;
# alone: `benchmarks/lcp.sh`. Knobs: BENCH_LCP_RUNS (3 loads per page, the median is printed), BENCH_LCP_PATHS
# (default "/ru /ru/orders /ru/freelancers /en /en/vacancies"), BENCH_LCP_ARTEL (an artel binary to use instead of
# building the release preset).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo_root="$(pwd)"
log() { printf 'bench lcp: %s\n' "$*" >&2; }

export CCACHE_BASEDIR="${repo_root}" CCACHE_NOHASHDIR=1
artel="${BENCH_LCP_ARTEL:-}"
if [[ -z ${artel} ]]; then
  cmake --preset release >/dev/null
  cmake --build --preset release --target artel >/dev/null
  artel="${repo_root}/build/release/apps/artel/artel"
fi
(cd frontend && npm run build >/dev/null)

work_dir="$(mktemp -d /tmp/artel-lcp-XXXXXX)"
chmod 755 "${work_dir}"
artel_pid=""
cleanup() {
  if [[ -n ${artel_pid} ]]; then
    kill -TERM "${artel_pid}" 2>/dev/null || true
    wait "${artel_pid}" 2>/dev/null || true
  fi
  rm -rf "${work_dir}"
}
trap cleanup EXIT

port="$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
url="http://127.0.0.1:${port}"
export ARTEL_DATA_DIR="${work_dir}" ARTEL_SERVER_HOST=127.0.0.1 ARTEL_SERVER_PORT="${port}" \
  ARTEL_SERVER_PUBLIC_URL="${url}" ARTEL_SERVER_STATIC_DIR="${repo_root}/frontend/dist" \
  ARTEL_I18N_DIR="${repo_root}/i18n" ARTEL_REALTIME_PORT=0 ARTEL_LOG_LEVEL=warning
log "seeding the demo data in ${work_dir}"
"${artel}" seed-demo >"${work_dir}/seed.log" 2>&1
"${artel}" serve >"${work_dir}/artel.log" 2>&1 &
artel_pid=$!
for _ in $(seq 1 600); do
  curl -fsS -m 2 -o /dev/null -H 'X-Requested-With: XMLHttpRequest' "${url}/api/ping" 2>/dev/null && break
  sleep 0.1
done
# shellcheck disable=SC2086 # the paths are words
node benchmarks/lcp.mjs "${url}" ${BENCH_LCP_PATHS:-/ru /ru/orders /ru/freelancers /en /en/vacancies}
