#include "model/simulation.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fmt/format.h>
#include <memory>

#include "ftl/functional_writer.h"
#include "model/drive.h"
#include "model/endurance.h"
#include "workload/fio_initiator.h"
#include "config/input_error.h"
#include "sim/rng.h"

namespace ssdtwin::model {
namespace {

std::uint64_t align_down(std::uint64_t v, std::uint64_t a) { return v / a * a; }

std::uint64_t mix_seed(std::uint64_t a, std::uint64_t b) {
  std::uint64_t z = a + 0x9e3779b97f4a7c15ULL * (b + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  return z ^ (z >> 27);
}

// Erase counts of all block groups into a sample, in full-scale P/E cycles (see Sample).
void add_erase_count_distribution(const ftl::Mapping& map, const config::Layout& layout, Sample& s) {
  double sum = 0, sum2 = 0, lo = 1e300, hi = 0;
  for (std::uint32_t d = 0; d < layout.geo.dies; ++d)
    for (std::uint32_t bg = 0; bg < layout.geo.bgs_per_die; ++bg) {
      const double e = map.erase_count(d, bg);
      sum += e;
      sum2 += e * e;
      lo = std::min(lo, e);
      hi = std::max(hi, e);
    }
  const double n = double(layout.geo.dies) * layout.geo.bgs_per_die, k = layout.scale;
  s.pe_mean = sum / n / k;
  s.pe_stddev = std::sqrt(std::max(0.0, sum2 / n - (sum / n) * (sum / n))) / k;
  s.pe_min = lo / k;
  s.pe_max = hi / k;
}

// Starts stonewall groups one after another, each when the previous has finished.
class GroupScheduler : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(GroupScheduler);
  explicit GroupScheduler(sc_core::sc_module_name n) : sc_module(n) {
    SC_METHOD(kick);  // runs once at t = 0
  }
  std::vector<std::vector<workload::FioInitiator*>> groups;
  bool finished() const { return finished_; }
  void job_done() {
    if (--running_ == 0) start_next();
  }

 private:
  void kick() { start_next(); }
  void start_next() {
    while (next_ < groups.size()) {
      auto& g = groups[next_++];
      running_ = static_cast<std::uint32_t>(g.size());
      for (workload::FioInitiator* i : g) i->start(sc_now_ps());
      if (running_ > 0) return;
    }
    finished_ = true;
    sc_core::sc_stop();
  }
  bool finished_ = false;
  std::size_t next_ = 0;
  std::uint32_t running_ = 0;
};

// A trace on this drive (docs/workloads.md, "Trace replay"): offsets are divided by the
// capacity scale, folded into the job's region (modulo its size) and aligned down to
// 512 B; an I/O that would run past the region's end is moved back to end there. Trims
// shrink to the whole IUs they cover (deallocation works on IUs); a trim covering none is
// dropped. Writes larger than half the write buffer are refused.
std::shared_ptr<const std::vector<workload::TraceIo>> prepare_trace(const workload::Trace& t, std::uint64_t region, const config::Layout& layout,
                                                          const config::DriveConfig& cfg, const std::string& where,
                                                          std::uint64_t& folded) {
  auto out = std::make_shared<std::vector<workload::TraceIo>>();
  out->reserve(t.ios.size());
  const std::uint64_t iu = cfg.ftl.iu_bytes;
  for (const workload::TraceIo& io : t.ios) {
    workload::TraceIo x = io;
    if (x.bytes > region)
      throw config::InputError(fmt::format("{}: trace {}: an I/O of {} B is larger than the job's region at scale {} ({} B)",
                                   where, t.path, x.bytes, layout.scale, region));
    if (x.dir == workload::kDirWrite && x.bytes > cfg.ftl.write_buffer_bytes / 2)
      throw config::InputError(fmt::format("{}: trace {}: a write of {} B exceeds half the write buffer ({} B)", where, t.path,
                                   x.bytes, cfg.ftl.write_buffer_bytes));
    folded += x.offset / layout.scale + x.bytes > region;
    x.offset = (x.offset / layout.scale) % region / 512 * 512;
    if (x.offset + x.bytes > region) x.offset = (region - x.bytes) / 512 * 512;
    if (x.dir == workload::kDirTrim) {
      const std::uint64_t first = (x.offset + iu - 1) / iu * iu, end = (x.offset + x.bytes) / iu * iu;
      if (end <= first) continue;
      x.offset = first;
      x.bytes = end - first;
    }
    out->push_back(x);
  }
  if (out->empty()) throw config::InputError(fmt::format("{}: trace {}: nothing left to replay (only sub-IU trims)", where, t.path));
  return out;
}

// Random writes of one IU each over the jobs' active range [lo, hi) (scaled bytes), trimmed
// to whole IUs: what random preconditioning writes for a test of part of the drive.
FioWrites active_range_writes(const config::Layout& layout, std::uint64_t lo, std::uint64_t hi) {
  const std::uint64_t iu = layout.iu_bytes;
  FioWrites range;
  range.name = "active range";
  range.random = true;
  range.bs_bytes = static_cast<std::uint32_t>(iu);
  range.first_lpn = lo / iu;
  range.region_bytes = (hi > range.first_lpn * iu ? hi - range.first_lpn * iu : 0) / iu * iu;
  if (range.region_bytes < iu)
    throw config::InputError("option '--precondition': the jobs' regions are smaller than one indirection unit");
  return range;
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
          throw config::InputError(fmt::format("{}: block size {} is not a multiple of the 512 B logical block", where, bs));
        if (d == workload::kDirTrim && bs % cfg.ftl.iu_bytes)
          throw config::InputError(fmt::format("{}: block size {} is not a multiple of the drive's indirection unit ({} B); "
                                       "deallocation works on whole IUs", where, bs, cfg.ftl.iu_bytes));
      }
      if (d == workload::kDirWrite && b.max() > cfg.ftl.write_buffer_bytes / 2)
        throw config::InputError(fmt::format("{}: block size {} exceeds half the write buffer ({} B)", where, b.max(),
                                     cfg.ftl.write_buffer_bytes));
    }
    if (j.max_bs() % j.min_bs() && j.is_random())
      throw config::InputError(fmt::format("{}: random I/O with block sizes {} and {}: offsets are multiples of the smallest, "
                                   "so the largest must be a multiple of it", where, j.min_bs(), j.max_bs()));
    if (j.iodepth >= cfg.controller.max_queue_entries)
      throw config::InputError(fmt::format("{}: iodepth={} does not fit a queue of {} entries (at most {})", where,
                                   j.iodepth, cfg.controller.max_queue_entries,
                                   cfg.controller.max_queue_entries - 1));
    const std::uint64_t off = j.offset ? j.offset->resolve(cfg.user_bytes) : 0;
    if (off >= cfg.user_bytes)
      throw config::InputError(fmt::format("{}: offset={} is at or beyond the drive's user capacity ({} B)", where, off,
                                   cfg.user_bytes));
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
      throw config::InputError(fmt::format("{}: key 'stonewall': steady-state rounds need every job running together", where));
    if (!j.time_based || !j.runtime_ps)
      throw config::InputError(fmt::format("{}: keys 'time_based' and 'runtime' are required: the runtime is one steady-state "
                                   "round", where));
    if (j.runtime_ps != first.runtime_ps || j.ramp_time_ps != first.ramp_time_ps)
      throw config::InputError(fmt::format("{}: keys 'runtime'/'ramp_time' must match the first job's for steady-state rounds",
                                   where));
  }
}

RunResult run_fio(const config::DriveConfig& cfg, const config::Layout& layout, const workload::FioJobFile& jf, const RunOptions& opt) {
  using Clock = std::chrono::steady_clock;
  validate_jobs(cfg, layout, jf);
  if (opt.steady_max_rounds) validate_steady_rounds(jf);
  RunResult res;
  for (const auto& e : opt.power.timeline)
    if (e.state >= cfg.power.states.size())
      throw config::InputError(fmt::format("power state timeline: PS{} does not exist; the drive has PS0..PS{}", e.state,
                                   cfg.power.states.size() - 1));
  if (opt.power.initial_state >= cfg.power.states.size())
    throw config::InputError(fmt::format("option '--power-state': PS{} does not exist; the drive has PS0..PS{}",
                                 opt.power.initial_state, cfg.power.states.size() - 1));
  if (cfg.power.states[opt.power.initial_state].non_operational)
    throw config::InputError(fmt::format("option '--power-state': PS{} is non-operational; start in an operational state",
                                 opt.power.initial_state));
  Drive drive("drive", cfg, layout, opt.power);
  nand::ActivityLog timeline_log(opt.timeline_from_ps, opt.timeline_from_ps + opt.timeline_len_ps);
  if (opt.timeline_len_ps) drive.flash().set_activity_log(&timeline_log);
  GroupScheduler sched("groups");

  std::vector<std::unique_ptr<workload::FioInitiator>> inits;
  std::vector<std::shared_ptr<const std::vector<workload::TraceIo>>> prepared(jf.jobs.size());
  workload::HostPath host_path;
  // The jobs' active range, for random preconditioning: the span of their (scaled) regions,
  // and whether some job spans the whole drive in the job file's own (unscaled) terms (the
  // scaled regions are rounded down to each job's block size).
  std::uint64_t active_lo = layout.user_bytes(), active_hi = 0;
  bool active_whole_drive = false;
  std::uint32_t group = 0;
  for (std::uint32_t ji = 0; ji < jf.jobs.size(); ++ji) {
    const workload::FioJob& j = jf.jobs[ji];
    if (ji > 0 && j.stonewall) ++group;
    if (sched.groups.size() <= group) sched.groups.emplace_back();
    const std::uint64_t off = j.offset ? j.offset->resolve(cfg.user_bytes) : 0;
    const std::uint64_t size = j.size ? j.size->resolve(cfg.user_bytes) : cfg.user_bytes - off;
    active_whole_drive = active_whole_drive || (off == 0 && size >= cfg.user_bytes);
    for (std::uint32_t c = 0; c < j.numjobs; ++c) {
      workload::InitiatorSetup s;
      s.job = j;
      s.host_path = &host_path;
      if (opt.steady_max_rounds) s.job.runtime_ps = j.runtime_ps * opt.steady_max_rounds;  // the monitor stops it
      s.job_index = ji;
      s.clone = c;
      s.group = group;
      s.region_start = align_down(off / layout.scale, j.min_bs());
      s.region_bytes = std::min(align_down(size / layout.scale, j.min_bs()),
                                align_down(layout.user_bytes() - s.region_start, j.min_bs()));
      active_lo = std::min(active_lo, s.region_start);
      active_hi = std::max(active_hi, s.region_start + s.region_bytes);
      s.scale = layout.scale;
      if (opt.timeline_len_ps) {
        s.timeline = &timeline_log;
        s.queue_index = std::uint32_t(inits.size());
      }
      if (j.trace) {
        if (!prepared[ji]) {
          TraceFolding f{j.name, j.trace->path, j.trace->ios.size(), 0};
          prepared[ji] = prepare_trace(*j.trace, s.region_bytes, layout, cfg, workload::job_where(jf.path, j), f.folded);
          res.traces.push_back(f);
        }
        s.trace = prepared[ji];
      } else if (!j.time_based)  // fio: a job that is not time based moves io_size (default: size) times loops
        s.io_limit_bytes = (j.io_size ? j.io_size->resolve(cfg.user_bytes) / layout.scale : s.region_bytes) * j.loops;
      const std::uint64_t base_seed = j.randrepeat ? j.randseed : mix_seed(j.randseed, opt.seed);
      s.seed = mix_seed(mix_seed(base_seed, ji), c);
      auto init = std::make_unique<workload::FioInitiator>(fmt::format("job{}_{}", ji, c).c_str(), s, cfg.host,
                                                 [&sched](workload::FioInitiator&) { sched.job_done(); });
      init->socket.bind(drive.socket());
      sched.groups[group].push_back(init.get());
      inits.push_back(std::move(init));
    }
  }

  std::unique_ptr<SteadyRoundsMonitor> rounds;
  if (opt.steady_max_rounds) {
    std::vector<workload::FioInitiator*> all;
    for (const auto& i : inits) all.push_back(i.get());
    const workload::FioJob& j = jf.jobs.front();
    rounds = std::make_unique<SteadyRoundsMonitor>("steady_rounds", std::move(all), j.ramp_time_ps + j.runtime_ps,
                                                   j.runtime_ps, opt.steady_max_rounds);
  }

  // Activity for the power model; time in states comes from the controller's power states.
  auto activity = [&]() {
    power::ActivityCounters a;
    a.t_s = s_from_ps(sc_now_ps());
    const auto& fs = drive.flash().stats();
    a.nand_reads = fs.reads;
    a.nand_programs = fs.programs;
    a.nand_erases = fs.erases;
    a.nand_bus_bytes = fs.read_bus_bytes + fs.program_bus_bytes;
    a.core_busy_s = s_from_ps(drive.controller().stats().core_busy_ps);
    for (const auto& i : inits) {
      a.host_bytes += i->stats().all_read_bytes + i->stats().all_write_bytes;
      a.host_ios += i->stats().all_ios;
    }
    a.operational_s = drive.power().operational_s(sc_now_ps());
    a.non_operational_s = drive.power().non_operational_s(sc_now_ps());
    return a;
  };
  // Planned simulated length for progress: groups run one after another, each as long as its
  // longest time-based job; unknown (0) if a job ends by size or trace.
  double planned_s = 0;
  {
    std::vector<double> group_s;
    bool known = true;
    for (std::uint32_t ji = 0; ji < jf.jobs.size(); ++ji) {
      const workload::FioJob& j = jf.jobs[ji];
      if (ji == 0 || j.stonewall) group_s.push_back(0);
      if (!j.time_based || !j.runtime_ps || j.trace) known = false;
      const double len = s_from_ps(j.ramp_time_ps + j.runtime_ps * std::max<std::uint32_t>(opt.steady_max_rounds, 1));
      group_s.back() = std::max(group_s.back(), len);
    }
    if (known)
      for (double g : group_s) planned_s += g;
  }
  // Always sampled: the power series needs it; the full time series is reported on request.
  const TimePs interval = opt.timeseries_interval_ps ? opt.timeseries_interval_ps : opt.power_interval_ps;
  TimeSeriesSampler sampler("timeseries", interval, [&]() {
    Sample s;
    for (const auto& i : inits) {
      s.host_read_bytes += i->stats().all_read_bytes;
      s.host_write_bytes += i->stats().all_write_bytes;
    }
    const auto& fs = drive.flash().stats();
    s.nand_programs = fs.programs;
    s.nand_erases = fs.erases;
    s.nand_programmed_ius = fs.programs * layout.geo.ius_per_unit;
    s.host_written_ius = double(drive.ftl().counters().host_written_bytes) / layout.iu_bytes;
    s.gc_relocated_ius = drive.ftl().mapping().counters().gc_ius_programmed;
    const ftl::Mapping& map = drive.ftl().mapping();
    for (std::uint32_t d = 0; d < layout.geo.dies; ++d) s.free_block_groups += map.free_bgs(d);
    // Walks every block group: only for the reported time series, not the power series.
    if (opt.timeseries_interval_ps) add_erase_count_distribution(map, layout, s);
    s.activity = activity();
    s.temp_c = drive.power().temperature_c();
    if (opt.progress) opt.progress(s_from_ps(sc_now_ps()), planned_s, s.activity.host_ios);
    return s;
  });

  // Power cuts: the fixed times plus a seeded random schedule.
  PowerLossOptions losses = opt.power_loss;
  if (opt.power_loss_random) {
    if (planned_s <= 0)
      throw config::InputError("option '--power-loss-random': needs time-based jobs with a runtime (the cuts are drawn over "
                       "the planned run)");
    Rng rng(mix_seed(opt.seed, 0x70776c6f7373ULL));
    for (std::uint32_t i = 0; i < opt.power_loss_random; ++i)
      losses.at_ps.push_back(TimePs((0.1 + 0.8 * rng.unit()) * planned_s * 1e12));
  }
  std::sort(losses.at_ps.begin(), losses.at_ps.end());
  std::unique_ptr<PowerLossInjector> injector;
  if (!losses.at_ps.empty()) {
    std::vector<workload::FioInitiator*> hosts;
    for (const auto& i : inits) hosts.push_back(i.get());
    injector = std::make_unique<PowerLossInjector>("power_loss", drive, std::move(hosts), losses);
  }
  if (opt.verify || injector) drive.enable_verify();
  auto t0 = Clock::now();
  if (opt.precondition_passes > 0 || opt.precondition_random) {
    ftl::FunctionalWriter w(drive.ftl().mapping(), {cfg.ftl.gc_low_watermark_bgs, cfg.ftl.gc_high_watermark_bgs});
    w.write_sequential(opt.precondition_passes);
    if (opt.precondition_random) {
      // SNIA workload-dependent preconditioning: random 4K writes until WAF stops moving.
      // Its GC holds each die at the low watermark, where the timed GC runs in steady state
      // (paced GC keeps the free pool level once started), and the timed run starts with GC
      // running: the drive is handed over mid-steady-state, not with a spare block group per
      // die to fill first.
      w.set_watermarks({cfg.ftl.gc_low_watermark_bgs, cfg.ftl.gc_low_watermark_bgs});
      // SNIA PTS preconditions over the test's ActiveRange: the random writes cover the
      // span of the jobs' regions, so a test of a 25% region starts with that region (not
      // the whole drive) in random-write steady state and the rest holding cold data.
      RoundsResult r;
      if (active_whole_drive) {
        res.precondition.random_range_bytes = layout.user_bytes();
        r = run_rounds_until_steady(w, layout, EnduranceWorkload::Rand4k, nullptr, 0.25, 80, opt.seed + 1);
      } else {
        const FioWrites range = active_range_writes(layout, active_lo, active_hi);
        res.precondition.random_range_bytes = range.region_bytes;
        r = run_rounds_until_steady(w, layout, EnduranceWorkload::FioJob, &range, 0.25, 80, opt.seed + 1);
      }
      res.precondition.random_round_waf = r.round_waf;
      res.precondition.random_steady = r.steady;
      res.precondition.random_steady_round = r.steady_round;
    }
    w.flush();
    if (opt.precondition_random) drive.ftl().start_steady_state_gc();
  }
  drive.ftl().reset_counters();
  auto t1 = Clock::now();
  sc_core::sc_start();
  auto t2 = Clock::now();
  res.wall_precondition_s = std::chrono::duration<double>(t1 - t0).count();
  res.wall_simulation_s = std::chrono::duration<double>(t2 - t1).count();
  res.sim_end_ps = sc_now_ps();
  if (injector) {
    res.power_losses = injector->events();
    res.power_losses_planned = losses.at_ps.size();
    res.ended_by_power_loss = injector->ended_run();
  }
  if (!sched.finished() && !res.ended_by_power_loss) {
    // The kernel ran out of events with commands still outstanding: a model deadlock
    // (for example no free block group and no GC victim). Say so instead of reporting
    // a partial run.
    std::uint64_t done = 0;
    for (const auto& i : inits) done += i->stats().read.ios + i->stats().write.ios;
    throw std::runtime_error(fmt::format(
        "simulation stalled at {:.6f} s simulated with jobs unfinished ({} I/Os completed); "
        "write buffer {}/{} IUs used", s_from_ps(res.sim_end_ps), done, drive.ftl().buffer_used_ius(),
        drive.ftl().buffer_capacity_ius()));
  }

  res.timeseries = sampler.samples();
  res.activity = activity();
  res.power_states = drive.power().residency(sc_now_ps());
  res.power_throttled_ops = drive.power().budget().throttled();
  res.power_throttle_delay_ps = drive.power().budget().throttle_delay_ps();
  if (rounds) res.steady_rounds = rounds->report();
  for (const auto& i : inits) {
    res.jobs.push_back(i->stats());
    res.total_ios += i->stats().read.ios + i->stats().write.ios;
  }
  res.timeline = timeline_log.events();
  res.timeline_queues = timeline_log.queue_samples();
  res.timeline_from_ps = timeline_log.from_ps();
  res.timeline_to_ps = timeline_log.to_ps();
  DriveResults& d = res.drive;
  d.flash = drive.flash().stats();
  d.ftl = drive.ftl().counters();
  d.read_ahead = drive.ftl().read_ahead_counters();
  d.mapping = drive.ftl().mapping().counters();
  d.controller = drive.controller().stats();
  d.link_up_busy_ps = drive.controller().upstream_busy_ps();
  d.link_down_busy_ps = drive.controller().downstream_busy_ps();
  d.link_payload_ceiling_bytes_per_s = drive.controller().link().mwr_payload_bytes_per_s();
  d.nand_programmed_ius = d.flash.programs * layout.geo.ius_per_unit;
  if (opt.check_invariants) {
    d.invariants_checked = true;
    d.invariant_violation = drive.ftl().mapping().check_invariants(drive.ftl().buffer_slot_lpns());
  }
  if (ftl::VerifyTags* v = drive.verify()) {
    // Read back every LPN through the mapping as it stands at the end; after a torn power
    // cut the drive is dark and the recovery scan (power_losses) is the read-back.
    const ftl::Mapping& map = drive.ftl().mapping();
    if (!res.ended_by_power_loss)
      for (std::uint64_t lpn = 0; lpn < map.user_ius(); ++lpn) v->check(ftl::VerifyPoint::Readback, lpn, map.l2p(lpn));
    d.verified = true;
    d.verify = v->counters();
    d.verify_mismatches = v->first_mismatches();
  }
  // NAND bytes programmed per host byte: a write smaller than the IU costs a whole IU.
  d.waf = d.ftl.host_written_bytes
              ? double(d.nand_programmed_ius) * layout.iu_bytes / double(d.ftl.host_written_bytes)
              : 0.0;
  return res;
}

}  // namespace ssdtwin::model
