#!/usr/bin/env bash
# The long data-integrity soak (issue 7): tests/data/verify-soak.fio (hot/cold random mix,
# 64 KiB writes, deallocates, 512 B read-modify-writes) on the tiny test drive (72 MiB, 4
# dies: GC and static wear levelling both run; on larger scaled drives the free pool sits
# at the GC watermarks and static WL rarely gets a turn) under --verify, with power-state
# changes and N random power cuts with PLP. Prints drive writes, checks,
# mismatches and each cut's outcome; exits non-zero on any mismatch or lost write.
#   tools/verify-soak.sh [RUNTIME_S=135] [CUTS=20] [SEED=1]   (about 100 drive writes)
# sim.verify_soak and sim.power_loss_plp are its short versions in the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
runtime="${1:-135}"; cuts="${2:-20}"; seed="${3:-1}"
[ -x build/ssdtwin ] || ./tools/build.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sed "s/runtime=11s/runtime=${runtime}s/" tests/data/verify-soak.fio > "$tmp/soak.fio"
build/ssdtwin run --drive tests/data/tiny-drive.toml "$tmp/soak.fio" --scale 1 --precondition seq1x --seed "$seed" \
  --set ftl.static_wl_spread_pe=3 --power-timeline 1s:1,2s:0,2500ms:2,3s:0 --power-loss-random "$cuts" \
  --check-invariants --quiet --output-format=json --output "$tmp/out.json"
python3 - "$tmp/out.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["ssdtwin"]
v, f, p = s["verify"], s["ftl"], s["power_loss"]
user_ius = s["verify"]["readback_checks"]
print(f"drive writes {f['host_written_ius'] / user_ius:.1f} ({f['host_written_ius']} IUs of {user_ius}), WAF {s['write_amplification']:.2f}, "
      f"GC relocated {f['gc_relocated_ius']} IUs, static WL moves {f['static_wl_moves']}, trimmed {f['trimmed_ius']} IUs")
print(f"verify: {v['checked']} checks ({v['host_read_checks']} host reads, {v['relocation_checks']} relocations, "
      f"{v['readback_checks']} read-back), {v['mismatches']} mismatches; invariants {s.get('invariants')}")
bad = v["mismatches"] > 0 or s.get("invariants") != "ok"
print(f"power losses: {p['happened']} of {p['planned']} planned")
for e in p["events"]:
    print(f"  {e['at_s']:.3f} s: {'clean' if e['clean'] else 'TORN'}, {e['buffered_ius_at_cut']} IUs buffered, flushed in "
          f"{e['flushed_after_us']:.0f} us, {e['aborted_commands']} commands aborted, lost {e['lost_writes']} "
          f"({e['lost_acknowledged_writes']} acknowledged), scan checked {e['durable_checked']} LPNs, "
          f"{e['durable_mismatches']} mismatches")
    bad |= not e["clean"] or e["lost_writes"] > 0 or e["durable_mismatches"] > 0
sys.exit(1 if bad else 0)
PY
