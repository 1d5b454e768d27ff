#!/usr/bin/env bash
# `make bench`: throughput and latency of Artel next to the floors it is measured against.
#   1. a bare Beast coroutine hello server (bench_hello_server) vs Artel's GET /api/ping  (goal ≥ 0.8×)
#   2. pgbench running the SQL of GET /api/user/info vs the authenticated endpoint         (goal ≥ 0.5×)
# Measurements, not tests: ratios below the goals are reported, never fatal; errors (a server that does not
# start, non-2xx answers, socket errors) are. Everything runs on loopback; results go to stdout and to
# build/bench/results.md (paste into docs/performance.md).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo_root="$(pwd)"

duration="${BENCH_DURATION:-10s}"
connections="${BENCH_CONNECTIONS:-64}"
wrk_threads="${BENCH_WRK_THREADS:-2}"
pgbench_clients="${BENCH_PGBENCH_CLIENTS:-8}"
pgbench_seconds="${BENCH_PGBENCH_SECONDS:-10}"
# Per-request access logging is not what is measured; production-like "info" is one variable away.
log_level="${BENCH_LOG_LEVEL:-warning}"

export CCACHE_DIR="${CCACHE_DIR:-${HOME}/.cache/ccache}"
export CCACHE_BASEDIR="${repo_root}"
export CCACHE_NOHASHDIR=1

artel_bin="${repo_root}/build/release/apps/artel/artel"
hello_bin="${repo_root}/build/release/benchmarks/bench_hello_server"
out_dir="${repo_root}/build/bench"
mkdir -p "${out_dir}"

log() { printf 'bench: %s\n' "$*" >&2; }
die() {
  log "error: $*"
  exit 1
}

free_port() {
  /usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

wait_http() {  # url [header]
  local url="$1" header="${2:-X-Bench: 1}" i
  for ((i = 0; i < 600; i++)); do
    if curl -fsS -o /dev/null -H "${header}" "${url}" 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  return 1
}

work_dir=""
hello_pid=""
artel_pid=""
cleanup() {
  local pid
  for pid in "${artel_pid}" "${hello_pid}"; do
    [[ -n ${pid} ]] || continue
    kill -TERM "${pid}" 2>/dev/null || true
  done
  for pid in "${artel_pid}" "${hello_pid}"; do
    [[ -n ${pid} ]] || continue
    wait "${pid}" 2>/dev/null || true
  done
  if [[ -n ${work_dir} ]]; then rm -rf "${work_dir}"; fi
}
trap cleanup EXIT

log "building the release preset (artel, bench_hello_server)"
cmake --preset release >/dev/null
cmake --build --preset release --target artel bench_hello_server

# PostgreSQL runs as `postgres` when we are root: its directory must be reachable by that user.
work_dir="$(mktemp -d /tmp/artel-bench-XXXXXX)"
chmod 0755 "${work_dir}"

# --- servers ----------------------------------------------------------------------------------------------
hello_port="$(free_port)"
"${hello_bin}" "${hello_port}" >"${work_dir}/hello.log" 2>&1 &
hello_pid=$!
wait_http "http://127.0.0.1:${hello_port}/" || die "bench_hello_server did not answer; log: $(cat "${work_dir}/hello.log")"

artel_port="$(free_port)"
artel_env=(
  "ARTEL_DATA_DIR=${work_dir}/var"
  "ARTEL_DATABASE_EMBEDDED_DIR=${work_dir}/var/pgdata"
  "ARTEL_SERVER_HOST=127.0.0.1"
  "ARTEL_SERVER_PORT=${artel_port}"
  "ARTEL_SERVER_PUBLIC_URL=http://127.0.0.1:${artel_port}"
  "ARTEL_MAIL_OUTBOX_DIR=${work_dir}/var/mail"
  "ARTEL_STORAGE_DIR=${work_dir}/var/uploads"
  "ARTEL_LOG_LEVEL=${log_level}"
)
bench_email="bench@artel.local"
bench_password="Bench#Password1"
log "seeding the benchmark account"
env "${artel_env[@]}" "${artel_bin}" create-admin --email "${bench_email}" --password "${bench_password}" \
  --name Bench >"${work_dir}/seed.log" 2>&1 || die "create-admin failed: $(cat "${work_dir}/seed.log")"
env "${artel_env[@]}" "${artel_bin}" serve >"${work_dir}/artel.log" 2>&1 &
artel_pid=$!
artel_url="http://127.0.0.1:${artel_port}"
wait_http "${artel_url}/readyz" || die "artel did not become ready; log: $(tail -n 40 "${work_dir}/artel.log")"

# Sign in as an API client: the XSRF cookie first (any /api answer sets it), then login with client "api".
jar="${work_dir}/cookies"
curl -fsS -o /dev/null -c "${jar}" -H 'X-Requested-With: XMLHttpRequest' "${artel_url}/api/user/info"
xsrf="$(awk '$6 == "XSRF-TOKEN" { print $7 }' "${jar}")"
[[ -n ${xsrf} ]] || die "no XSRF-TOKEN cookie from /api/user/info"
login_body="$(printf '{"email":"%s","password":"%s","client":"api"}' "${bench_email}" "${bench_password}")"
login="$(curl -fsS -b "${jar}" -H 'X-Requested-With: XMLHttpRequest' -H "X-XSRF-TOKEN: ${xsrf}" \
  -H 'Content-Type: application/json' --data "${login_body}" "${artel_url}/api/user/login")" ||
  die "login failed"
api_token="$(/usr/bin/python3 -c 'import json, sys; print(json.load(sys.stdin)["api_token"])' <<<"${login}")"
user_id="$(/usr/bin/python3 -c 'import json, sys; print(json.load(sys.stdin)["user"]["id"])' <<<"${login}")"
token_hash="$(printf '%s' "${api_token}" | sha256sum | cut -d' ' -f1)"
curl -fsS -o /dev/null -H 'X-Requested-With: XMLHttpRequest' -H "Authorization: Bearer ${api_token}" \
  "${artel_url}/api/user/info" || die "GET /api/user/info with the bearer token failed"

# --- measurements -----------------------------------------------------------------------------------------
# run_wrk name url [header...]: prints "requests/s p99_ms"; fails on socket errors or non-2xx answers.
run_wrk() {
  local name="$1" url="$2" output
  shift 2
  local args=(-t "${wrk_threads}" -c "${connections}" -d "${duration}" --latency)
  local header
  for header in "$@"; do args+=(-H "${header}"); done
  log "wrk ${name}: ${url}"
  output="$(wrk "${args[@]}" "${url}")"
  printf '%s\n' "${output}" >"${out_dir}/wrk-${name}.txt"
  if grep -qE 'Non-2xx or 3xx responses|Socket errors' <<<"${output}"; then
    printf '%s\n' "${output}" >&2
    die "wrk ${name}: errors during the run"
  fi
  local rps p99
  rps="$(awk '/^Requests\/sec:/ { print $2 }' <<<"${output}")"
  p99="$(awk '$1 == "99%" { print $2 }' <<<"${output}")"
  [[ -n ${rps} && -n ${p99} ]] || die "wrk ${name}: cannot read the results"
  printf '%s %s\n' "${rps}" "$(to_ms "${p99}")"
}

to_ms() {  # wrk latency (e.g. 812.00us, 1.23ms, 2.01s) in milliseconds
  awk -v v="$1" 'BEGIN {
    n = v + 0
    if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n = n; else if (v ~ /s$/) n *= 1000
    printf "%.2f", n
  }'
}

hello="$(run_wrk hello "http://127.0.0.1:${hello_port}/")"
ping="$(run_wrk ping "${artel_url}/api/ping" 'X-Requested-With: XMLHttpRequest')"
info="$(run_wrk user-info "${artel_url}/api/user/info" 'X-Requested-With: XMLHttpRequest' \
  "Authorization: Bearer ${api_token}")"
read -r hello_rps hello_p99 <<<"${hello}"
read -r ping_rps ping_p99 <<<"${ping}"
read -r info_rps info_p99 <<<"${info}"

# pgbench against the embedded cluster's socket (postmaster.pid: line 4 port, line 5 socket directory).
pid_file="${work_dir}/var/pgdata/postmaster.pid"
pg_port="$(sed -n 4p "${pid_file}")"
pg_socket="$(sed -n 5p "${pid_file}")"
log "pgbench: ${pgbench_clients} clients, ${pgbench_seconds}s, benchmarks/user_info.sql"
pgbench_output="$(pgbench -n -M prepared -c "${pgbench_clients}" -j 2 -T "${pgbench_seconds}" \
  -h "${pg_socket}" -p "${pg_port}" -U postgres -D "token_hash=${token_hash}" -D "user_id=${user_id}" \
  -f "${repo_root}/benchmarks/user_info.sql" artel 2>&1)" || {
  printf '%s\n' "${pgbench_output}" >&2
  die "pgbench failed"
}
printf '%s\n' "${pgbench_output}" >"${out_dir}/pgbench-user-info.txt"
pg_tps="$(awk '/^tps = / { print $3; exit }' <<<"${pgbench_output}")"
pg_latency="$(awk '/^latency average = / { print $4 }' <<<"${pgbench_output}")"
pg_failed="$(awk '/^number of failed transactions: / { print $5 }' <<<"${pgbench_output}")"
[[ -n ${pg_tps} && -n ${pg_latency} ]] || die "pgbench: cannot read the results"
[[ -z ${pg_failed} || ${pg_failed} == 0 ]] || die "pgbench: ${pg_failed} failed transactions"

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
verdict() { awk -v r="$1" -v g="$2" 'BEGIN { print (r >= g ? "met" : "below goal") }'; }
ping_ratio="$(ratio "${ping_rps}" "${hello_rps}")"
info_ratio="$(ratio "${info_rps}" "${pg_tps}")"

{
  printf '| workload | throughput (req/s) | p99 latency (ms) |\n'
  printf '|---|---:|---:|\n'
  printf '| bare Beast hello (bench_hello_server) | %.0f | %s |\n' "${hello_rps}" "${hello_p99}"
  printf '| Artel GET /api/ping | %.0f | %s |\n' "${ping_rps}" "${ping_p99}"
  printf '| Artel GET /api/user/info (Bearer) | %.0f | %s |\n' "${info_rps}" "${info_p99}"
  printf '| pgbench, user/info SQL (tps) | %.0f | avg %s |\n' "${pg_tps}" "${pg_latency}"
  printf '\n| ratio | value | goal | |\n|---|---:|---:|---|\n'
  printf '| ping / hello | %s | ≥ 0.80 | %s |\n' "${ping_ratio}" "$(verdict "${ping_ratio}" 0.8)"
  printf '| user/info / pgbench | %s | ≥ 0.50 | %s |\n' "${info_ratio}" "$(verdict "${info_ratio}" 0.5)"
  printf '\nwrk -t%s -c%s -d%s --latency; pgbench -n -M prepared -c %s -j 2 -T %s; %s cores, %s, %s; %s\n' \
    "${wrk_threads}" "${connections}" "${duration}" "${pgbench_clients}" "${pgbench_seconds}" "$(nproc)" \
    "$(free -g | awk '/^Mem:/ { print $2 " GiB" }')" "$(sed -n 's/^PRETTY_NAME="\(.*\)"$/\1/p' /etc/os-release)" \
    "$(date -u +%Y-%m-%dT%H:%MZ)"
} | tee "${out_dir}/results.md"
