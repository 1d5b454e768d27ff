#!/usr/bin/env bash
# Cheap static checks that need no build: C++ formatting, shell scripts, the functional tests' Python and
# the OpenAPI document's structure. Runs them all, then fails when any failed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
python=/usr/bin/python3
failed=()

scripts/format.sh --check || failed+=(format)

mapfile -t shell_scripts < <(ls scripts/*.sh benchmarks/*.sh .ci/run 2>/dev/null)
if command -v shellcheck >/dev/null 2>&1; then
  if shellcheck "${shell_scripts[@]}"; then
    echo "lint: shellcheck clean (${#shell_scripts[@]} scripts)"
  else
    failed+=(shellcheck)
  fi
else
  for script in "${shell_scripts[@]}"; do bash -n "${script}" || failed+=("bash -n ${script}"); done
  echo "lint: shellcheck not installed; bash -n syntax check only"
fi

if "${python}" -m py_compile tests/functional/*.py tests/soak/*.py scripts/check-openapi.py; then
  echo "lint: Python compiles"
else
  failed+=(python)
fi
"${python}" scripts/check-openapi.py docs/api/openapi.yaml || failed+=(openapi)

if ((${#failed[@]} > 0)); then
  echo "lint: failed: ${failed[*]}"
  exit 1
fi
echo "lint: all clean"
