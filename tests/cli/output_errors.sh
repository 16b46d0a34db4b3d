#!/usr/bin/env bash
# Exit statuses are exact (README, "Exit status"): an output that cannot be written (a full
# disk: /dev/full; a missing directory, found before simulating) exits 4 with the output
# named; numbers too large for a double in job files and flags are bad input (2), never an
# internal error (5, which was 3 and clashed with a --verify mismatch).
set -uo pipefail
exe="$1"; src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
drive="$src/tests/data/tiny-drive.toml"; job="$src/tests/cli/data/ok.fio"
fail=0
expect() {  # expect STATUS MESSAGE -- COMMAND...
  local want="$1" msg="$2"; shift 3
  local err rc
  err=$("$@" 2>&1 >/dev/null); rc=$?
  if [ "$rc" != "$want" ] || [[ "$err" != *"$msg"* ]] || [[ "$err" == *"internal error"* ]]; then
    echo "FAIL: exit $rc (want $want), stderr lacks '$msg' or is an internal error: $*"; echo "$err" | head -3; fail=1
  else
    echo "ok: exit $rc: $(echo "$err" | tail -1 | cut -c1-120)"
  fi
}
expect_stdout_full() {  # the command's standard output goes to /dev/full
  local err rc
  err=$("$@" 2>&1 >/dev/full); rc=$?
  if [ "$rc" != 4 ] || [[ "$err" != *"writing standard output failed: No space left on device"* ]]; then
    echo "FAIL: exit $rc with stdout on /dev/full: $*"; echo "$err" | head -3; fail=1
  else
    echo "ok: exit 4 with stdout on /dev/full: $2"
  fi
}
expect 4 "option '--output': writing '/dev/full' failed: No space left on device" -- \
  "$exe" run --drive "$drive" "$job" --quiet --output /dev/full
expect 4 "option '--timeline': writing '/dev/full' failed" -- \
  "$exe" run --drive "$drive" "$job" --quiet --timeline /dev/full
expect 4 "option '--timeseries-csv': writing '/dev/full' failed" -- \
  "$exe" run --drive "$drive" "$job" --quiet --timeseries-ms 1 --timeseries-csv /dev/full
expect 4 "option '--output': writing '/dev/full' failed" -- \
  "$exe" sweep --drive "$drive" --job "$job" --set iodepth=1,2 --output /dev/full
expect 4 "option '--output': cannot create '$tmp/missing/out.csv': directory '$tmp/missing' does not exist" -- \
  "$exe" sweep --drive "$drive" --job "$job" --set iodepth=1,2 --output "$tmp/missing/out.csv"
expect 4 "option '--timeline': '$tmp' is a directory" -- \
  "$exe" run --drive "$drive" "$job" --quiet --timeline "$tmp"
expect_stdout_full "$exe" run --drive "$drive" "$job" --quiet
expect_stdout_full "$exe" sweep --drive "$drive" --job "$job" --set iodepth=1
expect_stdout_full "$exe" config --dump "$drive"
# Before, every one of these ended in "internal error: stod" (exit 3).
big=$(printf '9%.0s' $(seq 400))
for key in bs size offset runtime rate thinktime zonesize; do
  printf '[j]\nrw=read\n%s=%s\n' "$key" "$big" > "$tmp/$key.fio"
  expect 2 "key '$key'" -- "$exe" run --drive "$drive" "$tmp/$key.fio" --quiet
done
printf '[j]\nrw=read\nbs=${BIGBS}\n' > "$tmp/env.fio"
BIGBS=$big expect 2 "key 'bs'" -- "$exe" run --drive "$drive" "$tmp/env.fio" --quiet
for flag in --power-loss-at --power-off --power-timeline; do
  expect 2 "option '$flag'" -- "$exe" run --drive "$drive" "$job" --quiet "$flag" "$big"
done
expect 2 "option '--timeline-window'" -- "$exe" run --drive "$drive" "$job" --quiet --timeline "$tmp/t.json" \
  --timeline-window "$big"
expect 2 "option '--job-set': key 'runtime'" -- "$exe" run --drive "$drive" "$job" --quiet --job-set "runtime=$big"
exit $fail
