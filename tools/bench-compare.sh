#!/usr/bin/env bash
# The speed of two builds, compared on a shared machine: runs each benchmark of OLD and NEW
# alternately, PAIRS times, and prints every pair, the medians and how many pairs NEW won.
# This project's 2-core machine drifts by up to 2x within an hour (its neighbours' load),
# so only alternated runs compare; say whether the hour was quiet when quoting them.
#   tools/bench-compare.sh OLD_BUILD_DIR NEW_BUILD_DIR [PAIRS] [BENCH...]
# BENCH: program names in bench/ (default: every bench_* program of NEW_BUILD_DIR). The
# figure is each benchmark's rate: sim_ios_per_wall_s, iu_updates_per_wall_s or
# wakeups_per_wall_s. Extra Google Benchmark flags go in BENCH_FLAGS (environment).
set -euo pipefail
[[ $# -ge 2 ]] || { echo "usage: $0 OLD_BUILD_DIR NEW_BUILD_DIR [PAIRS] [BENCH...]" >&2; exit 2; }
old="$1"; new="$2"; pairs="${3:-3}"; shift 2; [[ $# -gt 0 ]] && shift
[[ "$pairs" =~ ^[1-9][0-9]*$ ]] || { echo "$0: PAIRS must be a positive integer, not '$pairs'" >&2; exit 2; }
if [[ $# -gt 0 ]]; then benches=("$@"); else
  benches=()
  for f in "$new"/bench/bench_*; do [[ -x "$f" && -f "$f" ]] && benches+=("$(basename "$f")"); done
fi
[[ ${#benches[@]} -gt 0 ]] || { echo "$0: no benchmark programs in $new/bench" >&2; exit 2; }
for b in "${benches[@]}"; do
  for d in "$old" "$new"; do
    [[ -x "$d/bench/$b" ]] || { echo "$0: no benchmark program $d/bench/$b" >&2; exit 2; }
  done
done

# One run: the rate counter of its first benchmark, from Google Benchmark's JSON.
rate() {
  # shellcheck disable=SC2086  # BENCH_FLAGS is a list of flags
  "$1" --benchmark_format=json ${BENCH_FLAGS:-} 2>/dev/null | python3 -c '
import json, sys
b = json.load(sys.stdin)["benchmarks"][0]
for k in ("sim_ios_per_wall_s", "iu_updates_per_wall_s", "wakeups_per_wall_s", "items_per_second"):
    if k in b:
        print(b[k]); break
else:
    sys.exit("no rate counter in the benchmark output")'
}

for b in "${benches[@]}"; do
  olds=(); news=()
  for ((i = 1; i <= pairs; ++i)); do
    o=$(rate "$old/bench/$b"); n=$(rate "$new/bench/$b")
    olds+=("$o"); news+=("$n")
    printf '%s pair %d: old %.4g new %.4g\n' "$b" "$i" "$o" "$n"
  done
  python3 - "$b" "${olds[*]}" "${news[*]}" <<'EOF'
import statistics, sys
name, olds, news = sys.argv[1], [float(x) for x in sys.argv[2].split()], [float(x) for x in sys.argv[3].split()]
mo, mn = statistics.median(olds), statistics.median(news)
wins = sum(n > o for o, n in zip(olds, news))
print(f"{name}: median old {mo:.4g} new {mn:.4g} ({(mn / mo - 1) * 100:+.1f}%), new faster in {wins} of {len(olds)} pairs")
EOF
done
