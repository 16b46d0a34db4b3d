#!/usr/bin/env bash
# Scale invariance of one bundled drive (issue 21): at its automatic scale and at a finer
# one, on the same seed, JESD219 and uniform 4 KiB random WAF (ssdtwin endurance) and the
# steady 4 KiB random write (4 x QD32 after seq2x,rand: IOPS and WAF) agree within 3%.
#   scale_invariance.sh EXE SRC DRIVE FINE_SCALE [OP_PCT|-] [JOB]
# JOB (scenarios/jobs/, default rand-write-4k-4x32.fio: 0.5 s ramp + 0.5 s) replaces the
# random-write job for a drive whose GC takes longer to settle (the 6550 ION: its own
# datasheet job, 2 s ramp + 4 s, as a one-second window there is still the start transient).
# Opt-in (label "invariance", cmake -DSSDTWIN_LONG_TESTS=ON): a fine scale costs minutes
# and several GB per drive (the 25.6 TB at scale 8: ~7 GB).
set -euo pipefail
exe="$1"; src="$2"; drive="$src/scenarios/drives/$3.toml"; fine="$4"; op="${5:-}"; job="${6:-rand-write-4k-4x32.fio}"
[ "$op" = - ] && op=
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
set_op=(); [ -n "$op" ] && set_op=(--set "capacity.op_pct=$op")
run_rw() {  # run_rw OUT [--scale N]: the steady random write
  "$exe" run --drive "$drive" "$src/scenarios/jobs/$job" "${set_op[@]}" --precondition seq2x,rand \
    "${@:2}" --output-format=json --quiet > "$1"
}
run_rw "$tmp/r-auto.json"
auto=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["ssdtwin"]["layout"]["scale"])' "$tmp/r-auto.json")
mv "$tmp/r-auto.json" "$tmp/r-$auto.json"
[ "$fine" -lt "$auto" ] || { echo "fine scale $fine is not finer than the automatic $auto" >&2; exit 1; }
run_rw "$tmp/r-$fine.json" --scale "$fine"
if [ -z "$op" ]; then
  for s in "$auto" "$fine"; do
    for w in jesd219 rand4k; do
      "$exe" endurance --drive "$drive" --workload "$w" --scale "$s" --output-format=json > "$tmp/e-$w-$s.json"
    done
  done
fi
python3 - "$tmp" "$3${op:+ at ${op}% OP}" "$auto" "$fine" <<'PY'
import json, os, sys
tmp, name, auto, fine = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
rows = []
for w in ("jesd219", "rand4k"):
    p = f"{tmp}/e-{w}-{auto}.json"
    if os.path.exists(p):
        rows.append((f"WAF {w}", json.load(open(p))["waf"], json.load(open(f"{tmp}/e-{w}-{fine}.json"))["waf"]))
ra, rf = (json.load(open(f"{tmp}/r-{s}.json")) for s in (auto, fine))
iops = lambda d: sum(j["write"]["iops"] for j in d["jobs"])
rows.append(("steady 4K random-write IOPS", iops(ra), iops(rf)))
rows.append(("its WAF", ra["ssdtwin"]["write_amplification"], rf["ssdtwin"]["write_amplification"]))
bad = []
for what, a, f in rows:
    err = (a - f) / f * 100
    print(f"{name}: {what}: scale {auto} {a:,.3f} vs scale {fine} {f:,.3f} ({err:+.2f}%)")
    if abs(err) > 3: bad.append(what)
assert not bad, f"{name}: {', '.join(bad)} moved more than 3% between scale {auto} and {fine}"
PY
