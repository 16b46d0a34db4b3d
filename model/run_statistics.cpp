#include "model/run_statistics.h"

#include <algorithm>
#include <numeric>

namespace ssdtwin::model {
namespace {

StatValue U(std::uint64_t v) { return v; }
StatValue V(const std::vector<std::uint64_t>& v) { return v; }
}  // namespace

double span_fraction(TimePs busy, TimePs span) { return span ? double(busy) / double(span) : 0.0; }

double mean_fraction(const std::vector<TimePs>& busy, TimePs span) {
  if (busy.empty() || !span) return 0.0;
  const long double sum = std::accumulate(busy.begin(), busy.end(), (long double)0);
  return double(sum / busy.size() / span);
}
double max_fraction(const std::vector<TimePs>& busy, TimePs span) {
  if (busy.empty() || !span) return 0.0;
  return double(*std::max_element(busy.begin(), busy.end())) / double(span);
}

#define STAT(path, unit, desc, expr)                                                        \
  {                                                                                         \
    path, unit, desc, [](const RunResult& r, const config::DriveConfig& cfg) -> StatValue { \
      const DriveResults& d = r.drive;                                                      \
      (void)r, (void)cfg, (void)d;                                                          \
      return expr;                                                                          \
    }                                                                                       \
  }

const std::vector<Statistic>& run_statistics() {
  static const std::vector<Statistic> all = {
      STAT("nand.reads", "operations", "NAND page reads (host, GC, read-ahead, read-modify-write)", U(d.flash.reads)),
      STAT("nand.programs", "operations", "NAND program operations (one program unit each)", U(d.flash.programs)),
      STAT("nand.erases", "operations", "NAND block-group erases", U(d.flash.erases)),
      STAT("nand.program_suspends", "operations", "programs suspended for a read", U(d.flash.program_suspends)),
      STAT("nand.program_limit_waits", "operations", "programs that waited for a peak-power program slot",
           U(d.flash.program_limit_waits)),
      STAT("nand.erase_suspends", "operations", "erases suspended for a read", U(d.flash.erase_suspends)),
      STAT("nand.read_bus_bytes", "bytes", "data and spare moved die-to-controller over the channels",
           U(d.flash.read_bus_bytes)),
      STAT("nand.program_bus_bytes", "bytes", "data and spare moved controller-to-die over the channels",
           U(d.flash.program_bus_bytes)),
      STAT("nand.die_utilisation_mean", "fraction", "array busy time per die over the run, mean of the dies",
           mean_fraction(d.flash.die_busy_ps, r.sim_end_ps)),
      STAT("nand.die_utilisation_max", "fraction", "array busy time of the busiest die over the run",
           max_fraction(d.flash.die_busy_ps, r.sim_end_ps)),
      STAT("nand.channel_utilisation_mean", "fraction", "bus busy time per channel over the run, mean of the channels",
           mean_fraction(d.flash.channel_busy_ps, r.sim_end_ps)),
      STAT("nand.channel_utilisation_max", "fraction", "bus busy time of the busiest channel over the run",
           max_fraction(d.flash.channel_busy_ps, r.sim_end_ps)),
      STAT("ftl.host_written_ius", "IUs", "IUs the host wrote (partial IUs count whole)", U(d.ftl.host_written_ius)),
      STAT("ftl.host_read_ius", "IUs", "IUs the host read", U(d.ftl.host_read_ius)),
      STAT("ftl.read_buffer_hits", "IUs", "host-read IUs served from the write buffer", U(d.ftl.read_buffer_hits)),
      STAT("ftl.read_unmapped", "IUs", "host-read IUs never written or trimmed (served without NAND)",
           U(d.ftl.read_unmapped)),
      STAT("ftl.buffer_overwrites", "IUs", "host writes to an IU still in the write buffer (no NAND write)",
           U(d.ftl.buffer_overwrites)),
      STAT("ftl.write_stalls", "commands", "write commands that waited for write-buffer space", U(d.ftl.write_stalls)),
      STAT("ftl.trimmed_ius", "IUs", "IUs deallocated by TRIM", U(d.ftl.trimmed_ius)),
      STAT("ftl.host_programs", "operations", "program units of host data", U(d.ftl.host_programs)),
      STAT("ftl.gc_programs", "operations", "program units of relocated (GC) data", U(d.ftl.gc_programs)),
      STAT("ftl.gc_nand_reads", "operations", "NAND reads GC issued to relocate valid data", U(d.ftl.gc_nand_reads)),
      STAT("ftl.gc_relocated_ius", "IUs", "valid IUs GC copied", U(d.mapping.gc_ius_programmed)),
      STAT("ftl.gc_victims", "block groups", "block groups GC chose as victims", U(d.mapping.gc_victims)),
      STAT("ftl.idle_gc_periods", "events", "times host idleness started background GC", U(d.ftl.idle_periods)),
      STAT("ftl.static_wl_moves", "block groups", "block groups collected to move cold data (static wear levelling)",
           U(d.mapping.static_wl_moves)),
      STAT("ftl.retired_block_groups", "block groups", "block groups retired at their rated erase count",
           U(d.mapping.retired_bgs)),
      STAT("ftl.block_groups_erased", "block groups", "block groups erased by the mapping", U(d.mapping.bgs_erased)),
      STAT("ftl.nand_programmed_ius", "IUs", "IUs programmed to NAND (host, GC and padding) over the timed run",
           U(d.nand_programmed_ius)),
      STAT("ftl.read_ahead.nand_reads", "operations", "page reads issued ahead of a sequential stream",
           U(d.read_ahead.nand_reads)),
      STAT("ftl.read_ahead.hit_ius", "IUs", "host IUs served from prefetched data in DRAM", U(d.read_ahead.hit_ius)),
      STAT("ftl.read_ahead.joined_ius", "IUs", "host IUs that waited for a prefetch already in flight",
           U(d.read_ahead.joined_ius)),
      STAT("ftl.read_ahead.unused_ius", "IUs", "prefetched IUs dropped without being read", U(d.read_ahead.unused_ius)),
      STAT("ftl.read_ahead.streams_started", "events", "sequential streams detected", U(d.read_ahead.streams_started)),
      STAT("ftl.host_written_bytes", "bytes", "bytes the host wrote", U(d.ftl.host_written_bytes)),
      STAT("ftl.rmw_reads", "operations", "NAND reads of old IU data merged into partial-IU writes",
           U(d.ftl.rmw_reads)),
      STAT("ftl.host_nand_reads", "operations", "NAND reads for host read commands", U(d.ftl.host_nand_reads)),
      STAT("ftl.dropped_at_power_loss", "IUs", "IUs whose data arrived after the supply failed",
           U(d.ftl.dropped_at_power_loss)),
      STAT("ftl.host_ius_programmed", "IUs", "IU slots allocated to host program units",
           U(d.mapping.host_ius_programmed)),
      STAT("ftl.padding_ius", "IUs", "IU slots programmed without live data (stale buffer slots, partial units)",
           U(d.mapping.padding_ius)),
      STAT("write_amplification", "ratio", "NAND IUs programmed / host IUs written, over the timed run", d.waf),
      STAT("pcie.payload_ceiling_bytes_per_s", "bytes/s",
           "the link's payload ceiling per direction after TLP and DLLP overhead", d.link_payload_ceiling_bytes_per_s),
      STAT("pcie.upstream_utilisation", "fraction", "device-to-host link busy time over the run",
           span_fraction(d.link_up_busy_ps, r.sim_end_ps)),
      STAT("pcie.downstream_utilisation", "fraction", "host-to-device link busy time over the run",
           span_fraction(d.link_down_busy_ps, r.sim_end_ps)),
      STAT("controller.read_cmds", "commands", "read commands completed", U(d.controller.read_cmds)),
      STAT("controller.write_cmds", "commands", "write commands completed", U(d.controller.write_cmds)),
      STAT("controller.core_utilisation", "fraction", "firmware core busy time over the run, per core",
           span_fraction(d.controller.core_busy_ps, r.sim_end_ps) / cfg.controller.fe_cores),
      STAT("controller.gc_firmware_ius", "IUs", "GC IUs the firmware cores processed", U(d.controller.gc_fw_ius)),
      STAT("controller.gc_firmware_core_share", "fraction", "share of firmware core time spent on GC",
           d.controller.core_busy_ps ? double(d.controller.gc_fw_busy_ps) / double(d.controller.core_busy_ps) : 0.0),
      STAT("controller.trim_cmds", "commands", "dataset-management (TRIM) commands completed",
           U(d.controller.trim_cmds)),
      STAT("controller.rejected_cmds", "commands", "commands refused by the controller", U(d.controller.rejected_cmds)),
      STAT("controller.gc_firmware_batches", "events", "GC read batches the firmware cores processed",
           U(d.controller.gc_fw_batches)),
      STAT("controller.cmds_per_queue", "commands", "commands fetched from each submission queue",
           V(d.controller.cmds_per_queue)),
  };
  return all;
}

}  // namespace ssdtwin::model
