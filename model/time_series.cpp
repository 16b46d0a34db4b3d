#include "model/time_series.h"

#include <fmt/format.h>

#include "config/energy_model.h"
#include "sim/sc_wakeup.h"

namespace ssdtwin::model {

TimeSeriesSampler::TimeSeriesSampler(sc_core::sc_module_name name, TimePs interval_ps, std::function<Sample()> probe,
                                     LookaheadDomain* domain)
    : sc_module(name), interval_ps_(interval_ps), probe_(std::move(probe)), wake_("tick_event") {
  SC_METHOD(on_wake);
  sensitive << wake_.event();
  dont_initialize();
  if (domain) wake_.join(*domain, [this] { on_wake(); });
  wake_.at(0, 0);
}

void TimeSeriesSampler::on_wake() {
  wake_.drain([this](char) { tick(); });
}

void TimeSeriesSampler::tick() {
  Sample s = probe_();
  s.t_s = s_from_ps(sc_now_ps());
  const bool same = !samples_.empty() && samples_.back().host_read_bytes == s.host_read_bytes &&
                    samples_.back().host_write_bytes == s.host_write_bytes &&
                    samples_.back().nand_programs == s.nand_programs && samples_.back().nand_erases == s.nand_erases;
  unchanged_ = same ? unchanged_ + 1 : 0;
  samples_.push_back(s);
  if (unchanged_ < 100) wake_.at(sc_now_ps() + interval_ps_, 0);
}

SeriesTable time_series_table(const std::vector<Sample>& s, const config::DriveConfig& cfg,
                              const config::Layout& layout) {
  const std::uint32_t iu_bytes = layout.iu_bytes;
  SeriesTable t;
  t.columns = {"t_s",
               "host_read_MBps",
               "host_write_MBps",
               "nand_program_MBps",
               "gc_relocated_MBps",
               "erases_per_s",
               "free_block_groups",
               "waf_interval",
               "waf_cumulative",
               "pe_min",
               "pe_mean",
               "pe_max",
               "pe_stddev",
               "power_w"};
  for (std::size_t i = 1; i < s.size(); ++i) {
    const Sample &a = s[i - 1], &b = s[i];
    const double dt = b.t_s - a.t_s;
    const double host_ius = b.host_written_ius - a.host_written_ius;
    const double prog_ius = double(b.nand_programmed_ius - a.nand_programmed_ius);
    t.rows.push_back({b.t_s, double(b.host_read_bytes - a.host_read_bytes) / dt / 1e6,
                      double(b.host_write_bytes - a.host_write_bytes) / dt / 1e6, prog_ius * iu_bytes / dt / 1e6,
                      double(b.gc_relocated_ius - a.gc_relocated_ius) * iu_bytes / dt / 1e6,
                      double(b.nand_erases - a.nand_erases) / dt, double(b.free_block_groups),
                      host_ius > 0 ? prog_ius / host_ius : 0.0,
                      b.host_written_ius > 0 ? double(b.nand_programmed_ius) / b.host_written_ius : 0.0, b.pe_min,
                      b.pe_mean, b.pe_max, b.pe_stddev,
                      power::energy_between(config::energy_model(cfg, layout), a.activity, b.activity).total_j() / dt});
  }
  return t;
}

SeriesTable power_series_table(const std::vector<Sample>& s, const config::DriveConfig& cfg,
                               const config::Layout& layout) {
  SeriesTable t;
  t.columns = {"t_s", "power_w"};
  for (const auto& part : power::EnergyBreakdown{}.parts()) t.columns.push_back(part.first + "_w");
  t.columns.push_back("temp_c");
  for (std::size_t i = 1; i < s.size(); ++i) {
    const double dt = s[i].t_s - s[i - 1].t_s;
    if (dt <= 0) continue;
    const power::EnergyBreakdown e =
        power::energy_between(config::energy_model(cfg, layout), s[i - 1].activity, s[i].activity);
    std::vector<double> row = {s[i].t_s, e.total_j() / dt};
    for (const auto& part : e.parts()) row.push_back(part.second / dt);
    row.push_back(s[i].temp_c);
    t.rows.push_back(std::move(row));
  }
  return t;
}

std::string to_csv(const SeriesTable& t) {
  std::string out;
  for (std::size_t i = 0; i < t.columns.size(); ++i) out += (i ? "," : "") + t.columns[i];
  out += "\n";
  for (const auto& r : t.rows) {
    for (std::size_t i = 0; i < r.size(); ++i) out += fmt::format("{}{:.6g}", i ? "," : "", r[i]);
    out += "\n";
  }
  return out;
}

}  // namespace ssdtwin::model
