#!/usr/bin/env bash
# A killed parent leaves no child processes behind: SIGKILL `ssdtwin sweep` while its
# simulations run, and every child simulation is gone within a second (they die with
# their parent).
set -euo pipefail
exe="$1"; src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
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
rm -rf "/tmp/ssdtwin-runs-$parent-"*  # the killed parent could not remove its run directory
echo "killed sweep: no child left"
