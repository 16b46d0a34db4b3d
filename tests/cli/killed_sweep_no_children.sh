#!/usr/bin/env bash
# A killed parent leaves nothing behind: SIGKILL `ssdtwin sweep` while its simulations run,
# and every child simulation is gone within a second (they die with their parent); its run
# directory, which no handler could remove, goes with the next run. SIGTERM stops the
# children, removes the run directory and the sweep dies of the signal.
set -euo pipefail
exe="$1"; src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Run directories go under a private TMPDIR: a sweep of another test running at the same time
# would otherwise remove the killed sweep's directory before this test looks for it.
export TMPDIR="$tmp"
cat > "$tmp/long.fio" <<'FIO'
[global]
time_based
runtime=30s
[r]
rw=randread
bs=4k
iodepth=32
FIO
"$exe" sweep --drive "$src/tests/data/tiny-drive.toml" --job "$tmp/long.fio" --set iodepth=8,16,32,64 --jobs 2 \
  > /dev/null 2> "$tmp/err" &
parent=$!
children() { { pgrep -f "ssdtwin-runs-$parent-" || true; } | wc -l; }
for _ in $(seq 100); do  # wait until both children run
  [ "$(children)" -ge 2 ] && break
  sleep 0.1
done
[ "$(children)" -ge 2 ] || { echo "children never started"; cat "$tmp/err"; exit 1; }
kill -9 "$parent"
wait "$parent" 2> /dev/null || true
for _ in $(seq 20); do
  [ "$(children)" -eq 0 ] && break
  sleep 0.1
done
left=$(children)
if [ "$left" -ne 0 ]; then
  pkill -9 -f "ssdtwin-runs-$parent-" || true
  echo "$left child simulations outlived their killed parent"
  exit 1
fi
# SIGKILL leaves the run directory (no handler runs); the next run removes it.
ls -d "$tmp/ssdtwin-runs-$parent-"* > /dev/null 2>&1 || { echo "expected the killed sweep's run directory"; exit 1; }
"$exe" sweep --drive "$src/tests/data/tiny-drive.toml" --job "$src/tests/cli/data/ok.fio" --set iodepth=1 > /dev/null 2>&1
if ls -d "$tmp/ssdtwin-runs-$parent-"* > /dev/null 2>&1; then
  rm -rf "$tmp/ssdtwin-runs-$parent-"*
  echo "the next sweep left the dead sweep's run directory"; exit 1
fi
echo "SIGKILL: no child left; the next run removed the run directory"

# SIGTERM (and SIGINT, SIGHUP): the sweep stops its children, removes its run directory and
# dies of the signal.
"$exe" sweep --drive "$src/tests/data/tiny-drive.toml" --job "$tmp/long.fio" --set iodepth=8,16,32,64 --jobs 2 \
  > /dev/null 2> "$tmp/err" &
parent=$!
for _ in $(seq 100); do
  [ "$(children)" -ge 2 ] && break
  sleep 0.1
done
[ "$(children)" -ge 2 ] || { echo "children never started"; cat "$tmp/err"; exit 1; }
kill -TERM "$parent"
rc=0; wait "$parent" 2> /dev/null || rc=$?
[ "$rc" -eq $((128 + 15)) ] || { echo "SIGTERM: exit $rc, not death by SIGTERM"; exit 1; }
left=$(children)
[ "$left" -eq 0 ] || { pkill -9 -f "ssdtwin-runs-$parent-" || true; echo "SIGTERM: $left children left"; exit 1; }
if ls -d "$tmp/ssdtwin-runs-$parent-"* > /dev/null 2>&1; then
  rm -rf "$tmp/ssdtwin-runs-$parent-"*; echo "SIGTERM: run directory left"; exit 1
fi
echo "SIGTERM: no child and no run directory left"
