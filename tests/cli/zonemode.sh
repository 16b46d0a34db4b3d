#!/usr/bin/env bash
# zonemode=strided: 4 KiB writes stay in a zone until zonesize (64 KiB) has moved, then skip
# zonerange + zoneskip (2 MiB) to the next zone; read from the per-I/O offset log.
set -euo pipefail
exe="$1"; src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
printf '[z]\nrw=write\nbs=4k\nzonemode=strided\nzonerange=1m\nzonesize=64k\nzoneskip=1m\nsize=16m\nio_size=512k\nwrite_lat_log=z\nlog_offset=1\n' > z.fio
"$exe" run --drive "$src/tests/data/tiny-drive.toml" z.fio --scale 1 --output /dev/null 2> err
python3 - <<'PY'
offs = [int(l.split(", ")[4]) for l in open("z_lat.1.log")]
assert len(offs) == 128, len(offs)
for i, o in enumerate(offs):
    zone, k = divmod(i, 16)
    assert o == zone * 2 * 1048576 + k * 4096, (i, o)
print("strided: 8 zones of 16 x 4 KiB, 2 MiB apart")
PY
