#!/usr/bin/env bash
# On a terminal a run longer than 2 s of wall time shows a progress line on stderr (simulated
# time against the planned length, I/Os, ETA) and clears it; --quiet and a non-terminal
# stderr show none. Preconditioning and endurance show each pass and round done.
set -euo pipefail
exe="$1"; src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '[r]\nrw=randread\nbs=4k\niodepth=64\nnumjobs=4\ntime_based\nruntime=60s\n' > "$tmp/long.fio"
python3 - "$exe" "$src/tests/data/tiny-drive.toml" "$tmp/long.fio" <<'PY'
import os, pty, subprocess, sys
exe, drive, job = sys.argv[1:4]
def on_tty(extra, argv=None):
    out = b""
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(exe, argv or [exe, "run", "--drive", drive, job, "--precondition", "seq1x", "--output", os.devnull] + extra)
    while True:
        try:
            b = os.read(fd, 4096)
        except OSError:
            break
        if not b:
            break
        out += b
    _, status = os.waitpid(pid, 0)
    assert status == 0, status
    return out.decode(errors="replace")
shown = on_tty([])
assert "s simulated" in shown and "/60.000 s" in shown and "ETA" in shown, shown[-300:]
assert "s simulated" not in on_tty(["--quiet"])
piped = subprocess.run([exe, "run", "--drive", drive, job, "--precondition", "seq1x", "--output", os.devnull], capture_output=True, text=True)
# (A slow run, e.g. under ASan, may say once how long it will take: that line is not progress.)
assert piped.returncode == 0 and "ETA" not in piped.stderr and "/60.000 s" not in piped.stderr, piped.stderr
# Preconditioning and endurance (seconds to minutes of functional writing) show their passes
# and rounds; the timed run's ETA is from its own pace, not counting the preconditioning.
big = os.path.join(os.path.dirname(drive), "..", "..", "scenarios", "drives", "micron-9550-max-12.8tb.toml")
short = os.path.join(os.path.dirname(job), "short.fio")
open(short, "w").write("[r]\nrw=randread\nbs=4k\ntime_based\nruntime=10ms\n")
pre = on_tty([], [exe, "run", "--drive", big, short, "--precondition", "seq4x", "--output", os.devnull])
assert "preconditioning: sequential pass 4/4 done" in pre, pre[-300:]
end = on_tty([], [exe, "endurance", "--drive", big, "--workload", "seq128k"])
assert "endurance: round" in end or "endurance: sequential pass 2/2 done" in end, end[-300:]
# Without a terminal, a run that will take long says so once, after 10 s (issue 19, item 7:
# runtime=999999s was accepted with no word of the days it would take).
forever = os.path.join(os.path.dirname(job), "forever.fio")
open(forever, "w").write("[r]\nrw=randread\nbs=4k\niodepth=64\nnumjobs=4\ntime_based\nruntime=999999s\n")
try:
    subprocess.run([exe, "run", "--drive", drive, forever, "--output", os.devnull], capture_output=True, text=True,
                   timeout=16)
    raise AssertionError("the 999999 s run ended")
except subprocess.TimeoutExpired as e:
    err = e.stderr.decode() if isinstance(e.stderr, bytes) else (e.stderr or "")
    assert "this run needs about" in err and " h more" in err, err
print("progress shown on a terminal, not with --quiet or a pipe; preconditioning and endurance phases shown; "
      "a long run's wall time estimated without a terminal")
PY
