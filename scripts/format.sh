#!/usr/bin/env bash
# Formats every C++ file of the tree with the checked-in .clang-format, or,
# with --check, lists the files that are not formatted and exits 1 (CI).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

if ! command -v clang-format >/dev/null 2>&1; then
  echo "format: clang-format is not installed (apt-get install clang-format)" >&2
  exit 2
fi
mapfile -t files < <(git ls-files '*.cpp' '*.hpp')
if [ "${1:-}" = --check ]; then
  clang-format --dry-run --Werror "${files[@]}"
  echo "format: ${#files[@]} files formatted as .clang-format says"
else
  clang-format -i "${files[@]}"
fi
