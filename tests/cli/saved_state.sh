#!/usr/bin/env bash
# A saved drive state (run --save-state / --load-state; issue 20, item 5): a run from a
# loaded state gives the same JSON as the run that preconditioned (wallclock aside); a state
# is reused across timing keys (tR) but refused, with the reason, for another scale, user
# capacity, preconditioning or seed; a corrupt or foreign file is refused.
set -uo pipefail
exe="$1"; src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
drive="$src/tests/data/tiny-drive.toml"; job="$src/scenarios/jobs/rand-write-4k-4x32.fio"
fail=0
run() { "$exe" run --drive "$drive" "$job" --quiet --output-format=json "$@"; }
run --precondition seq1x,rand --save-state "$tmp/s.state" > "$tmp/a.json" || { echo "FAIL: save"; exit 1; }
run --precondition seq1x,rand --load-state "$tmp/s.state" > "$tmp/b.json" || { echo "FAIL: load"; exit 1; }
if ! "$src/tests/cli/without_wallclock.py" "$tmp/a.json" "$tmp/b.json"; then
  echo "FAIL: the run from the saved state differs from the run that preconditioned"; fail=1
else
  echo "ok: identical JSON from the saved state ($(stat -c %s "$tmp/s.state") bytes)"
fi
run --precondition seq1x,rand --load-state "$tmp/s.state" --set nand.timing.tR_us=90 > /dev/null \
  && echo "ok: reused across a timing key" || { echo "FAIL: refused across a timing key"; fail=1; }
expect() {  # expect MESSAGE -- ARGS...: exit 2 with the message
  local msg="$1"; shift 2
  local err rc
  err=$(run "$@" 2>&1 >/dev/null); rc=$?
  if [ "$rc" != 2 ] || [[ "$err" != *"$msg"* ]]; then echo "FAIL: exit $rc, lacks '$msg': $err"; fail=1
  else echo "ok: $(echo "$err" | cut -c1-140)"; fi
}
other="a saved state of another drive, scale, user capacity, GC setting, preconditioning, job range or seed"
expect "$other" -- --precondition seq1x,rand --load-state "$tmp/s.state" --scale 2
expect "$other" -- --precondition seq1x,rand --load-state "$tmp/s.state" --set capacity.op_pct=40
expect "$other" -- --precondition seq2x,rand --load-state "$tmp/s.state"
expect "$other" -- --precondition seq1x,rand --load-state "$tmp/s.state" --seed 7
cp "$tmp/s.state" "$tmp/bad.state"
printf '\xff' | dd of="$tmp/bad.state" bs=1 seek=100 conv=notrunc status=none
expect "option '--load-state': $tmp/bad.state: the saved state is truncated or corrupt (checksum mismatch)" -- \
  --precondition seq1x,rand --load-state "$tmp/bad.state"
head -c -100 "$tmp/s.state" > "$tmp/short.state"
expect "the saved state is truncated or corrupt" -- --precondition seq1x,rand --load-state "$tmp/short.state"
expect "not an ssdtwin saved state" -- --precondition seq1x,rand --load-state "$job"
expect "not with --verify" -- --precondition seq1x,rand --load-state "$tmp/s.state" --verify
# The state streams to a private file renamed into place: a failed write (here the file
# size limit, as a full disk would) is exit 4 naming the option, and leaves no file behind.
err=$( (trap '' XFSZ; ulimit -f 64; run --precondition seq1x,rand --save-state "$tmp/big.state") 2>&1 >/dev/null); rc=$?
left=$(ls "$tmp" | grep -c -e '^big.state' -e '\.tmp$')
if [ "$rc" != 4 ] || [[ "$err" != *"option '--save-state': writing"* ]] || [ "$left" != 0 ]; then
  echo "FAIL: a failed save gave exit $rc, $left files left: $err"; fail=1
else
  echo "ok: $(echo "$err" | cut -c1-140)"
fi
# --state-cache DIR (what sweep, validate and calibrate give their runs): the first run
# writes DIR/<fingerprint>.state, the next loads it; both give the same JSON.
mkdir "$tmp/cache"
run --precondition seq1x,rand --state-cache "$tmp/cache" > "$tmp/c1.json"
run --precondition seq1x,rand --state-cache "$tmp/cache" > "$tmp/c2.json"
src1=$(jq -r .ssdtwin.wallclock.precondition_source "$tmp/c1.json"); src2=$(jq -r .ssdtwin.wallclock.precondition_source "$tmp/c2.json")
n=$(ls "$tmp/cache" | wc -l)
if [ "$src1" != written ] || [ "$src2" != "loaded from the state cache" ] || [ "$n" != 1 ] ||
   ! "$src/tests/cli/without_wallclock.py" "$tmp/c1.json" "$tmp/a.json" || ! "$src/tests/cli/without_wallclock.py" "$tmp/c2.json" "$tmp/a.json"; then
  echo "FAIL: state cache: sources '$src1', '$src2', $n files"; fail=1
else
  echo "ok: state cache: written once, then loaded; same JSON"
fi
exit $fail
