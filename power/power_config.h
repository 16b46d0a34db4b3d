// Power parameters of the drive outside the NAND dies (drive profile [power]) and its NVMe
// power-state descriptor table ([[power_state]]). NAND energies are in nand::NandConfig.
#pragma once
#include <cstdint>
#include <vector>

#include "sim/time.h"

namespace ssdtwin::power {

// One NVMe power-state descriptor (NVMe base spec, Identify Controller PSD; libnvme
// nvme_id_psd). Watts here; the Identify data would carry them in 0.01 W units.
struct PowerStateDesc {
  double mp_w = 0;                                   // maximum power in this state
  bool non_operational = false;                      // NOPS: no I/O is processed in this state
  TimePs enlat_ps = 0;                               // entry latency
  TimePs exlat_ps = 0;                               // exit latency
  std::uint32_t rrt = 0, rrl = 0, rwt = 0, rwl = 0;  // relative read/write throughput/latency ranks
  double idlp_w = 0;                                 // idle power (0: not reported)
  double actp_w = 0;                                 // active power (0: not reported)
};

// Power-loss protection (drive profile [plp]): hold-up capacitors keep the drive running
// after the supply fails, long enough to program what DRAM holds. Hold-up time = usable
// capacitor energy / the drive's draw while flushing. After power returns the controller
// boots, then loads its map (saved with PLP; rebuilt by a spare-area scan without).
struct PlpConfig {
  double capacitor_energy_j = 0;  // usable: 1/2 C (V_charge^2 - V_cutoff^2)
  double flush_power_w = 0;       // drive draw while flushing on capacitor energy
  TimePs boot_ps = 0;             // power-on to controller ready, before the map is loaded
  TimePs hold_up_ps() const { return flush_power_w > 0 ? TimePs(capacitor_energy_j / flush_power_w * 1e12) : 0; }
};

struct PowerConfig {
  double controller_idle_w = 0;     // controller logic and cores, operational, no command work
  double fe_core_busy_w = 0;        // extra per front-end core while it processes a command
  double datapath_pj_per_byte = 0;  // DMA engines, LDPC, encryption per host byte moved
  double dram_w = 0;                // DRAM background power (refresh, termination)
  double dram_pj_per_byte = 0;      // DRAM access energy per host byte buffered
  double pcie_l0_w = 0;             // device-side PHY and link layer in L0 (active or idle)
  double pcie_l1_w = 0;             // in L1 (ASPM) during non-operational states
  double nonop_controller_w = 0;    // controller and DRAM (self-refresh) in a non-operational state
  TimePs cap_window_ps = 0;         // averaging window of the MP cap
  // First-order thermal model of the composite temperature and NVMe host-controlled
  // thermal management (HCTM): above TMT1 power is held to tmt1_limit_w, above TMT2 to
  // tmt2_limit_w (0 thresholds: off).
  double ambient_c = 0;                  // air at the drive's inlet
  double r_th_c_per_w = 0;               // composite-to-ambient thermal resistance
  double c_th_j_per_c = 0;               // heat capacity (time constant = R x C)
  double warning_c = 0, critical_c = 0;  // WCTEMP, CCTEMP (reported)
  double tmt1_c = 0, tmt2_c = 0;
  double tmt1_limit_w = 0, tmt2_limit_w = 0;
  std::vector<PowerStateDesc> states;  // PS0 .. PSn
  PlpConfig plp;
};

}  // namespace ssdtwin::power
