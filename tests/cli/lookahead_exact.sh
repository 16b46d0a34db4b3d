#!/usr/bin/env bash
# Running ahead of the SystemC kernel (sim/lookahead.h) changes nothing: every workload gives
# byte-identical JSON (apart from ssdtwin.wallclock) with and without --no-lookahead. The
# workloads cover what bounds the lookahead: stonewall groups and thinktime, time-series
# and thermal ticks, steady-state rounds, a power-state timeline, APST, seeded power cuts,
# and a power-capped 4 x QD256 random read. The lookahead must also have happened: with it
# the kernel wakes the domain for under a third of the handlers it runs, without it for
# every handler's time.
set -euo pipefail
exe="$1"; src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/groups.fio" <<'JOB'
[global]
time_based
ramp_time=2ms
runtime=15ms
[mix]
rw=randrw
rwmixread=70
bs=4k
iodepth=16
numjobs=2
[think]
rw=randread
bs=16k
iodepth=4
thinktime=1ms
thinktime_blocks=8
[seq]
stonewall
rw=write
bs=128k
iodepth=8
JOB
printf '[global]\ntime_based\nruntime=5ms\n[w]\nrw=randwrite\nbs=4k\niodepth=32\n' > "$tmp/steady.fio"
printf '[global]\ntime_based\nruntime=200ms\n[w]\nrw=randrw\nrwmixread=30\nbs=4k\niodepth=16\n' > "$tmp/plp.fio"
printf '[r]\nrw=randread\nbs=4k\niodepth=2\nnumber_ios=300\nthinktime=30ms\nthinktime_blocks=100\n' > "$tmp/bursty.fio"
tiny="$src/tests/data/tiny-drive.toml"
max="$src/scenarios/drives/micron-9550-max-12.8tb.toml"
wakeups() {  # FILE -> "kernel_wakeups domain_handlers"
  python3 -c "import json,sys; w=json.load(open(sys.argv[1]))['ssdtwin']['wallclock']; print(w['kernel_wakeups'], w['domain_handlers'])" "$1"
}
n=0
check() {  # name, ARGS...: with and without lookahead, identical
  local name="$1"; shift
  "$exe" run --output-format=json --output "$tmp/$name.on.json" --quiet "$@" 2> "$tmp/err" || { cat "$tmp/err"; exit 1; }
  "$exe" run --output-format=json --output "$tmp/$name.off.json" --quiet --no-lookahead "$@" 2> "$tmp/err" || { cat "$tmp/err"; exit 1; }
  "$src/tests/cli/without_wallclock.py" "$tmp/$name.on.json" "$tmp/$name.off.json" || { echo "FAIL: $name differs with --no-lookahead"; exit 1; }
  read -r k_on h_on <<< "$(wakeups "$tmp/$name.on.json")"
  read -r k_off h_off <<< "$(wakeups "$tmp/$name.off.json")"
  [[ "$h_on" == "$h_off" ]] || { echo "FAIL: $name ran $h_on handlers with lookahead, $h_off without"; exit 1; }
  echo "$name: identical; kernel wake-ups $k_on with lookahead, $k_off without, for $h_on handlers"
  (( k_off * 10 >= h_off * 3 )) || { echo "FAIL: $name: without lookahead the kernel should wake for most handlers"; exit 1; }
  (( k_on * 3 < h_on )) || { echo "FAIL: $name: the lookahead did not run ahead"; exit 1; }
  n=$((n + 1))
}
check groups --drive "$tiny" --scale 1 "$tmp/groups.fio" --precondition seq1x --seed 5 --timeseries-ms 1
check steady --drive "$tiny" --scale 1 "$tmp/steady.fio" --precondition seq1x --steady-rounds 8
check states --drive "$tiny" --scale 1 "$tmp/groups.fio" --precondition seq1x --power-timeline 5ms:1,12ms:2
check plp --drive "$tiny" --scale 1 "$tmp/plp.fio" --precondition seq1x --seed 9 --power-loss-random 2 \
  --power-off 20ms --set plp.boot_ms=5 --verify
check apst --drive "$tiny" --scale 1 "$tmp/bursty.fio" --precondition seq1x --apst
check capped --drive "$max" "$src/scenarios/jobs/rand-read-4k-4x256.fio" --precondition seq1x \
  --job-set runtime=20ms --job-set ramp_time=0
echo "identical with and without lookahead for $n workloads"
