#!/usr/bin/env bash
# Installs ssdtwin into a scratch prefix, builds examples/embed against it with
# find_package(ssdtwin), and runs it on the tiny test drive.
set -euo pipefail
build="$1"; src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" > /dev/null
cmake -B "$tmp/embed" -S "$src/examples/embed" -DCMAKE_PREFIX_PATH="$tmp/prefix" -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build "$tmp/embed" -j2 > /dev/null
out=$(SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$tmp/embed/embed_example" "$src/tests/data/tiny-drive.toml")
echo "$out"
case "$out" in *"mean 128 KiB write"*) ;; *) echo "FAIL: unexpected output"; exit 1 ;; esac
