// Energy of one NAND operation: VCC x mean current x array time (the SimpleSSD/NANDFlashSim
// model), plus VCCQ channel I/O energy per byte moved. docs/architecture.md ("Power").
#pragma once
#include "nand/nand_config.h"

namespace ssdtwin::nand {

inline double array_energy_j(const NandConfig& c, double current_ma, TimePs t_ps) {
  return c.vcc_v * current_ma * 1e-3 * s_from_ps(t_ps);
}
// A read draws its current while it senses, so its energy follows its page type's tR.
inline double read_energy_j(const NandConfig& c, TimePs tR_ps) { return array_energy_j(c, c.read_ma, tR_ps); }
inline double read_energy_j(const NandConfig& c) { return read_energy_j(c, c.tR_ps); }  // at the mean tR
inline double program_energy_j(const NandConfig& c) { return array_energy_j(c, c.program_ma, c.tPROG_ps); }
// tBERS as simulated: a scaled block group erases in proportion to its size.
inline double erase_energy_j(const NandConfig& c, TimePs tBERS_ps) { return array_energy_j(c, c.erase_ma, tBERS_ps); }
inline double io_energy_j(const NandConfig& c, double bytes) { return c.io_pj_per_byte * 1e-12 * bytes; }
inline double standby_w(const NandConfig& c) { return c.vcc_v * c.standby_ua * 1e-6; }

}  // namespace ssdtwin::nand
