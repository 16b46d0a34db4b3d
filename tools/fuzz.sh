#!/usr/bin/env bash
# Builds the libFuzzer programs (CMake preset "fuzz": clang, ASan + UBSan) and runs each for
# SECONDS (default 60) from its seed corpus (the files named in fuzz/fuzz_entries.cpp).
# A crash stops that target, leaves the input in build-fuzz/crashes/TARGET/ and makes the
# script exit non-zero; copy it to fuzz/regressions/TARGET/ once fixed, where
# unit.fuzz_regressions replays it in the ordinary suite. Prints executions per target.
#   tools/fuzz.sh [SECONDS] [TARGET...]        e.g. tools/fuzz.sh 3600 fio_job trace
# FUZZ_SEED (default 1) fixes libFuzzer's mutation sequence, so CI's bounded run explores the
# same inputs on every run (a red CI then means the code changed); FUZZ_SEED=0 draws a
# random seed (longer exploratory runs).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"; shift || true
./tools/install-deps.sh
cmake --preset fuzz > build-fuzz-configure.log 2>&1 || { cat build-fuzz-configure.log; exit 1; }
rm -f build-fuzz-configure.log
cmake --build build-fuzz -j"$(nproc)" > /dev/null

# Seeds per target, as listed in fuzz/fuzz_entries.cpp (one line each: target then paths).
declare -A seeds=(
  [drive_profile]="scenarios/drives scenarios/drives/base tests/data/tiny-drive.toml tests/data/scale-drive.toml tests/data/waf-drive.toml"
  [nand_profile]="scenarios/nand tests/data/tiny-nand.toml tests/data/scale-nand.toml tests/data/waf-nand.toml"
  [fio_job]="scenarios/jobs scenarios/jobs/vdbench scenarios/jobs/gdsio scenarios/workloads tests/cli/data"
  [trace]="tests/data/traces tests/cli/data/bad-trace.iolog tests/cli/data/unknown.trace"
  [lab_file]="scenarios/lab"
  [fio_result]="fuzz/seeds/fio_result"
)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(drive_profile nand_profile fio_job trace lab_file fio_result)

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export LSAN_OPTIONS="suppressions=$PWD/tools/lsan.supp:print_suppressions=0"
failed=0
for t in "${targets[@]}"; do
  [ -n "${seeds[$t]:-}" ] || { echo "fuzz.sh: unknown target '$t'; targets: ${!seeds[*]}"; exit 2; }
  corpus="build-fuzz/corpus/$t"; crashes="build-fuzz/crashes/$t"
  mkdir -p "$corpus" "$crashes"
  for s in ${seeds[$t]}; do
    if [ -d "$s" ]; then find "$s" -maxdepth 1 -type f -exec cp {} "$corpus/" \; ; else cp "$s" "$corpus/"; fi
  done
  [ -d "fuzz/regressions/$t" ] && cp fuzz/regressions/"$t"/* "$corpus/" 2>/dev/null || true
  log="build-fuzz/$t.log"
  # -timeout: one input may take at most 10 s (a hang is a bug too); -rss_limit_mb bounds memory.
  dict=(); [ -f "fuzz/dicts/$t.dict" ] && dict=(-dict="fuzz/dicts/$t.dict")
  if build-fuzz/fuzz/fuzz_"$t" "$corpus" "${dict[@]}" -seed="${FUZZ_SEED:-1}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
       -artifact_prefix="$crashes/" -print_final_stats=1 > "$log" 2>&1; then status=ok; else status=CRASH; failed=1; fi
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || echo "?")
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo "?")
  echo "fuzz $t: $status, $execs executions in ${seconds} s, coverage $cov edges, corpus $(ls "$corpus" | wc -l) files"
  if [ "$status" = CRASH ]; then grep -a -m3 -E "ERROR|runtime error|terminate called|what\(\)" "$log" || true; ls "$crashes"; fi
done
exit $failed
