#include "apps/cli_args.h"

#include <algorithm>
#include <cstdlib>
#include <fmt/format.h>
#include <fstream>
#include <sstream>

#include "workload/fio_job.h"
#include "config/input_error.h"
#include "config/parse_number.h"

namespace ssdtwin::cli {

Args parse_args(int argc, char** argv, const std::vector<std::string>& with_value,
                const std::vector<std::string>& bools) {
  Args a;
  if (argc >= 2) a.command = argv[1];
  for (int i = 2; i < argc; ++i) {
    std::string s = argv[i];
    if (s.rfind("--", 0) != 0 || s == "--") {
      a.positional.push_back(s);
      continue;
    }
    std::string name = s, value;
    bool has_value = false;
    if (const auto eq = s.find('='); eq != std::string::npos) {
      name = s.substr(0, eq);
      value = s.substr(eq + 1);
      has_value = true;
    }
    const bool takes_value = std::find(with_value.begin(), with_value.end(), name) != with_value.end();
    const bool is_bool = std::find(bools.begin(), bools.end(), name) != bools.end();
    if (!takes_value && !is_bool) {
      std::string allowed;
      for (const auto& f : with_value) allowed += (allowed.empty() ? "" : ", ") + f;
      for (const auto& f : bools) allowed += (allowed.empty() ? "" : ", ") + f;
      throw config::InputError(fmt::format("unknown option '{}' for '{}'; allowed: {}", name, a.command, allowed));
    }
    if (is_bool) {
      if (has_value) throw config::InputError(fmt::format("option '{}' takes no value", name));
      a.bools.push_back(name);
      continue;
    }
    if (!has_value) {
      if (i + 1 >= argc) throw config::InputError(fmt::format("option '{}' needs a value", name));
      value = argv[++i];
    }
    if (name == "--set")
      a.sets.push_back(value);
    else if (name == "--job-set")
      a.job_sets.push_back(value);
    else if (name == "--fit")
      a.fits.push_back(value);
    else if (name == "--sbatch-arg")
      a.sbatch_args.push_back(value);
    else if (a.single.count(name))
      throw config::InputError(fmt::format("option '{}' given twice", name));
    else
      a.single[name] = value;
  }
  return a;
}

bool Args::has(const std::string& flag) const { return std::find(bools.begin(), bools.end(), flag) != bools.end(); }

std::string output_format(const Args& a, const std::vector<std::string>& allowed) {
  const auto it = a.single.find("--output-format");
  const std::string format = it == a.single.end() ? allowed.front() : it->second;
  if (std::find(allowed.begin(), allowed.end(), format) == allowed.end()) {
    std::string list;
    for (std::size_t i = 0; i < allowed.size(); ++i)
      list += (i == 0 ? "" : i + 1 == allowed.size() ? " or " : ", ") + allowed[i];
    throw config::InputError(fmt::format("option '--output-format': '{}' is not allowed; use {}", format, list));
  }
  return format;
}

std::vector<std::string> split_list(const std::string& v) {
  std::vector<std::string> items;
  std::stringstream ss(v);
  for (std::string item; std::getline(ss, item, ',');) items.push_back(item);
  return items;
}

std::uint32_t parse_uint(const std::string& flag, const std::string& v, std::uint32_t lo, std::uint32_t hi) {
  const auto x = config::parse_whole_uint(v);
  if (!x || *x < lo || *x > hi)
    throw config::InputError(fmt::format("option '{}': '{}' is not a whole number in {}..{}", flag, v, lo, hi));
  return static_cast<std::uint32_t>(*x);
}

config::Layout layout_from_args(const config::DriveConfig& cfg, const Args& a) {
  const auto it = a.single.find("--scale");
  const std::uint32_t scale = it != a.single.end() ? parse_uint("--scale", it->second, 1, 1u << 20)
                                                   : config::auto_scale(cfg, config::kDefaultMapBudgetBytes);
  try {
    return config::make_layout(cfg, scale);
  } catch (const std::invalid_argument& e) {
    throw config::InputError(fmt::format("option '--scale': {}", e.what()));
  }
}

TimePs parse_time(const std::string& flag, const std::string& v, const char* hint) {
  try {
    if (!v.empty()) return workload::parse_fio_time(v);
  } catch (const workload::TimeOutOfRange& e) {
    throw config::InputError(fmt::format("option '{}': '{}' is {}", flag, v, e.what()));
  } catch (const std::invalid_argument&) {
  }
  throw config::InputError(fmt::format("option '{}': '{}' is not a time (fio syntax, e.g. 250ms{})", flag, v, hint));
}

std::uint64_t available_memory_bytes() {
  if (const char* cap = std::getenv("SSDTWIN_MEMORY_LIMIT_MIB")) {
    const auto mib = config::parse_whole_uint(cap);
    if (!mib)
      throw config::InputError(
          fmt::format("environment SSDTWIN_MEMORY_LIMIT_MIB='{}' is not a whole number of MiB", cap));
    return *mib << 20;
  }
  std::ifstream f("/proc/meminfo");
  std::string key, unit;
  std::uint64_t kib = 0;
  while (f >> key >> kib >> unit)
    if (key == "MemAvailable:") return kib << 10;
  return 0;  // unknown: no check
}

// A saved state streams through a 1 MiB buffer (config/file_stream.h): no extra memory.
std::uint64_t memory_estimate_bytes(const config::Layout& l, bool verify) {
  std::uint64_t b = l.map_bytes() + (128ULL << 20);  // measured: 0.92 GB peak for 0.86 GiB of tables
  if (verify) b += 8 * l.geo.physical_ius + 9 * l.user_ius;
  return b;
}

std::string scale_note(const config::DriveConfig& cfg, const config::Layout& l, bool automatic,
                       std::uint64_t memory_bytes) {
  std::string note = fmt::format(
      "ssdtwin: scale {}{} ({} program units per block group); memory about {:.1f} GiB "
      "(mapping tables {:.0f} MiB)",
      l.scale, automatic ? " chosen automatically" : "", l.geo.units_per_bg, double(memory_bytes) / 1073741824.0,
      double(l.map_bytes()) / 1048576.0);
  if (!automatic) {
    if (l.scale > 1 && l.geo.units_per_bg < config::kMinSafeUnitsPerBg)
      note += fmt::format(": fewer than the {} units where WAF and GC results do not move with the scale",
                          config::kMinSafeUnitsPerBg);
    return note + "\n";
  }
  const config::ScaleChoice c = config::choose_scale(cfg);
  if (c.scale != c.budget_scale)
    note += fmt::format(
        ": finer than the 1 GiB budget's scale {}, which would leave {} units, fewer than the {} "
        "where results hold",
        c.budget_scale, config::units_per_bg_at(cfg, c.budget_scale), config::kMinSafeUnitsPerBg);
  else if (!c.safe)
    note += fmt::format(": fewer than the {} where results hold, and a finer scale needs over {:.1f} GiB",
                        config::kMinSafeUnitsPerBg, double(config::kMaxSafeMapBytes) / 1073741824.0);
  return note + "\n";
}

void check_memory(const config::Layout& l, bool verify) {
  std::uint64_t need = l.map_bytes();
  if (verify) need += 8 * l.geo.physical_ius + 9 * l.user_ius;
  const std::uint64_t avail = available_memory_bytes();
  if (avail && need > avail)
    throw config::InputError(fmt::format(
        "option '--scale': at scale {} the mapping tables{} need {:.1f} GiB, more than the {:.1f} GiB available{}; use "
        "a "
        "larger --scale (each doubling halves them)",
        l.scale, verify ? " and the --verify tags" : "", double(need) / 1073741824.0, double(avail) / 1073741824.0,
        std::getenv("SSDTWIN_MEMORY_LIMIT_MIB") ? " (SSDTWIN_MEMORY_LIMIT_MIB)" : " (MemAvailable)"));
}

}  // namespace ssdtwin::cli
