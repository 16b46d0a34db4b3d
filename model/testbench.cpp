#include "model/testbench.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fmt/format.h>

#include "config/input_error.h"
#include "ftl/functional_writer.h"
#include "model/endurance.h"
#include "model/saved_state.h"
#include "sim/rng.h"

namespace ssdtwin::model {
namespace {

using Clock = std::chrono::steady_clock;
double wall_s() { return std::chrono::duration<double>(Clock::now().time_since_epoch()).count(); }

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

}  // namespace

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
    stop_simulation();
  }
  bool finished_ = false;
  std::size_t next_ = 0;
  std::uint32_t running_ = 0;
};

namespace {

// A trace on this drive (docs/workloads.md, "Trace replay"): offsets are divided by the
// capacity scale, folded into the job's region (modulo its size) and aligned down to
// 512 B; an I/O that would run past the region's end is moved back to end there. Trims
// shrink to the whole IUs they cover (deallocation works on IUs); a trim covering none is
// dropped. Writes larger than half the write buffer are refused.
std::shared_ptr<const std::vector<workload::TraceIo>> prepare_trace(const workload::Trace& t, std::uint64_t region,
                                                                    const config::Layout& layout,
                                                                    const config::DriveConfig& cfg,
                                                                    const std::string& where, std::uint64_t& folded) {
  auto out = std::make_shared<std::vector<workload::TraceIo>>();
  out->reserve(t.ios.size());
  const std::uint64_t iu = cfg.ftl.iu_bytes;
  for (const workload::TraceIo& io : t.ios) {
    workload::TraceIo x = io;
    if (x.bytes > region)
      throw config::InputError(
          fmt::format("{}: trace {}: an I/O of {} B is larger than the job's region at scale {} ({} B)", where, t.path,
                      x.bytes, layout.scale, region));
    if (x.dir == workload::kDirWrite && x.bytes > cfg.ftl.write_buffer_bytes / 2)
      throw config::InputError(fmt::format("{}: trace {}: a write of {} B exceeds half the write buffer ({} B)", where,
                                           t.path, x.bytes, cfg.ftl.write_buffer_bytes));
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
  if (out->empty())
    throw config::InputError(fmt::format("{}: trace {}: nothing left to replay (only sub-IU trims)", where, t.path));
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

// Planned simulated length for progress: groups run one after another, each as long as its
// longest time-based job; unknown (0) if a job ends by size or trace.
double planned_seconds(const workload::FioJobFile& jf, const RunOptions& opt) {
  double planned_s = 0;
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
  return planned_s;
}

}  // namespace

Testbench::Testbench(const config::DriveConfig& cfg, const host_if::HostConfig& host, const config::Layout& layout,
                     const workload::FioJobFile& jf, const RunOptions& opt)
    : cfg_(cfg),
      host_(host),
      layout_(layout),
      jf_(jf),
      opt_(opt),
      drive_("drive", cfg, host, layout, opt.power),
      timeline_log_(opt.timeline_from_ps, opt.timeline_from_ps + opt.timeline_len_ps) {
  if (opt.timeline_len_ps) drive_.flash().set_activity_log(&timeline_log_);
  drive_.lookahead().set_lookahead(opt.lookahead);
  sched_ = std::make_unique<GroupScheduler>("groups");
  add_initiators();
  add_monitors();
  schedule_power_cuts();
  if (opt.verify || injector_) drive_.enable_verify();
}

Testbench::~Testbench() = default;

void Testbench::add_initiators() {
  active_lo_ = layout_.user_bytes();
  std::vector<std::shared_ptr<const std::vector<workload::TraceIo>>> prepared(jf_.jobs.size());
  std::uint32_t group = 0;
  for (std::uint32_t ji = 0; ji < jf_.jobs.size(); ++ji) {
    const workload::FioJob& j = jf_.jobs[ji];
    if (ji > 0 && j.stonewall) ++group;
    if (sched_->groups.size() <= group) sched_->groups.emplace_back();
    const std::uint64_t off = j.offset ? j.offset->resolve(cfg_.user_bytes) : 0;
    const std::uint64_t size = j.size ? j.size->resolve(cfg_.user_bytes) : cfg_.user_bytes - off;
    active_whole_drive_ = active_whole_drive_ || (off == 0 && size >= cfg_.user_bytes);
    for (std::uint32_t c = 0; c < j.numjobs; ++c) {
      workload::InitiatorSetup s;
      s.job = j;
      s.host_path = &host_path_;
      s.domain = &drive_.lookahead();
      if (opt_.steady_max_rounds) s.job.runtime_ps = j.runtime_ps * opt_.steady_max_rounds;  // the monitor stops it
      s.job_index = ji;
      s.clone = c;
      s.group = group;
      s.region_start = align_down(off / layout_.scale, j.min_bs());
      s.region_bytes = std::min(align_down(size / layout_.scale, j.min_bs()),
                                align_down(layout_.user_bytes() - s.region_start, j.min_bs()));
      active_lo_ = std::min(active_lo_, s.region_start);
      active_hi_ = std::max(active_hi_, s.region_start + s.region_bytes);
      s.scale = layout_.scale;
      if (opt_.timeline_len_ps) {
        s.timeline = &timeline_log_;
        s.queue_index = std::uint32_t(inits_.size());
      }
      if (j.trace) {
        if (!prepared[ji]) {
          TraceFolding f{j.name, j.trace->path, j.trace->ios.size(), 0};
          prepared[ji] =
              prepare_trace(*j.trace, s.region_bytes, layout_, cfg_, workload::job_where(jf_.path, j), f.folded);
          res_.traces.push_back(f);
        }
        s.trace = prepared[ji];
      } else if (!j.time_based)  // fio: a job that is not time based moves io_size (default: size) times loops
        s.io_limit_bytes = (j.io_size ? j.io_size->resolve(cfg_.user_bytes) / layout_.scale : s.region_bytes) * j.loops;
      const std::uint64_t base_seed = j.randrepeat ? j.randseed : mix_seed(j.randseed, opt_.seed);
      s.seed = mix_seed(mix_seed(base_seed, ji), c);
      GroupScheduler* sched = sched_.get();
      auto init = std::make_unique<workload::FioInitiator>(fmt::format("job{}_{}", ji, c).c_str(), s, host_,
                                                           [sched](workload::FioInitiator&) { sched->job_done(); });
      init->socket.bind(drive_.socket());
      sched_->groups[group].push_back(init.get());
      inits_.push_back(std::move(init));
    }
  }
}

void Testbench::add_monitors() {
  if (opt_.steady_max_rounds) {
    std::vector<workload::FioInitiator*> all;
    for (const auto& i : inits_) all.push_back(i.get());
    const workload::FioJob& j = jf_.jobs.front();
    rounds_ = std::make_unique<SteadyRoundsMonitor>("steady_rounds", std::move(all), j.ramp_time_ps + j.runtime_ps,
                                                    j.runtime_ps, opt_.steady_max_rounds, &drive_.lookahead());
  }
  planned_s_ = planned_seconds(jf_, opt_);
  // Always sampled: the power series needs it; the full time series is reported on request.
  const TimePs interval = opt_.timeseries_interval_ps ? opt_.timeseries_interval_ps : opt_.power_interval_ps;
  sampler_ = std::make_unique<TimeSeriesSampler>(
      "timeseries", interval, [this]() { return sample(); }, &drive_.lookahead());
}

// Activity for the power model; time in states comes from the controller's power states.
power::ActivityCounters Testbench::activity() {
  Drive& drive = drive_;
  power::ActivityCounters a;
  a.t_s = s_from_ps(sc_now_ps());
  const auto& fs = drive.flash().stats();
  a.nand_reads = fs.reads;
  a.nand_read_sense_ps = fs.read_sense_ps;
  a.nand_programs = fs.programs;
  a.nand_erases = fs.erases;
  a.nand_bus_bytes = fs.read_bus_bytes + fs.program_bus_bytes;
  a.core_busy_s = s_from_ps(drive.controller().stats().core_busy_ps);
  for (const auto& i : inits_) {
    a.host_bytes += i->stats().all_read_bytes + i->stats().all_write_bytes;
    a.host_ios += i->stats().all_ios;
  }
  a.operational_s = drive.power().operational_s(sc_now_ps());
  a.non_operational_s = drive.power().non_operational_s(sc_now_ps());
  return a;
}

BusyCounters Testbench::busy() {
  BusyCounters b;
  const auto& cs = drive_.controller().stats();
  b.core_ps = cs.core_busy_ps;
  b.gc_fw_ps = cs.gc_fw_busy_ps;
  const auto& fs = drive_.flash().stats();
  for (TimePs t : fs.die_busy_ps) b.die_sum_ps += t;
  for (TimePs t : fs.channel_busy_ps) b.channel_sum_ps += t;
  b.link_up_ps = drive_.controller().upstream_busy_ps();
  b.link_down_ps = drive_.controller().downstream_busy_ps();
  b.buffer_wait_ps = drive_.ftl().buffer_wait_ps(sc_now_ps());
  return b;
}

Sample Testbench::sample() {
  Drive& drive = drive_;
  Sample s;
  for (const auto& i : inits_) {
    s.host_read_bytes += i->stats().all_read_bytes;
    s.host_write_bytes += i->stats().all_write_bytes;
  }
  const auto& fs = drive.flash().stats();
  s.nand_programs = fs.programs;
  s.nand_erases = fs.erases;
  s.nand_programmed_ius = fs.programs * layout_.geo.ius_per_unit;
  s.host_written_ius = double(drive.ftl().counters().host_written_bytes) / layout_.iu_bytes;
  s.gc_relocated_ius = drive.ftl().mapping().counters().gc_ius_programmed;
  const ftl::Mapping& map = drive.ftl().mapping();
  for (std::uint32_t d = 0; d < layout_.geo.dies; ++d) s.free_block_groups += map.free_bgs(d);
  // Walks every block group: only for the reported time series, not the power series.
  if (opt_.timeseries_interval_ps) add_erase_count_distribution(map, layout_, s);
  s.activity = activity();
  s.temp_c = drive.power().temperature_c();
  s.busy = busy();
  if (opt_.progress) opt_.progress(s_from_ps(sc_now_ps()), planned_s_, s.activity.host_ios);
  return s;
}

// Power cuts: the fixed times plus a seeded random schedule.
void Testbench::schedule_power_cuts() {
  losses_ = opt_.power_loss;
  if (opt_.power_loss_random) {
    if (planned_s_ <= 0)
      throw config::InputError(
          "option '--power-loss-random': needs time-based jobs with a runtime (the cuts are drawn over "
          "the planned run)");
    Rng rng(mix_seed(opt_.seed, 0x70776c6f7373ULL));
    for (std::uint32_t i = 0; i < opt_.power_loss_random; ++i)
      losses_.at_ps.push_back(TimePs((0.1 + 0.8 * rng.unit()) * planned_s_ * 1e12));
  }
  std::sort(losses_.at_ps.begin(), losses_.at_ps.end());
  if (!losses_.at_ps.empty()) {
    std::vector<workload::FioInitiator*> hosts;
    for (const auto& i : inits_) hosts.push_back(i.get());
    injector_ = std::make_unique<PowerLossInjector>("power_loss", drive_, std::move(hosts), losses_);
  }
}

void Testbench::precondition() {
  wall_t0_s_ = wall_s();
  const std::uint64_t fingerprint =
      state_fingerprint(state_identity(cfg_, layout_, opt_, active_lo_, active_hi_, active_whole_drive_));
  bool steady_gc = opt_.precondition_random;
  const bool preconditions = opt_.precondition_passes > 0 || opt_.precondition_random;
  std::unique_ptr<ByteSource> cached;
  if (!opt_.load_state && preconditions && opt_.state_lookup) cached = opt_.state_lookup(fingerprint);
  ByteSource* load = opt_.load_state ? opt_.load_state : cached.get();
  if (load) {
    const SavedState s = decode_state(*load, fingerprint, drive_.ftl().mapping());
    res_.precondition = s.precondition;
    res_.precondition_source = cached ? "loaded from the state cache" : "loaded";
    steady_gc = s.steady_state_gc;
    cached.reset();
  } else if (preconditions) {
    ftl::FunctionalWriter w(drive_.ftl().mapping(), {cfg_.ftl.gc_low_watermark_bgs, cfg_.ftl.gc_high_watermark_bgs});
    write_sequential_passes(w, opt_.precondition_passes, opt_.precondition_progress);
    if (opt_.precondition_random) precondition_random(w);
    w.flush();
    res_.precondition_source = "written";
  }
  // Saved before the timed GC starts: starting it picks victims, which a loaded state's run
  // must do itself, exactly as here.
  const SavedState saved{res_.precondition, steady_gc};
  const ftl::Mapping& map = drive_.ftl().mapping();
  if (opt_.save_state) encode_state(fingerprint, map, saved, *opt_.save_state);
  if (preconditions && !load && opt_.state_store)
    opt_.state_store(fingerprint, state_bytes(map, saved),
                     [&](ByteSink& out) { encode_state(fingerprint, map, saved, out); });
  if (steady_gc) drive_.ftl().start_steady_state_gc();
  drive_.ftl().reset_counters();
  res_.wall_precondition_s = wall_s() - wall_t0_s_;
}

// SNIA workload-dependent preconditioning: random 4K writes until WAF stops moving. Its GC
// holds each die at the low watermark, where the timed GC runs in steady state (paced GC
// keeps the free pool level once started), and the timed run starts with GC running: the
// drive is handed over mid-steady-state, not with a spare block group per die to fill
// first. SNIA PTS preconditions over the test's ActiveRange: the random writes cover the
// span of the jobs' regions, so a test of a 25% region starts with that region (not the
// whole drive) in random-write steady state and the rest holding cold data.
void Testbench::precondition_random(ftl::FunctionalWriter& w) {
  w.set_watermarks({cfg_.ftl.gc_low_watermark_bgs, cfg_.ftl.gc_low_watermark_bgs});
  RoundsResult r;
  if (active_whole_drive_) {
    res_.precondition.random_range_bytes = layout_.user_bytes();
    r = run_rounds_until_steady(w, layout_, EnduranceWorkload::Rand4k, nullptr, 0.25, 80, opt_.seed + 1,
                                opt_.precondition_progress);
  } else {
    const FioWrites range = active_range_writes(layout_, active_lo_, active_hi_);
    res_.precondition.random_range_bytes = range.region_bytes;
    r = run_rounds_until_steady(w, layout_, EnduranceWorkload::FioJob, &range, 0.25, 80, opt_.seed + 1,
                                opt_.precondition_progress);
  }
  res_.precondition.random_round_waf = r.round_waf;
  res_.precondition.random_steady = r.steady;
  res_.precondition.random_steady_round = r.steady_round;
}

void Testbench::simulate() {
  const double t1 = wall_s();
  sc_core::sc_start();
  res_.wall_simulation_s = wall_s() - t1;
  res_.kernel_wakeups = drive_.lookahead().kernel_wakeups();
  res_.domain_handlers = drive_.lookahead().handlers_run();
  res_.sim_end_ps = sc_now_ps();
  if (injector_) {
    res_.power_losses = injector_->events();
    res_.power_losses_planned = losses_.at_ps.size();
    res_.ended_by_power_loss = injector_->ended_run();
  }
  if (!sched_->finished() && !res_.ended_by_power_loss) {
    // The kernel ran out of events with commands still outstanding: a model deadlock
    // (for example no free block group and no GC victim). Say so instead of reporting
    // a partial run.
    std::uint64_t done = 0;
    for (const auto& i : inits_) done += i->stats().read.ios + i->stats().write.ios;
    throw std::runtime_error(fmt::format(
        "simulation stalled at {:.6f} s simulated with jobs unfinished ({} I/Os completed); "
        "write buffer {}/{} IUs used",
        s_from_ps(res_.sim_end_ps), done, drive_.ftl().buffer_used_ius(), drive_.ftl().buffer_capacity_ius()));
  }
}

RunResult Testbench::results() {
  RunResult& res = res_;
  res.timeseries = sampler_->samples();
  res.activity = activity();
  res.busy_at_end = busy();
  res.power_states = drive_.power().residency(sc_now_ps());
  res.power_throttled_ops = drive_.power().budget().throttled();
  res.power_throttle_delay_ps = drive_.power().budget().throttle_delay_ps();
  if (rounds_) res.steady_rounds = rounds_->report();
  for (const auto& i : inits_) {
    res.jobs.push_back(i->stats());
    res.total_ios += i->stats().read.ios + i->stats().write.ios;
  }
  res.timeline = timeline_log_.events();
  res.timeline_queues = timeline_log_.queue_samples();
  res.timeline_from_ps = timeline_log_.from_ps();
  res.timeline_to_ps = timeline_log_.to_ps();
  res.timeline_truncated_at_ps = timeline_log_.truncated_at_ps();
  collect_drive_results(res.drive);
  return std::move(res_);
}

void Testbench::collect_drive_results(DriveResults& d) {
  d.flash = drive_.flash().stats();
  d.ftl = drive_.ftl().counters();
  d.read_ahead = drive_.ftl().read_ahead_counters();
  d.mapping = drive_.ftl().mapping().counters();
  d.controller = drive_.controller().stats();
  d.link_up_busy_ps = drive_.controller().upstream_busy_ps();
  d.link_down_busy_ps = drive_.controller().downstream_busy_ps();
  d.link_payload_ceiling_bytes_per_s = drive_.controller().link().mwr_payload_bytes_per_s();
  d.nand_programmed_ius = d.flash.programs * layout_.geo.ius_per_unit;
  if (opt_.check_invariants) {
    d.invariants_checked = true;
    d.invariant_violation = drive_.ftl().mapping().check_invariants(drive_.ftl().buffer_slot_lpns());
  }
  if (ftl::VerifyTags* v = drive_.verify()) {
    // Read back every LPN through the mapping as it stands at the end; after a torn power
    // cut the drive is dark and the recovery scan (power_losses) is the read-back.
    const ftl::Mapping& map = drive_.ftl().mapping();
    if (!res_.ended_by_power_loss)
      for (std::uint64_t lpn = 0; lpn < map.user_ius(); ++lpn) v->check(ftl::VerifyPoint::Readback, lpn, map.l2p(lpn));
    d.verified = true;
    d.verify = v->counters();
    d.verify_mismatches = v->first_mismatches();
  }
  // NAND bytes programmed per host byte: a write smaller than the IU costs a whole IU.
  d.waf = d.ftl.host_written_bytes ? double(d.nand_programmed_ius) * layout_.iu_bytes / double(d.ftl.host_written_bytes)
                                   : 0.0;
}

}  // namespace ssdtwin::model
