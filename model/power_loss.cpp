#include "model/power_loss.h"

#include <algorithm>
#include <fmt/format.h>

namespace ssdtwin::model {
namespace {
constexpr TimePs kPollPs = 10 * kPsPerUs;    // how often a flush on hold-up power is checked
constexpr double kSpareMetaBytesPerIu = 16;  // LPN, write sequence and CRC read per IU in a scan (estimate)
}  // namespace

RecoveryEstimate recovery_estimate(const config::DriveConfig& cfg, bool map_saved, double programmed_fraction) {
  const nand::NandConfig& n = cfg.nand;
  const double boot_s = s_from_ps(cfg.power.plp.boot_ps);
  const double channel_bw = cfg.channels * n.bus_bytes_per_s();
  const double t_read_s = s_from_ps(n.tR_ps + n.cmd_overhead_ps);
  const double array_bw = double(cfg.dies()) * n.planes_per_die * n.page_bytes / t_read_s;
  RecoveryEstimate r;
  if (map_saved) {
    // The map written on capacitor energy is read back whole: 4 B per IU.
    const double map_bytes = double(cfg.user_bytes) / cfg.ftl.iu_bytes * 4.0;
    const double bw = std::min(channel_bw, array_bw);
    r.seconds = boot_s + map_bytes / bw;
    r.basis = fmt::format(
        "boot {:.0f} ms (plp.boot_ms) + reading the saved map, {:.2f} GiB (4 B per {} B IU of {:.2f} TB user), at "
        "{:.1f} GB/s = min(channels {} x {:.0f} MB/s, array {} dies x {} planes x {} KiB / (tR + command) {:.1f} us)",
        boot_s * 1e3, map_bytes / 1073741824.0, cfg.ftl.iu_bytes, cfg.user_bytes / 1e12, bw / 1e9, cfg.channels,
        n.bus_bytes_per_s() / 1e6, cfg.dies(), n.planes_per_die, n.page_bytes / 1024, t_read_s * 1e6);
  } else {
    // No saved map: every programmed page's spare area is sensed (a multi-plane read per
    // page position, all dies in parallel) and its per-IU metadata moved to the controller.
    const double positions = double(n.blocks_per_plane) * n.pages_per_block * programmed_fraction;
    const double array_s = positions * t_read_s;
    const double ius = positions * n.planes_per_die * (double(n.page_bytes) / cfg.ftl.iu_bytes) * cfg.dies();
    const double bus_s = ius * kSpareMetaBytesPerIu / channel_bw;
    r.seconds = boot_s + std::max(array_s, bus_s);
    r.basis = fmt::format(
        "boot {:.0f} ms (plp.boot_ms) + a spare-area scan of the {:.0f}% of block groups programmed: per die "
        "{:.0f} multi-plane reads x (tR + command) {:.1f} us = {:.1f} s, all dies in parallel (metadata {:.0f} B per "
        "IU over {} channels: {:.1f} s); the larger counts",
        boot_s * 1e3, programmed_fraction * 100, positions, t_read_s * 1e6, array_s, kSpareMetaBytesPerIu, cfg.channels,
        bus_s);
  }
  return r;
}

PowerLossInjector::PowerLossInjector(sc_core::sc_module_name name, Drive& drive,
                                     std::vector<workload::FioInitiator*> hosts, const PowerLossOptions& opt)
    : sc_module(name), drive_(drive), hosts_(std::move(hosts)), opt_(opt), wake_("power_loss_wake") {
  SC_METHOD(on_wake);
  sensitive << wake_.event();
  dont_initialize();
  wake_.join(drive.lookahead(), [this] { on_wake(); });  // cuts in order with the drive's own wake-ups
}

void PowerLossInjector::start_of_simulation() {
  if (!opt_.at_ps.empty()) wake_.at(opt_.at_ps.front(), Step::Cut);
}

void PowerLossInjector::on_wake() {
  const TimePs now = sc_now_ps();
  wake_.drain([this, now](Step s) {
    switch (s) {
      case Step::Cut:
        cut(now);
        break;
      case Step::Poll:
        poll(now);
        break;
      case Step::Restore:
        restore(now);
        break;
    }
  });
}

void PowerLossInjector::cut(TimePs now) {
  // After the jobs have ended there is nothing to cut (the cut is reported as not happened).
  if (std::all_of(hosts_.begin(), hosts_.end(), [](const workload::FioInitiator* h) { return h->finished(); })) return;
  const config::DriveConfig& cfg = drive_.config();
  PowerLossEvent e;
  e.cut_ps = now;
  e.plp = cfg.ftl.plp != 0;
  e.hold_up_ps = e.plp ? cfg.power.plp.hold_up_ps() : 0;
  e.energy_available_j = e.plp ? cfg.power.plp.capacitor_energy_j : 0;
  e.buffered_ius_at_cut = drive_.ftl().buffer_used_ius();
  for (workload::FioInitiator* h : hosts_) {
    e.aborted_commands += h->inflight();  // none of them will complete for the host
    h->power_off();
  }
  events_.push_back(e);
  drive_.ftl().power_fail();
  poll(now);
}

void PowerLossInjector::poll(TimePs now) {
  PowerLossEvent& e = events_.back();
  if (!drive_.ftl().holds_volatile_data()) {
    e.clean = true;
    e.flushed_after_ps = now - e.cut_ps;
    e.energy_used_j = e.plp ? drive_.config().power.plp.flush_power_w * s_from_ps(now - e.cut_ps) : 0.0;
    went_dark(now);
  } else if (now >= e.cut_ps + e.hold_up_ps) {
    e.energy_used_j = e.energy_available_j;
    went_dark(now);
  } else {
    wake_.at(std::min(now + kPollPs, e.cut_ps + e.hold_up_ps), Step::Poll);
  }
}

void PowerLossInjector::went_dark(TimePs now) {
  PowerLossEvent& e = events_.back();
  ftl::Ftl& ftl = drive_.ftl();
  const ftl::Mapping& map = ftl.mapping();
  const bool map_saved = e.plp && e.clean;  // PLP wrote the map on capacitor energy
  e.scan = ftl::scan_after_cut(map, *drive_.verify(), ftl.interrupted_ranges(), map_saved);
  const nand::Geometry& g = map.geometry();
  std::uint64_t free = 0;
  for (std::uint32_t d = 0; d < g.dies; ++d) free += map.free_bgs(d);
  const double programmed = 1.0 - double(free) / (double(g.dies) * g.bgs_per_die);
  e.recovery = recovery_estimate(drive_.config(), map_saved, programmed);
  if (!e.clean) {
    // Torn state (programs cut short, DRAM gone): reported as found, and the run ends here.
    ended_run_ = true;
    stop_simulation();
    return;
  }
  const TimePs back = std::max(now, e.cut_ps + opt_.off_ps) + TimePs(e.recovery.seconds * 1e12);
  wake_.at(back, Step::Restore);
}

void PowerLossInjector::restore(TimePs now) {
  PowerLossEvent& e = events_.back();
  e.resumed_ps = now;
  drive_.ftl().power_restore();
  for (workload::FioInitiator* h : hosts_) h->power_on(now);
  // A cut planned inside the outage comes 1 ms after the host is back, so it cuts I/O.
  if (++next_ < opt_.at_ps.size()) wake_.at(std::max(now + kPsPerMs, opt_.at_ps[next_]), Step::Cut);
}

}  // namespace ssdtwin::model
