#!/usr/bin/env bash
# Reads of LBAs never written are served without NAND, as real drives do; a user who forgot
# --precondition is told so (issue 19, item 5): the share of such reads in the JSON's
# ssdtwin.warnings, the text summary and stderr; none after preconditioning.
set -euo pipefail
exe="$1"; src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
drive="$src/tests/data/tiny-drive.toml"; job="$src/scenarios/jobs/rand-read-4k-qd1.fio"
"$exe" run --drive "$drive" "$job" --quiet --output-format=json > "$tmp/fresh.json" 2> "$tmp/fresh.err"
"$exe" run --drive "$drive" "$job" --quiet > "$tmp/fresh.txt" 2>/dev/null
"$exe" run --drive "$drive" "$job" --quiet --precondition seq1x --output-format=json > "$tmp/filled.json"
grep -q "warning: 100.0% of host reads hit LBAs never written" "$tmp/fresh.err"
grep -q "  warning: 100.0% of host reads hit LBAs never written" "$tmp/fresh.txt"
python3 - "$tmp/fresh.json" "$tmp/filled.json" <<'PY'
import json, sys
fresh = json.load(open(sys.argv[1]))["ssdtwin"]["warnings"]
filled = json.load(open(sys.argv[2]))["ssdtwin"]["warnings"]
assert len(fresh) == 1 and fresh[0].startswith("100.0% of host reads hit LBAs never written"), fresh
assert filled == [], filled
print("fresh drive:", fresh[0][:60], "...; preconditioned: no warning")
PY
