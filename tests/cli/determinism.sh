#!/usr/bin/env bash
# Same inputs and seed give byte-identical JSON apart from ssdtwin.wallclock, over several
# workloads: a mixed random/sequential file, a skewed mix with bssplit, trims and sub-IU
# writes, a trace replay, and a --verify run with a seeded random power-loss schedule.
# A different seed must change the output (the check can fail).
set -euo pipefail
exe="$1"; src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/mix.fio" <<'JOB'
[global]
time_based
ramp_time=2ms
runtime=20ms
[mix]
rw=randrw
rwmixread=70
bs=4k
iodepth=16
numjobs=2
randrepeat=0
[seq]
stonewall
rw=write
bs=128k
iodepth=8
JOB
cat > "$tmp/skew.fio" <<'JOB'
[global]
time_based
runtime=30ms
randrepeat=0
[oltp]
rw=randrw
rwmixread=60
bssplit=4k/50:8k/30:64k/20
random_distribution=zipf:1.1
iodepth=8
[trim]
rw=randtrim
bs=16k
iodepth=2
thinktime=1ms
[sub]
rw=randwrite
bs=512
iodepth=2
JOB
printf '[replay]\nread_iolog=%s\niodepth=4\n' "$src/tests/data/traces/sample-v2.iolog" > "$tmp/trace.fio"
cat > "$tmp/plp.fio" <<'JOB'
[global]
time_based
runtime=1s
randrepeat=0
[w]
rw=randrw
rwmixread=30
bs=4k
iodepth=16
JOB
stable() {  # run ARGS... -> the JSON without the wall clock, on stdout
  "$exe" run --drive "$src/tests/data/tiny-drive.toml" --scale 1 --output-format=json --output "$tmp/out.json" "$@" 2> "$tmp/err" || { cat "$tmp/err"; exit 1; }
  "$src/tests/cli/without_wallclock.py" "$tmp/out.json"
}
check() {  # name, ARGS...: two runs, identical
  local name="$1"; shift
  stable "$@" > "$tmp/$name.1"
  stable "$@" > "$tmp/$name.2"
  cmp "$tmp/$name.1" "$tmp/$name.2" || { echo "FAIL: $name differs between identical runs"; exit 1; }
  echo "$name: identical ($(wc -c < "$tmp/$name.1") bytes)"
}
check mix "$tmp/mix.fio" --precondition seq1x --seed 42
check skew "$tmp/skew.fio" --precondition seq1x --seed 7
check trace "$tmp/trace.fio" --seed 3
check plp "$tmp/plp.fio" --precondition seq1x --seed 9 --power-loss-random 2 --power-off 20ms --set plp.boot_ms=5 --verify
python3 - "$tmp/plp.1" <<'PY'
import json, sys
p = json.loads(open(sys.argv[1]).read())["ssdtwin"]["power_loss"]
assert p["happened"] == 2 and all(e["clean"] and e["lost_writes"] == 0 for e in p["events"]), p
PY
stable "$tmp/mix.fio" --precondition seq1x --seed 43 > "$tmp/mix.3"
if cmp -s "$tmp/mix.1" "$tmp/mix.3"; then echo "FAIL: --seed had no effect"; exit 1; fi
stable "$tmp/plp.fio" --precondition seq1x --seed 10 --power-loss-random 2 --power-off 20ms --set plp.boot_ms=5 --verify > "$tmp/plp.3"
if cmp -s "$tmp/plp.1" "$tmp/plp.3"; then echo "FAIL: --seed did not move the power-loss schedule"; exit 1; fi
echo "identical apart from wallclock for 4 workloads; the seed changes the output"
