#!/usr/bin/env bash
# Random preconditioning covers the jobs' active range (SNIA PTS WDPC): a job on a 25% region
# gets that region in random-write steady state, with the other 75% cold, so its write
# amplification is lower than after whole-drive random preconditioning.
set -euo pipefail
exe="$1"; src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for span in 25 100; do
  printf '[global]\ntime_based\nruntime=100ms\nsize=%s%%\n[rw]\nrw=randwrite\nbs=4k\niodepth=16\n' "$span" > "$tmp/j$span.fio"
  "$exe" run --drive "$src/tests/data/tiny-drive.toml" "$tmp/j$span.fio" --precondition seq1x,rand \
    --output-format=json --output "$tmp/r$span.json" --quiet
done
python3 - "$tmp/r25.json" "$tmp/r100.json" <<'PY'
import json, sys
def get(f):
    s = json.load(open(f))["ssdtwin"]
    p = s["precondition"]
    return p["random_range_bytes_simulated"], s["layout"]["user_bytes_simulated"], p["random_round_waf"][-1], p["random_steady_state"]
(r25, u, w25, s25), (r100, u100, w100, s100) = get(sys.argv[1]), get(sys.argv[2])
print(f"25% region: range {r25} of {u} bytes, last round WAF {w25:.3f}; whole drive: range {r100}, WAF {w100:.3f}")
assert s25 and s100, "both preconditionings should reach steady state"
assert r100 == u100, "a whole-drive job preconditions the whole drive"
assert abs(r25 / u - 0.25) < 0.01, "a 25% job preconditions its 25% region"
assert w25 < 0.8 * w100, "the cold 75% leaves the hot region more spare space: lower WAF"
PY
