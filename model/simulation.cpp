#include "model/simulation.h"

#include <algorithm>
#include <fmt/format.h>

#include "config/input_error.h"
#include "model/testbench.h"

namespace ssdtwin::model {
namespace {

// The power state options name states the drive has, and the run starts in an operational one.
void validate_power_options(const config::DriveConfig& cfg, const RunOptions& opt) {
  for (const auto& e : opt.power.timeline)
    if (e.state >= cfg.power.states.size())
      throw config::InputError(fmt::format("power state timeline: PS{} does not exist; the drive has PS0..PS{}",
                                           e.state, cfg.power.states.size() - 1));
  if (opt.power.initial_state >= cfg.power.states.size())
    throw config::InputError(fmt::format("option '--power-state': PS{} does not exist; the drive has PS0..PS{}",
                                         opt.power.initial_state, cfg.power.states.size() - 1));
  if (cfg.power.states[opt.power.initial_state].non_operational)
    throw config::InputError(fmt::format(
        "option '--power-state': PS{} is non-operational; start in an operational state", opt.power.initial_state));
}

}  // namespace

void validate_jobs(const config::DriveConfig& cfg, const config::Layout& layout, const workload::FioJobFile& jf) {
  // Queue pairs are held by the jobs that run together: a stonewall starts a new group.
  std::uint64_t queues = 0, group_queues = 0;
  for (const workload::FioJob& j : jf.jobs) {
    if (j.stonewall && &j != &jf.jobs.front()) group_queues = 0;
    const auto where = workload::job_where(jf.path, j);
    for (std::uint32_t d = 0; d < 3; ++d) {
      if (!j.uses_dir(d)) continue;
      const workload::BlockSizes& b = j.bs[d];
      std::vector<std::uint64_t> sizes;
      if (b.is_range()) sizes = {b.range_lo};  // every size is a multiple of the minimum
      for (const auto& w : b.split)
        if (!b.is_range() && w.percent > 0) sizes.push_back(w.bytes);
      for (std::uint64_t bs : sizes) {
        if (bs % 512)
          throw config::InputError(
              fmt::format("{}: block size {} is not a multiple of the 512 B logical block", where, bs));
        if (d == workload::kDirTrim && bs % cfg.ftl.iu_bytes)
          throw config::InputError(
              fmt::format("{}: block size {} is not a multiple of the drive's indirection unit ({} B); "
                          "deallocation works on whole IUs",
                          where, bs, cfg.ftl.iu_bytes));
      }
      if (d == workload::kDirWrite && b.max() > cfg.ftl.write_buffer_bytes / 2)
        throw config::InputError(fmt::format("{}: block size {} exceeds half the write buffer ({} B)", where, b.max(),
                                             cfg.ftl.write_buffer_bytes));
    }
    if (j.max_bs() % j.min_bs() && j.is_random())
      throw config::InputError(
          fmt::format("{}: random I/O with block sizes {} and {}: offsets are multiples of the smallest, "
                      "so the largest must be a multiple of it",
                      where, j.min_bs(), j.max_bs()));
    if (j.iodepth >= cfg.controller.max_queue_entries)
      throw config::InputError(fmt::format("{}: iodepth={} does not fit a queue of {} entries (at most {})", where,
                                           j.iodepth, cfg.controller.max_queue_entries,
                                           cfg.controller.max_queue_entries - 1));
    const std::uint64_t off = j.offset ? j.offset->resolve(cfg.user_bytes) : 0;
    if (off >= cfg.user_bytes)
      throw config::InputError(
          fmt::format("{}: offset={} is at or beyond the drive's user capacity ({} B)", where, off, cfg.user_bytes));
    const std::uint64_t size = j.size ? j.size->resolve(cfg.user_bytes) : cfg.user_bytes - off;
    if (off + size > cfg.user_bytes)
      throw config::InputError(fmt::format("{}: offset+size={} exceeds the drive's user capacity ({} B)", where,
                                           off + size, cfg.user_bytes));
    if (size / layout.scale < j.max_bs())
      throw config::InputError(fmt::format("{}: size={} is smaller than one block of bs={} at scale {}", where, size,
                                           j.max_bs(), layout.scale));
    group_queues += j.numjobs;
    queues = std::max(queues, group_queues);
  }
  if (queues > cfg.controller.max_io_queues)
    throw config::InputError(fmt::format("{}: {} job clones running together need {} I/O queue pairs; the drive has {}",
                                         jf.path, queues, queues, cfg.controller.max_io_queues));
}

void validate_steady_rounds(const workload::FioJobFile& jf) {
  const workload::FioJob& first = jf.jobs.front();
  for (const workload::FioJob& j : jf.jobs) {
    const auto where = workload::job_where(jf.path, j);
    if (&j != &first && j.stonewall)
      throw config::InputError(
          fmt::format("{}: key 'stonewall': steady-state rounds need every job running together", where));
    if (!j.time_based || !j.runtime_ps)
      throw config::InputError(
          fmt::format("{}: keys 'time_based' and 'runtime' are required: the runtime is one steady-state "
                      "round",
                      where));
    if (j.runtime_ps != first.runtime_ps || j.ramp_time_ps != first.ramp_time_ps)
      throw config::InputError(
          fmt::format("{}: keys 'runtime'/'ramp_time' must match the first job's for steady-state rounds", where));
  }
}

RunResult run_fio(const config::DriveConfig& cfg, const host_if::HostConfig& host, const config::Layout& layout,
                  const workload::FioJobFile& jf, const RunOptions& opt) {
  validate_jobs(cfg, layout, jf);
  if (opt.steady_max_rounds) validate_steady_rounds(jf);
  validate_power_options(cfg, opt);
  Testbench bench(cfg, host, layout, jf, opt);
  bench.precondition();
  bench.simulate();
  return bench.results();
}

}  // namespace ssdtwin::model
