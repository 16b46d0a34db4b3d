#!/usr/bin/env bash
# Install, build and run the whole default test suite (CTest, 2 jobs in parallel).
set -euo pipefail
cd "$(dirname "$0")/.."
./tools/build.sh
ctest --test-dir build -j2 --output-on-failure "$@"
