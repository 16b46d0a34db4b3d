#include "model/saved_state.h"

#include <cstring>
#include <fmt/format.h>

#include "config/input_error.h"

namespace ssdtwin::model {

namespace {

constexpr char kMagic[16] = "ssdtwin-state\n";

std::uint64_t fnv1a(const char* p, std::size_t n) {
  std::uint64_t h = 1469598103934665603ull;
  for (std::size_t i = 0; i < n; ++i) h = (h ^ std::uint8_t(p[i])) * 1099511628211ull;
  return h;
}

struct Header {
  char magic[16];
  std::uint32_t version;
  std::uint32_t reserved;
  std::uint64_t fingerprint;
  std::uint64_t payload_bytes;  // then the payload, then its 8-byte StateHash
};

}  // namespace

std::string state_identity(const config::DriveConfig& cfg, const config::Layout& l, const RunOptions& opt,
                           std::uint64_t active_lo, std::uint64_t active_hi, bool active_whole) {
  const nand::Geometry& g = l.geo;
  const ftl::FtlConfig& f = cfg.ftl;
  // Sequential passes write every LPN whatever the jobs: only random preconditioning
  // depends on the jobs' active range and the seed.
  const std::string random = opt.precondition_random ? fmt::format(",rand over {}-{}{}, seed {}", active_lo, active_hi,
                                                                   active_whole ? " (whole drive)" : "", opt.seed)
                                                     : "";
  return fmt::format(
      "version {}; geometry {} dies x {} planes, {} BGs/die x {} units x {} IUs/unit, {} IUs, IU {} B, scale {}; "
      "user {} IUs; gc {}/{} {} window {} d {}, static WL {} P/E, P/E {}; precondition seq{}x{}",
      kSavedStateVersion, g.dies, g.planes, g.bgs_per_die, g.units_per_bg, g.ius_per_unit, g.physical_ius, l.iu_bytes,
      l.scale, l.user_ius, f.gc_low_watermark_bgs, f.gc_high_watermark_bgs, f.gc_policy, f.gc_window_bgs,
      f.gc_d_choices, f.static_wl_spread_pe, cfg.nand.pe_cycles, opt.precondition_passes, random);
}

std::uint64_t state_fingerprint(const std::string& identity) { return fnv1a(identity.data(), identity.size()); }

namespace {

void write_payload(StateWriter& w, const ftl::Mapping& map, const SavedState& s) {
  map.save_state(w);
  w.put_vector(s.precondition.random_round_waf);
  w.put<std::uint8_t>(s.precondition.random_steady);
  w.put(s.precondition.random_steady_round);
  w.put(s.precondition.random_range_bytes);
  w.put<std::uint8_t>(s.steady_state_gc);
}

std::uint64_t payload_bytes(const ftl::Mapping& map, const SavedState& s) {
  StateWriter count(nullptr);
  write_payload(count, map, s);
  return count.bytes();
}

}  // namespace

std::uint64_t state_bytes(const ftl::Mapping& map, const SavedState& s) {
  return sizeof(Header) + payload_bytes(map, s) + sizeof(std::uint64_t);
}

void encode_state(std::uint64_t fingerprint, const ftl::Mapping& map, const SavedState& s, ByteSink& out) {
  Header h{};
  std::memcpy(h.magic, kMagic, sizeof h.magic);
  h.version = kSavedStateVersion;
  h.fingerprint = fingerprint;
  h.payload_bytes = payload_bytes(map, s);
  out.write(reinterpret_cast<const char*>(&h), sizeof h);
  StateWriter w(&out);
  write_payload(w, map, s);
  const std::uint64_t checksum = w.finish();
  out.write(reinterpret_cast<const char*>(&checksum), sizeof checksum);
}

SavedState decode_state(ByteSource& in, std::uint64_t fingerprint, ftl::Mapping& map) {
  Header h{};
  if (in.size() < sizeof h || in.read(reinterpret_cast<char*>(&h), sizeof h) != sizeof h ||
      std::memcmp(h.magic, kMagic, sizeof h.magic) != 0)
    throw StateError("not an ssdtwin saved state (no header); make one with run --save-state");
  if (h.version != kSavedStateVersion)
    throw StateError(
        fmt::format("a saved state of format version {}; this ssdtwin reads version {}: save it "
                    "again",
                    h.version, kSavedStateVersion));
  if (h.fingerprint != fingerprint)
    throw StateError(
        "a saved state of another drive, scale, user capacity, GC setting, preconditioning, job range or seed "
        "(its fingerprint differs from this run's); save one for this run with --save-state");
  if (in.size() < sizeof h + sizeof(std::uint64_t) || h.payload_bytes != in.size() - sizeof h - sizeof(std::uint64_t))
    throw StateError("the saved state is truncated or corrupt (its length differs from its header's)");
  // The payload streams straight into the tables; its checksum is known only at the end,
  // so a failure to parse is reported as corruption too.
  SavedState s;
  std::uint64_t hash = 0;
  try {
    StateReader r(in, h.payload_bytes);
    map.load_state(r);
    r.get_vector(s.precondition.random_round_waf, 1u << 20);
    s.precondition.random_steady = r.get<std::uint8_t>() != 0;
    s.precondition.random_steady_round = r.get<std::uint32_t>();
    s.precondition.random_range_bytes = r.get<std::uint64_t>();
    s.steady_state_gc = r.get<std::uint8_t>() != 0;
    if (!r.at_end()) throw std::runtime_error("saved state: bytes after the end");
    hash = r.hash();
  } catch (const std::runtime_error& e) {
    throw StateError(fmt::format("the saved state is truncated or corrupt, or does not fit this drive ({})", e.what()));
  }
  std::uint64_t checksum = 0;
  if (in.read(reinterpret_cast<char*>(&checksum), sizeof checksum) != sizeof checksum || checksum != hash)
    throw StateError("the saved state is truncated or corrupt (checksum mismatch)");
  return s;
}

}  // namespace ssdtwin::model
