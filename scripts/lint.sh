#!/usr/bin/env bash
# Cheap static checks that need no build: C++ formatting, shell scripts, the functional tests' Python and
# the OpenAPI document's YAML.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
python=/usr/bin/python3

scripts/format.sh --check

mapfile -t shell_scripts < <(ls scripts/*.sh benchmarks/*.sh .ci/run 2>/dev/null)
if command -v shellcheck >/dev/null 2>&1; then
  shellcheck "${shell_scripts[@]}"
  echo "lint: shellcheck clean (${#shell_scripts[@]} scripts)"
else
  for script in "${shell_scripts[@]}"; do bash -n "${script}"; done
  echo "lint: shellcheck not installed; bash -n syntax check only"
fi

"${python}" -m py_compile tests/functional/*.py
"${python}" scripts/check-openapi.py docs/api/openapi.yaml
