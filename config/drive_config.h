// The fully resolved drive description: plain structs, validated once by the loader
// (config/config_loader.h). The simulation core only ever sees this.
#pragma once
#include <cstdint>
#include <string>

#include "ftl/ftl_config.h"
#include "host_if/host_if_config.h"
#include "power/power_config.h"
#include "nand/nand_config.h"

namespace ssdtwin::config {

struct DriveConfig {
  std::string name;
  std::string base_profile;             // drive profile this one extends, as written ("" none)
  std::string nand_profile;             // path as written in the drive profile
  std::uint64_t user_bytes = 0;         // advertised user capacity
  std::uint64_t raw_bytes_nominal = 0;  // NAND capacity on the bill of materials
  double op_pct = 0;                    // > 0: user_bytes = user_bytes_at_op(raw_bytes_nominal, op_pct) (config_loader)
  std::uint32_t channels = 0;
  std::uint32_t dies_per_channel = 0;
  double warranty_years = 0;
  nand::NandConfig nand;
  ftl::FtlConfig ftl;
  host_if::PcieConfig pcie;
  host_if::ControllerConfig controller;
  power::PowerConfig power;

  std::uint32_t dies() const { return channels * dies_per_channel; }
  std::uint64_t raw_bytes() const { return std::uint64_t(dies()) * nand.die_raw_bytes(); }
  double op_ratio() const { return double(raw_bytes()) / double(user_bytes) - 1.0; }
};

// The user capacity overprovisioning leaves of a raw NAND capacity: raw / (1 + op/100),
// rounded down to 4 KiB (capacity.op_pct, endurance --op-sweep).
inline std::uint64_t user_bytes_at_op(std::uint64_t raw_bytes, double op_pct) {
  constexpr std::uint64_t kSector = 4096;
  return std::uint64_t(double(raw_bytes) / (1.0 + op_pct / 100.0)) / kSector * kSector;
}

}  // namespace ssdtwin::config
