#!/usr/bin/env bash
# Usage: expect_error.sh EXPECTED_SUBSTRING -- COMMAND ARGS...
# Passes when COMMAND exits non-zero (but not by a signal) and its stderr contains the
# substring: a bad input must give a clear message, never a crash or a silent default.
set -u
expected="$1"; shift
[ "$1" = "--" ] && shift
err=$("$@" 2>&1 >/dev/null)
rc=$?
if [ $rc -eq 0 ]; then echo "FAIL: exit 0 for: $*"; exit 1; fi
if [ $rc -ge 128 ]; then echo "FAIL: killed by signal $((rc - 128)) for: $*"; echo "$err"; exit 1; fi
case "$err" in
  *"$expected"*) echo "ok (exit $rc): $err"; exit 0 ;;
  *) echo "FAIL: message lacks '$expected': $err"; exit 1 ;;
esac
