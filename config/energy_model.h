// The energy accounting's view of a drive profile (power/energy.h): its NAND and power
// parameters, dies, and the erase time of a block group at the run's scale.
#pragma once
#include "config/drive_config.h"
#include "config/layout.h"
#include "power/energy.h"

namespace ssdtwin::config {

// Unscaled: the erase time of a full block.
inline power::EnergyModel energy_model(const DriveConfig& cfg) {
  return {&cfg.nand, &cfg.power, cfg.dies(), cfg.nand.tBERS_ps};
}
inline power::EnergyModel energy_model(const DriveConfig& cfg, const Layout& layout) {
  return {&cfg.nand, &cfg.power, cfg.dies(), layout.tBERS_ps};
}

}  // namespace ssdtwin::config
