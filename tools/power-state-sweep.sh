#!/usr/bin/env bash
# Runs each job on a drive in every operational power state, then tabulates and plots
# throughput and power per state with tools/ssdtwin-plot.
#   tools/power-state-sweep.sh DRIVE.toml OUT_PREFIX JOB.fio [JOB.fio...]
# Extra ssdtwin options (e.g. --scale 64) go in SSDTWIN_OPTS. Needs a built tree.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
[ $# -ge 3 ] || { echo "usage: $0 DRIVE.toml OUT_PREFIX JOB.fio [JOB.fio...]" >&2; exit 2; }
drive="$1"; prefix="$2"; shift 2
exe="$root/build/ssdtwin"
[ -x "$exe" ] || { echo "$0: $exe not built; run tools/build.sh" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The operational states of the resolved profile (base profile and defaults applied), as
# ssdtwin itself loads it: its `config --dump`, whose power-state tables come last (the dump
# is three documents, drive, NAND and host, so only that tail is parsed as TOML).
states=$("$exe" config --dump "$drive" | /usr/bin/python3 -c 'import sys, tomllib
text = sys.stdin.read()
i = text.find("\n[[power_state]]")
d = tomllib.loads(text[i:]) if i >= 0 else {}
print(" ".join(str(i) for i, s in enumerate(d.get("power_state", [])) if not s.get("non_operational", False)))')
[ -n "$states" ] || { echo "$0: $drive has no operational [[power_state]]" >&2; exit 2; }
files=()
for job in "$@"; do
  for ps in $states; do
    out="$tmp/$(basename "$job" .fio)-ps$ps.json"
    echo "running $(basename "$job") in PS$ps" >&2
    "$exe" run --drive "$drive" "$job" --precondition seq2x --power-state "$ps" --output-format=json \
      --output "$out" --quiet ${SSDTWIN_OPTS:-}
    files+=("$out")
  done
done
"$root/tools/ssdtwin-plot" power-states "$prefix" "${files[@]}"
