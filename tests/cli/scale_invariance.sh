#!/usr/bin/env bash
# Scale invariance of one bundled drive (issue 21): at its automatic scale and at a finer
# one, on the same seed, JESD219 and uniform 4 KiB random WAF (ssdtwin endurance) and the
# steady 4 KiB random write (4 x QD32 after seq2x,rand: IOPS and WAF) agree within 3%.
#   scale_invariance.sh EXE SRC DRIVE FINE_SCALE [OP_PCT|-] [JOB]
# JOB (scenarios/jobs/, default rand-write-4k-4x32.fio: 0.5 s ramp + 0.5 s) replaces the
# random-write job for a drive whose GC takes longer to settle (the 6550 ION: its own
# datasheet job, 2 s ramp + 4 s, as a one-second window there is still the start transient).
# Opt-in (label "invariance", cmake -DSSDTWIN_LONG_TESTS=ON): a fine scale costs minutes
# and several GB per drive (the 25.6 TB at scale 8: ~7 GB). The cases are listed once, in
# scale_invariance.cases. With SSDTWIN_INVARIANCE_ROW=FILE the figures are also written to
# FILE as JSON (tools/results.sh regenerate invariance makes docs/results/scale-invariance.md
# from them), before the 3% check.
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
for s in "$auto" "$fine"; do
  for w in jesd219 rand4k; do
    "$exe" endurance --drive "$drive" --workload "$w" "${set_op[@]}" --scale "$s" --output-format=json > "$tmp/e-$w-$s.json"
  done
done
python3 - "$tmp" "$3${op:+ at ${op}% OP}" "$auto" "$fine" "$job" "${SSDTWIN_INVARIANCE_ROW:-}" <<'PY'
import json, sys
tmp, name, auto, fine, job, row_path = sys.argv[1:7]
rows = []
for w in ("jesd219", "rand4k"):
    waf = lambda s: json.load(open(f"{tmp}/e-{w}-{s}.json"))["waf"]
    rows.append((f"WAF {w}", waf(auto), waf(fine)))
ra, rf = (json.load(open(f"{tmp}/r-{s}.json")) for s in (auto, fine))
iops = lambda d: sum(j["write"]["iops"] for j in d["jobs"])
rows.append(("steady 4K random-write IOPS", iops(ra), iops(rf)))
rows.append(("its WAF", ra["ssdtwin"]["write_amplification"], rf["ssdtwin"]["write_amplification"]))
bad = []
for what, a, f in rows:
    err = (a - f) / f * 100
    print(f"{name}: {what}: scale {auto} {a:,.3f} vs scale {fine} {f:,.3f} ({err:+.2f}%)")
    if abs(err) > 3: bad.append(what)
if row_path:
    layout = lambda d: d["ssdtwin"]["layout"]
    bound = lambda d: d["ssdtwin"]["bottleneck"]
    row = {"case": name, "job": job, "scales": [int(auto), int(fine)],
           "units_per_block_group": [layout(d)["program_units_per_block_group"] for d in (ra, rf)],
           "figures": [{"what": w, "auto": a, "fine": f, "error_pct": (a - f) / f * 100} for w, a, f in rows],
           "bottleneck": [f"{bound(d)['resource']} {bound(d)['utilisation'] * 100:.0f}%" for d in (ra, rf)],
           "within_3pct": not bad}
    with open(row_path, "w") as out:
        json.dump(row, out, indent=1)
assert not bad, f"{name}: {', '.join(bad)} moved more than 3% between scale {auto} and {fine}"
PY
