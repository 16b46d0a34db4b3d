// FTL policy parameters from the drive profile's [ftl] section.
#pragma once
#include <cstdint>
#include <string>

#include "sim/time.h"

namespace ssdtwin::ftl {

struct FtlConfig {
  std::uint32_t iu_bytes = 0;               // indirection unit: bytes mapped per L2P entry
  std::uint64_t write_buffer_bytes = 0;     // power-loss-protected DRAM write buffer
  std::uint32_t gc_low_watermark_bgs = 0;   // per die: GC starts below this many free block groups
  std::uint32_t gc_high_watermark_bgs = 0;  // per die: GC stops at this many
  std::uint32_t gc_reads_inflight = 0;      // per die: GC page reads outstanding at once
  std::string gc_policy = "greedy";         // a name from ftl/gc/policies.def (ftl/victim_policy.h)
  std::uint32_t gc_window_bgs = 16;         // per die, for windowed greedy
  std::uint32_t gc_d_choices = 8;           // random candidates d_choices compares
  std::uint32_t static_wl_spread_pe = 0;    // erase-count spread (P/E cycles) that triggers static WL; 0 off
  std::uint32_t gc_paced = 1;               // 1: GC relocation paced by host writes (credits); 0: as fast as it can
  TimePs idle_gc_after_ps = 0;              // host idle this long (no command outstanding) starts background GC; 0 off
  std::uint32_t idle_gc_target_bgs = 0;     // per die: background GC collects until this many block groups are free
  // 1: the write and GC buffers are power-loss protected (hold-up capacitors). 0: they are
  // volatile, so a GC victim is erased only once its relocated data is programmed.
  std::uint32_t plp = 1;
  // Sequential read-ahead (ftl/read_ahead.h): bytes kept fetched ahead of a detected
  // stream (0: off), sequential commands before it starts, streams tracked at once.
  std::uint32_t read_ahead_bytes = 0;
  std::uint32_t read_ahead_trigger = 2;
  std::uint32_t read_ahead_streams = 8;
};

}  // namespace ssdtwin::ftl
