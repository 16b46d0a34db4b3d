#!/usr/bin/env bash
# Background GC during host idle time (fio thinktime between write bursts) refills the free
# pool, so the bursts meet less GC: lower mean write latency than with idle GC off.
set -euo pipefail
exe="$1"; src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '[global]\ntime_based\nruntime=3s\n[burst]\nrw=randwrite\nbs=4k\niodepth=32\nthinktime=100ms\nthinktime_blocks=1000\n' > "$tmp/burst.fio"
"$exe" run --drive "$src/tests/data/tiny-drive.toml" "$tmp/burst.fio" --precondition seq1x,rand \
  --set ftl.idle_gc_after_us=0 --output-format=json --output "$tmp/off.json"
"$exe" run --drive "$src/tests/data/tiny-drive.toml" "$tmp/burst.fio" --precondition seq1x,rand \
  --set ftl.idle_gc_after_us=1000 --set ftl.idle_gc_target_bgs=12 --output-format=json --output "$tmp/on.json"
python3 - "$tmp/off.json" "$tmp/on.json" <<'PY'
import json, sys
def get(f):
    d = json.load(open(f))
    return d["jobs"][0]["write"]["clat_ns"]["mean"], d["ssdtwin"]["ftl"]["idle_gc_periods"]
(m0, n0), (m1, n1) = get(sys.argv[1]), get(sys.argv[2])
print(f"idle GC off: mean {m0/1e3:.0f} us, {n0} idle periods; on: mean {m1/1e3:.0f} us, {n1} idle periods")
assert n0 == 0 and n1 > 10, "idle periods: none with idle GC off, one per think with it on"
assert m1 < 0.8 * m0, "idle GC should cut the bursts' mean write latency"
PY
