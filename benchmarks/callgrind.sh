#!/usr/bin/env bash
# `benchmarks/callgrind.sh`: instructions per request of Artel's `GET /api/ping` and of the bare hello server
# (bench_hello_server), counted by `valgrind --tool=callgrind` over a fixed number of requests, and their ratio
# (goal ≤ 1.5×). Instruction counts do not depend on what else the machine runs, so unlike wrk's throughput
# they compare from run to run and from commit to commit on a shared machine. Part of `benchmarks/run.sh
# platform`; runs alone too (it builds the release preset first unless BENCH_SKIP_BUILD=1).
#
# Per server: start it under callgrind, send BENCH_CALLGRIND_WARMUP requests (caches, lazily built state), zero
# the counters (`callgrind_control -z`), send exactly BENCH_CALLGRIND_REQUESTS requests on one keep-alive
# connection (benchmarks/fixed_requests.py), dump (`callgrind_control -d`), divide. Start-up and warm-up are
# excluded. What the dump also holds besides the requests is Artel's background work during the window (the job
# loop's one wake a second); it is measured alone over an idle window and printed, and it is subtracted.
# Kernel time (syscalls: epoll, read, write) is not counted by callgrind at all, for either server.
#
# Knobs: BENCH_CALLGRIND_REQUESTS (2000), BENCH_CALLGRIND_WARMUP (200), BENCH_CALLGRIND_LOG_LEVEL (info: the
# access log line every request writes in production is counted), BENCH_SERVER_THREADS (both servers; default
# one per core). The dumps stay in build/bench/callgrind-{hello,ping,user-info}.out: `callgrind_annotate
# --inclusive=yes build/bench/callgrind-ping.out | head -60` says where the instructions go. user/info (signed in,
# bearer token) is counted too, for where its instructions go; it has no goal of its own here.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo_root="$(pwd)"

requests="${BENCH_CALLGRIND_REQUESTS:-2000}"
warmup="${BENCH_CALLGRIND_WARMUP:-200}"
log_level="${BENCH_CALLGRIND_LOG_LEVEL:-info}"
server_threads="${BENCH_SERVER_THREADS:-$(nproc)}"
idle_seconds=5
out_dir="${repo_root}/build/bench"
artel_bin="${repo_root}/build/release/apps/artel/artel"
hello_bin="${repo_root}/build/release/benchmarks/bench_hello_server"
mkdir -p "${out_dir}"

log() { printf 'callgrind: %s\n' "$*" >&2; }
die() {
  log "error: $*"
  exit 1
}
if ! command -v valgrind >/dev/null || ! command -v callgrind_control >/dev/null; then
  die "valgrind (with callgrind_control) is not installed: apt-get install valgrind"
fi

if [[ ${BENCH_SKIP_BUILD:-0} != 1 ]]; then
  export CCACHE_DIR="${CCACHE_DIR:-${HOME}/.cache/ccache}" CCACHE_BASEDIR="${repo_root}" CCACHE_NOHASHDIR=1
  log "building the release preset (artel bench_hello_server)"
  cmake --preset release >/dev/null
  cmake --build --preset release --target artel bench_hello_server >/dev/null
fi
while read -r name; do unset "${name}"; done < <(compgen -e | grep '^ARTEL_' || true)

work_dir="$(mktemp -d /tmp/artel-callgrind-XXXXXX)"
chmod 0755 "${work_dir}"
server_pid=""
stop_server() {
  [[ -n ${server_pid} ]] || return 0
  kill -TERM "${server_pid}" 2>/dev/null || true
  wait "${server_pid}" 2>/dev/null || true
  server_pid=""
}
cleanup() {
  stop_server
  local pgdata="${work_dir}/var/pgdata"
  if [[ -f ${pgdata}/postmaster.pid ]]; then
    local owner
    owner="$(stat -c %U "${pgdata}")"
    if [[ ${EUID} -eq 0 && ${owner} != root ]]; then
      (cd / && runuser -u "${owner}" -- /usr/lib/postgresql/15/bin/pg_ctl -D "${pgdata}" -m immediate stop) || true
    else
      /usr/lib/postgresql/15/bin/pg_ctl -D "${pgdata}" -m immediate stop || true
    fi
  fi
  rm -rf "${work_dir}"
}
trap cleanup EXIT

free_port() {
  /usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
wait_http() {  # url: up to 5 minutes (start-up under callgrind is slow)
  local i
  for ((i = 0; i < 1500; i++)); do
    curl -fsS -m 5 -o /dev/null -H 'X-Requested-With: XMLHttpRequest' "$1" 2>/dev/null && return 0
    kill -0 "${server_pid}" 2>/dev/null || return 1
    sleep 0.2
  done
  return 1
}
# The total instructions (Ir) of a dump file.
total_of() { awk '/^(summary|totals):/ { print $2; exit }' "$1"; }
# Dump files are named cg.out.PID[.N] by callgrind itself: ls is safe on them.
# shellcheck disable=SC2012
# dump NAME: writes the counters since the last zeroing to ${work_dir}/NAME.out, prints its Ir.
dump() {
  local name="$1" before file
  before="$(ls "${work_dir}"/cg.out.* 2>/dev/null | wc -l)"
  callgrind_control -d "${name}" "${server_pid}" >/dev/null 2>&1 || die "callgrind_control -d failed"
  for ((i = 0; i < 300; i++)); do
    [[ $(ls "${work_dir}"/cg.out.* 2>/dev/null | wc -l) -gt ${before} ]] && break
    sleep 0.1
  done
  file="$(ls -t "${work_dir}"/cg.out.*.[0-9]* 2>/dev/null | head -n 1)"
  [[ -n ${file} ]] || die "callgrind wrote no dump for ${name}"
  sleep 0.5  # the dump is written in one go, but give it a moment to be complete
  mv "${file}" "${work_dir}/${name}.out"
  local total
  total="$(total_of "${work_dir}/${name}.out")"
  [[ -n ${total} ]] || die "no instruction total in the dump of ${name}"
  printf '%s\n' "${total}"
}
zero() { callgrind_control -z "${server_pid}" >/dev/null 2>&1 || die "callgrind_control -z failed"; }

# measure NAME PORT PATH [header...]: prints the instructions of exactly ${requests} requests.
measure() {
  local name="$1" port="$2" path="$3"
  shift 3
  /usr/bin/python3 "${repo_root}/benchmarks/fixed_requests.py" 127.0.0.1 "${port}" "${path}" "${warmup}" "$@" ||
    die "${name}: warm-up requests failed"
  zero
  /usr/bin/python3 "${repo_root}/benchmarks/fixed_requests.py" 127.0.0.1 "${port}" "${path}" "${requests}" "$@" ||
    die "${name}: requests failed"
  dump "${name}"
}

# --- the bare hello server ------------------------------------------------------------------------------
hello_port="$(free_port)"
valgrind --tool=callgrind --callgrind-out-file="${work_dir}/cg.out.%p" --dump-instr=no --compress-strings=no \
  "${hello_bin}" "${hello_port}" "${server_threads}" >"${work_dir}/hello.log" 2>&1 &
server_pid=$!
wait_http "http://127.0.0.1:${hello_port}/" || die "bench_hello_server did not start: $(tail -n 5 "${work_dir}/hello.log")"
log "hello: ${requests} requests under callgrind"
hello_ir="$(measure hello "${hello_port}" /)"
cp "${work_dir}/hello.out" "${out_dir}/callgrind-hello.out"
stop_server

# --- Artel's GET /api/ping --------------------------------------------------------------------------------
artel_port="$(free_port)"
artel_env=(
  "ARTEL_DATA_DIR=${work_dir}/var" "ARTEL_DATABASE_EMBEDDED_DIR=${work_dir}/var/pgdata"
  "ARTEL_SERVER_HOST=127.0.0.1" "ARTEL_SERVER_PORT=${artel_port}" "ARTEL_SERVER_THREADS=${server_threads}"
  "ARTEL_SERVER_PUBLIC_URL=http://127.0.0.1:${artel_port}" "ARTEL_MAIL_OUTBOX_DIR=${work_dir}/var/mail"
  "ARTEL_STORAGE_DIR=${work_dir}/var/uploads" "ARTEL_LOG_LEVEL=${log_level}" "ARTEL_REALTIME_PORT=0"
)
# Migrate (and start the embedded cluster once) outside valgrind: only `serve` is measured. The account for
# user/info signs in outside valgrind too (argon2id under callgrind would take minutes); its session outlives
# that server, as a browser's does a restart.
env "${artel_env[@]}" "${artel_bin}" migrate >"${work_dir}/migrate.log" 2>&1 ||
  die "artel migrate failed: $(tail -n 20 "${work_dir}/migrate.log")"
bench_email="bench@artel.local"
bench_password="Bench#Password1"
env "${artel_env[@]}" "${artel_bin}" create-admin --email "${bench_email}" --password "${bench_password}" \
  --name Bench >"${work_dir}/seed.log" 2>&1 || die "create-admin failed: $(tail -n 20 "${work_dir}/seed.log")"
env "${artel_env[@]}" "${artel_bin}" serve >"${work_dir}/artel-plain.log" 2>&1 &
server_pid=$!
artel_url="http://127.0.0.1:${artel_port}"
wait_http "${artel_url}/readyz" || die "artel did not start: $(tail -n 20 "${work_dir}/artel-plain.log")"
jar="${work_dir}/cookies"
curl -fsS -o /dev/null -c "${jar}" -H 'X-Requested-With: XMLHttpRequest' "${artel_url}/api/ping"
xsrf="$(awk '$6 == "XSRF-TOKEN" { print $7 }' "${jar}")"
[[ -n ${xsrf} ]] || die "no XSRF-TOKEN cookie from /api/ping"
login="$(curl -fsS -b "${jar}" -H 'X-Requested-With: XMLHttpRequest' -H "X-XSRF-TOKEN: ${xsrf}" \
  -H 'Content-Type: application/json' \
  --data "$(printf '{"email":"%s","password":"%s","client":"api"}' "${bench_email}" "${bench_password}")" \
  "${artel_url}/api/user/login")" || die "login failed"
api_token="$(/usr/bin/python3 -c 'import json, sys; print(json.load(sys.stdin)["api_token"])' <<<"${login}")"
stop_server
env "${artel_env[@]}" valgrind --tool=callgrind --callgrind-out-file="${work_dir}/cg.out.%p" --dump-instr=no \
  --compress-strings=no "${artel_bin}" serve >"${work_dir}/artel.log" 2>&1 &
server_pid=$!
wait_http "${artel_url}/readyz" || die "artel did not start under callgrind: $(tail -n 20 "${work_dir}/artel.log")"
# A browser's guest XSRF cookie (from above, the same secret), as in the wrk run: without it every answer mints a
# new token.
log "ping: background work over ${idle_seconds}s idle"
zero
sleep "${idle_seconds}"
idle_ir="$(dump idle)"
log "ping: ${requests} requests under callgrind (log level ${log_level})"
started=${EPOCHREALTIME}
ping_raw_ir="$(measure ping "${artel_port}" /api/ping 'X-Requested-With: XMLHttpRequest' "Cookie: XSRF-TOKEN=${xsrf}")"
window="$(awk -v a="${started}" -v b="${EPOCHREALTIME}" 'BEGIN { print b - a }')"
cp "${work_dir}/ping.out" "${out_dir}/callgrind-ping.out"
# user/info signed in (bearer token): Artel's own instructions around its one pipeline; PostgreSQL's work and the
# kernel's are not counted (docs/performance.md, "Where user/info's time goes", has them by perf).
log "user/info: ${requests} requests under callgrind"
started=${EPOCHREALTIME}
info_raw_ir="$(measure user-info "${artel_port}" /api/user/info 'X-Requested-With: XMLHttpRequest' \
  "Authorization: Bearer ${api_token}")"
info_window="$(awk -v a="${started}" -v b="${EPOCHREALTIME}" 'BEGIN { print b - a }')"
cp "${work_dir}/user-info.out" "${out_dir}/callgrind-user-info.out"
stop_server

awk -v hello="${hello_ir}" -v ping="${ping_raw_ir}" -v idle="${idle_ir}" -v idle_s="${idle_seconds}" \
  -v window="${window}" -v n="${requests}" -v level="${log_level}" -v threads="${server_threads}" \
  -v info="${info_raw_ir}" -v info_window="${info_window}" 'BEGIN {
  background = idle / idle_s * window
  per_hello = hello / n
  per_ping = (ping - background) / n
  per_info = (info - idle / idle_s * info_window) / n
  ratio = per_ping / per_hello
  printf "| callgrind, instructions per request | value |\n|---|---:|\n"
  printf "| bare Beast hello (bench_hello_server) | %.0f |\n", per_hello
  printf "| Artel GET /api/ping (log level %s) | %.0f |\n", level, per_ping
  printf "| ping / hello (goal ≤ 1.5) | %.2f (%s) |\n", ratio, (ratio <= 1.5 ? "met" : "above goal")
  printf "| Artel GET /api/user/info, signed in (Artel only: not PostgreSQL, not the kernel) | %.0f |\n", per_info
  printf "\n%d requests after %s warm-up on one keep-alive connection, %d server threads; Artel idle background %.0f instructions/s, %.0f subtracted from the %.1f s window (%.2f %% of it)\n\n", n, "'"${warmup}"'", threads, idle / idle_s, background, window, 100 * background / ping
}'
