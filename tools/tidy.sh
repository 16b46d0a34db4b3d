#!/usr/bin/env bash
# Runs clang-tidy (.clang-tidy) over the library's sources, using build/compile_commands.json
# (tools/build.sh writes it). Prints the warnings; exit 1 if there are any. Optional args:
# files to check instead of the whole library.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-tidy > /dev/null || { echo "tidy.sh: clang-tidy not found; run tools/install-deps.sh" >&2; exit 2; }
[ -f build/compile_commands.json ] || { echo "tidy.sh: build/compile_commands.json missing; run tools/build.sh" >&2; exit 2; }
if [ $# -gt 0 ]; then files=("$@"); else
  mapfile -t files < <(git ls-files 'sim/*.cpp' 'nand/*.cpp' 'ftl/*.cpp' 'firmware/*.cpp' 'power/*.cpp' 'host_if/*.cpp' \
    'config/*.cpp' 'workload/*.cpp' 'model/*.cpp' 'report/*.cpp' 'lab/*.cpp')
fi
out=$(printf '%s\n' "${files[@]}" | xargs -P "$(nproc)" -n 4 clang-tidy -p build --quiet 2> /dev/null || true)
warnings=$(grep -E ': (warning|error):' <<< "$out" || true)
if [ -n "$warnings" ]; then echo "$out"; echo "tidy.sh: $(wc -l <<< "$warnings") warnings" >&2; exit 1; fi
echo "tidy.sh: ${#files[@]} files, no warnings"
