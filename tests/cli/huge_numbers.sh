#!/usr/bin/env bash
# Numbers too large for a double in job files, environment variables and flags are bad
# input (exit 2, key or option named), never an internal error (exit 5; before, exit 3
# "internal error: stod", which clashed with the --verify mismatch status).
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
