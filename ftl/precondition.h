// Functional preconditioning: the same Mapping code the timed FTL uses, with no NAND
// timing, so a multi-terabyte drive reaches a written state in seconds.
#pragma once
#include <cstdint>

#include "ftl/mapping.h"

namespace ssdtwin::ftl {

struct GcWatermarks {
  std::uint32_t low_bgs = 2, high_bgs = 3;
};

// Writes every user LPN in order `passes` times (SNIA PTS workload-independent
// preconditioning is passes = 2 with 128 KiB sequential writes), units striped
// round-robin over dies, with greedy GC as the timed FTL does it.
void precondition_sequential(Mapping& map, std::uint32_t passes, GcWatermarks wm);

// Greedy GC of one die until it has `wm.high_bgs` free block groups (or no victim gains).
void functional_gc(Mapping& map, std::uint32_t die, GcWatermarks wm);

}  // namespace ssdtwin::ftl
