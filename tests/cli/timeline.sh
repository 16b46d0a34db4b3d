#!/usr/bin/env bash
# --timeline writes a 1 ms window of NAND activity as Chrome trace-event JSON (the format
# Perfetto and chrome://tracing open): metadata names every track, every slice overlaps the
# window, a host read's array slice lasts exactly the profile's tR, and each job clone's
# queue has a counter of outstanding commands (0..iodepth); slices of one track never
# overlap (plane reads of one die go to lanes).
set -euo pipefail
exe="$1"; src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$exe" run --drive "$src/tests/data/tiny-drive.toml" "$src/scenarios/workloads/mix-70-30.fio" --precondition seq1x \
  --timeline "$tmp/tl.json" --timeline-window 50ms:1ms --output /dev/null 2> "$tmp/err"
python3 - "$tmp/tl.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
ev = d["traceEvents"]
meta = [e for e in ev if e["ph"] == "M"]
xs = [e for e in ev if e["ph"] == "X"]
names = {(e["pid"], e.get("tid")): e["args"]["name"] for e in meta}
assert names[(1, None)] == "NAND dies" and names[(2, None)] == "NAND channels", names
allowed = {"tR host", "tR GC", "tPROG", "tBERS", "data out", "data out GC", "data in"}
w0, w1 = d["otherData"]["window_start_us"], d["otherData"]["window_end_us"]
assert (w0, w1) == (50000.0, 51000.0), (w0, w1)
assert xs, "no slices in the window"
for e in xs:
    assert e["name"] in allowed, e
    assert e["pid"] in (1, 2) and isinstance(e["tid"], int) and (e["pid"], e["tid"]) in names, e
    assert e["dur"] >= 0 and e["ts"] < w1 and e["ts"] + e["dur"] > w0, e
    assert (e["pid"] == 2) == e["name"].startswith("data"), e
# Slices on one track must nest (trace-event format): overlapping plane reads of a die go to
# separate lanes ("die 3 (2)"), so no two slices of a track overlap at all.
tracks = {}
for e in xs:
    tracks.setdefault((e["pid"], e["tid"]), []).append(e)
for k, sl in tracks.items():
    sl.sort(key=lambda e: e["ts"])
    for a, b in zip(sl, sl[1:]):
        assert b["ts"] >= a["ts"] + a["dur"] - 1e-6, ("overlapping slices on one track", names[k], a, b)
assert any(" (2)" in n for n in names.values()), "no die needed a second lane: plane reads did not overlap?"
reads = [e for e in xs if e["name"] == "tR host"]
assert reads and all(abs(e["dur"] - 45.0) < 1e-6 for e in reads), reads[:3]  # tiny-nand tR_us = 45
assert any(e["name"] == "tPROG" for e in xs), "the 70/30 mix programs in the window"
cs = [e for e in ev if e["ph"] == "C"]
assert names[(3, None)] == "host queues" and cs, "queue depth counters"
assert all(e["pid"] == 3 and 0 <= e["args"]["commands"] <= 32 and w0 <= e["ts"] < w1 for e in cs), cs[:3]
assert max(e["args"]["commands"] for e in cs) > 1
print(len(cs), "queue samples,", len(xs), "slices,", len(reads), "host reads of 45 us, tracks:", len(meta) - 2)
PY
