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

finish() {
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
  passed=$((passed + ctest_total - ctest_failed))
  failed=$((failed + ctest_failed))
  if ((ctest_failed > 0)); then failed_stages+=(ctest); fi
  if ((ctest_status != 0 && ctest_failed == 0)); then fail_stage ctest; fi
else
  fail_stage ctest
fi

stage "functional tests (pytest, real artel binary)"
pytest_status=0
ARTEL_BIN="${repo_root}/build/dev/apps/artel/artel" "${python}" -m pytest -q -p no:cacheprovider tests/functional \
  2>&1 | tee "${log_dir}/pytest.log" || pytest_status=$?
# The closing line, e.g. "= 2 failed, 30 passed, 1 skipped, 1 error in 12.3s =" (with -q: without the '=').
pytest_line="$(grep -E '(passed|failed|errors?|no tests ran).* in [0-9.]+s' "${log_dir}/pytest.log" | tail -n1 || true)"
count() { grep -oE "[0-9]+ $1" <<<"${pytest_line}" | grep -oE '^[0-9]+' || echo 0; }
pytest_passed="$(count passed)"
pytest_failed=$(($(count failed) + $(count 'errors?')))
passed=$((passed + pytest_passed))
failed=$((failed + pytest_failed))
if ((pytest_failed > 0)); then failed_stages+=(pytest); fi
# Exit 5 is "no tests collected": a functional tier that ran nothing is a failure too.
if ((pytest_status != 0 && pytest_failed == 0)); then fail_stage pytest; fi

if [[ -f frontend/package.json ]]; then
  stage "front end: generated client, types, lint"
  for check in api:check typecheck lint; do
    (cd frontend && npm run --silent "${check}") 2>&1 | tee -a "${log_dir}/frontend.log" || fail_stage "frontend ${check}"
  done

  stage "front end: unit and component tests (vitest)"
  vitest_status=0
  (cd frontend && npm test) 2>&1 | tee "${log_dir}/vitest.log" || vitest_status=$?
  # "      Tests  65 passed (65)" or "      Tests  2 failed | 63 passed (65)"
  vitest_line="$(sed -E 's/\x1b\[[0-9;]*m//g' "${log_dir}/vitest.log" | grep -E '^\s*Tests\s' | tail -n1 || true)"
  vitest_passed="$(grep -oE '[0-9]+ passed' <<<"${vitest_line}" | grep -oE '^[0-9]+' || echo 0)"
  vitest_failed="$(grep -oE '[0-9]+ failed' <<<"${vitest_line}" | grep -oE '^[0-9]+' || echo 0)"
  passed=$((passed + vitest_passed))
  failed=$((failed + vitest_failed))
  if ((vitest_failed > 0)); then failed_stages+=(vitest); fi
  if ((vitest_status != 0 && vitest_failed == 0)); then fail_stage vitest; fi

  stage "front end: production build and first-route budget"
  if (cd frontend && npm run build && npm run budget) 2>&1 | tee "${log_dir}/frontend-build.log"; then
    stage "end-to-end tests (Chromium against the real artel binary)"
    e2e_status=0
    (cd frontend && ARTEL_BIN=build/dev/apps/artel/artel npm run e2e) 2>&1 | tee "${log_dir}/e2e.log" || e2e_status=$?
    # Playwright's list reporter closes with "  13 passed (1.2m)" and, on failures, "  1 failed".
    e2e_summary="$(sed -E 's/\x1b\[[0-9;]*m//g' "${log_dir}/e2e.log")"
    e2e_passed="$(grep -oE '^\s+[0-9]+ passed' <<<"${e2e_summary}" | tail -n1 | grep -oE '[0-9]+' || echo 0)"
    e2e_failed="$(grep -oE '^\s+[0-9]+ failed' <<<"${e2e_summary}" | tail -n1 | grep -oE '[0-9]+' || echo 0)"
    passed=$((passed + e2e_passed))
    failed=$((failed + e2e_failed))
    if ((e2e_failed > 0)); then failed_stages+=(e2e); fi
    if ((e2e_status != 0 && e2e_failed == 0)); then fail_stage e2e; fi
  else
    fail_stage "frontend build"
  fi
fi

finish
