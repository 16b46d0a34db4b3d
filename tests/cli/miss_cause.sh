#!/usr/bin/env bash
# validate prints each miss with the cause its lab record gives (miss_cause), says when a
# miss has none, flags a cause on a record that is within tolerance as out of date, and
# carries the cause into the JSON and the Markdown report.
set -euo pipefail
exe="$1"; src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
lab="$src/tests/cli/data/lab-miss-cause.toml"
"$exe" validate "$lab" --markdown "$tmp/v.md" > "$tmp/v.txt"
grep -q "^  miss miss-with-cause (tiny, +[0-9.]*%): the measured value is one I/O per second$" "$tmp/v.txt"
grep -q "^  miss miss-without-cause (tiny, -100.0%): no cause recorded (miss_cause)$" "$tmp/v.txt"
grep -q "^  note: within-with-cause (tiny) is within tolerance; its miss_cause is out of date$" "$tmp/v.txt"
if grep -q "miss within-with-cause" "$tmp/v.txt"; then echo "a record within tolerance was listed as a miss"; exit 1; fi
grep -q "^- \*\*miss-with-cause\*\* (tiny, +[0-9.]*%): the measured value is one I/O per second$" "$tmp/v.md"
"$exe" validate "$lab" --output-format=json > "$tmp/v.json"
python3 - "$tmp/v.json" <<'PY'
import json, sys
recs = {r["id"]: r for r in json.load(open(sys.argv[1]))["records"]}
assert recs["miss-with-cause"]["miss_cause"] == "the measured value is one I/O per second"
assert "miss_cause" not in recs["miss-without-cause"]
assert recs["within-with-cause"]["within_tolerance"] is True
PY
echo ok
