// Drive energy from activity counters: NAND array operations, channel I/O, controller,
// DRAM and PCIe, each from the profile's power parameters. Computed after the fact from
// cumulative counters (run totals or time-series samples), so the simulation core only
// counts events. docs/architecture.md ("Power") gives the equations.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "nand/nand_config.h"
#include "power/power_config.h"
#include "sim/time.h"

namespace ssdtwin::power {

// What the energy accounting reads: a view of the NAND and power parameters, the number of
// dies and the (scaled) erase time. config::energy_model() builds it from a drive profile.
struct EnergyModel {
  const nand::NandConfig* nand = nullptr;
  const PowerConfig* power = nullptr;
  std::uint32_t dies = 0;
  TimePs tBERS_ps = 0;  // erase time of one (scaled) block group
};

// Cumulative activity; two snapshots give the energy between them.
struct ActivityCounters {
  double t_s = 0;
  std::uint64_t nand_reads = 0, nand_programs = 0, nand_erases = 0;
  std::uint64_t nand_read_sense_ps = 0;  // tR summed over the reads (it varies by page type)
  std::uint64_t nand_bus_bytes = 0;      // data + spare over the channels, both directions
  double core_busy_s = 0;                // front-end core time processing commands
  std::uint64_t host_bytes = 0;          // read and written by the host
  std::uint64_t host_ios = 0;            // host commands completed
  double operational_s = 0;              // time in operational power states
  double non_operational_s = 0;          // time in non-operational states
};

struct EnergyBreakdown {
  double nand_array_j = 0, nand_io_j = 0, nand_idle_j = 0, controller_j = 0, dram_j = 0, pcie_j = 0;
  double total_j() const { return nand_array_j + nand_io_j + nand_idle_j + controller_j + dram_j + pcie_j; }
  // Component names and joules, in report order.
  std::vector<std::pair<std::string, double>> parts() const {
    return {{"nand_array", nand_array_j}, {"nand_io", nand_io_j}, {"nand_idle", nand_idle_j},
            {"controller", controller_j}, {"dram", dram_j},       {"pcie", pcie_j}};
  }
};

EnergyBreakdown energy_between(const EnergyModel& m, const ActivityCounters& a, const ActivityCounters& b);
// Run-level power figures over the whole simulated time (ramp included).
struct PowerSummary {
  double seconds = 0, energy_j = 0, average_w = 0, peak_w = 0;  // peak: highest series interval
  double mb_per_s = 0, iops = 0, mb_per_s_per_w = 0, iops_per_w = 0, uj_per_io = 0;
  EnergyBreakdown energy;
};
// `interval_peaks_w`: per-interval power of the series (may be empty).
PowerSummary summarize_power(const EnergyModel& m, const ActivityCounters& end,
                             const std::vector<double>& interval_peaks_w);

// Power the drive draws with no work in an operational / a non-operational state (W).
double operational_static_w(const EnergyModel& m);
double non_operational_static_w(const EnergyModel& m);

}  // namespace ssdtwin::power
