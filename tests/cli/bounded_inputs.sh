#!/usr/bin/env bash
# Inputs are read with bounds (issue 19, item 6): a device, a directory or a file past its
# kind's size limit, as job file, include, profile, trace or lab file, is refused at once
# with the path named (before: /dev/zero as a job file grew past 1 GB in 15 s, read_iolog=
# /dev/zero hung, a directory was "no job sections" or "missing required key").
set -uo pipefail
exe="$1"; src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
drive="$src/tests/data/tiny-drive.toml"; job="$src/tests/cli/data/ok.fio"
fail=0
expect() {  # expect MESSAGE -- COMMAND...: exit 2 within 10 s, with the message
  local msg="$1"; shift 2
  local err rc
  err=$(timeout 10 "$@" 2>&1 >/dev/null); rc=$?
  if [ "$rc" != 2 ] || [[ "$err" != *"$msg"* ]]; then
    echo "FAIL: exit $rc, stderr lacks '$msg': $err"; fail=1
  else
    echo "ok: $(echo "$err" | tail -1 | cut -c1-150)"
  fi
}
expect "/dev/zero: is not a regular file (a device, pipe or socket); give a job file" -- \
  "$exe" run --drive "$drive" /dev/zero --quiet
expect "$tmp: is not a regular file (a directory); give a job file" -- "$exe" run --drive "$drive" "$tmp" --quiet
expect "$tmp: is not a regular file (a directory); give a profile" -- "$exe" run --drive "$tmp" "$job" --quiet
expect "/dev/zero: is not a regular file (a device, pipe or socket); give a lab file" -- "$exe" validate /dev/zero
printf '[t]\nread_iolog=/dev/zero\n' > "$tmp/iolog.fio"
expect "/dev/zero: is not a regular file (a device, pipe or socket); give a trace" -- \
  "$exe" run --drive "$drive" "$tmp/iolog.fio" --quiet
printf '[t]\ninclude /dev/zero\n' > "$tmp/include.fio"
expect "key 'include': /dev/zero: is not a regular file" -- "$exe" run --drive "$drive" "$tmp/include.fio" --quiet
head -c $((1024 * 1024 + 1)) /dev/zero | tr '\0' '#' > "$tmp/big.fio"
expect "big.fio: is 1048577 bytes; a job file may be at most 1048576 bytes" -- \
  "$exe" run --drive "$drive" "$tmp/big.fio" --quiet
exit $fail
