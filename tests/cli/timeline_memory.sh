#!/usr/bin/env bash
# A timeline costs memory in proportion to its event limit (nand::ActivityLog::kMaxEvents),
# not to a JSON document of it: a 10 s window of the tiny drive (cut at 500,000 intervals)
# took 1.7 GB of RSS when the file was built as a JSON DOM (issue 19, item 8); written as
# text it takes about 0.2 GB more than the same run without a timeline.
set -euo pipefail
exe="$1"; root="$2"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$root"
printf '[j]\nrw=randread\nbs=4k\niodepth=4\ntime_based\nruntime=10s\n' > "$tmp/ten.fio"
python3 - "$exe" "$tmp" <<'PY'
import json, resource, subprocess, sys
exe, tmp = sys.argv[1], sys.argv[2]
def peak_mib(extra):
    # Each run in its own child of a fresh python: RUSAGE_CHILDREN is the largest child so far.
    code = ("import resource,subprocess,sys; subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL, "
            "stderr=subprocess.DEVNULL); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code, exe, "run", "--drive", "tests/data/tiny-drive.toml",
                          tmp + "/ten.fio", "--precondition", "seq2x"] + extra, check=True, capture_output=True, text=True)
    return int(out.stdout) / 1024
base = peak_mib([])
with_tl = peak_mib(["--timeline", tmp + "/tl.json", "--timeline-window", "0:10s"])
d = json.load(open(tmp + "/tl.json"))
assert d["otherData"]["truncated_at_us"] > 0, "the 10 s window should reach the event limit"
n = sum(1 for e in d["traceEvents"] if e["ph"] == "X")
print(f"peak RSS {base:.0f} MiB without a timeline, {with_tl:.0f} MiB with the 10 s window ({n} slices, cut at "
      f"{d['otherData']['truncated_at_us'] / 1e6:.3f} s)")
assert n == 500000, n
assert with_tl - base < 800, "the timeline took more memory than its event limit explains"
PY
