// FTL policy parameters from the drive profile's [ftl] section.
#pragma once
#include <cstdint>

namespace ssdtwin::ftl {

struct FtlConfig {
  std::uint32_t iu_bytes = 0;            // indirection unit: bytes mapped per L2P entry
  std::uint64_t write_buffer_bytes = 0;  // power-loss-protected DRAM write buffer
  std::uint32_t gc_low_watermark_bgs = 0;   // per die: GC starts below this many free block groups
  std::uint32_t gc_high_watermark_bgs = 0;  // per die: GC stops at this many
  std::uint32_t gc_reads_inflight = 0;      // per die: GC page reads outstanding at once
};

}  // namespace ssdtwin::ftl
