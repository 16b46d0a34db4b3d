// NAND generation parameters, as loaded from scenarios/nand/*.toml (validated once at load).
#pragma once
#include <cstdint>
#include <string>

#include "sim/time.h"

namespace ssdtwin::nand {

struct NandConfig {
  std::string name;
  double die_capacity_gbit = 0;  // nominal die capacity the geometry must provide
  std::uint32_t planes_per_die = 0;
  std::uint32_t blocks_per_plane = 0;
  std::uint32_t pages_per_block = 0;
  std::uint32_t page_bytes = 0;     // user data per page
  std::uint32_t spare_bytes = 0;    // ECC parity + metadata per page, moved on the bus with the data
  std::uint32_t bits_per_cell = 0;  // pages per wordline per plane (one-shot program unit)
  TimePs tR_ps = 0;                 // page read, array to page register: the mean over page types
  // Page types read in different times: a TLC wordline's pages are sensed against different
  // numbers of read levels (its Gray code, e.g. 1-2-4 or 2-3-2), each level adding
  // tR_per_level_ps. tR_offset_ps[type] is that page type's difference from the mean tR_ps
  // (indexed by nand::PageType, lower page first); all zero when the profile gives no
  // per-level time. Filled in when the profile is validated.
  std::string read_levels;  // "1-2-4": levels sensed per page type, lower page first ("": not given)
  TimePs tR_per_level_ps = 0;
  std::int64_t tR_offset_ps[4] = {0, 0, 0, 0};
  TimePs tPROG_ps = 0;         // one-shot program of one wordline (bits_per_cell pages) on all planes
  TimePs tBERS_ps = 0;         // block erase (multi-plane)
  TimePs ecc_decode_ps = 0;    // LDPC decode latency per read, pipelined (no contention modelled)
  TimePs cmd_overhead_ps = 0;  // command/address cycles and status polling per operation
  double bus_rate_mts = 0;     // NV-DDR/NV-LPDDR transfers per second (millions)
  std::uint32_t bus_width_bits = 0;
  double pe_cycles = 0;  // rated program/erase cycles per block
  // Program/erase suspend: a read arriving while its die programs or erases may pause the
  // operation. The operation keeps progressing during the suspend latency; resuming costs
  // resume_ps on top of the time it still had to run.
  TimePs program_suspend_ps = 0;  // command to array free, program
  TimePs erase_suspend_ps = 0;    // command to array free, erase
  TimePs resume_ps = 0;           // extra array time added by each resume
  std::uint32_t max_suspends_per_op = 0;
  bool suspend_enabled = false;  // controller policy (drive profile), not a NAND property
  // Cache read (ONFI READ CACHE): the page register hands its data to the cache register when
  // tR ends, so the plane senses its next page while the previous one still streams out.
  bool cache_read_enabled = false;  // controller policy (drive profile), not a NAND property
  // Energy: VCC x mean current x array time per operation, plus VCCQ I/O energy per byte on
  // the channel. Currents are per operation (a single-plane read, a multi-plane program or
  // erase), averaged over its array time.
  double vcc_v = 0;
  double read_ma = 0, program_ma = 0, erase_ma = 0;
  double standby_ua = 0;      // per die, idle
  double io_pj_per_byte = 0;  // channel transfer energy (VCCQ) per byte, data + spare

  double bus_bytes_per_s() const { return bus_rate_mts * 1e6 * bus_width_bits / 8.0; }
  std::uint64_t die_raw_bytes() const {
    return std::uint64_t(planes_per_die) * blocks_per_plane * pages_per_block * page_bytes;
  }
};

}  // namespace ssdtwin::nand
