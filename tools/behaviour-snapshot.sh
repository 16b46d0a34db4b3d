#!/usr/bin/env bash
# Behaviour snapshot for a refactor: runs one ssdtwin binary over every lab file (validate,
# JSON), the main job (compare), every bundled job in scenarios/jobs on the 9550 MAX
# (JSON) and the profile dumps, and writes the outputs into OUTDIR with the wall-clock
# block removed. Two snapshots of the same inputs are compared with 'diff -r'.
#   tools/behaviour-snapshot.sh BUILD_DIR OUTDIR [JOBS]
# PARTS (environment) picks parts: any of lab, runs, features, dumps (default: all).
set -euo pipefail
cd "${SSDTWIN_SOURCE:-$(dirname "$0")/..}"  # a copy of this script run from elsewhere: set SSDTWIN_SOURCE
[[ $# -ge 2 ]] || { echo "usage: $0 BUILD_DIR OUTDIR [JOBS]" >&2; exit 2; }
bin="$1/ssdtwin"; out="$2"; jobs="${3:-2}"
[[ -x "$bin" ]] || { echo "$0: no ssdtwin binary at $bin" >&2; exit 2; }
mkdir -p "$out"
strip_wallclock() { jq 'del(.. | .wallclock?)'; }
parts=" ${PARTS:-lab runs features dumps} "
part() { [[ "$parts" == *" $1 "* ]]; }

drive=scenarios/drives/micron-9550-max-12.8tb.toml
if part lab; then
for lab in scenarios/lab/*.toml; do
  name=$(basename "$lab" .toml)
  "$bin" validate "$lab" --jobs "$jobs" --output-format=json | strip_wallclock > "$out/validate-$name.json"
done
"$bin" compare --lab scenarios/lab/micron-9550-max-12.8tb.toml --jobs "$jobs" | sed -E "s/in [0-9.]+ s wall/in (wall time) s wall/" > "$out/main-job.txt"
fi

if part runs; then
find scenarios/jobs -name '*.fio' | sort | xargs -P "$jobs" -I{} sh -c '
  f="{}"; n=$(echo "$f" | tr / _)
  "'"$bin"'" run --drive '"$drive"' "$f" --output-format=json --quiet > "'"$out"'/run-$n.raw" 2>&1 || echo "exit $?" >> "'"$out"'/run-$n.raw"'
for f in "$out"/run-*.raw; do
  if jq -e . "$f" > /dev/null 2>&1; then strip_wallclock < "$f" > "${f%.raw}.json"; else cp "$f" "${f%.raw}.txt"; fi
  rm -f "$f"
done
fi

if part features; then
# Features the bundled jobs do not exercise, on the tiny test drive, in both output formats.
tiny=tests/data/tiny-drive.toml
printf '[global]\ntime_based\nruntime=40ms\n[mix]\nrw=randrw\nrwmixread=60\nbs=4k\niodepth=8\n[trim]\nrw=randtrim\nbs=16k\niodepth=2\n' > "$out/feature.fio"
printf '[global]\ntime_based\nruntime=4ms\n[w]\nrw=randwrite\nbs=4k\niodepth=16\n' > "$out/rounds.fio"
feature() {  # NAME ARGS...
  local name=$1; shift
  for fmt in json normal; do
    "$bin" run --drive $tiny --output-format=$fmt --quiet "$@" > "$out/feature-$name.$fmt" 2>&1 || echo "exit $?" >> "$out/feature-$name.$fmt"
  done
  jq 'del(.. | .wallclock?)' "$out/feature-$name.json" > "$out/feature-$name.json.tmp" 2>/dev/null && mv "$out/feature-$name.json.tmp" "$out/feature-$name.json" || true
}
feature verify "$out/feature.fio" --precondition seq1x,rand --verify --check-invariants --timeseries-ms 5
feature power-loss "$out/feature.fio" --precondition seq1x --power-loss-at 10ms,25ms
feature rounds "$out/rounds.fio" --precondition seq1x --steady-rounds 8
feature apst "$out/feature.fio" --apst --power-timeline 5ms:1,20ms:0
"$bin" run --drive $tiny "$out/feature.fio" --quiet --timeline "$out/feature-timeline.json" --timeline-window 1ms:1ms > /dev/null
"$bin" endurance --drive $tiny --output-format=json 2>&1 | strip_wallclock > "$out/endurance-tiny.json" || true
"$bin" run --drive $drive scenarios/jobs/mix-70-30-4k.fio --quiet > "$out/run-mix-70-30-normal.txt" 2>&1 || true
sed -i -E 's/(wall|wallclock)[^,]*//' "$out"/feature-*.normal "$out/run-mix-70-30-normal.txt"
fi

if part dumps; then
for d in scenarios/drives/*.toml; do "$bin" config --dump "$d" > "$out/dump-$(basename "$d" .toml).txt"; done
"$bin" config --docs > "$out/config-docs.md"
fi
echo "snapshot of $bin in $out"
