#!/usr/bin/env bash
# An output that cannot be written (a full disk: /dev/full; a missing directory, found
# before simulating; a directory) exits 4 with the output named (README, "Exit status");
# before, every one of these exited 0 with an empty or truncated result.
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
exit $fail
