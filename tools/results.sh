#!/usr/bin/env bash
# Every committed result (docs/validation.md, docs/family.md, docs/results/*, the README's
# main-job table) is regenerated here, and docs/results/STAMP records the fingerprint of
# the model it came from, so a model change without regenerated results is caught
# (house.results_current runs `check`).
#   tools/results.sh regenerate [PART...]   parts: validation family op-sweep qd-sweep
#                                           drive-compare ion-power-states readme (default: all; ~30 min
#                                           on 2 cores); the stamp is written only after all
#   tools/results.sh check                  exit 1 when the results are older than the model
#   tools/results.sh fingerprint            the model's fingerprint
# The fingerprint hashes what a result can depend on: the simulator's sources, scenarios/
# (profiles, jobs, lab files), the plot tool and the report scripts.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
stamp=docs/results/STAMP

fingerprint() {
  {
    find apps config firmware ftl host_if lab model nand power report sim workload -type f \
      \( -name '*.cpp' -o -name '*.h' -o -name '*.def' \)
    find scenarios -type f
    echo tools/ssdtwin-plot tools/validation-report.sh tools/family-report.sh tools/power-state-sweep.sh \
      tools/results.sh | tr ' ' '\n'
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
# The README's main-job table: `ssdtwin compare` on the 12.8 TB's lab file, between its markers.
part_readme() {
  local table
  table=$("$exe" compare --lab scenarios/lab/micron-9550-max-12.8tb.toml | grep -v '^ssdtwin\|^$\|s wall')
  python3 - "$table" <<'PY'
import sys
table = sys.argv[1]
p = "README.md"
s = open(p).read()
begin = "<!-- main-job table: tools/results.sh regenerate readme -->\n"
end = "<!-- end main-job table -->\n"
i, j = s.index(begin) + len(begin), s.index(end)
open(p, "w").write(s[:i] + "```\n" + table + "\n```\n" + s[j:])
PY
}

case "${1:-}" in
  fingerprint) fingerprint ;;
  check)
    want=$(fingerprint)
    have=$(cut -c1-16 "$stamp" 2>/dev/null || echo none)
    if [ "$want" != "$have" ]; then
      echo "docs/results were generated from another model (stamp $have, model $want): the committed results"
      echo "may have drifted. Run tools/results.sh regenerate (about 25 min on 2 cores) and commit them."
      exit 1
    fi
    echo "results current (model $want)"
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
  *) echo "usage: $0 regenerate [PART...] | check | fingerprint" >&2; exit 2 ;;
esac
