#!/usr/bin/env bash
# Watts per job in a multi-job file (issue 19, item 12): each job (or group under
# group_reporting) gets the drive's average power over its own measurement window, so the
# stonewall groups of one file (a busy read, a busy write, a light read at 100 IOPS) give
# different watts; before, power was only reported for the whole run.
set -euo pipefail
exe="$1"; src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '[global]\ntime_based\nruntime=50ms\nbs=128k\n[r]\nrw=read\niodepth=16\n[w]\nstonewall\nrw=write\niodepth=16\n[idle]\nstonewall\nrw=read\nrate_iops=100\n' \
  > "$tmp/multi.fio"
"$exe" run --drive "$src/tests/data/tiny-drive.toml" "$tmp/multi.fio" --precondition seq1x --quiet --output-format=json \
  > "$tmp/out.json"
python3 - "$tmp/out.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
w = {j["jobname"]: j["ssdtwin"]["average_w"] for j in d["jobs"]}
eff = {j["jobname"]: j["ssdtwin"]["mb_per_s_per_w"] for j in d["jobs"]}
assert set(w) == {"r", "w", "idle"}, w
assert w["r"] > w["idle"] > 0 and w["w"] > w["idle"], w
assert eff["r"] > eff["idle"] > 0, eff
whole = d["ssdtwin"]["power"]["average_w"]
assert min(w.values()) < whole < max(w.values()), (w, whole)
print("watts per job:", {k: round(v, 2) for k, v in w.items()}, "whole run", round(whole, 2))
PY
