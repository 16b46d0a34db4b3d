#!/usr/bin/env bash
# The whole default test suite again under AddressSanitizer + UndefinedBehaviorSanitizer
# (CMake preset "asan": build-asan/, RelWithDebInfo). Any sanitizer report fails its test:
# UB aborts (-fno-sanitize-recover=all), leaks are reported (tools/lsan.supp suppresses
# SystemC's own kernel allocations only). About 15 min of build and 2-3 min of tests on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
./tools/install-deps.sh
cmake --preset asan > build-asan-configure.log 2>&1 || { cat build-asan-configure.log; exit 1; }
rm -f build-asan-configure.log
cmake --build build-asan -j"$(nproc)"
ctest --preset asan "$@"
