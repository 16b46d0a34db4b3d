#!/usr/bin/env bash
# Every committed result (docs/validation.md, docs/family.md, docs/results/*, the README's
# generated blocks) is regenerated here, and docs/results/STAMP records the fingerprint of
# the model it came from, so a model change without regenerated results is caught
# (house.results_current runs `check`).
#   tools/results.sh regenerate [PART...]   default parts (all of them: ~10 min on 2 cores):
#                                           validation family op-sweep qd-sweep drive-compare
#                                           ion-power-states readme; STAMP is written only after all
#   tools/results.sh regenerate invariance  the long part (~40 min on 2 cores, JOBS=N cases at a time):
#                                           docs/results/scale-invariance.md, stamped inside
#   tools/results.sh check                  exit 1 when any result is older than the model
#   tools/results.sh restamp                stamp every result with the current model: only for a
#                                           change shown to leave every output identical
#                                           (tools/behaviour-snapshot.sh)
#   tools/results.sh fingerprint            the model's fingerprint
# The fingerprint hashes what a result can depend on: the simulator's sources, scenarios/
# (profiles, jobs, lab files), the plot tool and the report and case scripts.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
stamp=docs/results/STAMP
invariance=docs/results/scale-invariance.md

fingerprint() {
  {
    find apps config firmware ftl host_if lab model nand power report sim workload -type f \
      \( -name '*.cpp' -o -name '*.h' -o -name '*.def' \)
    find scenarios -type f
    echo tools/ssdtwin-plot tools/validation-report.sh tools/family-report.sh tools/power-state-sweep.sh \
      tools/results.sh tests/cli/scale_invariance.sh tests/cli/scale_invariance.cases | tr ' ' '\n'
  } | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -c1-16
}

exe="$root/build/ssdtwin"
need_build() { [ -x "$exe" ] || { echo "$0: $exe not built; run tools/build.sh" >&2; exit 2; }; }
drive=scenarios/drives/micron-9550-max-12.8tb.toml

part_validation() { tools/validation-report.sh; }
part_family() { tools/family-report.sh; }
part_op_sweep() {
  "$exe" sweep --drive "$drive" --job scenarios/jobs/rand-write-4k-4x32.fio \
    --set capacity.op_pct=7,10,14,20,28,37.5,50 --precondition seq2x,rand \
    --output docs/results/op-sweep-9550max-4k-randwrite.csv --plot docs/results/op-sweep-9550max-4k-randwrite
}
part_qd_sweep() {
  "$exe" sweep --drive "$drive" --job scenarios/jobs/rand-read-4k-qd1.fio --set iodepth=1,2,4,8,16,32,64,128,256 \
    --precondition seq2x --output docs/results/sweep-9550max-4k-randread-qd.csv \
    --plot docs/results/sweep-9550max-4k-randread-qd
}
part_drive_compare() {
  "$exe" sweep --drive scenarios/drives/micron-9550-max-12.8tb.toml,scenarios/drives/micron-9550-max-25.6tb.toml,scenarios/drives/micron-9400-pro-7.68tb.toml,scenarios/drives/micron-6550-ion-61.44tb.toml \
    --job scenarios/jobs/seq-write-128k-qd16.fio --set power_state=0,1,2 --precondition seq2x \
    --output docs/results/compare-drives-power-states.csv --plot docs/results/compare-drives-power-states
}
part_ion_power_states() {
  tools/power-state-sweep.sh scenarios/drives/micron-6550-ion-61.44tb.toml docs/results/ion-power-states \
    scenarios/jobs/seq-write-128k-qd16.fio scenarios/jobs/rand-read-16k-8x256.fio
}
# Scale invariance of every bundled drive (tests/cli/scale_invariance.cases, the cases of the
# opt-in invariance.* tests): not in the default parts, as it takes about 40 min on 2 cores
# and up to ~7 GB per case (JOBS=N cases at a time, default 2). Its file carries its own
# model stamp, which `check` compares too.
part_invariance() {
  local tmp n=0 pids=() line p
  tmp=$(mktemp -d)
  # A stopped regeneration takes its cases' simulators with it.
  trap 'for p in "${pids[@]}"; do kill_tree "$p"; done; rm -rf "$tmp"' EXIT
  trap 'exit 130' INT TERM
  while read -r line; do
    [[ -z "$line" || "$line" == \#* ]] && continue
    n=$((n + 1))
    # shellcheck disable=SC2086  # a case is its arguments, split on blanks
    (SSDTWIN_INVARIANCE_ROW="$tmp/$n.json" tests/cli/scale_invariance.sh "$exe" "$root" $line \
      > "$tmp/$n.log" 2>&1 || echo "exit $?" >> "$tmp/$n.log") &
    pids+=($!)
    while [ "$(jobs -rp | wc -l)" -ge "${JOBS:-2}" ]; do wait -n || true; done
  done < tests/cli/scale_invariance.cases
  wait
  python3 - "$tmp" "$n" "$model" <<'PY'
import json, os, sys
tmp, n, model = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rows = []
for i in range(1, n + 1):
    p = f"{tmp}/{i}.json"
    if not os.path.exists(p):
        sys.exit(f"scale invariance case {i} wrote no figures; its output:\n" + open(f"{tmp}/{i}.log").read())
    rows.append(json.load(open(p)))
def cell(f):
    big = f["auto"] > 1000
    fmt = (lambda v: f"{v / 1000:,.1f}K") if big else (lambda v: f"{v:.3f}")
    return f"{fmt(f['auto'])} / {fmt(f['fine'])} ({f['error_pct']:+.2f}%)"
out = ["# Scale invariance of the bundled drives", "",
       "Generated by `tools/results.sh regenerate invariance` from the cases in",
       "`tests/cli/scale_invariance.cases` (the opt-in `invariance.*` tests run the same script,",
       "`tests/cli/scale_invariance.sh`). Each row is one drive at its automatic scale against a",
       "finer one, same seed: the functional WAF of `ssdtwin endurance --workload jesd219|rand4k",
       "--scale S`, and a timed steady 4K random write after `seq2x,rand` (`rand-write-4k-4x32.fio`,",
       "0.5 s ramp + 0.5 s, unless the row names its job): IOPS of its jobs summed, the run's",
       "WAF, and the resource that bound it (`ssdtwin.bottleneck`). Cells are auto / fine",
       "(error of auto against fine); the test asks for 3%. How the automatic scale is chosen:",
       "docs/architecture.md, \"Scale invariance\".", "",
       f"Model `{model}`.", "",
       "| case | scale auto / fine (program units per block group) | WAF JESD219 | WAF uniform 4K | steady 4K random-write IOPS | its WAF | bound auto / fine | within 3% |",
       "|---|---|---|---|---|---|---|---|"]
for r in rows:
    fig = {f["what"]: f for f in r["figures"]}
    case = r["case"] + ("" if r["job"] == "rand-write-4k-4x32.fio" else f" (`{r['job']}`)")
    (a, f), (ua, uf) = r["scales"], r["units_per_block_group"]
    out.append(f"| {case} | {a} ({ua}) / {f} ({uf}) | {cell(fig['WAF jesd219'])} | {cell(fig['WAF rand4k'])} | "
               f"{cell(fig['steady 4K random-write IOPS'])} | {cell(fig['its WAF'])} | {' / '.join(r['bottleneck'])} | "
               f"{'yes' if r['within_3pct'] else '**no**'} |")
with open("docs/results/scale-invariance.md", "w") as f:
    f.write("\n".join(out) + "\n")
PY
  rm -rf "$tmp"
  trap - EXIT INT TERM
  echo "wrote docs/results/scale-invariance.md ($n cases)" >&2
}
kill_tree() { local c; for c in $(pgrep -P "$1"); do kill_tree "$c"; done; kill "$1" 2>/dev/null || true; }

# The README's generated blocks, each between its markers: the main-job table (`ssdtwin
# compare` on the 12.8 TB's lab file) and the validation summary (the last lines of
# docs/validation.md's table, so run after the validation part).
part_readme() {
  local table
  table=$("$exe" compare --lab scenarios/lab/micron-9550-max-12.8tb.toml | grep -v '^ssdtwin\|^$\|s wall')
  python3 - "$table" <<'PY'
import re, sys
table = sys.argv[1]
summary = [l for l in open("docs/validation.md").read().splitlines()
           if l.startswith("overall") or re.match(r"\d+ of \d+ counted records", l)]
if len(summary) != 3:
    sys.exit(f"docs/validation.md: expected its two 'overall' lines and the 'N of M counted records' line, found {len(summary)}")
p = "README.md"
s = open(p).read()
def fill(s, name, body):
    begin, end = f"<!-- {name}: tools/results.sh regenerate readme -->\n", f"<!-- end {name} -->\n"
    i, j = s.index(begin) + len(begin), s.index(end)
    return s[:i] + "```\n" + body + "\n```\n" + s[j:]
s = fill(s, "main-job table", table)
s = fill(s, "validation summary", "\n".join(summary))
with open(p, "w") as f:
    f.write(s)
PY
}

case "${1:-}" in
  fingerprint) fingerprint ;;
  check)
    want=$(fingerprint)
    have=$(cut -c1-16 "$stamp" 2>/dev/null || echo none)
    if [ "$want" != "$have" ]; then
      echo "docs/results were generated from another model (stamp $have, model $want): the committed results"
      echo "may have drifted. Run tools/results.sh regenerate (about 10 min on 2 cores) and commit them."
      exit 1
    fi
    have=$(sed -n 's/^Model `\([0-9a-f]*\)`.*/\1/p' "$invariance" 2>/dev/null || true)
    if [ "$want" != "$have" ]; then
      echo "$invariance was generated from another model (stamp ${have:-none}, model $want). Run"
      echo "tools/results.sh regenerate invariance (about 40 min on 2 cores) and commit it."
      exit 1
    fi
    echo "results current (model $want)"
    ;;
  restamp)
    want=$(fingerprint)
    echo "$want" > "$stamp"
    sed -i "s/^Model \`[0-9a-f]*\`/Model \`$want\`/" "$invariance"
    grep -q "^Model \`$want\`" "$invariance" || { echo "$0: no model line in $invariance" >&2; exit 1; }
    echo "stamped $stamp and $invariance with model $want" >&2
    ;;
  regenerate)
    need_build
    model=$(fingerprint)  # of the sources the results come from (not of edits made while they run)
    shift
    parts=("$@")
    [ ${#parts[@]} -eq 0 ] && parts=(validation family op-sweep qd-sweep drive-compare ion-power-states readme)
    for p in "${parts[@]}"; do
      fn="part_${p//-/_}"
      declare -F "$fn" > /dev/null || { echo "$0: unknown part '$p'" >&2; exit 2; }
      echo "== $p" >&2
      "$fn"
    done
    if [ $# -eq 0 ]; then echo "$model" > "$stamp"; echo "wrote $stamp" >&2; fi
    ;;
  *) echo "usage: $0 regenerate [PART...] | check | restamp | fingerprint" >&2; exit 2 ;;
esac
