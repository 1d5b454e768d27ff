#!/usr/bin/env bash
# `make test`: every tier, in order, each stage's result counted. Ends with one line `N passed, N failed`
# (ctest tests + pytest tests; a stage that fails without test results — format check, build — counts as one
# failure) and exits non-zero when anything failed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo_root="$(pwd)"

export CCACHE_DIR="${CCACHE_DIR:-${HOME}/.cache/ccache}"
export CCACHE_BASEDIR="${repo_root}"
export CCACHE_NOHASHDIR=1
python=/usr/bin/python3
log_dir="${repo_root}/build/test-logs"
jobs="$(nproc)"

passed=0
failed=0
failed_stages=()

stage() { printf '\n==> %s\n' "$*"; }

fail_stage() {
  failed=$((failed + 1))
  failed_stages+=("$1")
}

# record_tier NAME EXIT_STATUS PASSED FAILED: adds a runner's counts; a runner that failed without reporting a
# failed test (crash, nothing collected) counts as one failure of its own.
record_tier() {
  local name="$1" status="$2" tier_passed="$3" tier_failed="$4"
  passed=$((passed + tier_passed))
  failed=$((failed + tier_failed))
  if ((tier_failed > 0)); then failed_stages+=("${name}"); fi
  if ((status != 0 && tier_failed == 0)); then fail_stage "${name}"; fi
}

# The first number before WORD in TEXT, or 0: `count_of passed "Tests  2 failed | 63 passed"` → 63.
count_of() { grep -oE "[0-9]+ $1" <<<"$2" | head -n1 | grep -oE '^[0-9]+' || echo 0; }

# Runner output without colour codes, so closing lines parse the same on a terminal and in CI.
plain_log() { sed -E 's/\x1b\[[0-9;]*m//g' "$1"; }

# The failing tests by name, from every runner's log, so the last lines of a run (all a CI page may keep) say
# what failed: pytest's short summary (FAILED/ERROR lines), ctest's list, Vitest's FAIL lines, Playwright's ✘.
failed_tests() {
  local log
  for log in ctest pytest vitest e2e; do
    [[ -f ${log_dir}/${log}.log ]] || continue
    plain_log "${log_dir}/${log}.log" | grep -E '^(FAILED|ERROR) |^\s+[0-9]+ - .*\((Failed|Timeout|SEGFAULT|Subprocess aborted|Exception)|^ FAIL |^\s+✘' |
      cut -c1-240 | sort -u | head -n 40 | sed "s/^/  ${log}: /" || true
  done
  # Why each browser test failed: its first error lines and the spec line it stopped at. (The traces stay in the
  # clone's tests/e2e/artifacts; a CI page may keep only these last lines.)
  if [[ -f ${log_dir}/e2e.log ]] && plain_log "${log_dir}/e2e.log" | grep -qE '^  [0-9]+\) \['; then
    printf '\n==> why the browser tests failed\n'
    plain_log "${log_dir}/e2e.log" |
      awk '/^  [0-9]+\) \[/ { line = $0; sub(/^ +/, "", line); print line; kept = 1; next }
           kept && /(Error:|exceeded|Expected|Received|^ +> [0-9]+ \|)/ {
             line = $0; sub(/^ +/, "", line); print "    " line; if (++kept > 5) kept = 0 }' |
      cut -c1-240 | head -n 60 || true
  fi
}

finish() {
  if ((failed > 0)); then
    printf '\n==> failed tests\n'
    failed_tests
  fi
  printf '\n==> summary\n'
  if ((${#failed_stages[@]} > 0)); then
    printf 'failed: %s\n' "${failed_stages[*]}"
  fi
  printf '%d passed, %d failed\n' "${passed}" "${failed}"
  if ((failed > 0)); then exit 1; fi
  exit 0
}

stage "dependencies"
if ! scripts/install-deps.sh; then
  fail_stage dependencies
  finish
fi
mkdir -p "${log_dir}"

stage "format (clang-format --dry-run --Werror; \`make format\` fixes)"
scripts/format.sh --check || fail_stage format

stage "build: dev preset (Debug + ASan/UBSan)"
if ! { cmake --preset dev && cmake --build --preset dev -j "${jobs}"; }; then
  fail_stage build
  finish
fi

stage "unit + integration tests (ctest)"
# One test may not hang the run: 5 minutes each is far above any test's normal time.
ctest_status=0
ctest --preset dev -j2 --output-on-failure --no-tests=error --timeout 300 2>&1 | tee "${log_dir}/ctest.log" ||
  ctest_status=$?
# "100% tests passed, 0 tests failed out of 57"
ctest_line="$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "${log_dir}/ctest.log" | tail -n1 || true)"
if [[ -n ${ctest_line} ]]; then
  read -r ctest_failed ctest_total < <(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\1 \2/' <<<"${ctest_line}")
  record_tier ctest "${ctest_status}" $((ctest_total - ctest_failed)) "${ctest_failed}"
else
  fail_stage ctest
fi

stage "functional tests (pytest, real artel binary)"
pytest_status=0
ARTEL_BIN="${repo_root}/build/dev/apps/artel/artel" "${python}" -m pytest -q -p no:cacheprovider tests/functional \
  2>&1 | tee "${log_dir}/pytest.log" || pytest_status=$?
# The closing line, e.g. "= 2 failed, 30 passed, 1 skipped, 1 error in 12.3s =" (with -q: without the '=').
pytest_line="$(grep -E '(passed|failed|errors?|no tests ran).* in [0-9.]+s' "${log_dir}/pytest.log" | tail -n1 || true)"
# Exit 5 is "no tests collected": a functional tier that ran nothing is a failure too (record_tier).
record_tier pytest "${pytest_status}" "$(count_of passed "${pytest_line}")" \
  $(($(count_of failed "${pytest_line}") + $(count_of 'errors?' "${pytest_line}")))

if [[ -f frontend/package.json ]]; then
  stage "front end: generated client, types, lint"
  for check in api:check typecheck lint; do
    (cd frontend && npm run --silent "${check}") 2>&1 | tee -a "${log_dir}/frontend.log" || fail_stage "frontend ${check}"
  done

  stage "front end: unit and component tests (vitest)"
  vitest_status=0
  (cd frontend && npm test) 2>&1 | tee "${log_dir}/vitest.log" || vitest_status=$?
  # "      Tests  65 passed (65)" or "      Tests  2 failed | 63 passed (65)"
  vitest_line="$(plain_log "${log_dir}/vitest.log" | grep -E '^\s*Tests\s' | tail -n1 || true)"
  record_tier vitest "${vitest_status}" "$(count_of passed "${vitest_line}")" "$(count_of failed "${vitest_line}")"

  stage "front end: production build and first-route budget"
  if (cd frontend && npm run build && npm run budget) 2>&1 | tee "${log_dir}/frontend-build.log"; then
    stage "end-to-end tests (Chromium against the real artel binary)"
    e2e_status=0
    (cd frontend && ARTEL_BIN=build/dev/apps/artel/artel npm run e2e) 2>&1 | tee "${log_dir}/e2e.log" || e2e_status=$?
    # Playwright's list reporter closes with "  13 passed (1.2m)" and, on failures, "  1 failed".
    e2e_lines="$(plain_log "${log_dir}/e2e.log" | grep -E '^\s+[0-9]+ (passed|failed)' || true)"
    record_tier e2e "${e2e_status}" "$(count_of passed "$(grep passed <<<"${e2e_lines}" | tail -n1)")" \
      "$(count_of failed "$(grep failed <<<"${e2e_lines}" | tail -n1)")"
  else
    fail_stage "frontend build"
  fi
fi

finish
