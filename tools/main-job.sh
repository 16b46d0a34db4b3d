#!/usr/bin/env bash
# The main job: install, build, then run the four-corner jobs on the Micron 9550 MAX
# 12.8 TB profile and print predicted vs lab values with the signed error.
set -euo pipefail
cd "$(dirname "$0")/.."
./tools/build.sh
./build/ssdtwin compare --lab scenarios/lab/micron-9550-max-12.8tb.toml "$@"
