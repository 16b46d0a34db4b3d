#include "model/endurance.h"

#include <chrono>
#include <fmt/format.h>

#include "ftl/functional_writer.h"
#include "workload/fio_job.h"
#include "config/input_error.h"
#include "model/steady_state.h"
#include "sim/rng.h"

namespace ssdtwin::model {
namespace {

// JEDEC JESD219 enterprise workload: transfer sizes and their shares (percent).
struct SizeShare {
  std::uint32_t bytes;
  std::uint32_t percent;
};
constexpr SizeShare kJesd219Sizes[] = {{512, 4},  {1024, 1},  {1536, 1},  {2048, 1},  {2560, 1},  {3072, 1},
                                       {3584, 1}, {4096, 67}, {8192, 10}, {16384, 7}, {32768, 3}, {65536, 3}};

// One host write: `ius` indirection units from `lpn`, carrying `bytes` of host data.
struct HostWrite {
  std::uint64_t lpn;
  std::uint32_t ius;
  std::uint32_t bytes;
};

class Generator {
 public:
  Generator(EnduranceWorkload w, const FioWrites* fio, std::uint64_t user_ius, std::uint32_t iu_bytes,
            std::uint64_t seed)
      : w_(w), fio_(fio), user_(user_ius), iu_(iu_bytes), rng_(seed) {}

  HostWrite next() {
    switch (w_) {
      case EnduranceWorkload::FioJob: {
        const std::uint64_t blocks = fio_->region_bytes / fio_->bs_bytes;
        std::uint64_t block;
        if (fio_->random) {
          block = rng_.below(blocks);
        } else {
          block = seq_;
          seq_ = (seq_ + 1) % blocks;
        }
        const std::uint64_t offset = block * fio_->bs_bytes;  // within the region
        const std::uint64_t lpn = fio_->first_lpn + offset / iu_;
        const std::uint32_t ius = fio_->bs_bytes < iu_ ? 1 : fio_->bs_bytes / iu_;
        return {lpn, ius, fio_->bs_bytes};
      }
      case EnduranceWorkload::Rand4k:
        return {rng_.below(user_), 1, iu_};
      case EnduranceWorkload::Seq128k: {
        const std::uint32_t n = 131072 / iu_;
        if (seq_ + n > user_) seq_ = 0;
        const HostWrite h{seq_, n, 131072};
        seq_ += n;
        return h;
      }
      case EnduranceWorkload::Jesd219: {
        std::uint32_t pick = static_cast<std::uint32_t>(rng_.below(100)), size = 0;
        for (const SizeShare& s : kJesd219Sizes) {
          if (pick < s.percent) {
            size = s.bytes;
            break;
          }
          pick -= s.percent;
        }
        // 50% of accesses to the first 5% of LBAs, 30% to the next 15%, 20% to the rest.
        const double r = rng_.unit();
        const double lo = r < 0.5 ? 0.0 : r < 0.8 ? 0.05 : 0.20;
        const double hi = r < 0.5 ? 0.05 : r < 0.8 ? 0.20 : 1.0;
        const std::uint64_t first = static_cast<std::uint64_t>(lo * user_);
        const std::uint64_t span = static_cast<std::uint64_t>(hi * user_) - first;
        const std::uint32_t ius = size < iu_ ? 1 : size / iu_;
        std::uint64_t lpn = first + rng_.below(span);
        if (lpn + ius > user_) lpn = user_ - ius;
        return {lpn, ius, size};
      }
    }
    return {0, 1, iu_};
  }

 private:
  EnduranceWorkload w_;
  const FioWrites* fio_;
  std::uint64_t user_, seq_ = 0;
  std::uint32_t iu_;
  Rng rng_;
};

}  // namespace

EnduranceWorkload parse_endurance_workload(const std::string& name) {
  if (name == "rand4k") return EnduranceWorkload::Rand4k;
  if (name == "seq128k") return EnduranceWorkload::Seq128k;
  if (name == "jesd219") return EnduranceWorkload::Jesd219;
  throw config::InputError(
      fmt::format("option '--workload': '{}' is not allowed; use rand4k, seq128k, jesd219 or a fio job "
                  "file (*.fio)",
                  name));
}

FioWrites fio_writes(const workload::FioJob& j, const std::string& path, const config::DriveConfig& cfg,
                     const config::Layout& layout) {
  const std::string where = workload::job_where(path, j);
  if (j.is_trim() || j.read_percent() == 100)
    throw config::InputError(
        fmt::format("{}: key 'rw' must write for an endurance run; use write, randwrite, rw, readwrite or "
                    "randrw (reads do not wear NAND and are left out)",
                    where));
  if (j.min_bs() != j.max_bs() || j.random_distribution.kind != workload::RandDist::Uniform ||
      j.percentage_random != 100)
    throw config::InputError(
        fmt::format("{}: the endurance engine takes one block size and uniform random or sequential "
                    "writes; bs lists, bsrange, bssplit, random_distribution and percentage_random are "
                    "for `ssdtwin run`",
                    where));
  const std::uint64_t bs = j.max_bs();
  if (bs % 512 || bs > 1048576)
    throw config::InputError(fmt::format("{}: key 'bs' = {} must be a multiple of 512 bytes up to 1 MiB", where, bs));
  if (bs < layout.iu_bytes && layout.iu_bytes % bs)
    throw config::InputError(
        fmt::format("{}: key 'bs' = {} must divide the indirection unit ({} bytes) when smaller than it", where, bs,
                    layout.iu_bytes));
  if (bs > layout.iu_bytes && bs % layout.iu_bytes)
    throw config::InputError(fmt::format("{}: key 'bs' = {} must be a multiple of the indirection unit ({} bytes)",
                                         where, bs, layout.iu_bytes));
  const std::uint64_t off = j.offset ? j.offset->resolve(cfg.user_bytes) : 0;
  const std::uint64_t size = j.size ? j.size->resolve(cfg.user_bytes) : cfg.user_bytes - std::min(off, cfg.user_bytes);
  if (off >= cfg.user_bytes || size == 0)
    throw config::InputError(
        fmt::format("{}: keys 'offset'/'size' leave no region on a drive of {} bytes", where, cfg.user_bytes));
  FioWrites f;
  f.name = fmt::format("{}:{}", path, j.name);
  f.random = j.is_random();
  f.bs_bytes = static_cast<std::uint32_t>(bs);
  // The same fraction of the scaled drive, aligned to the IU (and so to any smaller bs).
  const std::uint64_t user = layout.user_bytes();
  f.first_lpn = off / layout.scale / layout.iu_bytes;
  const std::uint64_t start = f.first_lpn * layout.iu_bytes;
  f.region_bytes = std::min(size / layout.scale, user - start) / bs * bs;
  if (f.region_bytes < bs)
    throw config::InputError(fmt::format("{}: the region ({} bytes at scale {}) is smaller than bs = {}", where,
                                         size / layout.scale, layout.scale, bs));
  return f;
}

const char* workload_name(EnduranceWorkload w) {
  switch (w) {
    case EnduranceWorkload::Rand4k:
      return "rand4k";
    case EnduranceWorkload::Seq128k:
      return "seq128k";
    case EnduranceWorkload::Jesd219:
      return "jesd219";
    case EnduranceWorkload::FioJob:
      return "fio";
  }
  return "?";
}

void RoundsResult::window_bytes(double& host, double& nand) const {
  const std::size_t n = std::min<std::size_t>(5, round_waf.size());
  host = nand = 0;
  for (std::size_t i = round_waf.size() - n; i < round_waf.size(); ++i) {
    host += host_bytes[i];
    nand += nand_bytes[i];
  }
}

double RoundsResult::window_waf() const {
  double host, nand;
  window_bytes(host, nand);
  return host > 0 ? nand / host : 0.0;
}

RoundsResult run_rounds_until_steady(ftl::FunctionalWriter& writer, const config::Layout& layout, EnduranceWorkload w,
                                     const FioWrites* fio, double round_fraction, std::uint32_t max_rounds,
                                     std::uint64_t seed, const PhaseProgress& progress) {
  RoundsResult r;
  Generator gen(w, fio, layout.user_ius, layout.iu_bytes, seed);
  const double round_bytes = round_fraction * double(layout.user_bytes());
  std::vector<std::uint64_t> batch;
  batch.reserve(512);
  for (std::uint32_t round = 1; round <= max_rounds; ++round) {
    const std::uint64_t prog0 = writer.counters().programmed_ius;
    double host = 0;
    while (host < round_bytes) {
      // Batches of host writes, so the writer can prefetch the map entries they touch.
      batch.clear();
      while (batch.size() < 256 && host < round_bytes) {
        const HostWrite h = gen.next();
        for (std::uint32_t k = 0; k < h.ius; ++k) batch.push_back(h.lpn + k);
        host += h.bytes;
      }
      writer.write_batch(batch.data(), batch.size());
    }
    const double nand = double(writer.counters().programmed_ius - prog0) * layout.iu_bytes;
    r.host_bytes.push_back(host);
    r.nand_bytes.push_back(nand);
    r.round_waf.push_back(nand / host);
    if (progress) progress(fmt::format("round {}, WAF {:.3f}", round, nand / host));
    // Judge steady state only after one full capacity of workload writes, so the window
    // cannot close on the flat start right after sequential preconditioning.
    if (double(round) * round_fraction >= 1.0 && is_steady(r.round_waf)) {
      r.steady = true;
      r.steady_round = round;
      break;
    }
  }
  return r;
}

void write_sequential_passes(ftl::FunctionalWriter& writer, std::uint32_t passes, const PhaseProgress& progress) {
  for (std::uint32_t pass = 1; pass <= passes; ++pass) {
    writer.write_sequential(1);
    if (progress) progress(fmt::format("sequential pass {}/{}", pass, passes));
  }
}

EnduranceRating endurance_rating(double waf, double pe_cycles, double raw_bytes, double user_bytes,
                                 double warranty_years) {
  EnduranceRating e;
  if (!(waf > 0 && pe_cycles > 0 && raw_bytes > 0)) return e;
  e.tbw_bytes = pe_cycles * raw_bytes / waf;
  e.tbw_tb = e.tbw_bytes / 1e12;
  if (user_bytes > 0 && warranty_years > 0) e.dwpd = e.tbw_bytes / (user_bytes * 365.0 * warranty_years);
  return e;
}

EnduranceResult run_endurance(const config::DriveConfig& cfg, const config::Layout& layout,
                              const EnduranceOptions& opt) {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  ftl::Mapping map(layout.geo, layout.user_ius, 1);
  ftl::configure_mapping(map, cfg.ftl, cfg.nand.pages_per_block / cfg.nand.bits_per_cell, cfg.nand.pe_cycles);
  ftl::FunctionalWriter writer(map, {cfg.ftl.gc_low_watermark_bgs, cfg.ftl.gc_high_watermark_bgs});
  write_sequential_passes(writer, opt.precondition_passes, opt.progress);
  const std::uint64_t updates0 = writer.counters().host_ius + writer.counters().absorbed_ius;
  const RoundsResult rounds = run_rounds_until_steady(writer, layout, opt.workload, opt.fio ? &*opt.fio : nullptr,
                                                      opt.round_fraction, opt.max_rounds, opt.seed, opt.progress);

  EnduranceResult r;
  r.workload = opt.fio ? opt.fio->name : workload_name(opt.workload);
  r.round_waf = rounds.round_waf;
  r.steady = rounds.steady;
  r.steady_round = rounds.steady_round;
  r.waf = rounds.window_waf();
  rounds.window_bytes(r.host_bytes, r.nand_bytes);
  const auto t1 = Clock::now();
  r.wall_s = std::chrono::duration<double>(t1 - t0).count();
  const std::uint64_t updates = writer.counters().host_ius + writer.counters().absorbed_ius - updates0 +
                                layout.user_ius * opt.precondition_passes;
  r.iu_updates_per_wall_s = r.wall_s > 0 ? double(updates) / r.wall_s : 0;

  r.pe_cycles = cfg.nand.pe_cycles;
  r.warranty_years = cfg.warranty_years;
  r.raw_capacity_bytes = cfg.raw_bytes();
  r.user_capacity_bytes = cfg.user_bytes;
  const EnduranceRating rating = endurance_rating(r.waf, r.pe_cycles, double(r.raw_capacity_bytes),
                                                  double(r.user_capacity_bytes), r.warranty_years);
  const double tbw_bytes = rating.tbw_bytes;
  r.tbw_tb = rating.tbw_tb;
  r.dwpd = rating.dwpd;
  if (opt.host_write_mbps) {
    r.host_write_mbps = opt.host_write_mbps;
    r.years_to_wearout = tbw_bytes / (*opt.host_write_mbps * 1e6) / (365.0 * 86400.0);
  }
  return r;
}

}  // namespace ssdtwin::model
