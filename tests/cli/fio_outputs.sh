#!/usr/bin/env bash
# fio's own tools read ssdtwin's outputs: fio_jsonplus_clat2csv turns --output-format=json+
# into CSV (and validates it against the bins), with the same p99 as ssdtwin's JSON; and
# fio2gnuplot reads the bandwidth log, whose average matches the job's reported bandwidth.
# A per-I/O latency log has one line per I/O.
set -euo pipefail
exe="$1"; src="$2"
for t in fio_jsonplus_clat2csv fio2gnuplot; do
  command -v $t >/dev/null || { echo "$t is not installed (Debian package fio; tools/install-deps.sh)"; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
"$exe" run --drive "$src/tests/data/tiny-drive.toml" "$src/scenarios/workloads/mix-70-30.fio" --output-format=json+ \
  --output jp.json 2> run1.err
fio_jsonplus_clat2csv jp.json clat > /dev/null
fio_jsonplus_clat2csv --validate jp.json clat > validate.log
grep -q "clat_job0 validated" validate.log
printf '[rr]\nwrite_bw_log=t\nwrite_iops_log=t\nlog_avg_msec=100\nrw=randread\nbs=4k\niodepth=8\ntime_based\nruntime=2s\n[lat]\nrw=randwrite\nbs=4k\nnumber_ios=500\nwrite_lat_log=l\n' > logs.fio
"$exe" run --drive "$src/tests/data/tiny-drive.toml" logs.fio --precondition seq1x --output-format=json --output logs.json 2> run2.err
fio2gnuplot -p 't_bw.*.log' -o bw > gnuplot.log
python3 - <<'PY'
import csv, json
# json+ -> CSV: the first bin at or above the 99th percentile is ssdtwin's p99.
job = json.load(open("jp.json"))["jobs"][0]
rows = list(csv.reader(open("clat_job0")))
hdr = [h.strip() for h in rows[0]]
ns, pct = hdr.index("nsec"), hdr.index("read_clat_ns_percentile")
p99_csv = next(float(r[ns]) for r in rows[1:] if r[pct].strip() and float(r[pct]) >= 0.99)  # a fraction
p99 = job["read"]["clat_ns"]["percentile"]["99.000000"]
assert abs(p99_csv - p99) <= 0.01 * p99, (p99_csv, p99)
# fio2gnuplot reads the bandwidth log (its average is the log's); the 100 ms windows of the
# runtime average to the job's bandwidth (KiB/s). As fio, the commands in flight when the
# runtime ends are reaped and logged: a 21st, partial window may follow the 20 full ones.
g = dict(l.strip().split("=") for l in open("t_bw..global") if "=" in l)
rr = json.load(open("logs.json"))["jobs"][0]["read"]
bw = [int(l.split(",")[1]) for l in open("t_bw.1.log")]
assert abs(float(g["avg"]) - sum(bw) / len(bw)) <= 0.005 * float(g["avg"]), (g, bw)
assert abs(sum(bw[:20]) / 20 - rr["bw"]) <= 0.02 * rr["bw"], (bw, rr["bw"])
iops = [l.split(",") for l in open("t_iops.1.log")]
assert len(iops) in (20, 21) and all(int(r[0]) >= 2000 for r in iops[20:]), iops  # 2 s in 100 ms windows
assert abs(sum(int(r[1]) for r in iops[:20]) / 20 - rr["iops"]) <= 0.02 * rr["iops"]
lines = open("l_clat.2.log").read().splitlines()
assert len(lines) == 500 and all(l.split(", ")[2] == "1" for l in lines), len(lines)
print("json+ p99", p99_csv, "ns; bw log avg", g["avg"], "KiB/s vs", rr["bw"], "; lat log", len(lines), "lines")
PY
