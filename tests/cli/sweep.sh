#!/usr/bin/env bash
# `ssdtwin sweep` runs the cartesian product of a job key and a profile key in parallel
# processes and writes one table and the plots: IOPS grows with the queue depth until the
# drive saturates, and a slower tR raises QD1 latency by the difference.
set -euo pipefail
exe="$1"; src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$exe" sweep --drive "$src/tests/data/tiny-drive.toml" --job "$src/scenarios/jobs/rand-read-4k-qd1.fio" \
  --set iodepth=1,2,4 --set nand.timing.tR_us=40,80 --precondition seq1x --jobs 2 --output "$tmp/sweep.csv" --plot "$tmp/plot" 2> "$tmp/err"
"$exe" sweep --drive "$src/tests/data/tiny-drive.toml" --job "$src/scenarios/jobs/rand-read-4k-qd1.fio" \
  --set iodepth=1,2 --output-format=json --output "$tmp/sweep.json" 2>> "$tmp/err"
# Overprovisioning sweep of steady random writes: more OP, lower WAF and higher DWPD; every
# point says what bound it and gives the latency tail.
cat > "$tmp/rw.fio" <<'FIO'
[global]
time_based
ramp_time=20ms
runtime=100ms
[rw]
rw=randwrite
bs=4k
iodepth=32
numjobs=2
FIO
"$exe" sweep --drive "$src/tests/data/tiny-drive.toml" --job "$tmp/rw.fio" --set capacity.op_pct=15,60 \
  --precondition seq2x,rand --jobs 2 --output "$tmp/op.csv" --plot "$tmp/op" 2>> "$tmp/err"
python3 - "$tmp" <<'PY'
import csv, os, sys
rows = list(csv.DictReader(open(f"{sys.argv[1]}/op.csv")))
assert [r["capacity.op_pct"] for r in rows] == ["15", "60"], rows
lo, hi = rows
assert float(lo["waf"]) > float(hi["waf"]) > 1, (lo["waf"], hi["waf"])
assert float(hi["dwpd"]) > float(lo["dwpd"]) > 0 and float(hi["tbw_TB"]) > float(lo["tbw_TB"]), rows
for r in rows:
    assert r["bottleneck"] not in ("", "-"), r
    assert float(r["write_clat_max_us"]) >= float(r["write_clat_p999_us"]) >= float(r["write_clat_p99_us"]) > 0, r
assert os.path.getsize(f"{sys.argv[1]}/op-figures.png") > 1000
print("op sweep:", [(r["capacity.op_pct"], r["waf"], r["dwpd"], r["bottleneck"]) for r in rows])
PY
python3 - "$tmp" <<'PY'
import csv, json, os, sys
tmp = sys.argv[1]
rows = list(csv.DictReader(open(f"{tmp}/sweep.csv")))
assert len(rows) == 6, rows
assert [r["iodepth"] for r in rows] == ["1", "1", "2", "2", "4", "4"], rows  # first --set varies slowest
by = {(r["iodepth"], r["nand.timing.tR_us"]): r for r in rows}
for tr in ("40", "80"):
    iops = [float(by[(q, tr)]["read_iops"]) for q in ("1", "2", "4")]
    assert iops[0] < iops[1] < iops[2], (tr, iops)
d_lat = float(by[("1", "80")]["read_clat_mean_us"]) - float(by[("1", "40")]["read_clat_mean_us"])
assert abs(d_lat - 40) < 2, f"QD1 latency should rise by the 40 us of tR, rose {d_lat}"
pts = json.load(open(f"{tmp}/sweep.json"))["points"]
assert len(pts) == 2 and pts[1]["read_iops"] > pts[0]["read_iops"], pts
for png in ("plot-iops-latency.png", "plot-throughput.png"):
    assert os.path.getsize(f"{tmp}/{png}") > 1000, png
print("sweep:", [(r["iodepth"], r["nand.timing.tR_us"], round(float(r["read_iops"]))) for r in rows])
PY
# The architect's journey in one command: drives x power states, with watts, MB/s per W and
# what bound each point, and a comparison PNG. The second drive is a copy of the tiny drive
# written elsewhere (its NAND path made absolute); a tR axis (45 vs 90 us) shows each point
# is simulated with its own values; PS1 caps the tiny drive's power.
sed 's|^nand_profile = .*|nand_profile = "'"$src"'/tests/data/tiny-nand.toml"|' "$src/tests/data/tiny-drive.toml" \
  > "$tmp/tiny-b.toml"
"$exe" sweep --drive "$src/tests/data/tiny-drive.toml,$tmp/tiny-b.toml" --job "$src/tests/cli/data/ok.fio" \
  --set power_state=0,1 --set nand.timing.tR_us=45,90 --precondition seq1x --output "$tmp/cmp.csv" \
  --plot "$tmp/cmp" 2> "$tmp/cmp.err" || { cat "$tmp/cmp.err"; exit 1; }
python3 - "$tmp" <<'PY'
import csv, os, sys
tmp = sys.argv[1]
rows = list(csv.DictReader(open(f"{tmp}/cmp.csv")))
assert len(rows) == 8 and list(rows[0])[:3] == ["drive", "power_state", "nand.timing.tR_us"], list(rows[0])[:4]
assert len({r["drive"] for r in rows}) == 2 and [r["power_state"] for r in rows[:4]] == ["0", "0", "1", "1"], rows
for r in rows:
    w, mbps = float(r["average_W"]), float(r["read_MBps"]) + float(r["write_MBps"])
    assert w > 0 and abs(float(r["MBps_per_W"]) - mbps / w) <= 1e-3 * mbps / w + 1e-3, r
    assert r["bottleneck"] not in ("", "-"), r
slow = [r for r in rows if r["nand.timing.tR_us"] == "90"]
fast = [r for r in rows if r["nand.timing.tR_us"] == "45"]
assert all(float(s["read_clat_mean_us"]) > float(f["read_clat_mean_us"]) for s, f in zip(slow, fast)), rows
assert os.path.getsize(f"{tmp}/cmp-comparison.png") > 1000
print("drives x power states:", [(os.path.basename(r["drive"]), r["power_state"], r["nand.timing.tR_us"],
                                  round(float(r["read_iops"])), r["average_W"], r["MBps_per_W"]) for r in rows])
PY
# endurance --op-sweep gives TBW and DWPD per OP point, and the user capacity capacity.op_pct
# gives (the same derivation from the nominal raw NAND).
"$exe" endurance --drive "$src/tests/data/tiny-drive.toml" --op-sweep 20,50 --output-format=json > "$tmp/ops.json"
user20=$("$exe" config --dump "$src/tests/data/tiny-drive.toml" --set capacity.op_pct=20 | sed -n 's/^user_bytes = \([0-9]*\).*/\1/p')
python3 - "$tmp/ops.json" "$user20" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))["op_sweep"]
assert [r["op_pct"] for r in rows] == [20, 50], rows
assert rows[0]["user_bytes"] == int(sys.argv[2]), (rows[0]["user_bytes"], sys.argv[2])
assert rows[1]["dwpd"] > rows[0]["dwpd"] > 0 and rows[1]["tbw_tb"] > rows[0]["tbw_tb"] > 0, rows
print("endurance --op-sweep:", [(r["op_pct"], round(r["waf"], 3), round(r["dwpd"], 2)) for r in rows])
PY
