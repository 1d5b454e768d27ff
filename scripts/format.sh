#!/usr/bin/env bash
# clang-format over the C++ sources (.clang-format at the root). `--check` changes nothing and fails when a
# file is not formatted; without it, files are rewritten in place.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

mapfile -d '' files < <(find libs apps benchmarks fuzz \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' -o -name '*.ipp' \) \
  -type f -print0 2>/dev/null | sort -z)
if ((${#files[@]} == 0)); then
  echo "format: no C++ files"
  exit 0
fi

if [[ ${1:-} == --check ]]; then
  unformatted=()
  for file in "${files[@]}"; do
    clang-format --dry-run --Werror "${file}" >/dev/null 2>&1 || unformatted+=("${file}")
  done
  if ((${#unformatted[@]} > 0)); then
    printf 'format: not clang-formatted: %s\n' "${unformatted[@]}"
    # The first file's differences, so the kind of problem shows without running anything.
    clang-format --dry-run --Werror "${unformatted[0]}" 2>&1 | head -n 20 || true
    echo "format: ${#unformatted[@]} of ${#files[@]} files need \`make format\`"
    exit 1
  fi
  echo "format: ${#files[@]} files formatted"
else
  clang-format -i "${files[@]}"
  echo "format: ${#files[@]} files rewritten in place"
fi
