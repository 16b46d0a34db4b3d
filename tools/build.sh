#!/usr/bin/env bash
# Installs what is missing, then configures and builds ssdtwin (Release) in ./build.
set -euo pipefail
cd "$(dirname "$0")/.."
./tools/install-deps.sh
cmake -B build -S . -DCMAKE_BUILD_TYPE=Release "$@" > build-configure.log 2>&1 || { cat build-configure.log; exit 1; }
rm -f build-configure.log
cmake --build build -j"$(nproc)"
