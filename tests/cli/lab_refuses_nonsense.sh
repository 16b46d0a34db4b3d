#!/usr/bin/env bash
# The lab pipeline refuses what is not a measurement (issue 19, item 4): a record with
# measured <= 0 or a negative tolerance (before: "+inf%" and a NaN cost, exit 0); an fio
# result (made here with the real fio) that ended with an error, did no I/O, came from
# another job file (names, iodepth) or holds several stonewall groups, whose rates were
# summed into one record.
set -uo pipefail
exe="$1"; src="$2"
command -v fio >/dev/null || { echo "fio is not installed (tools/install-deps.sh installs it)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
drive="$src/tests/data/tiny-drive.toml"
fail=0
expect() {  # expect MESSAGE -- COMMAND...: exit 2 and the message
  local msg="$1"; shift 2
  local err rc
  err=$("$@" 2>&1 >/dev/null); rc=$?
  if [ "$rc" != 2 ] || [[ "$err" != *"$msg"* ]]; then
    echo "FAIL: exit $rc, stderr lacks '$msg': $err"; fail=1
  else
    echo "ok: $(echo "$err" | tail -1 | cut -c1-150)"
  fi
}
# Lab records.
for bad in "measured = 0" "measured = -5" "tolerance_pct = -20" "tolerance_pct = 0"; do
  key=${bad%% *}
  sed -e "s/^$key = .*/$bad/" "$src/tests/cli/data/lab-miss-cause.toml" > "$tmp/lab.toml"
  cp "$src/tests/cli/data/ok.fio" "$tmp/ok.fio"
  sed -i "s|^drive_profile = .*|drive_profile = \"$drive\"|" "$tmp/lab.toml"
  expect "key '$key' = ${bad##* } must be a positive number" -- "$exe" validate "$tmp/lab.toml"
done
# fio results.
printf '[global]\nfilename=%s/data.bin\nsize=8m\ntime_based\nruntime=200ms\n[rr]\nrw=randread\nbs=4k\niodepth=1\n' "$tmp" \
  > "$tmp/job.fio"
fio "$tmp/job.fio" --output-format=json --output="$tmp/result.json" >/dev/null || { echo "fio failed"; exit 1; }
import() { "$exe" lab import-fio "$1" --job "$2" --drive "$drive" --precondition seq1x; }
python3 - "$tmp" <<'PY'
import json, sys
t = sys.argv[1]
r = json.load(open(f"{t}/result.json"))
e = json.loads(json.dumps(r)); e["jobs"][0]["error"] = 5; json.dump(e, open(f"{t}/error.json", "w"))
z = json.loads(json.dumps(r))
for d in ("read", "write"):
    z["jobs"][0][d].update({"io_bytes": 0, "total_ios": 0, "bw_bytes": 0, "iops": 0})
    z["jobs"][0][d]["lat_ns"].update({"N": 0, "mean": 0})
json.dump(z, open(f"{t}/zero.json", "w"))
PY
expect "job 'rr' ended with error=5" -- import "$tmp/error.json" "$tmp/job.fio"
expect "the result has no completed reads or writes" -- import "$tmp/zero.json" "$tmp/job.fio"
sed 's/^\[rr\]/[other]/' "$tmp/job.fio" > "$tmp/other.fio"
expect "job 'rr' is not a job of $tmp/other.fio (its jobs: other)" -- import "$tmp/result.json" "$tmp/other.fio"
sed 's/^iodepth=1/iodepth=8/' "$tmp/job.fio" > "$tmp/qd8.fio"
expect "job 'rr' ran at iodepth=1, but $tmp/qd8.fio gives iodepth=8" -- import "$tmp/result.json" "$tmp/qd8.fio"
printf '[global]\nfilename=%s/data.bin\nsize=8m\ntime_based\nruntime=100ms\nbs=4k\n[a]\nrw=randread\n[b]\nstonewall\nrw=randwrite\n' \
  "$tmp" > "$tmp/groups.fio"
fio "$tmp/groups.fio" --output-format=json --output="$tmp/groups.json" >/dev/null || { echo "fio failed"; exit 1; }
expect "the result has 2 reporting groups (stonewall)" -- import "$tmp/groups.json" "$tmp/groups.fio"
# What is a measurement still imports.
import "$tmp/result.json" "$tmp/job.fio" > "$tmp/lab-ok.toml" || { echo "FAIL: a good result was refused"; fail=1; }
exit $fail
