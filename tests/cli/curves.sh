#!/usr/bin/env bash
# validate --curves: one simulation per point of a [[curve]], placed by I/Os outstanding,
# with the records on the curve; throughput rises with queue depth on an unloaded drive and
# the record at iodepth=4 matches the curve's own point there (same job, same simulation).
set -euo pipefail
exe="$1"; src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$exe" validate "$src/tests/cli/data/lab-curve.toml" --curves --output-format=json > "$tmp/v.json"
"$exe" validate "$src/tests/cli/data/lab-curve.toml" --curves > "$tmp/v.txt"
grep -q "curve rr (tiny" "$tmp/v.txt"
python3 - "$tmp/v.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
(c,) = d["curves"]
xs = [p["x"] for p in c["points"]]
thr = [p["throughput"] for p in c["points"]]
assert xs == [1, 2, 4, 8], xs
assert all(b > a for a, b in zip(thr, thr[1:])), f"throughput should rise with QD: {thr}"
(r,) = c["records"]
assert r["id"] == "qd4" and r["x"] == 4
assert abs(r["predicted"] - thr[2]) <= 1e-9 * thr[2], (r["predicted"], thr[2])
assert d["summary"]["simulations"] == 5, d["summary"]["simulations"]  # the record's run and four points
print("curve:", list(zip(xs, [round(t) for t in thr])))
PY
