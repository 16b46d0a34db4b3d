#!/usr/bin/env bash
# Paced GC (ftl.gc_paced=1) keeps random-write tail latency far below unpaced GC, which
# stalls the host in bursts; throughput stays within 5%.
set -euo pipefail
exe="$1"; src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '[global]\ntime_based\nramp_time=6s\nruntime=20s\ngroup_reporting\n[rw]\nrw=randwrite\nbs=4k\niodepth=32\nnumjobs=4\n' > "$tmp/rw.fio"
for p in 0 1; do
  "$exe" run --drive "$src/tests/data/scale-drive.toml" "$tmp/rw.fio" --scale 1 --precondition seq1x,rand \
    --set ftl.gc_paced=$p --output-format=json --output "$tmp/p$p.json"
done
python3 - "$tmp/p0.json" "$tmp/p1.json" <<'PY'
import json, sys
def get(f):
    w = json.load(open(f))["jobs"][0]["write"]
    return w["iops"], w["clat_ns"]["percentile"]["99.000000"]
(i0, t0), (i1, t1) = get(sys.argv[1]), get(sys.argv[2])
print(f"unpaced: {i0:.0f} IOPS, p99 {t0/1e3:.0f} us; paced: {i1:.0f} IOPS, p99 {t1/1e3:.0f} us")
assert t1 < 0.5 * t0, "paced GC should at least halve p99"
assert abs(i1 - i0) / i0 < 0.05, "pacing should not cost throughput"
PY
