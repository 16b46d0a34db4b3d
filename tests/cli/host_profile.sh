#!/usr/bin/env bash
# The host profile (--host): its keys act on the run and are reported apart from the drive's.
# A host whose data path moves 0.1 GB/s of write data caps sequential writes there; without
# it the same drive and job write faster. config --dump lists where each host key came from.
set -euo pipefail
exe="$1"; src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '[host]\npath_write_gbps = 0.1\n' > "$tmp/slow-host.toml"
printf '[global]\ntime_based\nruntime=20ms\n[sw]\nrw=write\nbs=128k\niodepth=8\n' > "$tmp/sw.fio"
drive="$src/tests/data/tiny-drive.toml"
"$exe" run --drive "$drive" "$tmp/sw.fio" --output-format=json --quiet > "$tmp/default.json"
"$exe" run --drive "$drive" "$tmp/sw.fio" --host "$tmp/slow-host.toml" --output-format=json --quiet > "$tmp/slow.json"
python3 - "$tmp/default.json" "$tmp/slow.json" <<'PY'
import json, sys
d, s = (json.load(open(p)) for p in sys.argv[1:3])
bw = lambda j: j["jobs"][0]["write"]["bw_bytes"] / 1e6
hp = lambda j: j["ssdtwin"]["profile"]["host_profile"]["host"]
print(f"default host {bw(d):.0f} MB/s, 0.1 GB/s host path {bw(s):.0f} MB/s")
assert bw(s) <= 100 * 1.01, "the host path does not cap the writes"
assert bw(d) > 1.5 * bw(s), "the default host is not faster"
assert hp(d)["path_write_gbps"] == 0 and hp(s)["path_write_gbps"] == 0.1
assert "host" not in d["ssdtwin"]["profile"]["drive_profile"]
PY
"$exe" config --dump "$drive" --host "$tmp/slow-host.toml" | grep -E "^path_write_gbps = 0.1 .*from .*slow-host.toml:2$"
"$exe" config --dump "$drive" | grep -E "^submit_overhead_ns = 2000 .*from default$"
