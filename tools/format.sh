#!/usr/bin/env bash
# Applies .clang-format to every tracked C++ file; with --check, changes nothing and lists
# the files that differ (exit 1 if any). clang-format comes from tools/install-deps.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format > /dev/null || { echo "format.sh: clang-format not found; run tools/install-deps.sh" >&2; exit 2; }
mapfile -t files < <(git ls-files '*.cpp' '*.h')
if [ "${1:-}" = "--check" ]; then
  bad=0
  for f in "${files[@]}"; do
    if ! clang-format "$f" | cmp -s "$f" -; then echo "format.sh: $f differs from .clang-format"; bad=1; fi
  done
  exit $bad
elif [ $# -gt 0 ]; then
  echo "format.sh: unknown option '$1' (allowed: --check)" >&2; exit 2
fi
clang-format -i "${files[@]}"
