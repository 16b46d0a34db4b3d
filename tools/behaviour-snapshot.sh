#!/usr/bin/env bash
# Behaviour snapshot for a refactor: runs one ssdtwin binary over every lab file (validate,
# JSON), the main job (compare), every bundled job in scenarios/jobs on the 9550 MAX
# (JSON) and the profile dumps, and writes the outputs into OUTDIR with the wall-clock
# block removed. Two snapshots of the same inputs are compared with 'diff -r'.
#   tools/behaviour-snapshot.sh BUILD_DIR OUTDIR [JOBS]
set -euo pipefail
cd "$(dirname "$0")/.."
[[ $# -ge 2 ]] || { echo "usage: $0 BUILD_DIR OUTDIR [JOBS]" >&2; exit 2; }
bin="$1/ssdtwin"; out="$2"; jobs="${3:-2}"
[[ -x "$bin" ]] || { echo "$0: no ssdtwin binary at $bin" >&2; exit 2; }
mkdir -p "$out"
strip_wallclock() { jq 'del(.. | .wallclock?)'; }

for lab in scenarios/lab/*.toml; do
  name=$(basename "$lab" .toml)
  "$bin" validate "$lab" --jobs "$jobs" --output-format=json | strip_wallclock > "$out/validate-$name.json"
done
"$bin" compare --lab scenarios/lab/micron-9550-max-12.8tb.toml --jobs "$jobs" | sed -E "s/in [0-9.]+ s wall/in (wall time) s wall/" > "$out/main-job.txt"

drive=scenarios/drives/micron-9550-max-12.8tb.toml
find scenarios/jobs -name '*.fio' | sort | xargs -P "$jobs" -I{} sh -c '
  f="{}"; n=$(echo "$f" | tr / _)
  "'"$bin"'" run --drive '"$drive"' "$f" --output-format=json --quiet > "'"$out"'/run-$n.raw" 2>&1 || echo "exit $?" >> "'"$out"'/run-$n.raw"'
for f in "$out"/run-*.raw; do
  if jq -e . "$f" > /dev/null 2>&1; then strip_wallclock < "$f" > "${f%.raw}.json"; else cp "$f" "${f%.raw}.txt"; fi
  rm -f "$f"
done

for d in scenarios/drives/*.toml; do "$bin" config --dump "$d" > "$out/dump-$(basename "$d" .toml).txt"; done
"$bin" config --docs > "$out/config-docs.md"
echo "snapshot of $bin in $out"
