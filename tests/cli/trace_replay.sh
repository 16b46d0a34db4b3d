#!/usr/bin/env bash
# read_iolog replays each supported trace format with its I/O and byte counts intact, open
# loop on the trace's own times; a v3 iolog written by Debian's real fio replays too, and
# replay_no_stall (closed loop) finishes it sooner than its recorded times.
set -euo pipefail
exe="$1"; src="$2"
command -v fio >/dev/null || { echo "fio is not installed (tools/install-deps.sh installs it)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run() {  # trace, extra job lines, output
  printf '[replay]\nread_iolog=%s\niodepth=4\n%b' "$1" "$2" > "$tmp/job.fio"
  "$exe" run --drive "$src/tests/data/tiny-drive.toml" "$tmp/job.fio" --output-format=json --output "$3" 2> "$tmp/err" \
    || { cat "$tmp/err"; exit 1; }
}
t="$src/tests/data/traces"
run "$t/sample-v2.iolog" "" "$tmp/v2.json"
run "$t/sample.blkparse" "" "$tmp/blk.json"
run "$t/sample-msr.csv" "" "$tmp/msr.json"
# A real fio trace: 256 random 4 KiB reads and writes on a file, with 200 us think time.
fio --name=rec --filename="$tmp/data.bin" --size=1m --rw=randrw --bs=4k --thinktime=200 \
  --write_iolog="$tmp/real.iolog" > /dev/null
run "$tmp/real.iolog" "" "$tmp/real-open.json"
run "$tmp/real.iolog" "replay_no_stall=1\n" "$tmp/real-closed.json"
python3 - "$tmp" <<'PY'
import json, sys
tmp = sys.argv[1]
def counts(name):
    j = json.load(open(f"{tmp}/{name}.json"))["jobs"][0]
    return {d: (j[d]["total_ios"], j[d]["io_bytes"]) for d in ("read", "write", "trim")}, j["job_runtime"]
expect = {  # (I/Os, bytes) per direction, read off each sample by hand
    "v2": {"read": (3, 16384), "write": (2, 81920), "trim": (1, 65536)},
    "blk": {"read": (2, 12288), "write": (2, 69632), "trim": (1, 131072)},
    "msr": {"read": (3, 16384), "write": (2, 69632), "trim": (0, 0)},
}
runtime_ms = {"v2": 3, "blk": 3, "msr": 22}  # the traces' last time stamps (open loop)
# I/Os beyond the tiny drive (72 MiB) are folded into the region, and counted.
folded = {n: json.load(open(f"{tmp}/{n}.json"))["ssdtwin"]["traces"][0]["folded_beyond_region"] for n in expect}
assert folded == {"v2": 0, "blk": 1, "msr": 4}, folded  # MSR: 4 offsets past 72 MiB
for name, want in expect.items():
    got, rt = counts(name)
    assert got == want, (name, got, want)
    assert rt == runtime_ms[name], (name, rt)
lines = [l.split() for l in open(f"{tmp}/real.iolog").read().splitlines()[1:]]
ios = [l for l in lines if len(l) == 5 and l[2] in ("read", "write")]
want = {d: (sum(1 for l in ios if l[2] == d), sum(int(l[4]) for l in ios if l[2] == d)) for d in ("read", "write")}
for mode in ("real-open", "real-closed"):
    got, _ = counts(mode)
    assert (got["read"], got["write"]) == (want["read"], want["write"]), (mode, got, want)
_, open_rt = counts("real-open")
_, closed_rt = counts("real-closed")
last_ms = int(ios[-1][0]) / 1000  # fio writes v3 timestamps in microseconds
assert open_rt >= int(last_ms) - int(int(ios[0][0]) / 1000) - 1, (open_rt, last_ms)
assert closed_rt < open_rt, (closed_rt, open_rt)
print("traces replayed:", {k: v for k, v in expect.items()}, "real fio iolog:", want, "open", open_rt, "ms closed", closed_rt, "ms")
PY
