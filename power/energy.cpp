#include "power/energy.h"

#include <algorithm>

#include "nand/nand_energy.h"

namespace ssdtwin::power {

double operational_static_w(const EnergyModel& m) {
  const PowerConfig& p = *m.power;
  return p.controller_idle_w + p.dram_w + p.pcie_l0_w + m.dies * nand::standby_w(*m.nand);
}

double non_operational_static_w(const EnergyModel& m) {
  return m.power->nonop_controller_w + m.power->pcie_l1_w + m.dies * nand::standby_w(*m.nand);
}

EnergyBreakdown energy_between(const EnergyModel& m, const ActivityCounters& a, const ActivityCounters& b) {
  const nand::NandConfig& n = *m.nand;
  const PowerConfig& p = *m.power;
  const double op_s = b.operational_s - a.operational_s, nonop_s = b.non_operational_s - a.non_operational_s;
  const double host_bytes = double(b.host_bytes - a.host_bytes);
  EnergyBreakdown e;
  e.nand_array_j = nand::read_energy_j(n, b.nand_read_sense_ps - a.nand_read_sense_ps) +
                   double(b.nand_programs - a.nand_programs) * nand::program_energy_j(n) +
                   double(b.nand_erases - a.nand_erases) * nand::erase_energy_j(n, m.tBERS_ps);
  e.nand_io_j = nand::io_energy_j(n, double(b.nand_bus_bytes - a.nand_bus_bytes));
  e.nand_idle_j = m.dies * nand::standby_w(n) * (b.t_s - a.t_s);
  e.controller_j = p.controller_idle_w * op_s + p.nonop_controller_w * nonop_s +
                   p.fe_core_busy_w * (b.core_busy_s - a.core_busy_s) + p.datapath_pj_per_byte * 1e-12 * host_bytes;
  e.dram_j = p.dram_w * op_s + p.dram_pj_per_byte * 1e-12 * host_bytes;
  e.pcie_j = p.pcie_l0_w * op_s + p.pcie_l1_w * nonop_s;
  return e;
}

PowerSummary summarize_power(const EnergyModel& m, const ActivityCounters& end, const std::vector<double>& interval_w) {
  PowerSummary p;
  p.energy = energy_between(m, ActivityCounters{}, end);
  p.seconds = end.t_s;
  p.energy_j = p.energy.total_j();
  if (p.seconds <= 0) return p;
  p.average_w = p.energy_j / p.seconds;
  p.peak_w = p.average_w;
  for (double w : interval_w) p.peak_w = std::max(p.peak_w, w);
  p.mb_per_s = double(end.host_bytes) / p.seconds / 1e6;
  p.iops = double(end.host_ios) / p.seconds;
  p.mb_per_s_per_w = p.mb_per_s / p.average_w;
  p.iops_per_w = p.iops / p.average_w;
  p.uj_per_io = end.host_ios ? p.energy_j / double(end.host_ios) * 1e6 : 0.0;
  return p;
}

}  // namespace ssdtwin::power
