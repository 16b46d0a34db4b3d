#!/usr/bin/env bash
# Every job file in scenarios/workloads passes Debian's `fio --parse-only` and runs unchanged
# in ssdtwin (on the tiny test drive with a 4 MiB write buffer so 1 MiB writes fit), each
# job issuing I/O.
set -euo pipefail
exe="$1"; src="$2"
command -v fio >/dev/null || { echo "fio is not installed (tools/install-deps.sh installs it)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export CKPT_SIZE=64m  # ai-checkpoint.fio takes its size from the environment, as fio does
n=0
for f in "$src"/scenarios/workloads/*.fio; do
  fio --parse-only "$f" > "$tmp/parse.log" 2>&1 || { echo "fio --parse-only rejects $f:"; cat "$tmp/parse.log"; exit 1; }
  "$exe" run --drive "$src/tests/data/tiny-drive.toml" --set ftl.write_buffer_mib=4 "$f" \
    --output-format=json --output "$tmp/out.json" 2> "$tmp/run.log" || { echo "ssdtwin rejects $f:"; cat "$tmp/run.log"; exit 1; }
  python3 - "$f" "$tmp/out.json" <<'PY'
import json, sys
jobs = json.load(open(sys.argv[2]))["jobs"]
assert jobs, f"{sys.argv[1]}: no jobs reported"
for j in jobs:
    ios = j["read"]["total_ios"] + j["write"]["total_ios"]
    assert ios > 0, f"{sys.argv[1]}: job {j['jobname']} issued no I/O"
PY
  n=$((n + 1))
done
[ "$n" -ge 10 ] || { echo "expected at least 10 workload files, found $n"; exit 1; }
echo "$n workload files parse in fio and run in ssdtwin"
