#!/usr/bin/env bash
# `make bench` (`benchmarks/run.sh [all | platform | orders | freelancers | vacancies | resumes | articles | realtime | messenger]`, default all): throughput and latency of
# Artel next to the floors it is measured against.
#   platform
#   1. a bare Beast coroutine hello server (bench_hello_server) vs Artel's GET /api/ping  (goals ≥ 0.8×, p99 ≤ 1.25×)
#   2. pgbench running the SQL of GET /api/user/info vs the authenticated endpoint         (goal ≥ 0.5×)
#   2b. ping's p99 while a heavy load of database requests saturates the pool vs idle      (goal ≤ 2×)
#   2c. instructions per request of ping and of the hello server (benchmarks/callgrind.sh)  (goal ≤ 1.5×)
#   orders
#   3. GET /api/orders on 1M orders / 3M bids / 100k users (benchmarks/orders_data.sql) with typical filters vs
#      pgbench running the same SQL (goals: p99 < 20 ms at 64 connections, ≥ 0.4× pgbench), and the plans
#      PostgreSQL uses for it (EXPLAIN (ANALYZE, BUFFERS) in build/bench/explain-*.txt)
#   freelancers
#   3b. GET /api/freelancers on 100k performers / 1M portfolio projects (benchmarks/freelancers_data.sql), a filter
#      scenario and a search scenario, vs pgbench running the same SQL (goal ≥ 0.4× pgbench), and their plans:
#      a sequential scan on profiles.freelancers or the portfolio tables FAILS the run (hot paths must be indexed)
#   vacancies
#   3c. GET /api/vacancies on 200k vacancies of 5k companies (benchmarks/vacancies_data.sql), a filter scenario and a
#      search scenario, vs pgbench running the same SQL (goal ≥ 0.4× pgbench), and their plans: a sequential scan on
#      vacancies.vacancies or companies.companies FAILS the run (as for the catalogue; one runner, list_scenarios)
#   resumes
#   3d. GET /api/resumes on 500k resumes of 250k applicants (benchmarks/resumes_data.sql): a filter scenario, a
#      search scenario and the counts (GET /api/resumes/counts), vs pgbench running the same SQL (goal ≥ 0.4×
#      pgbench), and their plans: a sequential scan on the resume tables FAILS the run (list_scenarios again)
#   articles
#   3e. GET /api/articles on 1M articles of 50k authors (benchmarks/articles_data.sql): newest first, a category +
#      language, by rating, by popularity, a tag, a full-text search and a second page (keyset cursor), vs pgbench
#      running the same prepared statements (goal ≥ 0.4× pgbench); and GET /api/help/faq/search on 10k FAQ
#      questions (benchmarks/faq_data.sql); their plans: a sequential scan on articles, users or the FAQ FAILS the run
#   realtime (bench_ws_load, benchmarks/ws_load.cpp)
#   4. 10,000 idle sockets, each subscribed to its private channel: the server's RSS per socket (goal ≤ 15 KB)
#   5. send-to-receive latency, POST /api/chats/{id}/messages to the chat.newMsg frame on the recipient's socket,
#      1,000 messages/s across 1,000 pairs (goal p99 < 50 ms)
#   6. message sends through the whole HTTP path (wrk, messenger_send.lua) vs pgbench running the send's
#      transaction (messenger_send.sql) (goal ≥ 0.5×)
#   messenger
#   7. GET /api/chats and GET /api/chats/{id}/messages on 1M messages / 200k chats / 50k users
#      (benchmarks/messenger_data.sql) vs pgbench running the same SQL, and their plans (as for the order list)
# Measurements, not tests: ratios below the goals are reported, never fatal; errors (a server that does not
# start, non-2xx answers, socket errors) are. Everything runs on loopback; results go to stdout and to
# build/bench/results.md (paste into docs/performance.md).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo_root="$(pwd)"

mode="${1:-all}"
case "${mode}" in
  all | platform | orders | freelancers | vacancies | resumes | articles | realtime | messenger) ;;
  lcp) exec "$(dirname "${BASH_SOURCE[0]}")/lcp.sh" ;;
  *)
    printf 'usage: benchmarks/run.sh [all | platform | orders | freelancers | vacancies | resumes | articles | realtime | messenger | lcp]\n' >&2
    exit 2
    ;;
esac
want() { [[ ${mode} == all || ${mode} == "$1" ]]; }

duration="${BENCH_DURATION:-10s}"
connections="${BENCH_CONNECTIONS:-64}"
wrk_threads="${BENCH_WRK_THREADS:-2}"
pgbench_clients="${BENCH_PGBENCH_CLIENTS:-8}"
pgbench_seconds="${BENCH_PGBENCH_SECONDS:-10}"
# io threads of both servers (the same for a fair comparison): one per core, as Artel's default.
server_threads="${BENCH_SERVER_THREADS:-$(nproc)}"
# Per-request access logging is not what is measured; production-like "info" is one variable away.
log_level="${BENCH_LOG_LEVEL:-warning}"
# The order list's data set (benchmarks/orders_data.sql) and the longest its generation may take.
orders_users="${BENCH_ORDERS_USERS:-100000}"
orders_count="${BENCH_ORDERS_COUNT:-1000000}"
orders_bids="${BENCH_ORDERS_BIDS:-3000000}"
orders_generate_timeout="${BENCH_ORDERS_GENERATE_TIMEOUT:-1800}"
# The freelancer catalogue's data set (benchmarks/freelancers_data.sql) and the search scenario's text.
freelancers_performers="${BENCH_FREELANCERS_PERFORMERS:-100000}"
freelancers_projects="${BENCH_FREELANCERS_PROJECTS:-1000000}"
freelancers_query="${BENCH_FREELANCERS_QUERY:-логотип}"
# The vacancy list's data set (benchmarks/vacancies_data.sql) and the search scenario's word.
vacancies_count="${BENCH_VACANCIES_COUNT:-200000}"
vacancies_companies="${BENCH_VACANCIES_COMPANIES:-5000}"
vacancies_query="${BENCH_VACANCIES_QUERY:-разработчик}"
# The resume list's data set (benchmarks/resumes_data.sql: half as many applicants) and the search scenario's word.
resumes_count="${BENCH_RESUMES_COUNT:-500000}"
resumes_query="${BENCH_RESUMES_QUERY:-разработчик}"
# The article list's data set (benchmarks/articles_data.sql; authors default to one per 20 articles) and the search
# scenario's word; the FAQ's questions (benchmarks/faq_data.sql) and its search scenario's word.
articles_count="${BENCH_ARTICLES_COUNT:-1000000}"
articles_authors="${BENCH_ARTICLES_AUTHORS:-$(((articles_count + 19) / 20))}"
articles_query="${BENCH_ARTICLES_QUERY:-налоги}"
faq_count="${BENCH_FAQ_COUNT:-10000}"
faq_query="${BENCH_FAQ_QUERY:-refund}"
# Each wrk/pgbench pair of the order list first runs this long unmeasured (caches, plan caches).
warmup="${BENCH_WARMUP:-3s}"
# Real time: idle sockets held at once; pairs (sender, recipient) and the send rate of the latency run.
realtime_idle_sockets="${BENCH_REALTIME_IDLE_SOCKETS:-10000}"
realtime_pairs="${BENCH_REALTIME_PAIRS:-1000}"
realtime_rate="${BENCH_REALTIME_RATE:-1000}"
realtime_seconds="${BENCH_REALTIME_SECONDS:-10}"
# A second latency run at a rate the machine sustains, so delivery is measured apart from queueing at saturation.
realtime_sustained_rate="${BENCH_REALTIME_SUSTAINED_RATE:-100}"
# The messenger's lists: the data set of benchmarks/messenger_data.sql.
messenger_users="${BENCH_MESSENGER_USERS:-50000}"
messenger_chats="${BENCH_MESSENGER_CHATS:-200000}"
messenger_messages="${BENCH_MESSENGER_MESSAGES:-1000000}"

export CCACHE_DIR="${CCACHE_DIR:-${HOME}/.cache/ccache}"
export CCACHE_BASEDIR="${repo_root}"
export CCACHE_NOHASHDIR=1

# A developer's own ARTEL_* settings (e.g. ARTEL_DATABASE_URL) must not leak into the measured server.
while read -r name; do unset "${name}"; done < <(compgen -e | grep '^ARTEL_' || true)

artel_bin="${repo_root}/build/release/apps/artel/artel"
hello_bin="${repo_root}/build/release/benchmarks/bench_hello_server"
ws_load_bin="${repo_root}/build/release/benchmarks/bench_ws_load"
out_dir="${repo_root}/build/bench"
mkdir -p "${out_dir}"

log() { printf 'bench: %s\n' "$*" >&2; }
die() {
  log "error: $*"
  if [[ -n ${work_dir:-} && -s ${work_dir}/artel.log ]]; then
    log "last lines of the artel log:"
    tail -n 30 "${work_dir}/artel.log" >&2
  fi
  exit 1
}

free_port() {
  /usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

wait_http() {  # url [header]
  local url="$1" header="${2:-X-Bench: 1}" i
  for ((i = 0; i < 600; i++)); do
    if curl -fsS -m 2 -o /dev/null -H "${header}" "${url}" 2>/dev/null; then return 0; fi
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
  [[ -n ${work_dir} ]] || return 0
  # An artel that crashed leaves its PostgreSQL running: stop it before its directory goes.
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

targets=(artel)
want platform && targets+=(bench_hello_server)
want realtime && targets+=(bench_ws_load)
log "building the release preset (${targets[*]})"
cmake --preset release >/dev/null
cmake --build --preset release --target "${targets[@]}"

# PostgreSQL runs as `postgres` when we are root: its directory must be reachable by that user.
work_dir="$(mktemp -d /tmp/artel-bench-XXXXXX)"
chmod 0755 "${work_dir}"

# --- servers ----------------------------------------------------------------------------------------------
if want platform; then
  hello_port="$(free_port)"
  "${hello_bin}" "${hello_port}" "${server_threads}" >"${work_dir}/hello.log" 2>&1 &
  hello_pid=$!
  wait_http "http://127.0.0.1:${hello_port}/" || die "bench_hello_server did not answer; log: $(cat "${work_dir}/hello.log")"
fi

artel_port="$(free_port)"
artel_env=(
  "ARTEL_DATA_DIR=${work_dir}/var"
  "ARTEL_DATABASE_EMBEDDED_DIR=${work_dir}/var/pgdata"
  "ARTEL_SERVER_HOST=127.0.0.1"
  "ARTEL_SERVER_PORT=${artel_port}"
  "ARTEL_SERVER_THREADS=${server_threads}"
  "ARTEL_SERVER_PUBLIC_URL=http://127.0.0.1:${artel_port}"
  "ARTEL_MAIL_OUTBOX_DIR=${work_dir}/var/mail"
  "ARTEL_STORAGE_DIR=${work_dir}/var/uploads"
  "ARTEL_LOG_LEVEL=${log_level}"
  # A free port for the WebSocket listener unless the realtime part sets one: 6001 may be taken on a shared machine.
  "ARTEL_REALTIME_PORT=0"
)
# The socket server's port too is a free one (the default 6001 may be a developer's running Artel).
realtime_port="$(free_port)"
artel_env+=("ARTEL_REALTIME_PORT=${realtime_port}")
if want realtime; then
  # 10,000 sockets need descriptors: the soft limit up to the hard one (the load client raises its own).
  ulimit -n "$(ulimit -Hn)"
  # The load client signs its subscriptions with the app secret, as POST /api/broadcasting/auth would.
  realtime_secret="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  artel_env+=(
    "ARTEL_REALTIME_SECRET=${realtime_secret}"
    "ARTEL_SERVER_MAX_CONNECTIONS=$((realtime_idle_sockets + 1000))"
  )
fi
bench_email="bench@artel.local"
bench_password="Bench#Password1"
log "seeding the benchmark account"
env "${artel_env[@]}" "${artel_bin}" create-admin --email "${bench_email}" --password "${bench_password}" \
  --name Bench >"${work_dir}/seed.log" 2>&1 || die "create-admin failed: $(cat "${work_dir}/seed.log")"
env "${artel_env[@]}" "${artel_bin}" serve >"${work_dir}/artel.log" 2>&1 &
artel_pid=$!
artel_url="http://127.0.0.1:${artel_port}"
wait_http "${artel_url}/readyz" || die "artel did not become ready; log: $(tail -n 40 "${work_dir}/artel.log")"

# The embedded cluster's socket (postmaster.pid: line 4 port, line 5 socket directory): psql and pgbench talk
# to the same database Artel does.
pid_file="${work_dir}/var/pgdata/postmaster.pid"
pg_port="$(sed -n 4p "${pid_file}")"
pg_socket="$(sed -n 5p "${pid_file}")"
psql_artel() { psql -X -q -h "${pg_socket}" -p "${pg_port}" -U postgres -d artel -v ON_ERROR_STOP=1 "$@"; }

# Like a browser, clients keep their (guest) XSRF cookie; without it every answer would mint a new one.
jar="${work_dir}/cookies"
curl -fsS -o /dev/null -c "${jar}" -H 'X-Requested-With: XMLHttpRequest' "${artel_url}/api/user/info"
xsrf="$(awk '$6 == "XSRF-TOKEN" { print $7 }' "${jar}")"
[[ -n ${xsrf} ]] || die "no XSRF-TOKEN cookie from /api/user/info"

# --- measurement helpers ----------------------------------------------------------------------------------
# run_wrk name url [wrk option...]: prints "requests/s p50_ms p99_ms"; fails on socket errors or non-2xx
# answers. Options are passed to wrk as they are (-H 'Header: value', -s script, and after `--` script args).
run_wrk() {
  local name="$1" url="$2" output
  shift 2
  local args=(-t "${wrk_threads}" -c "${connections}" -d "${duration}" --latency)
  log "wrk ${name}: ${url}"
  output="$(wrk "${args[@]}" "${url}" "$@")"
  printf '%s\n' "${output}" >"${out_dir}/wrk-${name}.txt"
  if grep -qE 'Non-2xx or 3xx responses|Socket errors' <<<"${output}"; then
    printf '%s\n' "${output}" >&2
    die "wrk ${name}: errors during the run"
  fi
  local rps p50 p99
  rps="$(awk '/^Requests\/sec:/ { print $2 }' <<<"${output}")"
  p50="$(awk '$1 == "50%" { print $2 }' <<<"${output}")"
  p99="$(awk '$1 == "99%" { print $2 }' <<<"${output}")"
  [[ -n ${rps} && -n ${p50} && -n ${p99} ]] || die "wrk ${name}: cannot read the results"
  printf '%s %s %s\n' "${rps}" "$(to_ms "${p50}")" "$(to_ms "${p99}")"
}

to_ms() {  # wrk latency (e.g. 812.00us, 1.23ms, 2.01s) in milliseconds
  awk -v v="$1" 'BEGIN {
    n = v + 0
    if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n = n; else if (v ~ /s$/) n *= 1000
    printf "%.2f", n
  }'
}

# run_pgbench name script mode [pgbench option...]: prints "tps latency_avg_ms" for `script` against the
# embedded cluster; fails on failed transactions.
run_pgbench() {
  local name="$1" script="$2" mode="$3" output
  shift 3
  log "pgbench ${name}: ${pgbench_clients} clients, ${pgbench_seconds}s, -M ${mode}, ${script#"${repo_root}/"}"
  output="$(pgbench -n -M "${mode}" -c "${pgbench_clients}" -j 2 -T "${pgbench_seconds}" \
    -h "${pg_socket}" -p "${pg_port}" -U postgres "$@" -f "${script}" artel 2>&1)" || {
    printf '%s\n' "${output}" >&2
    die "pgbench ${name} failed"
  }
  printf '%s\n' "${output}" >"${out_dir}/pgbench-${name}.txt"
  local tps latency failed
  tps="$(awk '/^tps = / { print $3; exit }' <<<"${output}")"
  latency="$(awk '/^latency average = / { print $4 }' <<<"${output}")"
  failed="$(awk '/^number of failed transactions: / { print $5 }' <<<"${output}")"
  [[ -n ${tps} && -n ${latency} ]] || die "pgbench ${name}: cannot read the results"
  [[ -z ${failed} || ${failed} == 0 ]] || die "pgbench ${name}: ${failed} failed transactions"
  printf '%s %s\n' "${tps}" "${latency}"
}

# BENCH_PERF=1 (needs Debian's linux-perf): `perf record -a` samples the whole machine during the middle of the
# ping, user/info and pgbench runs, and a table gives the CPU microseconds each process spent per request (wrk,
# artel, postgres, pgbench, and idle as swapper): where a ratio's missing percent goes. The samples stay in
# build/bench/perf-*.data for `perf report -i … --comms artel --sort sym`.
perf_start() {  # perf_start name seconds
  [[ ${BENCH_PERF:-0} == 1 ]] || return 0
  local seconds
  seconds="$(awk -v d="${2%s}" 'BEGIN { print (d > 4 ? d - 3 : 1) }')"
  (sleep 1 && exec perf record -a -g -F 499 -o "${out_dir}/perf-$1.data" -- sleep "${seconds}" >/dev/null 2>&1) &
  perf_pid=$!
}
perf_wait() { [[ ${BENCH_PERF:-0} == 1 ]] && wait "${perf_pid}" || true; }
perf_row() {  # perf_row name rate: "| name | rate | total µs | process µs, … |"
  perf report -i "${out_dir}/perf-$1.data" --no-children --sort comm -g none --stdio 2>/dev/null |
    awk -v name="$1" -v rate="$2" -v cores="$(nproc)" '
      /^ *[0-9.]+%/ { pct = $1; sub(/%/, "", pct); us = pct / 100 * cores * 1e6 / rate; $1 = "";
        sub(/^ +/, ""); if (us >= 0.5) { parts = parts sep sprintf("%s %.1f", $0, us); sep = ", " }; total += us }
      END { printf "| %s | %.0f | %.1f | %s |\n", name, rate, total, parts }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
verdict() { awk -v r="$1" -v g="$2" 'BEGIN { print (r >= g ? "met" : "below goal") }'; }
below() { awk -v v="$1" -v g="$2" 'BEGIN { print (v < g ? "met" : "above goal") }'; }
machine_line() {
  printf '%s server threads; %s cores, %s, %s; %s' "${server_threads}" "$(nproc)" \
    "$(free -g | awk '/^Mem:/ { print $2 " GiB" }')" "$(sed -n 's/^PRETTY_NAME="\(.*\)"$/\1/p' /etc/os-release)" \
    "$(date -u +%Y-%m-%dT%H:%MZ)"
}
: >"${out_dir}/results.md"

# --- platform: ping and user/info -------------------------------------------------------------------------
if want platform; then
  # Sign in as an API client with the XSRF cookie from above, then login with client "api".
  login_body="$(printf '{"email":"%s","password":"%s","client":"api"}' "${bench_email}" "${bench_password}")"
  login="$(curl -fsS -b "${jar}" -H 'X-Requested-With: XMLHttpRequest' -H "X-XSRF-TOKEN: ${xsrf}" \
    -H 'Content-Type: application/json' --data "${login_body}" "${artel_url}/api/user/login")" ||
    die "login failed"
  api_token="$(/usr/bin/python3 -c 'import json, sys; print(json.load(sys.stdin)["api_token"])' <<<"${login}")"
  user_id="$(/usr/bin/python3 -c 'import json, sys; print(json.load(sys.stdin)["user"]["id"])' <<<"${login}")"
  token_hash="$(printf '%s' "${api_token}" | sha256sum | cut -d' ' -f1)"
  curl -fsS -o /dev/null -H 'X-Requested-With: XMLHttpRequest' -H "Authorization: Bearer ${api_token}" \
    "${artel_url}/api/user/info" || die "GET /api/user/info with the bearer token failed"
  # pgbench must look up the same session Artel does, or it would measure a miss: check that the token's hash
  # is there.
  sessions="$(psql_artel -tA -c "SELECT count(*) FROM identity.sessions WHERE token_hash = decode('${token_hash}', 'hex')")" ||
    die "psql on the embedded cluster failed"
  [[ ${sessions} == 1 ]] || die "the API token's session is not in identity.sessions (found ${sessions})"

  hello="$(run_wrk hello "http://127.0.0.1:${hello_port}/")"
  ping="$(run_wrk ping "${artel_url}/api/ping" -H 'X-Requested-With: XMLHttpRequest' -H "Cookie: XSRF-TOKEN=${xsrf}")"
  info="$(run_wrk user-info "${artel_url}/api/user/info" -H 'X-Requested-With: XMLHttpRequest' \
    -H "Authorization: Bearer ${api_token}")"
  read -r hello_rps _ hello_p99 <<<"${hello}"
  read -r ping_rps _ ping_p99 <<<"${ping}"
  read -r info_rps _ info_p99 <<<"${info}"
  pg="$(run_pgbench user-info "${repo_root}/benchmarks/user_info.sql" prepared \
    -D "token_hash=${token_hash}" -D "user_id=${user_id}")"
  read -r pg_tps pg_latency <<<"${pg}"

  # The tail: ping while the database is saturated. A heavy load of requests that all need the pool (the order
  # list with full-text search and the budget sort, user/info; 64 connections for a pool of 16) runs for the
  # whole ping measurement; ping needs no database and must not queue behind it. Its p99 is compared with the
  # idle run above (goal ≤ 2×). The machine's cores are shared with PostgreSQL under load, so part of any
  # difference is plain CPU contention, not waiting for the database.
  heavy_paths=("/api/orders?q=$(/usr/bin/python3 -c 'import urllib.parse; print(urllib.parse.quote("логотип"))')"
    "/api/orders?sort=budget" "/api/user/info")
  heavy_seconds="$(awk -v d="${duration%s}" 'BEGIN { print d + 4 }')"
  log "heavy database load for ${heavy_seconds}s: ${heavy_paths[*]}"
  wrk -t 1 -c "${connections}" -d "${heavy_seconds}s" -s "${repo_root}/benchmarks/orders_list.lua" \
    -H 'X-Requested-With: XMLHttpRequest' -H "Authorization: Bearer ${api_token}" "${artel_url}" -- \
    "${heavy_paths[@]}" >"${out_dir}/wrk-heavy-load.txt" 2>&1 &
  heavy_pid=$!
  sleep 2
  saturated="$(run_wrk ping-saturated "${artel_url}/api/ping" -H 'X-Requested-With: XMLHttpRequest' \
    -H "Cookie: XSRF-TOKEN=${xsrf}")"
  wait "${heavy_pid}" || die "the heavy load's wrk failed: $(cat "${out_dir}/wrk-heavy-load.txt")"
  read -r saturated_rps _ saturated_p99 <<<"${saturated}"
  heavy_rps="$(awk '/^Requests\/sec:/ { print $2 }' "${out_dir}/wrk-heavy-load.txt")"
  tail_ratio="$(ratio "${saturated_p99}" "${ping_p99}")"

  ping_ratio="$(ratio "${ping_rps}" "${hello_rps}")"
  tail_idle_ratio="$(ratio "${ping_p99}" "${hello_p99}")"
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
    printf '| ping p99 / hello p99 (%s ms / %s ms) | %s | ≤ 1.25 | %s |\n' "${ping_p99}" "${hello_p99}" \
      "${tail_idle_ratio}" "$(awk -v r="${tail_idle_ratio}" 'BEGIN { print (r <= 1.25 ? "met" : "above goal") }')"
    printf '| user/info / pgbench | %s | ≥ 0.50 | %s |\n' "${info_ratio}" "$(verdict "${info_ratio}" 0.5)"
    printf '| ping p99 with the database saturated / idle (%s ms / %s ms; ping %.0f req/s beside %.0f req/s of database load) | %s | ≤ 2.00 | %s |\n' \
      "${saturated_p99}" "${ping_p99}" "${saturated_rps}" "${heavy_rps:-0}" "${tail_ratio}" \
      "$(awk -v r="${tail_ratio}" 'BEGIN { print (r <= 2 ? "met" : "above goal") }')"
    printf '\nwrk -t%s -c%s -d%s --latency; pgbench -n -M prepared -c %s -j 2 -T %s; %s\n\n' \
      "${wrk_threads}" "${connections}" "${duration}" "${pgbench_clients}" "${pgbench_seconds}" "$(machine_line)"
  } | tee -a "${out_dir}/results.md"
  if [[ ${BENCH_PERF:-0} == 1 ]]; then
    # Runs of their own (sampling costs a little and would move the figures above): the same requests again.
    perf_start ping "${duration}"
    perf_ping="$(run_wrk ping-perf "${artel_url}/api/ping" -H 'X-Requested-With: XMLHttpRequest' \
      -H "Cookie: XSRF-TOKEN=${xsrf}")"
    perf_wait
    perf_start user-info "${duration}"
    perf_info="$(run_wrk user-info-perf "${artel_url}/api/user/info" -H 'X-Requested-With: XMLHttpRequest' \
      -H "Authorization: Bearer ${api_token}")"
    perf_wait
    perf_start pgbench-user-info "${pgbench_seconds}"
    perf_pg="$(run_pgbench user-info-perf "${repo_root}/benchmarks/user_info.sql" prepared \
      -D "token_hash=${token_hash}" -D "user_id=${user_id}")"
    perf_wait
    {
      printf '| perf, CPU per request | requests/s | µs in all | µs by process (perf record -a, cpu-clock) |\n'
      printf '|---|---:|---:|---|\n'
      perf_row ping "${perf_ping%% *}"
      perf_row user-info "${perf_info%% *}"
      perf_row pgbench-user-info "${perf_pg%% *}"
      printf '\n'
    } | tee -a "${out_dir}/results.md"
  fi

  # Instructions per request (callgrind): the measure that does not depend on what else the machine runs.
  if [[ ${BENCH_CALLGRIND:-1} == 1 ]]; then
    BENCH_SKIP_BUILD=1 BENCH_SERVER_THREADS="${server_threads}" "${repo_root}/benchmarks/callgrind.sh" |
      tee -a "${out_dir}/results.md"
  fi
fi

# --- orders: the public order list on a million orders ----------------------------------------------------
if want orders; then
  log "generating ${orders_users} users, ${orders_count} orders, ${orders_bids} bids (benchmarks/orders_data.sql)"
  generated_at=${SECONDS}
  timeout "${orders_generate_timeout}" psql -X -q -h "${pg_socket}" -p "${pg_port}" -U postgres -d artel -1 \
    -v ON_ERROR_STOP=1 -v "users=${orders_users}" -v "orders=${orders_count}" -v "bids=${orders_bids}" \
    -f "${repo_root}/benchmarks/orders_data.sql" >"${out_dir}/orders-data.txt" 2>&1 || {
    tail -n 30 "${out_dir}/orders-data.txt" >&2
    die "generating the order data failed (or took longer than ${orders_generate_timeout}s)"
  }
  psql_artel -c 'VACUUM (ANALYZE) identity.users, orders.orders, bids.bids' >>"${out_dir}/orders-data.txt" 2>&1 ||
    die "VACUUM (ANALYZE) after the load failed"
  generate_seconds=$((SECONDS - generated_at))
  log "order data ready in ${generate_seconds}s ($(tail -n 3 "${out_dir}/orders-data.txt" | head -n 1 | tr -s ' '))"

  # Scenarios: the request paths wrk cycles through, the pgbench script with the same SQL (-D values, `;`
  # between them), and the variable sets to EXPLAIN (`|` between sets: values pgbench draws with \set, or other
  # inputs worth a look). Paths and values must ask for the same thing: catalog ids are in
  # db/migrations/catalog/0005_catalog.sql, the category codes below are ids 1–8.
  categories=(development design texts marketing video-audio engineering photo business)
  category_paths=()
  for code in "${categories[@]}"; do category_paths+=("/api/orders?category=${code}&sort=date"); done
  urlencode() { /usr/bin/python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$1"; }
  search_text="${BENCH_ORDERS_QUERY:-логотип}"
  # The request time, and now + 7 days for deadline=week (Artel binds both per request; pgbench once a run).
  bench_now="$(date -u +'%Y-%m-%dT%H:%M:%S.%6N+00:00')"
  week_ahead="$(date -u -d '+7 days' +'%Y-%m-%dT%H:%M:%S.%6N+00:00')"
  # 100–1 000 USD in cents; the SQL compares rouble equivalents in kopecks (× rate_to_rub, catalog::ToBase).
  usd_rate="$(psql_artel -tA -c "SELECT rate_to_rub FROM catalog.currencies WHERE code = 'USD'")"
  budget_min_base="$(awk -v r="${usd_rate}" 'BEGIN { printf "%.0f", 10000 * r }')"
  budget_max_base="$(awk -v r="${usd_rate}" 'BEGIN { printf "%.0f", 100000 * r }')"
  scenario_names=(category filters search)
  declare -A scenario_title scenario_paths scenario_script scenario_defines scenario_explain
  scenario_title[category]='category + sort by date (8 categories in turn)'
  scenario_paths[category]="${category_paths[*]}"
  scenario_script[category]="orders_list_category.sql"
  scenario_defines[category]="now=${bench_now}"
  # The largest category (30 % of the orders) and the smallest (4 %).
  scenario_explain[category]="category_id=1|category_id=7"
  scenario_title[filters]='deadline ≤ 7 days + budget 100–1 000 USD'
  scenario_paths[filters]="/api/orders?deadline=week&budget_min=10000&budget_max=100000&currency=USD"
  scenario_script[filters]="orders_list_filters.sql"
  scenario_defines[filters]="now=${bench_now};deadline_to=${week_ahead};budget_min_base=${budget_min_base};budget_max_base=${budget_max_base}"
  scenario_explain[filters]=""
  scenario_title[search]="full text q=${search_text}"
  scenario_paths[search]="/api/orders?q=$(urlencode "${search_text}")"
  scenario_script[search]="orders_list_search.sql"
  scenario_defines[search]="now=${bench_now};q=${search_text}"
  # Also two words, a word that is in no order, and a typo (the trigram arm of the query), each EXPLAINed on a
  # statement warmed up with the benchmark's own query (as on a connection of Artel's pool).
  scenario_explain[search]="q=${search_text}|q=telegram бот|q=kubernetes|q=логтип"
  pgbench_mode="${BENCH_ORDERS_PGBENCH_MODE:-prepared}"
  # EXPLAIN ANALYZE runs the statement: bounded like Artel bounds it (database.statement_timeout_ms).
  explain_timeout_ms="${BENCH_EXPLAIN_TIMEOUT_MS:-15000}"
  skip_warmup() { [[ ${warmup} == 0 || ${warmup} == 0s ]]; }

  orders_rows=""
  plans=""
  for name in "${scenario_names[@]}"; do
    read -r -a paths <<<"${scenario_paths[${name}]}"
    script="${repo_root}/benchmarks/${scenario_script[${name}]}"
    IFS=';' read -r -a define_values <<<"${scenario_defines[${name}]}"
    defines=()
    for define in "${define_values[@]}"; do defines+=(-D "${define}"); done
    # One answer first: a 4xx here is a wrong path, not a measurement.
    curl -fsS -o "${out_dir}/orders-${name}.json" -H 'X-Requested-With: XMLHttpRequest' \
      -b "XSRF-TOKEN=${xsrf}" "${artel_url}${paths[0]}" || die "GET ${paths[0]} failed"
    wrk_args=(-s "${repo_root}/benchmarks/orders_list.lua" -H 'X-Requested-With: XMLHttpRequest'
      -H "Cookie: XSRF-TOKEN=${xsrf}" -- "${paths[@]}")
    skip_warmup || duration="${warmup}" run_wrk "orders-${name}-warmup" "${artel_url}" "${wrk_args[@]}" >/dev/null
    # Through a variable: a failing command substitution inside a here-string would go unnoticed.
    measured="$(run_wrk "orders-${name}" "${artel_url}" "${wrk_args[@]}")"
    read -r rps p50 p99 <<<"${measured}"
    skip_warmup || pgbench_seconds="${warmup%s}" run_pgbench "orders-${name}-warmup" "${script}" "${pgbench_mode}" \
      "${defines[@]}" >/dev/null
    measured="$(run_pgbench "orders-${name}" "${script}" "${pgbench_mode}" "${defines[@]}")"
    read -r tps pg_avg <<<"${measured}"
    value_ratio="$(ratio "${rps}" "${tps}")"
    orders_rows+="$(printf '| %s | %.0f | %s | %s | %.0f | %s | %s (%s) | %s |' "${scenario_title[${name}]}" \
      "${rps}" "${p50}" "${p99}" "${tps}" "${pg_avg}" "${value_ratio}" "$(verdict "${value_ratio}" 0.4)" \
      "$(below "${p99}" 20)")"$'\n'

    # The plans PostgreSQL uses for the same statements, parameters and plan cache (explain_pgbench.py).
    explain_file="${out_dir}/explain-orders-${name}.txt"
    : >"${explain_file}"
    IFS='|' read -r -a explain_sets <<<"${scenario_explain[${name}]:-}"
    [[ ${#explain_sets[@]} -gt 0 ]] || explain_sets=("")
    for set in "${explain_sets[@]}"; do
      IFS=';' read -r -a set_values <<<"${set}"
      printf -- '-- %s\n' "${set:-${scenario_defines[${name}]}}" >>"${explain_file}"
      # Not ON_ERROR_STOP: a statement over the timeout is a finding, reported below.
      part="$(/usr/bin/python3 "${repo_root}/benchmarks/explain_pgbench.py" "${script}" "${pgbench_mode}" \
        "${explain_timeout_ms}" "${define_values[@]}" -- "${set_values[@]}" |
        psql -X -q -h "${pg_socket}" -p "${pg_port}" -U postgres -d artel 2>&1)" ||
        die "EXPLAIN of ${scenario_script[${name}]} (${set}) failed: $(tail -n 5 <<<"${part}")"
      printf '%s\n' "${part}" >>"${explain_file}"
      if grep -q 'ERROR:' <<<"${part}"; then
        grep -q 'statement timeout' <<<"${part}" ||
          die "EXPLAIN of ${scenario_script[${name}]} (${set}) failed: $(grep 'ERROR:' <<<"${part}")"
        plans+="- ${scenario_title[${name}]}${set:+ [${set}]}: over the ${explain_timeout_ms} ms statement timeout (cancelled; Artel would answer with an error)"$'\n'
        continue
      fi
      nodes="$(grep -oE '(Seq Scan on [a-z_.]+|Index (Only )?Scan( Backward)? using [a-z_]+|Bitmap Index Scan on [a-z_]+)' \
        <<<"${part}" | sort -u | paste -sd ';' | sed 's/;/; /g')"
      exec_ms="$(awk '/Execution Time:/ { print $3 }' <<<"${part}" | paste -sd '+')"
      rows="$(awk '/Rows Removed by (Filter|Index Recheck)/ { n += $NF } END { print n + 0 }' <<<"${part}")"
      warn=""
      grep -qE 'Seq Scan on (orders|bids|users)' <<<"${part}" && warn=" — SEQUENTIAL SCAN on a hot path"
      plans+="- ${scenario_title[${name}]}${set:+ [${set}]}: ${nodes:-?}; ${rows} rows read and discarded; execution ${exec_ms:-?} ms${warn}"$'\n'
    done
  done

  {
    printf 'Order list on %s orders / %s bids / %s users (generated and analyzed in %ss):\n\n' \
      "${orders_count}" "${orders_bids}" "${orders_users}" "${generate_seconds}"
    printf '| GET /api/orders | req/s | p50 (ms) | p99 (ms) | pgbench tps | pgbench avg (ms) | ratio (goal ≥ 0.40) | p99 < 20 ms |\n'
    printf '|---|---:|---:|---:|---:|---:|---|---|\n'
    printf '%s' "${orders_rows}"
    printf '\nPlans (EXPLAIN (ANALYZE, BUFFERS), build/bench/explain-orders-*.txt):\n\n%s' "${plans}"
    printf '\nwrk -t%s -c%s -d%s --latency (after %s warm-up); pgbench -n -M %s -c %s -j 2 -T %s; %s\n' \
      "${wrk_threads}" "${connections}" "${duration}" "${warmup}" "${pgbench_mode}" "${pgbench_clients}" \
      "${pgbench_seconds}" "$(machine_line)"
  } | tee -a "${out_dir}/results.md"
fi

# list_scenarios key endpoint hot_tables heading names titles paths scripts defines explains mode: measures the
# scenarios of a list endpoint (the freelancer catalogue, the vacancy and resume lists): for each name in the array `names`,
# wrk over the space-separated request paths `paths[name]` (cycled by orders_list.lua) vs pgbench running
# benchmarks/`scripts[name]` with the `;`-separated -D values `defines[name]`, then EXPLAIN (ANALYZE, BUFFERS) of
# that script for each `|`-separated set of values in `explains[name]`. The arrays are passed by name. A plan with
# a sequential scan on one of the `hot_tables` (a regex alternation) FAILS the run: hot paths must be indexed (one
# in a branch that did not run, "never executed", is reported in the plan's line).
list_scenarios() {
  local key="$1" endpoint="$2" hot_tables="$3" heading="$4"
  local -n names="$5" titles="$6" paths_of="$7" scripts="$8" defines_of="$9" explains="${10}"
  local mode="${11}"
  local explain_timeout_ms="${BENCH_EXPLAIN_TIMEOUT_MS:-15000}"
  local ls_rows="" ls_plans="" ls_seq_scans="" name script items measured rps p50 p99 tps pg_avg value_ratio
  local explain_file set part executed nodes exec_ms rows warn
  local -a paths define_values defines wrk_args explain_sets set_values
  ls_skip_warmup() { [[ ${warmup} == 0 || ${warmup} == 0s ]]; }
  ls_rows=""
  ls_plans=""
  ls_seq_scans=""
  for name in "${names[@]}"; do
    read -r -a paths <<<"${paths_of[${name}]}"
    script="${repo_root}/benchmarks/${scripts[${name}]}"
    IFS=';' read -r -a define_values <<<"${defines_of[${name}]}"
    defines=()
    for define in "${define_values[@]}"; do defines+=(-D "${define}"); done
    curl -fsS -o "${out_dir}/${key}-${name}.json" -H 'X-Requested-With: XMLHttpRequest' \
      -b "XSRF-TOKEN=${xsrf}" "${artel_url}${paths[0]}" || die "GET ${paths[0]} failed"
    # A page's items, or a count's total.
    items="$(/usr/bin/python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(len(d["items"]) if "items" in d else d["total"])' \
      "${out_dir}/${key}-${name}.json")"
    [[ ${items} -gt 0 ]] || die "GET ${paths[0]} found nobody: the scenario would measure an empty page"
    wrk_args=(-s "${repo_root}/benchmarks/orders_list.lua" -H 'X-Requested-With: XMLHttpRequest'
      -H "Cookie: XSRF-TOKEN=${xsrf}" -- "${paths[@]}")
    ls_skip_warmup || duration="${warmup}" run_wrk "${key}-${name}-warmup" "${artel_url}" "${wrk_args[@]}" >/dev/null
    measured="$(run_wrk "${key}-${name}" "${artel_url}" "${wrk_args[@]}")"
    read -r rps p50 p99 <<<"${measured}"
    ls_skip_warmup || pgbench_seconds="${warmup%s}" run_pgbench "${key}-${name}-warmup" "${script}" "${mode}" \
      "${defines[@]}" >/dev/null
    measured="$(run_pgbench "${key}-${name}" "${script}" "${mode}" "${defines[@]}")"
    read -r tps pg_avg <<<"${measured}"
    value_ratio="$(ratio "${rps}" "${tps}")"
    ls_rows+="$(printf '| %s | %.0f | %s | %s | %.0f | %s | %s (%s) |' "${titles[${name}]}" \
      "${rps}" "${p50}" "${p99}" "${tps}" "${pg_avg}" "${value_ratio}" "$(verdict "${value_ratio}" 0.4)")"$'\n'

    explain_file="${out_dir}/explain-${key}-${name}.txt"
    : >"${explain_file}"
    IFS='|' read -r -a explain_sets <<<"${explains[${name}]:-}"
    [[ ${#explain_sets[@]} -gt 0 ]] || explain_sets=("")
    for set in "${explain_sets[@]}"; do
      IFS=';' read -r -a set_values <<<"${set}"
      printf -- '-- %s\n' "${set:-${defines_of[${name}]}}" >>"${explain_file}"
      part="$(/usr/bin/python3 "${repo_root}/benchmarks/explain_pgbench.py" "${script}" "${mode}" \
        "${explain_timeout_ms}" "${define_values[@]}" -- "${set_values[@]}" |
        psql -X -q -h "${pg_socket}" -p "${pg_port}" -U postgres -d artel 2>&1)" ||
        die "EXPLAIN of ${scripts[${name}]} (${set}) failed: $(tail -n 5 <<<"${part}")"
      printf '%s\n' "${part}" >>"${explain_file}"
      if grep -q 'ERROR:' <<<"${part}"; then
        grep -q 'statement timeout' <<<"${part}" ||
          die "EXPLAIN of ${scripts[${name}]} (${set}) failed: $(grep 'ERROR:' <<<"${part}")"
        ls_plans+="- ${titles[${name}]}${set:+ [${set}]}: over the ${explain_timeout_ms} ms statement timeout"$'\n'
        continue
      fi
      nodes="$(grep -oE '(Seq Scan on [a-z_.]+|Index (Only )?Scan( Backward)? using [a-z_]+|Bitmap Index Scan on [a-z_]+)' \
        <<<"${part}" | sort -u | paste -sd ';' | sed 's/;/; /g')"
      exec_ms="$(awk '/Execution Time:/ { print $3 }' <<<"${part}" | paste -sd '+')"
      rows="$(awk '/Rows Removed by (Filter|Index Recheck)/ { n += $NF } END { print n + 0 }' <<<"${part}")"
      warn=""
      # A node that did not run (a branch a one-time filter skipped: "never executed") is reported, not fatal.
      executed="$(grep -v 'never executed' <<<"${part}" || true)"
      if grep -qE "Seq Scan on (${hot_tables})\\b" <<<"${executed}"; then
        warn=" — SEQUENTIAL SCAN on a hot path"
        ls_seq_scans+="${titles[${name}]}${set:+ [${set}]}; "
      elif grep -qE "Seq Scan on (${hot_tables})\\b" <<<"${part}"; then
        warn=" (a sequential scan in a branch that did not run)"
      fi
      ls_plans+="- ${titles[${name}]}${set:+ [${set}]}: ${nodes:-?}; ${rows} rows read and discarded; execution ${exec_ms:-?} ms${warn}"$'\n'
    done
  done

  {
    printf '%s:\n\n' "${heading}"
    printf '| %s | req/s | p50 (ms) | p99 (ms) | pgbench tps | pgbench avg (ms) | ratio (goal ≥ 0.40) |\n' "${endpoint}"
    printf '|---|---:|---:|---:|---:|---:|---|\n'
    printf '%s' "${ls_rows}"
    printf '\nPlans (EXPLAIN (ANALYZE, BUFFERS), build/bench/explain-%s-*.txt):\n\n%s' "${key}" "${ls_plans}"
    printf '\nwrk -t%s -c%s -d%s --latency (after %s warm-up); pgbench -n -M %s -c %s -j 2 -T %s; %s\n\n' \
      "${wrk_threads}" "${connections}" "${duration}" "${warmup}" "${mode}" "${pgbench_clients}" \
      "${pgbench_seconds}" "$(machine_line)"
  } | tee -a "${out_dir}/results.md"
  [[ -z ${ls_seq_scans} ]] || die "a sequential scan on a ${key} hot path: ${ls_seq_scans}"
}

# --- freelancers: the catalogue on 100k performers and 1M portfolio projects -----------------------------------
if want freelancers; then
  log "generating ${freelancers_performers} performers, ${freelancers_projects} portfolio projects (benchmarks/freelancers_data.sql)"
  generated_at=${SECONDS}
  timeout "${orders_generate_timeout}" psql -X -q -h "${pg_socket}" -p "${pg_port}" -U postgres -d artel -1 \
    -v ON_ERROR_STOP=1 -v "performers=${freelancers_performers}" -v "projects=${freelancers_projects}" \
    -f "${repo_root}/benchmarks/freelancers_data.sql" >"${out_dir}/freelancers-data.txt" 2>&1 || {
    tail -n 30 "${out_dir}/freelancers-data.txt" >&2
    die "generating the freelancer data failed (or took longer than ${orders_generate_timeout}s)"
  }
  psql_artel -c 'VACUUM (ANALYZE) identity.users, profiles.freelancers, profiles.portfolio_projects, profiles.portfolio_images, profiles.search_lexemes' \
    >>"${out_dir}/freelancers-data.txt" 2>&1 || die "VACUUM (ANALYZE) after the load failed"
  generate_seconds=$((SECONDS - generated_at))
  log "freelancer data ready in ${generate_seconds}s ($(tail -n 3 "${out_dir}/freelancers-data.txt" | head -n 1 | tr -s ' '))"

  fl_categories=(development design texts marketing video-audio engineering photo business)
  fl_filter_paths=()
  for code in "${fl_categories[@]}"; do
    fl_filter_paths+=("/api/freelancers?category=${code}&portfolio=true&available=true&sort=rating")
  done
  fl_urlencode() { /usr/bin/python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$1"; }
  fl_names=(filters search)
  declare -A fl_title fl_paths fl_script fl_defines fl_explain
  fl_title[filters]='category + with portfolio + open to work, by rating (8 categories in turn)'
  fl_paths[filters]="${fl_filter_paths[*]}"
  fl_script[filters]="freelancers_filters.sql"
  fl_defines[filters]="limit=21"
  # The largest category (30 %) and the smallest (4 %).
  fl_explain[filters]="category_id=1|category_id=7"
  fl_title[search]="full text q=${freelancers_query}, by rating"
  fl_paths[search]="/api/freelancers?q=$(fl_urlencode "${freelancers_query}")"
  fl_script[search]="freelancers_search.sql"
  fl_defines[search]="limit=21;q=${freelancers_query}"
  # Also an English word, a common word and a word no profile has, on the statement warmed up with the benchmark's.
  fl_explain[search]="q=${freelancers_query}|q=designer|q=опыт|q=kubernetes"
  fl_mode="${BENCH_FREELANCERS_PGBENCH_MODE:-prepared}"

  list_scenarios freelancers 'GET /api/freelancers' 'freelancers|portfolio_projects|portfolio_images|users' \
    "$(printf 'Freelancer catalogue on %s performers / %s portfolio projects (generated and analyzed in %ss)' \
      "${freelancers_performers}" "${freelancers_projects}" "${generate_seconds}")" fl_names fl_title fl_paths \
    fl_script fl_defines fl_explain "${fl_mode}"
fi

# --- vacancies: the public list on 200k vacancies of 5k companies ------------------------------------------------
if want vacancies; then
  log "generating ${vacancies_count} vacancies of ${vacancies_companies} companies (benchmarks/vacancies_data.sql)"
  generated_at=${SECONDS}
  timeout "${orders_generate_timeout}" psql -X -q -h "${pg_socket}" -p "${pg_port}" -U postgres -d artel -1 \
    -v ON_ERROR_STOP=1 -v "vacancies=${vacancies_count}" -v "companies=${vacancies_companies}" \
    -f "${repo_root}/benchmarks/vacancies_data.sql" >"${out_dir}/vacancies-data.txt" 2>&1 || {
    tail -n 30 "${out_dir}/vacancies-data.txt" >&2
    die "generating the vacancy data failed (or took longer than ${orders_generate_timeout}s)"
  }
  psql_artel -c 'VACUUM (ANALYZE) identity.users, companies.companies, vacancies.vacancies, vacancies.search_lexemes' \
    >>"${out_dir}/vacancies-data.txt" 2>&1 || die "VACUUM (ANALYZE) after the load failed"
  generate_seconds=$((SECONDS - generated_at))
  log "vacancy data ready in ${generate_seconds}s ($(tail -n 3 "${out_dir}/vacancies-data.txt" | head -n 1 | tr -s ' '))"

  vc_urlencode() { /usr/bin/python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$1"; }
  vc_filter_paths=()
  for code in development design texts marketing video-audio engineering photo business; do
    vc_filter_paths+=("/api/vacancies?category=${code}&salary=10000000&sort=salary")
  done
  vc_names=(filters search)
  declare -A vc_title vc_paths vc_script vc_defines vc_explain
  vc_title[filters]='category + salary ≥ 100 000 ₽, by salary (8 categories in turn)'
  vc_paths[filters]="${vc_filter_paths[*]}"
  vc_script[filters]="vacancies_filters.sql"
  vc_defines[filters]="limit=21;salary=10000000"
  # The largest category (30 %) and the smallest (4 %); a salary nobody pays (the whole category read).
  vc_explain[filters]="category_id=1|category_id=7|category_id=1;salary=100000000000"
  vc_title[search]="full text q=${vacancies_query}, newest first"
  vc_paths[search]="/api/vacancies?q=$(vc_urlencode "${vacancies_query}")"
  vc_script[search]="vacancies_search.sql"
  vc_defines[search]="limit=21;q=${vacancies_query}"
  # Also an English word, a common word and a word no vacancy has.
  vc_explain[search]="q=${vacancies_query}|q=designer|q=команда|q=kubernetes"
  list_scenarios vacancies 'GET /api/vacancies' 'vacancies|companies' \
    "$(printf 'Vacancy list on %s vacancies of %s companies (generated and analyzed in %ss)' \
      "${vacancies_count}" "${vacancies_companies}" "${generate_seconds}")" vc_names vc_title vc_paths \
    vc_script vc_defines vc_explain "${BENCH_VACANCIES_PGBENCH_MODE:-prepared}"
fi

# --- resumes: the public list and its counts on 500k resumes of 250k applicants -------------------------------------
if want resumes; then
  log "generating ${resumes_count} resumes (benchmarks/resumes_data.sql)"
  generated_at=${SECONDS}
  timeout "${orders_generate_timeout}" psql -X -q -h "${pg_socket}" -p "${pg_port}" -U postgres -d artel -1 \
    -v ON_ERROR_STOP=1 -v "resumes=${resumes_count}" \
    -f "${repo_root}/benchmarks/resumes_data.sql" >"${out_dir}/resumes-data.txt" 2>&1 || {
    tail -n 30 "${out_dir}/resumes-data.txt" >&2
    die "generating the resume data failed (or took longer than ${orders_generate_timeout}s)"
  }
  psql_artel -c 'VACUUM (ANALYZE) identity.users, resumes.resumes, resumes.experience, resumes.education, resumes.search_lexemes' \
    >>"${out_dir}/resumes-data.txt" 2>&1 || die "VACUUM (ANALYZE) after the load failed"
  generate_seconds=$((SECONDS - generated_at))
  log "resume data ready in ${generate_seconds}s ($(tail -n 3 "${out_dir}/resumes-data.txt" | head -n 1 | tr -s ' '))"

  rs_urlencode() { /usr/bin/python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$1"; }
  rs_filter_paths=()
  for code in development design texts marketing video-audio engineering photo business; do
    rs_filter_paths+=("/api/resumes?category=${code}&remote=true&salary=20000000")
  done
  # The counts are cached for 10 s per filter combination (libs/resumes, counts_cache): each of the 10 000 paths
  # has a salary of its own (35 000 to 60 000 ₽ in kopecks, more paths than a run sends), so every request runs
  # the SQL.
  rs_count_paths=()
  for ((i = 0; i < 10000; i++)); do
    rs_count_paths+=("/api/resumes/counts?salary=$((3500000 + (i * 7919 % 10000) * 250))")
  done
  rs_names=(filters search counts)
  declare -A rs_title rs_paths rs_script rs_defines rs_explain
  rs_title[filters]='category + remote + salary ≤ 200 000 ₽, by date (8 categories in turn)'
  rs_paths[filters]="${rs_filter_paths[*]}"
  rs_script[filters]="resumes_filters.sql"
  rs_defines[filters]="limit=21;salary=20000000"
  # The largest category (30 %) and the smallest (4 %).
  rs_explain[filters]="category_id=1|category_id=7"
  rs_title[search]="full text q=${resumes_query}, by date"
  rs_paths[search]="/api/resumes?q=$(rs_urlencode "${resumes_query}")"
  rs_script[search]="resumes_search.sql"
  rs_defines[search]="limit=21;q=${resumes_query}"
  # Also an English word, a common word and a word no resume has.
  rs_explain[search]="q=${resumes_query}|q=designer|q=опыт|q=kubernetes"
  rs_title[counts]='counts by category + total, salary ≤ 35 000–60 000 ₽ (uncached: a new salary each request)'
  rs_paths[counts]="${rs_count_paths[*]}"
  rs_script[counts]="resumes_counts.sql"
  rs_defines[counts]=""
  # The range's ends, a wider limit (200 000 ₽) and every resume with a salary: the rows counted grow with the limit.
  rs_explain[counts]="salary=3500000|salary=6000000|salary=20000000|salary=100000000000"
  list_scenarios resumes 'GET /api/resumes' 'resumes|experience|education|users' \
    "$(printf 'Resume list on %s resumes of %s applicants (generated and analyzed in %ss)' \
      "${resumes_count}" "$((resumes_count / 2))" "${generate_seconds}")" rs_names rs_title rs_paths \
    rs_script rs_defines rs_explain "${BENCH_RESUMES_PGBENCH_MODE:-prepared}"
fi

# --- realtime: idle sockets, send-to-receive latency, sends vs pgbench ---------------------------------------
if want realtime; then
  value_of() { awk -v k="$1:" '$1 == k { print $2 }' <<<"$2"; }  # value_of KEY "key: value lines"
  realtime_key="artel"

  # Users with live sessions, one per idle socket (and the latency run's pairs among them): the socket server
  # closes a subscription whose session has ended, and checks every few seconds.
  rt_user_count=$((realtime_idle_sockets > realtime_pairs * 2 ? realtime_idle_sockets : realtime_pairs * 2))
  log "creating ${rt_user_count} users with sessions"
  psql_artel -1 -At -F ' ' -v "count=${rt_user_count}" -f "${repo_root}/benchmarks/realtime_users.sql" \
    >"${work_dir}/rt-users.txt" || die "benchmarks/realtime_users.sql failed"
  head -n "${realtime_idle_sockets}" "${work_dir}/rt-users.txt" >"${work_dir}/rt-idle-users.txt"

  log "${realtime_idle_sockets} idle sockets on ws://127.0.0.1:${realtime_port} (server pid ${artel_pid})"
  idle="$("${ws_load_bin}" idle 127.0.0.1 "${realtime_port}" "${realtime_key}" "${realtime_secret}" \
    "${work_dir}/rt-idle-users.txt" "${artel_pid}" 2>"${out_dir}/ws-idle.log")" ||
    die "bench_ws_load idle failed: $(tail -n 5 "${out_dir}/ws-idle.log")"
  printf '%s\n' "${idle}" >"${out_dir}/ws-idle.txt"
  idle_per_socket="$(value_of rss_per_socket_kib "${idle}")"
  # Sockets closed, the server gives their memory back (or not): the RSS a while after is worth knowing too.
  sleep 3
  idle_after_close="$(awk '/^VmRSS:/ { print $2 }' "/proc/${artel_pid}/status")"

  log "opening ${realtime_pairs} chats"
  head -n "$((realtime_pairs * 2))" "${work_dir}/rt-users.txt" |
    /usr/bin/python3 "${repo_root}/benchmarks/realtime_setup.py" "${artel_url}" \
    >"${work_dir}/rt-pairs.txt" || die "opening the benchmark chats failed"

  log "send-to-receive: ${realtime_rate} messages/s for ${realtime_seconds}s across ${realtime_pairs} pairs"
  latency="$("${ws_load_bin}" latency 127.0.0.1 "${realtime_port}" "${artel_port}" "${realtime_key}" \
    "${realtime_secret}" "${work_dir}/rt-pairs.txt" "${realtime_rate}" "${realtime_seconds}" \
    2>"${out_dir}/ws-latency.log")" || die "bench_ws_load latency failed: $(tail -n 5 "${out_dir}/ws-latency.log")"
  printf '%s\n' "${latency}" >"${out_dir}/ws-latency.txt"
  log "send-to-receive: ${realtime_sustained_rate} messages/s for ${realtime_seconds}s across ${realtime_pairs} pairs"
  sustained="$("${ws_load_bin}" latency 127.0.0.1 "${realtime_port}" "${artel_port}" "${realtime_key}" \
    "${realtime_secret}" "${work_dir}/rt-pairs.txt" "${realtime_sustained_rate}" "${realtime_seconds}" \
    2>"${out_dir}/ws-latency-sustained.log")" ||
    die "bench_ws_load latency (sustained) failed: $(tail -n 5 "${out_dir}/ws-latency-sustained.log")"
  printf '%s\n' "${sustained}" >"${out_dir}/ws-latency-sustained.txt"

  # Sends through the whole HTTP path (wrk, each request a new message of the next pair) vs pgbench running the
  # transaction a send commits (benchmarks/messenger_send.sql, the SQL of libs/messenger) on the same pairs.
  awk '{ print $1, $2 }' "${work_dir}/rt-pairs.txt" >"${work_dir}/rt-send-pairs.txt"
  send_wrk="$(run_wrk messenger-send "${artel_url}" -s "${repo_root}/benchmarks/messenger_send.lua" \
    -H 'X-Requested-With: XMLHttpRequest' -H 'Content-Type: application/json' -- "${work_dir}/rt-send-pairs.txt")"
  read -r send_rps send_p50 send_p99 <<<"${send_wrk}"
  # pgbench draws a pair: its chat, its sender (the chat's user_low: realtime_setup.py pairs 1st with 2nd, …).
  first_chat="$(head -n1 "${work_dir}/rt-pairs.txt" | cut -d' ' -f1)"
  first_sender="$(head -n1 "${work_dir}/rt-users.txt" | cut -d' ' -f1)"
  send_pg="$(run_pgbench messenger-send "${repo_root}/benchmarks/messenger_send.sql" prepared \
    -D "first_chat=${first_chat}" -D "first_sender=${first_sender}" -D "pairs=${realtime_pairs}")"
  read -r send_tps send_pg_latency <<<"${send_pg}"
  send_ratio="$(ratio "${send_rps}" "${send_tps}")"

  {
    printf 'Real time (bench_ws_load, one client thread):\n\n'
    printf '| measurement | value | goal | |\n|---|---:|---:|---|\n'
    printf '| idle sockets subscribed to private-user.{id} | %s (in %ss) | 10,000 | |\n' \
      "$(value_of sockets_subscribed "${idle}")" "$(value_of open_seconds "${idle}")"
    printf '| server RSS before → with them (KiB) | %s → %s | | |\n' \
      "$(value_of server_rss_before_kib "${idle}")" "$(value_of server_rss_after_kib "${idle}")"
    printf '| RSS per idle socket (KiB) | %s | ≤ 15 | %s |\n' "${idle_per_socket}" \
      "$(awk -v v="${idle_per_socket}" 'BEGIN { print (v <= 15 ? "met" : "above goal") }')"
    printf '| server RSS 3 s after they closed (KiB) | %s | | |\n' "${idle_after_close}"
    for run in latency sustained; do
      result="${!run}"
      rate="${realtime_rate}"
      [[ ${run} == sustained ]] && rate="${realtime_sustained_rate}"
      printf '| at %s/s: send-to-receive p50 / p90 / p99 / max (ms) | %s / %s / %s / %s | p99 < 50 | %s |\n' \
        "${rate}" "$(value_of send_to_receive_p50_ms "${result}")" "$(value_of send_to_receive_p90_ms "${result}")" \
        "$(value_of send_to_receive_p99_ms "${result}")" "$(value_of send_to_receive_max_ms "${result}")" \
        "$(below "$(value_of send_to_receive_p99_ms "${result}")" 50)"
      printf '| at %s/s: HTTP answer p50 / p99; frame after the answer p50 / p99 (ms) | %s / %s; %s / %s | | |\n' \
        "${rate}" "$(value_of http_answer_p50_ms "${result}")" "$(value_of http_answer_p99_ms "${result}")" \
        "$(value_of frame_after_answer_p50_ms "${result}")" "$(value_of frame_after_answer_p99_ms "${result}")"
      printf '| at %s/s: messages sent / frames received | %s / %s, achieved %s/s (%s sends >5 ms behind schedule) | | |\n' \
        "${rate}" "$(value_of messages_sent "${result}")" "$(value_of frames_received "${result}")" \
        "$(value_of send_rate_per_s "${result}")" "$(value_of sends_behind_schedule_over_5ms "${result}")"
    done
    printf '| POST /api/chats/{id}/messages (wrk, req/s; p50 / p99 ms) | %.0f; %s / %s | | |\n' \
      "${send_rps}" "${send_p50}" "${send_p99}"
    printf '| pgbench, the send transaction (tps; avg ms) | %.0f; %s | | |\n' "${send_tps}" "${send_pg_latency}"
    printf '| sends / pgbench | %s | ≥ 0.50 | %s |\n' "${send_ratio}" "$(verdict "${send_ratio}" 0.5)"
    printf '\nidle: %s sockets, 50 per loopback source address; latency: %s pairs, %s messages/s for %ss on 64 '\
'keep-alive HTTP connections; wrk -t%s -c%s -d%s; pgbench -n -M prepared -c %s -j 2 -T %s; %s\n\n' \
      "${realtime_idle_sockets}" "${realtime_pairs}" "${realtime_rate}" "${realtime_seconds}" "${wrk_threads}" \
      "${connections}" "${duration}" "${pgbench_clients}" "${pgbench_seconds}" "$(machine_line)"
  } | tee -a "${out_dir}/results.md"
fi

# --- messenger: the chat list and the history on a million messages --------------------------------------
if want messenger; then
  log "generating ${messenger_users} users, ${messenger_chats} chats, ${messenger_messages} messages (benchmarks/messenger_data.sql)"
  generated="$(timeout "${orders_generate_timeout}" psql -X -q -h "${pg_socket}" -p "${pg_port}" -U postgres -d artel -1 \
    -v ON_ERROR_STOP=1 -At -F ' ' -v "users=${messenger_users}" -v "chats=${messenger_chats}" \
    -v "messages=${messenger_messages}" -f "${repo_root}/benchmarks/messenger_data.sql" 2>&1)" || {
    printf '%s\n' "${generated}" >&2
    die "generating the messenger data failed"
  }
  printf '%s\n' "${generated}" >"${out_dir}/messenger-data.txt"
  read -r heavy_user heavy_chats history_user history_chat history_messages messages_total chats_total \
    generate_seconds <<<"$(tail -n 1 <<<"${generated}")"
  psql_artel -c 'VACUUM (ANALYZE) identity.users, identity.sessions, messenger.chats, messenger.participants, messenger.messages' \
    >>"${out_dir}/messenger-data.txt" 2>&1 || die "VACUUM (ANALYZE) after the load failed"
  token_of() { printf '%s' "$(printf '%43s' "$1" | tr ' ' x)"; }
  hash_of() { printf '%s' "$(token_of "$1")" | sha256sum | cut -d' ' -f1; }

  messenger_rows=""
  messenger_plans=""
  for name in chats history; do
    if [[ ${name} == chats ]]; then
      token="$(token_of ms-bench-heavy)"
      path="/api/chats"
      defines=(-D "token_hash=$(hash_of ms-bench-heavy)" -D "user_id=${heavy_user}")
      title="GET /api/chats (the user with ${heavy_chats} chats)"
    else
      token="$(token_of ms-bench-history)"
      path="/api/chats/${history_chat}/messages"
      defines=(-D "token_hash=$(hash_of ms-bench-history)" -D "user_id=${history_user}" -D "chat_id=${history_chat}")
      title="GET /api/chats/{id}/messages (the chat with ${history_messages} messages)"
    fi
    script="${repo_root}/benchmarks/messenger_${name}.sql"
    curl -fsS -o "${out_dir}/messenger-${name}.json" -H 'X-Requested-With: XMLHttpRequest' \
      -H "Authorization: Bearer ${token}" "${artel_url}${path}" || die "GET ${path} failed"
    wrk_args=(-H 'X-Requested-With: XMLHttpRequest' -H "Authorization: Bearer ${token}")
    duration="${warmup}" run_wrk "messenger-${name}-warmup" "${artel_url}${path}" "${wrk_args[@]}" >/dev/null
    measured="$(run_wrk "messenger-${name}" "${artel_url}${path}" "${wrk_args[@]}")"
    read -r rps p50 p99 <<<"${measured}"
    pgbench_seconds="${warmup%s}" run_pgbench "messenger-${name}-warmup" "${script}" prepared "${defines[@]}" >/dev/null
    measured="$(run_pgbench "messenger-${name}" "${script}" prepared "${defines[@]}")"
    read -r tps pg_avg <<<"${measured}"
    value_ratio="$(ratio "${rps}" "${tps}")"
    messenger_rows+="$(printf '| %s | %.0f | %s | %s | %.0f | %s | %s (%s) | %s |' "${title}" "${rps}" "${p50}" \
      "${p99}" "${tps}" "${pg_avg}" "${value_ratio}" "$(verdict "${value_ratio}" 0.4)" "$(below "${p99}" 20)")"$'\n'

    explain_file="${out_dir}/explain-messenger-${name}.txt"
    define_values=()
    for ((i = 1; i < ${#defines[@]}; i += 2)); do define_values+=("${defines[i]}"); done
    part="$(/usr/bin/python3 "${repo_root}/benchmarks/explain_pgbench.py" "${script}" prepared 15000 \
      "${define_values[@]}" | psql -X -q -h "${pg_socket}" -p "${pg_port}" -U postgres -d artel 2>&1)" ||
      die "EXPLAIN of messenger_${name}.sql failed: $(tail -n 5 <<<"${part}")"
    printf '%s\n' "${part}" >"${explain_file}"
    nodes="$(grep -oE '(Seq Scan on [a-z_.]+|Index (Only )?Scan( Backward)? using [a-z_]+|Bitmap Index Scan on [a-z_]+)' \
      <<<"${part}" | sort -u | paste -sd ';' | sed 's/;/; /g')"
    exec_ms="$(awk '/Execution Time:/ { print $3 }' <<<"${part}" | paste -sd '+')"
    sorted="$(awk '/Sort Method:/ { $1 = $1; print }' <<<"${part}" | paste -sd ';' | sed 's/;/; /g')"
    messenger_plans+="- ${title}: ${nodes:-?}; sorts: ${sorted:-none}; execution ${exec_ms:-?} ms"$'\n'
  done

  {
    printf 'Messenger lists on %s messages / %s chats / %s users (generated in %ss):\n\n' "${messages_total}" \
      "${chats_total}" "${messenger_users}" "${generate_seconds}"
    printf '| request | req/s | p50 (ms) | p99 (ms) | pgbench tps | pgbench avg (ms) | ratio (goal ≥ 0.40) | p99 < 20 ms |\n'
    printf '|---|---:|---:|---:|---:|---:|---|---|\n'
    printf '%s' "${messenger_rows}"
    printf '\nPlans (EXPLAIN (ANALYZE, BUFFERS) after six executions, build/bench/explain-messenger-*.txt):\n\n%s' \
      "${messenger_plans}"
    printf '\nwrk -t%s -c%s -d%s --latency (after %s warm-up); pgbench -n -M prepared -c %s -j 2 -T %s; %s\n\n' \
      "${wrk_threads}" "${connections}" "${duration}" "${warmup}" "${pgbench_clients}" "${pgbench_seconds}" \
      "$(machine_line)"
  } | tee -a "${out_dir}/results.md"
fi

# --- articles: the public article list on a million articles, and the FAQ search --------------------------------------
if want articles; then
  # The FAQ search first (its own small data set), then the article list.
  log "generating ${faq_count} FAQ questions (benchmarks/faq_data.sql)"
  generated_at=${SECONDS}
  timeout "${orders_generate_timeout}" psql -X -q -h "${pg_socket}" -p "${pg_port}" -U postgres -d artel -1 \
    -v ON_ERROR_STOP=1 -v "questions=${faq_count}" -f "${repo_root}/benchmarks/faq_data.sql" \
    >"${out_dir}/faq-data.txt" 2>&1 || {
    tail -n 30 "${out_dir}/faq-data.txt" >&2
    die "generating the FAQ data failed"
  }
  psql_artel -c 'VACUUM (ANALYZE) help.faq_categories, help.faq_questions' >>"${out_dir}/faq-data.txt" 2>&1 ||
    die "VACUUM (ANALYZE) after the FAQ load failed"
  generate_seconds=$((SECONDS - generated_at))
  fq_names=(search)
  declare -A fq_title fq_paths fq_script fq_defines fq_explain
  fq_title[search]="full text q=${faq_query}, ranked (the first 20)"
  fq_paths[search]="/api/help/faq/search?q=$(/usr/bin/python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "${faq_query}")"
  fq_script[search]="faq_search.sql"
  # No Accept-Language in wrk's requests: the default language, en.
  fq_defines[search]="limit=20;lang=en;q=${faq_query}"
  # Also a Russian word of one object (1/30 of the questions), a common word, a word in no question and two words.
  fq_explain[search]="q=${faq_query}|q=кошелёк|q=account|q=kubernetes|q=вывод средств"
  list_scenarios faq 'GET /api/help/faq/search' 'faq_questions|faq_categories' \
    "$(printf 'FAQ search on %s questions (generated and analyzed in %ss)' "${faq_count}" "${generate_seconds}")" \
    fq_names fq_title fq_paths fq_script fq_defines fq_explain "${BENCH_FAQ_PGBENCH_MODE:-prepared}"

  log "generating ${articles_count} articles of ${articles_authors} authors (benchmarks/articles_data.sql)"
  generated_at=${SECONDS}
  timeout "${orders_generate_timeout}" psql -X -q -h "${pg_socket}" -p "${pg_port}" -U postgres -d artel -1 \
    -v ON_ERROR_STOP=1 -v "articles=${articles_count}" -v "authors=${articles_authors}" \
    -f "${repo_root}/benchmarks/articles_data.sql" >"${out_dir}/articles-data.txt" 2>&1 || {
    tail -n 30 "${out_dir}/articles-data.txt" >&2
    die "generating the article data failed (or took longer than ${orders_generate_timeout}s)"
  }
  psql_artel -c 'VACUUM (ANALYZE) identity.users, articles.categories, articles.articles' \
    >>"${out_dir}/articles-data.txt" 2>&1 || die "VACUUM (ANALYZE) after the load failed"
  generate_seconds=$((SECONDS - generated_at))
  log "article data ready in ${generate_seconds}s ($(tail -n 3 "${out_dir}/articles-data.txt" | head -n 1 | tr -s ' '))"

  ar_urlencode() { /usr/bin/python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$1"; }
  # The generator's categories, largest share first (position order), and tags of published articles by how many
  # articles carry them: ranks 1, 2, 4, … 1024 (the tag scenario cycles through eight of them) and the rarest.
  read -r -a ar_categories <<<"$(psql_artel -tA -c 'SELECT string_agg(id::text, '"' '"' ORDER BY position, id) FROM articles.categories')"
  [[ ${#ar_categories[@]} -gt 1 ]] || die "no article categories after the load"
  read -r -a ar_tags <<<"$(psql_artel -tA -c "
    SELECT string_agg(t, ' ' ORDER BY rank) FROM (
      SELECT t, row_number() OVER (ORDER BY count(*) DESC, t) AS rank
        FROM articles.articles, unnest(tags) t WHERE status = 'published' GROUP BY t) r
     WHERE rank IN (1, 2, 4, 16, 64, 256, 1024, 4096)")"
  [[ ${#ar_tags[@]} -eq 8 ]] || die "fewer than 4096 distinct tags after the load (${#ar_tags[@]} of the ranks found)"
  ar_rarest_tag="$(psql_artel -tA -c "SELECT t FROM articles.articles, unnest(tags) t WHERE status = 'published'
                                       GROUP BY t ORDER BY count(*), t LIMIT 1")"
  ar_list() { local IFS=','; printf '%s' "$*"; }
  ar_quoted=()
  for tag in "${ar_tags[@]}"; do ar_quoted+=("'${tag}'"); done
  # The statements' seven parameters as SQL values (benchmarks/articles_list_*.sql: NULL where the request has no
  # such filter); a scenario appends its own, later -D values win.
  ar_base="prepared=0;q=NULL;category=NULL;tag=NULL;lang=NULL;limit=21;after=NULL;after_id=NULL"
  ar_category_paths=()
  for category in "${ar_categories[@]}"; do
    for lang in ru en; do ar_category_paths+=("/api/articles?category=${category}&lang=${lang}"); done
  done
  ar_tag_paths=()
  for tag in "${ar_tags[@]}"; do ar_tag_paths+=("/api/articles?tag=$(ar_urlencode "${tag}")"); done
  # The second page by rating: the first page's cursor ("r:<rating>:<id>", base64url) as the request and as
  # pgbench's $6/$7.
  curl -fsS -o "${out_dir}/articles-rating-first.json" -H 'X-Requested-With: XMLHttpRequest' \
    -b "XSRF-TOKEN=${xsrf}" "${artel_url}/api/articles?sort=rating" || die "GET /api/articles?sort=rating failed"
  read -r ar_cursor ar_after ar_after_id <<<"$(/usr/bin/python3 -c '
import base64, json, sys
cursor = json.load(open(sys.argv[1]))["next_cursor"]
tag, key, id_ = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode().split(":")
assert tag == "r", tag
print(cursor, key, id_)' "${out_dir}/articles-rating-first.json")" || die "no next_cursor on the first page by rating"
  [[ -n ${ar_after_id} ]] || die "cannot read the first page's cursor"
  ar_smallest="${ar_categories[-1]}"
  ar_names=(newest category rating popular tag search page2)
  declare -A ar_title ar_paths ar_script ar_defines ar_explain
  ar_title[newest]='newest first, no filter'
  ar_paths[newest]="/api/articles"
  ar_script[newest]="articles_list_date.sql"
  ar_defines[newest]="${ar_base}"
  ar_explain[newest]=""
  ar_title[category]="category + language, newest first (${#ar_categories[@]} categories × ru/en in turn)"
  ar_paths[category]="${ar_category_paths[*]}"
  ar_script[category]="articles_list_date.sql"
  ar_defines[category]="${ar_base};category=(ARRAY[$(ar_list "${ar_categories[@]}")])[1 + floor(random() * ${#ar_categories[@]})::int];lang=(ARRAY['ru', 'en'])[1 + floor(random() * 2)::int]"
  # The largest category (20 %) in Russian (70 %) and the smallest (2 %) in English (30 %).
  ar_explain[category]="category=${ar_categories[0]};lang='ru'|category=${ar_smallest};lang='en'"
  ar_title[rating]='by rating, no filter'
  ar_paths[rating]="/api/articles?sort=rating"
  ar_script[rating]="articles_list_rating.sql"
  ar_defines[rating]="${ar_base}"
  ar_explain[rating]="|category=${ar_smallest};lang='en'|tag='${ar_tags[5]}'"
  ar_title[popular]='by popularity (views), no filter'
  ar_paths[popular]="/api/articles?sort=popular"
  ar_script[popular]="articles_list_popular.sql"
  ar_defines[popular]="${ar_base}"
  ar_explain[popular]="|tag='${ar_rarest_tag}'"
  ar_title[tag]="a tag, newest first (8 tags of popularity ranks 1–4096 in turn)"
  ar_paths[tag]="${ar_tag_paths[*]}"
  ar_script[tag]="articles_list_date.sql"
  ar_defines[tag]="${ar_base};tag=(ARRAY[$(ar_list "${ar_quoted[@]}")])[1 + floor(random() * ${#ar_tags[@]})::int]"
  # The most common tag, a middle one, the rarest and one no article has.
  ar_explain[tag]="tag='${ar_tags[0]}'|tag='${ar_tags[4]}'|tag='${ar_tags[7]}'|tag='${ar_rarest_tag}'|tag='no-such-tag'"
  ar_title[search]="full text q=${articles_query}, newest first"
  ar_paths[search]="/api/articles?q=$(ar_urlencode "${articles_query}")"
  ar_script[search]="articles_search_date.sql"
  ar_defines[search]="${ar_base};q='${articles_query}'"
  # Also an English word, the most common word, a word no article has, two words, and two whose matches the other
  # filters leave few of: the search word in the smallest category, the most common (Russian) word in English.
  ar_explain[search]="q='${articles_query}'|q='portfolio'|q='фриланс'|q='kubernetes'|q='налоги самозанятого'|q='${articles_query}';category=${ar_smallest}|q='фриланс';lang='en'"
  ar_title[page2]='by rating, the second page (keyset cursor)'
  ar_paths[page2]="/api/articles?sort=rating&cursor=${ar_cursor}"
  ar_script[page2]="articles_list_rating.sql"
  ar_defines[page2]="${ar_base};after=${ar_after};after_id=${ar_after_id}"
  # Also a cursor deep in the ties (rating 0, half-way through the ids).
  ar_explain[page2]="|after=0;after_id=$((articles_count / 2))"
  list_scenarios articles 'GET /api/articles' 'articles|users' \
    "$(printf 'Article list on %s articles of %s authors (generated and analyzed in %ss)' \
      "${articles_count}" "${articles_authors}" "${generate_seconds}")" ar_names ar_title ar_paths \
    ar_script ar_defines ar_explain simple
fi

# The first screens' Largest Contentful Paint on a slow phone network (benchmarks/lcp.sh) closes the full run.
if [[ ${mode} == all ]]; then
  {
    printf '\n## Largest Contentful Paint at 390 px, Fast 3G, cold cache\n\n'
    "${repo_root}/benchmarks/lcp.sh"
  } | tee -a "${out_dir}/results.md"
fi
