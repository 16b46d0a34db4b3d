// Closed-form NAND timing, used by the flash array and by tests and docs to state what a
// single, uncontended operation costs.
#pragma once
#include <cstdint>

#include "nand/geometry.h"
#include "nand/nand_config.h"
#include "nand/nand_op.h"
#include "sim/time.h"

namespace ssdtwin::nand {

// Channel transfer: bytes / (MT/s x width / 8).
inline TimePs bus_time_ps(const NandConfig& c, std::uint64_t bytes) {
  return transfer_ps(static_cast<double>(bytes), c.bus_bytes_per_s());
}
// Bytes a one-shot multi-plane program moves: planes x bits_per_cell pages with spare.
inline std::uint64_t program_unit_bus_bytes(const NandConfig& c) {
  return std::uint64_t(c.page_bytes + c.spare_bytes) * c.planes_per_die * c.bits_per_cell;
}
// Uncontended program of one unit: command + data-in + tPROG.
inline TimePs program_unit_time_ps(const NandConfig& c) {
  return c.cmd_overhead_ps + bus_time_ps(c, program_unit_bus_bytes(c)) + c.tPROG_ps;
}
// Array read time of a page of type `t` (Lower .. Top); other types (a whole wordline or
// block) read in the mean tR.
inline TimePs tR_ps_of(const NandConfig& c, PageType t) {
  const auto i = static_cast<std::size_t>(t);
  return i < 4 ? TimePs(std::int64_t(c.tR_ps) + c.tR_offset_ps[i]) : c.tR_ps;
}
// Uncontended read of `ius` indirection units of one page: command + tR + data-out + ECC
// (tR of page type `t`; the mean tR by default).
inline TimePs page_read_time_ps(const NandConfig& c, std::uint32_t ius_per_page, std::uint32_t ius,
                                PageType t = PageType::Wordline) {
  const std::uint64_t bytes = std::uint64_t(c.page_bytes + c.spare_bytes) / ius_per_page * ius;
  return c.cmd_overhead_ps + tR_ps_of(c, t) + bus_time_ps(c, bytes) + c.ecc_decode_ps;
}

}  // namespace ssdtwin::nand
