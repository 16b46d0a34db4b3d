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
# The installed ssdtwin finds the installed lab files (share/ssdtwin/scenarios/lab) from any
# directory: a tag no record has is refused as such, not as "no lab files".
err=$(cd "$tmp" && "$tmp/prefix/bin/ssdtwin" validate --tag no-such-tag 2>&1 >/dev/null || true)
case "$err" in *"no-such-tag"*"no record"* | *"no record"*"no-such-tag"*) echo "installed validate: $err" ;;
  *) echo "FAIL: the installed validate did not find its lab files: $err"; exit 1 ;; esac
