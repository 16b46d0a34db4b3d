#!/usr/bin/env bash
# On a terminal a run longer than 2 s of wall time shows a progress line on stderr (simulated
# time against the planned length, I/Os, ETA) and clears it; --quiet and a non-terminal
# stderr show none.
set -euo pipefail
exe="$1"; src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '[r]\nrw=randread\nbs=4k\niodepth=64\nnumjobs=4\ntime_based\nruntime=60s\n' > "$tmp/long.fio"
python3 - "$exe" "$src/tests/data/tiny-drive.toml" "$tmp/long.fio" <<'PY'
import os, pty, subprocess, sys
exe, drive, job = sys.argv[1:4]
def on_tty(extra):
    out = b""
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(exe, [exe, "run", "--drive", drive, job, "--precondition", "seq1x", "--output", os.devnull] + extra)
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
assert piped.returncode == 0 and "s simulated" not in piped.stderr, piped.stderr
print("progress shown on a terminal, not with --quiet or a pipe")
PY
