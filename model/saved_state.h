// A preconditioned drive saved once and reused: the FTL's functional state (the Mapping:
// L2P/P2L tables, block-group states, valid and erase counts, free pools, open block
// groups, GC candidate index) and the preconditioning report, in a versioned binary format
// with a checksum and the fingerprint of what made it (geometry and scale, user capacity,
// FTL keys that shape functional writing, the preconditioning, the jobs' active range and
// the seed). Timing, power and host keys are not in the fingerprint: a state is reused
// across them (a calibration of tR or firmware costs preconditions once).
#pragma once
#include <cstdint>
#include <string>

#include "config/input_error.h"
#include "ftl/mapping.h"
#include "model/simulation.h"

namespace ssdtwin::model {

// 2: greedy candidate sequence instead of buckets; 3: streamed, the checksum after the payload.
constexpr std::uint32_t kSavedStateVersion = 3;

// The text the fingerprint hashes (for error messages and tests) and its hash.
std::string state_identity(const config::DriveConfig& cfg, const config::Layout& layout, const RunOptions& opt,
                           std::uint64_t active_lo, std::uint64_t active_hi, bool active_whole);
std::uint64_t state_fingerprint(const std::string& identity);

// A saved state that cannot be used for this run (the message says why).
class StateError : public config::InputError {
 public:
  using config::InputError::InputError;
};

struct SavedState {
  PreconditionReport precondition;
  bool steady_state_gc = false;  // random preconditioning left GC running in steady state
};

// Streams the state to `out` (header, payload, checksum); the sink's errors propagate.
void encode_state(std::uint64_t fingerprint, const ftl::Mapping& map, const SavedState& s, ByteSink& out);
// The length encode_state will write (a cache checks its disk space with it).
std::uint64_t state_bytes(const ftl::Mapping& map, const SavedState& s);
// Restores `map` (built for the same geometry) from `in`; throws StateError when the bytes
// are not a saved state, are corrupt (length, checksum), come from another version or
// another drive, scale, preconditioning or seed (fingerprint). After a throw `map` may hold
// part of the state: the run must not go on with it.
SavedState decode_state(ByteSource& in, std::uint64_t fingerprint, ftl::Mapping& map);

}  // namespace ssdtwin::model
