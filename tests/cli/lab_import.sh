#!/usr/bin/env bash
# A lab's own fio JSON (made here with the real fio on a file) imports into lab records and
# validates end to end; the records carry fio's own numbers.
set -euo pipefail
exe="$1"; src="$2"
command -v fio >/dev/null || { echo "fio is not installed (tools/install-deps.sh installs it)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '[global]\nfilename=%s/data.bin\nsize=16m\ntime_based\nruntime=300ms\ngroup_reporting\n[rw]\nrw=randrw\nrwmixread=70\nbs=4k\niodepth=1\n' "$tmp" > "$tmp/job.fio"
fio "$tmp/job.fio" --output-format=json --output="$tmp/result.json" >/dev/null
"$exe" lab import-fio "$tmp/result.json" --job "$tmp/job.fio" --drive "$src/tests/data/tiny-drive.toml" \
  --precondition seq1x --output "$tmp/lab.toml"
"$exe" validate "$tmp/lab.toml" --output-format=json > "$tmp/validate.json"
python3 - "$tmp/result.json" "$tmp/validate.json" <<'PY'
import json, sys
fio = json.load(open(sys.argv[1]))["jobs"][0]
recs = {r["metric"]: r for r in json.load(open(sys.argv[2]))["records"]}
assert len(recs) == 6, f"expected read and write bandwidth, IOPS and latency records, got {sorted(recs)}"
for d in ("read", "write"):
    assert abs(recs[d + ".iops"]["measured"] - fio[d]["iops"]) < 1e-6 * fio[d]["iops"] + 1e-9
    assert abs(recs[d + ".lat_mean_us"]["measured"] - fio[d]["lat_ns"]["mean"] / 1e3) < 1e-6
    assert recs[d + ".iops"]["predicted"] > 0
print("imported and validated:", {m: round(r["measured"], 1) for m, r in recs.items()})
PY
