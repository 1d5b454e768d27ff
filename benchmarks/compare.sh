#!/usr/bin/env bash
# `benchmarks/compare.sh BASE [CANDIDATE]`: the same endpoints served by two revisions of Artel, on one demo
# database, in alternating rounds; prints each round's throughput and p50/p99, the medians and the ratio
# candidate / base. BASE and CANDIDATE are git revisions (CANDIDATE defaults to the working tree); each is
# built with the release preset in its own worktree under build/compare/ (ccache makes repeat builds cheap).
#
# The workload (BENCH_COMPARE_WORKLOAD): `order-detail` (default) is GET /api/orders/{id} for the signed-in
# demo performer (bearer token) over the 50 newest open demo orders; `order-list` is GET /api/orders pages;
# `ping` is GET /api/ping as a browser sends it (the guest XSRF cookie); `user-info` is GET /api/user/info with
# the performer's bearer token.
# Knobs: BENCH_COMPARE_ROUNDS (3), BENCH_DURATION (10s), BENCH_CONNECTIONS (16), BENCH_WRK_THREADS (2).
# A measurement, not a test: it fails only when a server does not start or answers non-2xx.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo_root="$(pwd)"

[[ $# -ge 1 && $# -le 2 ]] || {
  printf 'usage: benchmarks/compare.sh BASE_REV [CANDIDATE_REV]\n' >&2
  exit 2
}
base_rev="$1"
candidate_rev="${2:-}"
workload="${BENCH_COMPARE_WORKLOAD:-order-detail}"
rounds="${BENCH_COMPARE_ROUNDS:-3}"
duration="${BENCH_DURATION:-10s}"
connections="${BENCH_CONNECTIONS:-16}"
wrk_threads="${BENCH_WRK_THREADS:-2}"
case "${workload}" in order-detail | order-list | ping | user-info) ;; *)
  printf 'compare: unknown workload %s\n' "${workload}" >&2
  exit 2
  ;;
esac

export CCACHE_DIR="${CCACHE_DIR:-${HOME}/.cache/ccache}"
export CCACHE_NOHASHDIR=1
while read -r name; do unset "${name}"; done < <(compgen -e | grep '^ARTEL_' || true)

log() { printf 'compare: %s\n' "$*" >&2; }
die() {
  log "error: $*"
  exit 1
}

# build REV → path of its artel binary. The working tree builds in place; a revision in a detached worktree.
build() {
  local rev="$1" dir
  if [[ -z ${rev} ]]; then
    dir="${repo_root}"
  else
    dir="${repo_root}/build/compare/$(git rev-parse --short "${rev}")"
    if [[ ! -d ${dir} ]]; then
      git worktree prune
      git worktree add --detach "${dir}" "${rev}" >/dev/null 2>&1 || die "no worktree for ${rev}"
    fi
  fi
  log "building ${rev:-the working tree} (release)"
  (cd "${dir}" && CCACHE_BASEDIR="${dir}" cmake --preset release >/dev/null &&
    CCACHE_BASEDIR="${dir}" cmake --build --preset release --target artel >/dev/null) || die "build of ${rev:-HEAD} failed"
  printf '%s/build/release/apps/artel/artel' "${dir}"
}
base_bin="$(build "${base_rev}")"
candidate_bin="$(build "${candidate_rev}")"

work_dir="$(mktemp -d /tmp/artel-compare-XXXXXX)"
chmod 0755 "${work_dir}"
server_pid=""
cleanup() {
  if [[ -n ${server_pid} ]]; then kill "${server_pid}" 2>/dev/null && wait "${server_pid}" 2>/dev/null || true; fi
  rm -rf "${work_dir}"
}
trap cleanup EXIT

port="$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
url="http://127.0.0.1:${port}"
export ARTEL_DATA_DIR="${work_dir}/var" ARTEL_DATABASE_EMBEDDED_DIR="${work_dir}/var/pgdata"
export ARTEL_SERVER_HOST=127.0.0.1 ARTEL_SERVER_PORT="${port}" ARTEL_SERVER_PUBLIC_URL="${url}"
export ARTEL_MAIL_OUTBOX_DIR="${work_dir}/var/mail" ARTEL_STORAGE_DIR="${work_dir}/var/uploads"
export ARTEL_LOG_LEVEL=warning
# A free port for the WebSocket listener: 6001 may be taken on a shared machine.
export ARTEL_REALTIME_PORT=0
# The base revision migrates and seeds; the candidate may add migrations on top (never the other way round).
log "seeding the demo data"
"${base_bin}" seed-demo >"${work_dir}/seed.log" 2>&1 || die "seed-demo failed: $(tail -n 20 "${work_dir}/seed.log")"

start() {
  "$1" serve >>"${work_dir}/artel.log" 2>&1 &
  server_pid=$!
  local i
  for i in $(seq 150); do
    curl -fs -o /dev/null "${url}/readyz" && return 0
    sleep 0.2
  done
  die "artel did not become ready: $(tail -n 20 "${work_dir}/artel.log")"
}
stop() {
  kill "${server_pid}" && wait "${server_pid}" 2>/dev/null || true
  server_pid=""
}

# wrk_args: the request options for the workload (the token and paths come from the first server).
prepare() {
  local jar="${work_dir}/jar" xsrf token
  curl -fsS -o /dev/null -c "${jar}" -H 'X-Requested-With: XMLHttpRequest' "${url}/api/ping"
  xsrf="$(awk '$6 == "XSRF-TOKEN" { print $7 }' "${jar}")"
  [[ -n ${xsrf} ]] || die "no XSRF-TOKEN cookie"
  token="$(curl -fsS -b "${jar}" -H 'X-Requested-With: XMLHttpRequest' -H "X-XSRF-TOKEN: ${xsrf}" \
    -H 'Content-Type: application/json' \
    --data '{"email":"performer@artel.local","password":"Performer#Artel2026","client":"api"}' \
    "${url}/api/user/login" | /usr/bin/python3 -c 'import json, sys; print(json.load(sys.stdin)["api_token"])')" ||
    die "login as the demo performer failed"
  if [[ ${workload} == ping ]]; then
    wrk_args=(-H 'X-Requested-With: XMLHttpRequest' -H "Cookie: XSRF-TOKEN=${xsrf}" "${url}/api/ping")
    return
  fi
  if [[ ${workload} == user-info ]]; then
    wrk_args=(-H 'X-Requested-With: XMLHttpRequest' -H "Authorization: Bearer ${token}" "${url}/api/user/info")
    return
  fi
  local paths
  if [[ ${workload} == order-detail ]]; then
    paths="$(curl -fsS -H 'X-Requested-With: XMLHttpRequest' -H "Cookie: XSRF-TOKEN=${xsrf}" \
      "${url}/api/orders?limit=50" | /usr/bin/python3 -c \
      'import json, sys; print(" ".join("/api/orders/%d" % o["id"] for o in json.load(sys.stdin)["items"]))')"
  else
    paths="/api/orders /api/orders?category=development /api/orders?q=$(/usr/bin/python3 -c \
      'import urllib.parse; print(urllib.parse.quote("логотип"))')"
  fi
  wrk_args=(-s "${repo_root}/benchmarks/orders_list.lua" -H 'X-Requested-With: XMLHttpRequest'
    -H "Authorization: Bearer ${token}" "${url}" -- ${paths})
}

# measure → "requests/s p50_ms p99_ms"; fails on socket errors or non-2xx answers.
to_ms() { awk '{ v = $1; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 } printf "%.2f", v }' <<<"$1"; }
measure() {
  local output
  wrk -t "${wrk_threads}" -c "${connections}" -d 3s "${wrk_args[@]}" >/dev/null
  output="$(wrk -t "${wrk_threads}" -c "${connections}" -d "${duration}" --latency "${wrk_args[@]}")"
  grep -q 'Non-2xx\|Socket errors' <<<"${output}" && die "wrk saw errors: ${output}"
  printf '%s %s %s\n' "$(awk '/Requests\/sec/ { print $2 }' <<<"${output}")" \
    "$(to_ms "$(awk '$1 == "50%" { print $2 }' <<<"${output}")")" \
    "$(to_ms "$(awk '$1 == "99%" { print $2 }' <<<"${output}")")"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

declare -a base_rps candidate_rps
printf '| round | build | req/s | p50 ms | p99 ms |\n|---:|---|---:|---:|---:|\n'
for round in $(seq "${rounds}"); do
  # Alternate the order so neither build always runs on the warmer machine.
  if ((round % 2)); then order=(base candidate); else order=(candidate base); fi
  for which in "${order[@]}"; do
    bin="${base_bin}"
    [[ ${which} == candidate ]] && bin="${candidate_bin}"
    start "${bin}"
    [[ -v wrk_args ]] || prepare
    measured="$(measure)" || die "measuring ${which} failed"
    read -r rps p50 p99 <<<"${measured}"
    stop
    printf '| %s | %s | %.0f | %s | %s |\n' "${round}" "${which}" "${rps}" "${p50}" "${p99}"
    if [[ ${which} == base ]]; then base_rps+=("${rps}"); else candidate_rps+=("${rps}"); fi
  done
done
base_median="$(printf '%s\n' "${base_rps[@]}" | median)"
candidate_median="$(printf '%s\n' "${candidate_rps[@]}" | median)"
printf '\n%s: base %s %.0f req/s, candidate %s %.0f req/s (medians of %s rounds): candidate / base = %s\n' \
  "${workload}" "$(git rev-parse --short "${base_rev}")" "${base_median}" \
  "${candidate_rev:-working tree}" "${candidate_median}" "${rounds}" \
  "$(awk -v a="${candidate_median}" -v b="${base_median}" 'BEGIN { printf "%.2f", a / b }')"
printf 'wrk -t%s -c%s -d%s; %s cores, %s\n' "${wrk_threads}" "${connections}" "${duration}" "$(nproc)" \
  "$(date -u +%Y-%m-%d)"
