#!/usr/bin/env bash
# `make fuzz`: builds the fuzz preset (clang-14, libFuzzer, ASan/UBSan; fuzz/) and runs each target for
# FUZZ_SECONDS (default 60) on its seed corpus (fuzz/corpus/<target>/) and dictionary (fuzz/<target>.dict).
# What a run finds stays out of the repository, in FUZZ_OUT (default build/fuzz-findings/<target>/): new
# inputs in corpus/, a crash as crash-<sha1> with the log. A crash found is a bug: fix it, and add its
# input to fuzz/corpus/<target>/ so `make test` (ctest -L fuzz-replay) replays it from then on.
#
#   FUZZ_SECONDS=600 make fuzz            each target ten minutes
#   FUZZ_RUNS=10000000 FUZZ_SECONDS=3600 make fuzz   stop at 10 million executions (or the time)
#   FUZZ_TARGETS="contract http_head" make fuzz      some targets only
#   FUZZ_MAX_LEN=65536 make fuzz          longer inputs than libFuzzer's 4096-byte default (a whole body)
#
# One libFuzzer process at a time (-jobs=1 is libFuzzer's default), niced: the machine stays usable. Ends with
# a line per target (executions, seconds, executions per second, crash or not) and exits non-zero on a crash.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds="${FUZZ_SECONDS:-60}"
runs="${FUZZ_RUNS:-}"
max_len="${FUZZ_MAX_LEN:-}"
out="${FUZZ_OUT:-build/fuzz-findings}"
targets="${FUZZ_TARGETS:-$(ls fuzz/corpus)}"

export CCACHE_DIR="${CCACHE_DIR:-${HOME}/.cache/ccache}"
CCACHE_BASEDIR="$(pwd)"
export CCACHE_BASEDIR
export CCACHE_NOHASHDIR=1
# A UBSan report is a crash, like ASan's; leaks are reported at the end of a run.
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"

command -v clang++-14 >/dev/null || { echo "fuzz: clang++-14 is missing (scripts/install-deps.sh installs it)" >&2; exit 1; }
cmake --preset fuzz
cmake --build --preset fuzz -j "$(nproc)"

summary=()
crashed=0
for target in ${targets}; do
  binary="build/fuzz/fuzz/fuzz_${target}"
  [[ -x ${binary} ]] || { echo "fuzz: no target ${target}" >&2; exit 1; }
  mkdir -p "${out}/${target}/corpus"
  args=(-max_total_time="${seconds}" -print_final_stats=1 -artifact_prefix="${out}/${target}/")
  [[ -n ${runs} ]] && args+=(-runs="${runs}")
  [[ -n ${max_len} ]] && args+=(-max_len="${max_len}")
  [[ -f fuzz/${target}.dict ]] && args+=(-dict="fuzz/${target}.dict")
  printf '\n==> fuzz %s (%s s%s)\n' "${target}" "${seconds}" "${runs:+, at most ${runs} runs}"
  status=0
  # New inputs go to the scratch corpus (the first directory); the repository's seeds are only read.
  nice -n 10 "${binary}" "${args[@]}" "${out}/${target}/corpus" "fuzz/corpus/${target}" \
    >"${out}/${target}/log" 2>&1 || status=$?
  executions="$(grep -oE 'stat::number_of_executed_units: [0-9]+' "${out}/${target}/log" | grep -oE '[0-9]+$' || echo '?')"
  done_line="$(grep -E '^Done [0-9]+ runs in [0-9]+ second' "${out}/${target}/log" | tail -n1 || true)"
  took="$(sed -E 's/.* in ([0-9]+) second.*/\1/' <<<"${done_line}")"
  rate="$(grep -oE 'stat::average_exec_per_sec: +[0-9]+' "${out}/${target}/log" | grep -oE '[0-9]+$' || echo '?')"
  if ((status != 0)); then
    crashed=1
    summary+=("${target}: CRASH after ${executions} executions (exit ${status}); see ${out}/${target}/log")
    grep -E 'ERROR:|SUMMARY:|runtime error|check failed|Test unit written' "${out}/${target}/log" | head -n 8 || true
  else
    summary+=("${target}: ${executions} executions in ${took:-?} s (${rate}/s), no crash")
  fi
done

printf '\n==> fuzz summary\n'
printf '%s\n' "${summary[@]}"
exit "${crashed}"
