#!/usr/bin/env bash
# A sweep on a real Slurm cluster (issue 20): a local slurmctld and two slurmd (emulated
# nodes) run a 12-point sweep packed 3 points per array task. Two points are killed on their
# first attempt (SIGKILL, as the kernel's OOM killer would): the gather job refuses the
# table and names them, `resubmit --failed` runs only those two, and the gathered table is
# byte-identical to a local `ssdtwin sweep` of the same points. A second sweep is cancelled
# halfway (scancel) and `resubmit --missing` completes it to the same table. The cluster is
# torn down and no process of the test is left.
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
# The daemons run as root (SlurmUser=root); elsewhere the test is reported as skipped.
[ "$(id -u)" -eq 0 ] || { echo "SKIP: the test cluster needs root"; exit 77; }

# Long enough (1 to 2 s of wall time a point) to kill a point while it runs.
cat > "$tmp/mixed.fio" <<'FIO'
[global]
time_based
runtime=200s
[m]
rw=randrw
rwmixread=70
bs=4k
iodepth=4
FIO
args=(--drive "$src/tests/data/tiny-drive.toml" --job "$tmp/mixed.fio" --set iodepth=1,2,4,8 --set bs=4k,8k,16k
  --precondition seq1x)

# A bad point is refused before anything is written or submitted.
if "$exe" sweep --drive "$src/tests/data/tiny-drive.toml" --job "$tmp/mixed.fio" --set bs=4k,bogus \
  --backend slurm --dir "$tmp/bad" 2> "$tmp/bad.err"; then fail "a sweep with a bad value was submitted"; fi
[ ! -e "$tmp/bad" ] || fail "a refused sweep left $tmp/bad"

# --dry-run prints the scripts and writes nothing.
"$exe" sweep "${args[@]}" --backend slurm --dir "$tmp/dry" --points-per-task 3 --max-running 2 --dry-run > "$tmp/dry.out"
grep -q '^#SBATCH --array=0-3%2$' "$tmp/dry.out" || { cat "$tmp/dry.out"; fail "dry run: no 4-task array"; }
grep -q '^#SBATCH --mem=[0-9]*M$' "$tmp/dry.out" || fail "dry run: no --mem"
[ ! -e "$tmp/dry" ] || fail "--dry-run wrote $tmp/dry"

"$exe" sweep "${args[@]}" --jobs 2 --output "$tmp/local.csv" 2> /dev/null

slurm_up "$tmp/cluster" || fail "the test cluster did not come up"
queue_empty() {
  for _ in $(seq 1200); do
    # A failed squeue (slurmctld busy under load) prints nothing: that is not an empty queue.
    if q=$(squeue -h 2> /dev/null) && [ -z "$q" ]; then return 0; fi
    sleep 0.25
  done
  squeue
  fail "the queue did not drain in 300 s"
}

# Sweep 1: two points killed on their first attempt.
"$exe" sweep "${args[@]}" --backend slurm --dir "$tmp/s1" --points-per-task 3 2> "$tmp/s1.submit"
[ "$(wc -l < "$tmp/s1/manifest")" -eq 12 ] || fail "the manifest does not list 12 points"
killed=()
for _ in $(seq 1200); do
  for id in 0001 0007; do
    [[ " ${killed[*]-} " == *" $id "* ]] && continue
    # This sweep's own point only: other Slurm tests may run points with the same ids.
    if pid=$(pgrep -f "$tmp/s1/points/$id.json.tmp"); then kill -9 $pid && killed+=("$id"); fi
  done
  [ "${#killed[@]}" -eq 2 ] && break
  sleep 0.05
done
[ "${#killed[@]}" -eq 2 ] || fail "could not catch points 0001 and 0007 running (killed: ${killed[*]-})"
queue_empty
grep -q '"state": "failed"' "$tmp/s1/points/0001.status" || fail "0001's status is not failed"
grep -q '"signal": 9' "$tmp/s1/points/0007.status" || fail "0007's status does not name SIGKILL"
"$exe" sweep status "$tmp/s1" > "$tmp/s1.status"
grep -q "10 done, 2 failed" "$tmp/s1.status" || { cat "$tmp/s1.status"; fail "status does not count 10 done, 2 failed"; }
grep -q "0001,0007" "$tmp/s1/logs/batch-0-gather.out" || { cat "$tmp/s1/logs/batch-0-gather.out"; fail "the gather job did not name the failed points"; }
[ ! -e "$tmp/s1/table.csv" ] || fail "a table was gathered with two points missing"
"$exe" sweep resubmit "$tmp/s1" --failed 2> "$tmp/s1.resubmit"
grep -q "batch 1: 2 points in 1 array tasks" "$tmp/s1.resubmit" || { cat "$tmp/s1.resubmit"; fail "resubmit --failed did not submit exactly the 2 failed points"; }
queue_empty
grep -q '"attempt": 2' "$tmp/s1/points/0007.status" || fail "0007 was not run a second time"
grep -q '"attempt": 1' "$tmp/s1/points/0000.status" || fail "0000 was run again"
[ -f "$tmp/s1/table.csv" ] || { cat "$tmp/s1/logs/batch-1-gather.out"; fail "the gather job wrote no table"; }
cmp "$tmp/local.csv" "$tmp/s1/table.csv" || fail "the Slurm table differs from the local sweep's"
nodes=$(cat "$tmp"/s1/points/*.status | grep -o '"node": "n[12]"' | sort -u | wc -l)
[ "$nodes" -eq 2 ] || fail "the points did not run on both nodes"

# Sweep 2: cancelled halfway, completed with --missing.
"$exe" sweep "${args[@]}" --backend slurm --dir "$tmp/s2" --points-per-task 1 2> /dev/null
array=$(awk '{print $4; exit}' "$tmp/s2/submissions")
for _ in $(seq 1200); do
  [ "$(find "$tmp/s2/points" -name '*.json' | wc -l)" -ge 4 ] && break
  sleep 0.05
done
scancel "$array"
queue_empty
done_before=$(find "$tmp/s2/points" -name '*.json' | wc -l)
[ "$done_before" -lt 12 ] || fail "the cancel came too late to leave points missing"
if "$exe" sweep gather "$tmp/s2" 2> "$tmp/s2.gather"; then fail "gather of a cancelled sweep succeeded"; fi
"$exe" sweep resubmit "$tmp/s2" --missing 2> /dev/null
queue_empty
[ -f "$tmp/s2/table.csv" ] || {
  "$exe" sweep status "$tmp/s2" || true
  cat "$tmp"/s2/logs/batch-*-gather.out || true
  fail "resubmit --missing gathered no table"
}
cmp "$tmp/local.csv" "$tmp/s2/table.csv" || fail "the completed cancelled sweep's table differs from the local sweep's"

slurm_down
sleep 0.5
if pgrep -f "$tmp/" > /dev/null; then pgrep -af "$tmp/"; fail "processes outlived the test cluster"; fi
echo "slurm sweep: 12 points, 2 killed and resubmitted, cancelled sweep completed; tables identical ($done_before of 12 done at the cancel)"
