#!/usr/bin/env bash
# validate --backend slurm (issue 20): the records' simulations run as one job array on a
# real local cluster (slurmctld + two slurmd started by the test), and the JSON report is
# the local validate's, byte for byte apart from the wall-clock seconds. A bad flag is
# refused before anything is submitted; the cluster is torn down and nothing is left.
set -euo pipefail
exe="$1"; src="$2"
tmp=$(mktemp -d)
chmod 0755 "$tmp"  # the munge user must reach the cluster directory inside it
# shellcheck source=slurm_cluster.sh
source "$src/tests/cli/slurm_cluster.sh"
cleanup() {
  slurm_down
  pkill -9 -f "$tmp/" 2> /dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
export TMPDIR="$tmp/tmp"
mkdir -p "$TMPDIR"
fail() { echo "FAIL: $*"; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "SKIP: the test cluster needs root"; exit 77; }
labs=("$src/tests/cli/data/lab-curve.toml" "$src/tests/cli/data/lab-tagged.toml" "$src/tests/cli/data/lab-miss-cause.toml")

if "$exe" validate "${labs[@]}" --backend slurm --dir "$tmp/v" --jobs 2 2> "$tmp/bad.err"; then fail "--jobs with slurm accepted"; fi
grep -q "max-running" "$tmp/bad.err" || fail "the --jobs refusal does not point to --max-running"
if "$exe" validate "${labs[@]}" --dir "$tmp/v" 2> /dev/null; then fail "--dir without --backend slurm accepted"; fi
[ ! -e "$tmp/v" ] || fail "a refused validate wrote $tmp/v"

"$exe" validate "${labs[@]}" --curves --output-format=json > "$tmp/local.json"
slurm_up "$tmp/cluster" || fail "the test cluster did not come up"
"$exe" validate "${labs[@]}" --curves --output-format=json --backend slurm --dir "$tmp/v" --points-per-task 2 \
  > "$tmp/slurm.json" 2> "$tmp/slurm.err" || { cat "$tmp/slurm.err"; fail "validate on Slurm failed"; }
grep -q "array tasks" "$tmp/slurm.err" || fail "no submission reported"
[ -f "$tmp/v/run-0/sweep.json" ] || fail "no run directory"
"$src/tests/cli/without_wallclock.py" "$tmp/local.json" "$tmp/slurm.json" || fail "validate on Slurm differs from the local validate"
n=$(find "$tmp/v/run-0/points" -name '*.json' | wc -l)
# A profile key the drive refuses is an input error naming it, before anything is submitted.
if "$exe" validate "${labs[0]}" --set ftl.no_such_key=1 --backend slurm --dir "$tmp/v" 2> "$tmp/fail.err"; then
  fail "a validate with a bad --set succeeded"
fi
grep -q "unknown key 'ftl.no_such_key'" "$tmp/fail.err" || { cat "$tmp/fail.err"; fail "the bad key is not named"; }
[ ! -e "$tmp/v/run-1" ] || fail "a refused validate was submitted"
slurm_down
sleep 0.5
if pgrep -f "$tmp/" > /dev/null; then pgrep -af "$tmp/"; fail "processes outlived the test cluster"; fi
echo "validate on slurm: $n simulations, JSON identical to the local validate"
