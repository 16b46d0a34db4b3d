#!/usr/bin/env python3
"""The ssdtwin JSON outputs of two runs, compared without their "wallclock" objects (the only
part that may differ between identical runs):
  without_wallclock.py A.json B.json   exit 0 when identical; 1 and the first differing lines
                                       when not; 2 on an unreadable file or one without any
                                       "wallclock" (so a renamed key cannot make a check vacuous)
  without_wallclock.py A.json          A without its wallclock, keys sorted, on stdout"""
import difflib
import json
import sys


def strip(node):
    found = 0
    if isinstance(node, dict):
        found += node.pop("wallclock", None) is not None
        for v in node.values():
            found += strip(v)
    elif isinstance(node, list):
        for v in node:
            found += strip(v)
    return found


def load(path):
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        print(f"{path}: {e}", file=sys.stderr)
        sys.exit(2)
    if not strip(doc):
        print(f"{path}: no \"wallclock\" object to remove", file=sys.stderr)
        sys.exit(2)
    return json.dumps(doc, sort_keys=True, indent=1)


if len(sys.argv) == 2:
    print(load(sys.argv[1]))
elif len(sys.argv) == 3:
    a, b = load(sys.argv[1]), load(sys.argv[2])
    if a != b:
        diff = difflib.unified_diff(a.splitlines(), b.splitlines(), sys.argv[1], sys.argv[2], lineterm="")
        print("\n".join(list(diff)[:40]), file=sys.stderr)
        sys.exit(1)
else:
    print(__doc__, file=sys.stderr)
    sys.exit(2)
