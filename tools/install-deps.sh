#!/usr/bin/env bash
# Installs the Debian 12 packages ssdtwin needs, and only those that are missing.
# Idempotent: a second run installs nothing and exits 0.
set -euo pipefail

packages=(
  build-essential cmake pkg-config
  libsystemc-dev          # SystemC 2.3.4 + TLM-2.0 (built for C++17)
  libboost-test-dev       # unit tests
  libfmt-dev              # formatting of reports
  libtomlplusplus-dev     # drive/NAND profiles
  nlohmann-json3-dev      # JSON output
  libbenchmark-dev        # bench/
  python3-matplotlib      # tools/ssdtwin-plot (PNG plots from the JSON/CSV outputs)
  libnlopt-cxx-dev        # ssdtwin calibrate (derivative-free fitting)
  fio                     # tests: a real fio result imported as lab records
  clang libclang-rt-14-dev  # tools/fuzz.sh: libFuzzer targets (preset "fuzz")
  clang-format clang-tidy   # tools/format.sh, .clang-tidy (house style, checked by a test)
  slurm-wlm munge           # sweep --backend slurm; tests run a real local cluster (label slurm)
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
