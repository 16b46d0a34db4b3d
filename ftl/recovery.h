// What a power cut leaves on the drive, found the way firmware finds it when power
// returns: a scan of every programmed page's spare area (the LPN and write sequence stored
// with each IU), keeping per LPN the copy with the highest sequence. Pages whose program
// the cut interrupted hold nothing readable. The scan's result is compared with what the
// host wrote (VerifyTags): which newest versions were lost, whether any of them had been
// acknowledged, and whether anything that was already on flash at the cut came back wrong.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "ftl/mapping.h"
#include "ftl/verify_tags.h"

namespace ssdtwin::ftl {

struct LostWrite {
  std::uint64_t lpn = 0;
  std::uint32_t seq = 0;            // the newest version, which did not survive
  std::uint32_t recovered_seq = 0;  // what the scan found instead (0: nothing: the LPN reads as unwritten)
  bool acknowledged = false;        // a version newer than the recovered one had its completion posted
};

struct CutScan {
  std::uint64_t programmed_ius_scanned = 0;  // IUs with spare-area metadata
  std::uint64_t unflushed_lpns = 0;          // LPNs whose newest version was in DRAM (write buffer) at the cut
  std::uint64_t lost_writes = 0;             // LPNs whose newest version the scan did not find
  std::uint64_t lost_acknowledged = 0;
  bool lost_equals_unflushed = true;     // the lost LPNs are exactly the unflushed ones
  std::uint64_t durable_checked = 0;     // LPNs whose newest version was on flash at the cut
  std::uint64_t durable_mismatches = 0;  // ... and came back as anything else
  std::uint64_t resurrected_trims = 0;   // deallocated LPNs whose old data the scan finds again
  std::vector<LostWrite> lost;           // every lost write, in LPN order
};

// `interrupted`: [first PPN, count) ranges whose program had not completed at the cut;
// their tags are wiped first (the pages hold no readable data). `map` is the mapping at the
// cut (it tells which LPNs were still in the write buffer).
// `map_saved`: the map was saved on capacitor energy (PLP), so deallocations survive and the
// scan only cross-checks the data; without it the scan is the map, and deallocated LPNs
// whose old data is still on NAND come back (counted, not lost).
CutScan scan_after_cut(const Mapping& map, VerifyTags& tags,
                       const std::vector<std::pair<std::uint64_t, std::uint64_t>>& interrupted, bool map_saved);

}  // namespace ssdtwin::ftl
