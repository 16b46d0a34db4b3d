#include "config/input_file.h"
#include "config/config_loader.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <toml++/toml.h>

#include "config/config_keys.h"
#include "config/power_state_keys.h"
#include "ftl/victim_policy.h"
#include "config/energy_model.h"
#include "config/input_error.h"
#include "config/path_exists.h"
#include "nand/nand_op.h"

namespace ssdtwin::config {
namespace {

std::string kind_name(ProfileKind k) {
  return k == ProfileKind::Drive ? "drive" : k == ProfileKind::Host ? "host" : "nand";
}

std::string allowed_keys_in(ProfileKind kind, const std::string& section) {
  std::string s;
  for (const KeyDesc& k : config_keys())
    if (k.file == kind && k.section() == section) s += (s.empty() ? "" : ", ") + k.key();
  return s;
}
std::string allowed_sections(ProfileKind kind) {
  std::string s;
  for (const KeyDesc& k : config_keys())
    if (k.file == kind && s.find("[" + k.section() + "]") == std::string::npos)
      s += (s.empty() ? "" : ", ") + ("[" + k.section() + "]");
  return s;
}

class Loader {
 public:
  explicit Loader(LoadedProfile& p) : p_(p) {}

  void load_file(ProfileKind kind, const std::string& path, int depth = 0) {
    toml::table root;
    try {
      root = toml::parse(read_input_file(path, "profile", kMaxProfileBytes), path);
    } catch (const toml::parse_error& e) {
      const auto& b = e.source().begin;
      if (!path_exists(path)) throw InputError(fmt::format("{}: cannot open profile", path));
      throw InputError(fmt::format("{}:{}:{}: TOML syntax error: {}", path, b.line, b.column, e.description()));
    }
    if (kind == ProfileKind::Drive) load_base(path, root, depth);
    level_ = depth == 0 ? LoadedProfile::Level::Profile : LoadedProfile::Level::Base;  // after the base's keys
    for (auto&& [sec_key, sec_node] : root) {
      const std::string section(sec_key.str());
      const auto line = sec_node.source().begin.line;
      if (kind == ProfileKind::Drive && section == "power_state") {
        load_power_states(path, sec_node);
        continue;
      }
      if (kind == ProfileKind::Drive && section == "host")
        throw InputError(
            fmt::format("{}:{}: section [host] has moved out of the drive profile: the server, OS and "
                        "benchmark a drive is measured on are a host profile (scenarios/hosts/*.toml), "
                        "given with --host FILE or a lab file's host_profile; one key can be set with "
                        "--set host.KEY=VALUE",
                        path, line));
      if (!sec_node.is_table())
        throw InputError(fmt::format("{}:{}: key '{}' is outside any section; sections allowed: {}", path, line,
                                     section, allowed_sections(kind)));
      if (allowed_keys_in(kind, section).empty())
        throw InputError(
            fmt::format("{}:{}: unknown section [{}]; allowed: {}", path, line, section, allowed_sections(kind)));
      for (auto&& [key, node] : *sec_node.as_table()) {
        const std::string full = section + "." + std::string(key.str());
        set(kind, full, node, fmt::format("{}:{}", path, node.source().begin.line));
        if (kind == ProfileKind::Drive && full == "drive.nand_profile")
          nand_dir_ = std::filesystem::path(path).parent_path();
      }
    }
  }

  // Directory that drive.nand_profile is relative to: that of the file which set it last.
  const std::filesystem::path& nand_dir() const { return nand_dir_; }

  void set_override(const std::string& spec) {
    const auto eq = spec.find('=');
    if (eq == std::string::npos || eq == 0)
      throw InputError(fmt::format("--set '{}': expected section.key=value (NAND keys: nand.section.key=value)", spec));
    std::string path = spec.substr(0, eq);
    const std::string value = spec.substr(eq + 1);
    ProfileKind kind = ProfileKind::Drive;
    if (path.rfind("nand.", 0) == 0 && std::count(path.begin(), path.end(), '.') == 2) {
      kind = ProfileKind::Nand;
      path = path.substr(5);
    } else if (path.rfind("host.", 0) == 0) {
      kind = ProfileKind::Host;
    }
    toml::table t;
    try {
      t = toml::parse("v = " + value);
    } catch (const toml::parse_error&) {
      t = toml::table{{"v", value}};  // bare text: treat as a string
    }
    level_ = LoadedProfile::Level::Override;
    if (kind == ProfileKind::Drive && path.rfind("power_state.", 0) == 0)
      set_power_state_override(spec, path, *t.get("v"));
    else
      set(kind, path, *t.get("v"), "--set " + spec);
  }

  void require_all() {
    for (const KeyDesc& k : config_keys()) {
      const std::string id = kind_name(k.file) + ":" + k.path;
      if (p_.origin.count(id)) continue;
      const std::string file = k.file == ProfileKind::Drive  ? p_.drive_path
                               : k.file == ProfileKind::Nand ? p_.nand_path
                                                             : (p_.host_path.empty() ? "host profile" : p_.host_path);
      if (!k.default_text)
        throw InputError(fmt::format("{}: missing required key '{}' ({}{}): {}", file, k.path, k.allowed_text(),
                                     k.unit.empty() ? "" : ", unit " + k.unit, k.description));
      if (k.type == KeyType::String)
        k.set_str(p_.config, *k.default_text);
      else
        set_number(k, std::stod(*k.default_text));
      p_.origin[id] = "default";
      p_.origin_level[id] = LoadedProfile::Level::Default;
    }
  }

 private:
  void set_number(const KeyDesc& k, double v) {
    if (k.file == ProfileKind::Host)
      k.set_host_num(p_.host, v);
    else
      k.set_num(p_.config, v);
  }

  // drive.base_profile: the base file (and its own base) load first, so this file's keys
  // replace theirs.
  void load_base(const std::string& path, const toml::table& root, int depth) {
    const toml::node* node = root.at_path("drive.base_profile").node();
    if (!node) return;
    const std::string where = fmt::format("{}:{}: key 'drive.base_profile'", path, node->source().begin.line);
    if (!node->is_string()) throw InputError(fmt::format("{} must be a quoted path to a drive profile", where));
    if (depth >= 8)
      throw InputError(fmt::format("{}: more than 8 levels of base profiles (a cycle?); chain: {}", where,
                                   fmt::join(p_.base_paths, " <- ")));
    const auto base = (std::filesystem::path(path).parent_path() / node->as_string()->get()).lexically_normal();
    if (!path_exists(base)) throw InputError(fmt::format("{}: file '{}' does not exist", where, base.string()));
    p_.base_paths.push_back(base.string());
    load_file(ProfileKind::Drive, base.string(), depth + 1);
  }

  // [[power_state]] entries, PS0 first: the NVMe power-state descriptor table.
  void load_power_states(const std::string& path, const toml::node& node) {
    const auto line0 = node.source().begin.line;
    if (!node.is_array_of_tables())
      throw InputError(
          fmt::format("{}:{}: 'power_state' must be an array of tables ([[power_state]] entries)", path, line0));
    p_.config.power.states.clear();
    p_.origin["drive:power_state"] = fmt::format("{}:{}", path, line0);
    for (auto&& entry : *node.as_array()) {
      const toml::table& t = *entry.as_table();
      const std::size_t ps = p_.config.power.states.size();
      power::PowerStateDesc d;  // its defaults are the table's
      bool has_mp = false;
      for (auto&& kv : t) {
        const std::string key(kv.first.str());
        set_power_state_key(
            d, key, kv.second,
            fmt::format("{}:{}: [[power_state]] PS{} key '{}'", path, kv.second.source().begin.line, ps, key));
        has_mp |= key == "mp_w";
      }
      if (!has_mp)
        throw InputError(fmt::format("{}:{}: [[power_state]] PS{} needs key 'mp_w' (maximum power, W)", path,
                                     entry.source().begin.line, ps));
      p_.config.power.states.push_back(d);
    }
  }

  // One key of a power state, checked against its descriptor (config/power_state_keys.h).
  static void set_power_state_key(power::PowerStateDesc& d, const std::string& key, const toml::node& v,
                                  const std::string& where) {
    const PowerStateKey* k = find_power_state_key(key);
    if (!k) throw InputError(fmt::format("{}: unknown; allowed: {}", where, power_state_key_list()));
    using Type = PowerStateKey::Type;
    if (k->type == Type::Boolean) {
      if (!v.is_boolean()) throw InputError(fmt::format("{} must be true or false", where));
      k->set(d, v.as_boolean()->get() ? 1 : 0);
      return;
    }
    double x;
    if (v.is_integer())
      x = double(v.as_integer()->get());
    else if (v.is_floating_point() && k->type == Type::Number)
      x = v.as_floating_point()->get();
    else
      throw InputError(fmt::format("{} must be a {} in {} .. {}", where,
                                   k->type == Type::Number ? "number" : "whole number", k->min, k->max));
    if (!(x >= k->min && x <= k->max))
      throw InputError(fmt::format("{} = {} is out of range; allowed {} .. {}", where, x, k->min, k->max));
    k->set(d, x);
  }

  // --set power_state.N.key=value: a key of an existing state N.
  void set_power_state_override(const std::string& spec, const std::string& path, const toml::node& v) {
    const std::size_t n = p_.config.power.states.size();
    const auto dot = path.find('.', 12);
    const std::string index = path.substr(12, dot == std::string::npos ? std::string::npos : dot - 12);
    const bool digits =
        !index.empty() && index.size() < 4 && index.find_first_not_of("0123456789") == std::string::npos;
    if (dot == std::string::npos || !digits || std::stoul(index) >= n)
      throw InputError(
          fmt::format("--set '{}': expected power_state.N.key=value with N a state of this profile "
                      "(0 .. {}) and key one of: {}",
                      spec, n ? n - 1 : 0, power_state_key_list()));
    const std::size_t ps = std::stoul(index);
    const std::string key = path.substr(dot + 1);
    set_power_state_key(p_.config.power.states[ps], key, v,
                        fmt::format("--set {}: [[power_state]] PS{} key '{}'", spec, ps, key));
  }

  void set(ProfileKind kind, const std::string& path, const toml::node& node, const std::string& where) {
    const KeyDesc* k = find_key(kind, path);
    if (!k) {
      const std::string section = path.substr(0, path.find('.'));
      const std::string allowed = allowed_keys_in(kind, section);
      if (allowed.empty())
        throw InputError(fmt::format("{}: unknown key '{}' in the {} profile; sections allowed: {}", where, path,
                                     kind_name(kind), allowed_sections(kind)));
      throw InputError(fmt::format("{}: unknown key '{}'; allowed in [{}]: {}", where, path, section, allowed));
    }
    const std::string unit = k->unit.empty() ? "" : fmt::format(" ({})", k->unit);
    if (k->type == KeyType::String) {
      if (!node.is_string()) throw InputError(fmt::format("{}: key '{}' must be a quoted string", where, path));
      k->set_str(p_.config, node.as_string()->get());
    } else {
      double v;
      if (node.is_integer())
        v = double(node.as_integer()->get());
      else if (node.is_floating_point() && k->type == KeyType::Float)
        v = node.as_floating_point()->get();
      else if (node.is_floating_point())
        throw InputError(
            fmt::format("{}: key '{}' must be a whole number{}; allowed {}", where, path, unit, k->allowed_text()));
      else
        throw InputError(
            fmt::format("{}: key '{}' must be a number{}; allowed {}", where, path, unit, k->allowed_text()));
      const bool in_list = k->allowed.empty() || std::find(k->allowed.begin(), k->allowed.end(), v) != k->allowed.end();
      if (!in_list || v < k->min || v > k->max || !std::isfinite(v))
        throw InputError(
            fmt::format("{}: key '{}' = {} is out of range{}; allowed {}", where, path, v, unit, k->allowed_text()));
      set_number(*k, v);
    }
    p_.origin[kind_name(kind) + ":" + path] = where;
    p_.origin_level[kind_name(kind) + ":" + path] = level_;
  }

  LoadedProfile& p_;
  LoadedProfile::Level level_ = LoadedProfile::Level::Profile;  // of the file or --set being applied
  std::filesystem::path nand_dir_;
};

std::string where(const LoadedProfile& p, ProfileKind kind, const std::string& key) {
  const auto it = p.origin.find(kind_name(kind) + ":" + key);
  const std::string loc = it == p.origin.end() ? "?" : it->second;
  return fmt::format("{}: key '{}'", loc, key);
}

}  // namespace

LoadedProfile load_profile(const std::string& drive_path, const std::vector<std::string>& overrides,
                           const std::string& host_path) {
  LoadedProfile p;
  p.drive_path = drive_path;
  p.host_path = host_path;
  Loader l(p);
  l.load_file(ProfileKind::Drive, drive_path);
  if (!host_path.empty()) l.load_file(ProfileKind::Host, host_path);
  const std::filesystem::path drive_dir = std::filesystem::path(drive_path).parent_path();
  // Overrides of the NAND profile path must apply before it is read.
  for (const auto& o : overrides)
    if (o.rfind("drive.nand_profile=", 0) == 0) l.set_override(o);
  if (p.config.nand_profile.empty())
    throw InputError(
        fmt::format("{}: missing required key 'drive.nand_profile' (text): NAND generation profile, "
                    "relative to this file",
                    drive_path));
  // A --set drive.nand_profile is relative to the drive profile; a profile's own, to its file.
  const bool from_set = p.origin["drive:drive.nand_profile"].rfind("--set", 0) == 0;
  p.nand_path = ((from_set ? drive_dir : l.nand_dir()) / p.config.nand_profile).lexically_normal().string();
  if (!path_exists(p.nand_path))
    throw InputError(fmt::format("{}: key 'drive.nand_profile': file '{}' does not exist",
                                 where(p, ProfileKind::Drive, "drive.nand_profile"), p.nand_path));
  l.load_file(ProfileKind::Nand, p.nand_path);
  for (const auto& o : overrides)
    if (o.rfind("drive.nand_profile=", 0) != 0) l.set_override(o);
  l.require_all();
  validate_drive(p);
  return p;
}

// capacity.op_pct or capacity.user_bytes gives the user capacity. Given both, the nearer
// wins: a --set over a profile's, a drive profile's over its base's (an OP variant of a
// bundled drive); both at the same level is ambiguous.
void resolve_capacity(LoadedProfile& p) {
  DriveConfig& c = p.config;
  const std::string op_from = p.origin["drive:capacity.op_pct"];
  const std::string user_from = p.origin["drive:capacity.user_bytes"];
  const auto op_level = p.origin_level["drive:capacity.op_pct"];
  const auto user_level = p.origin_level["drive:capacity.user_bytes"];
  if (c.op_pct > 0 && user_level != LoadedProfile::Level::Default) {
    if (op_level == user_level)
      throw InputError(fmt::format(
          "{} and {}: both give the user capacity; set one of capacity.user_bytes and capacity.op_pct",
          where(p, ProfileKind::Drive, "capacity.op_pct"), where(p, ProfileKind::Drive, "capacity.user_bytes")));
    if (user_level > op_level) {  // the nearer user capacity wins
      c.op_pct = 0;
      p.origin["drive:capacity.op_pct"] = "replaced by capacity.user_bytes (" + user_from + ")";
    }
  }
  if (c.op_pct > 0) {
    c.user_bytes = user_bytes_at_op(c.raw_bytes_nominal, c.op_pct);
    p.origin["drive:capacity.user_bytes"] = "capacity.op_pct (" + op_from + ")";
    p.origin_level["drive:capacity.user_bytes"] = LoadedProfile::Level::Default;  // derived, not given
  } else if (c.user_bytes == 0) {
    throw InputError(
        fmt::format("{}: the user capacity is not given; set capacity.user_bytes (bytes) or "
                    "capacity.op_pct (% over capacity.raw_bytes_nominal)",
                    p.drive_path));
  }
}

// Per-page-type tR (nand/nand_config.h): timing.read_levels lists the read levels each page
// type of a wordline is sensed against; tR_us is their mean time.
static void resolve_page_read_times(LoadedProfile& p) {
  nand::NandConfig& n = p.config.nand;
  std::fill(std::begin(n.tR_offset_ps), std::end(n.tR_offset_ps), 0);
  const std::string at = where(p, ProfileKind::Nand, "timing.read_levels");
  if (n.read_levels.empty()) {
    if (n.tR_per_level_ps > 0)
      throw InputError(
          fmt::format("{}: timing.tR_per_level_us > 0 needs timing.read_levels (the read levels "
                      "per page type, lower page first, e.g. \"1-2-4\")",
                      where(p, ProfileKind::Nand, "timing.tR_per_level_us")));
    return;
  }
  std::vector<std::uint32_t> levels;
  std::size_t pos = 0;
  while (pos <= n.read_levels.size()) {
    const std::size_t dash = std::min(n.read_levels.find('-', pos), n.read_levels.size());
    const std::string part = n.read_levels.substr(pos, dash - pos);
    if (part.empty() || part.size() > 2 || part.find_first_not_of("0123456789") != std::string::npos ||
        std::stoul(part) == 0)
      throw InputError(
          fmt::format("{}: '{}' is not allowed; use whole numbers of read levels (1 or more) "
                      "joined by '-', one per page type, lower page first, e.g. \"1-2-4\"",
                      at, n.read_levels));
    levels.push_back(std::uint32_t(std::stoul(part)));
    pos = dash + 1;
  }
  const std::uint32_t bits = n.bits_per_cell;
  std::uint32_t sum = 0;
  for (std::uint32_t l : levels) sum += l;
  if (levels.size() != bits || sum != (1u << bits) - 1)
    throw InputError(
        fmt::format("{}: '{}' gives {} page types and {} read levels; a cell of bits_per_cell = {} "
                    "has {} page types sensing {} levels in all (e.g. \"{}\")",
                    at, n.read_levels, levels.size(), sum, bits, bits, (1u << bits) - 1,
                    bits == 1   ? "1"
                    : bits == 2 ? "1-2"
                    : bits == 3 ? "1-2-4"
                                : "1-2-4-8"));
  const double mean = double(sum) / bits;
  for (std::uint32_t i = 0; i < bits; ++i) {
    const double off = (double(levels[i]) - mean) * double(n.tR_per_level_ps);
    if (double(n.tR_ps) + off < double(kPsPerUs))
      throw InputError(
          fmt::format("{}: with timing.read_levels = \"{}\" page type {} would read in {:.2f} us; "
                      "every page type needs at least 1 us (lower tR_per_level_us or raise tR_us)",
                      where(p, ProfileKind::Nand, "timing.tR_per_level_us"), n.read_levels, i + 1,
                      (double(n.tR_ps) + off) / kPsPerUs));
    n.tR_offset_ps[std::size_t(nand::page_type_of(i, bits))] = std::llround(off);
  }
}

void validate_drive(LoadedProfile& p) {
  resolve_capacity(p);
  resolve_page_read_times(p);
  DriveConfig& c = p.config;
  if (!ftl::find_victim_policy(c.ftl.gc_policy))
    throw InputError(fmt::format("{}: '{}' is not allowed; use {}", where(p, ProfileKind::Drive, "ftl.gc_policy"),
                                 c.ftl.gc_policy, ftl::victim_policy_names()));
  const nand::NandConfig& n = c.nand;
  using K = ProfileKind;
  const double nominal_die = n.die_capacity_gbit * 1073741824.0 / 8.0;
  if (double(n.die_raw_bytes()) < nominal_die)
    throw InputError(fmt::format(
        "{}: the geometry holds {} bytes per die (planes x blocks x pages x page_bytes), "
        "less than the nominal {} Gbit ({:.0f} bytes)",
        where(p, K::Nand, "geometry.blocks_per_plane"), n.die_raw_bytes(), n.die_capacity_gbit, nominal_die));
  if (double(n.die_raw_bytes()) > nominal_die * 1.10)
    throw InputError(
        fmt::format("{}: the geometry holds {} bytes per die, more than 110% of the nominal {} Gbit; "
                    "check blocks_per_plane and pages_per_block",
                    where(p, K::Nand, "geometry.blocks_per_plane"), n.die_raw_bytes(), n.die_capacity_gbit));
  if (n.pages_per_block % n.bits_per_cell)
    throw InputError(fmt::format("{}: pages_per_block = {} is not a multiple of bits_per_cell = {} (whole wordlines)",
                                 where(p, K::Nand, "geometry.pages_per_block"), n.pages_per_block, n.bits_per_cell));
  if (n.page_bytes % c.ftl.iu_bytes)
    throw InputError(fmt::format("{}: page_bytes = {} is not a multiple of the indirection unit ftl.iu_bytes = {}",
                                 where(p, K::Drive, "ftl.iu_bytes"), n.page_bytes, c.ftl.iu_bytes));
  if (c.raw_bytes() < c.raw_bytes_nominal)
    throw InputError(fmt::format("{}: {} dies of {} bytes give {} bytes, less than raw_bytes_nominal = {}",
                                 where(p, K::Drive, "capacity.raw_bytes_nominal"), c.dies(), n.die_raw_bytes(),
                                 c.raw_bytes(), c.raw_bytes_nominal));
  if (c.raw_bytes() <= c.user_bytes)
    throw InputError(
        fmt::format("{}: user capacity {} bytes is not below the raw NAND capacity {} bytes; "
                    "overprovisioning must be positive",
                    where(p, K::Drive, "capacity.user_bytes"), c.user_bytes, c.raw_bytes()));
  const std::uint64_t unit_bytes = std::uint64_t(n.page_bytes) * n.planes_per_die * n.bits_per_cell;
  if (c.ftl.write_buffer_bytes < 2 * unit_bytes)
    throw InputError(
        fmt::format("{}: {} bytes cannot hold two program units of {} bytes (planes x bits_per_cell x page)",
                    where(p, K::Drive, "ftl.write_buffer_mib"), c.ftl.write_buffer_bytes, unit_bytes));
  if (c.ftl.gc_high_watermark_bgs <= c.ftl.gc_low_watermark_bgs)
    throw InputError(fmt::format("{}: gc_high_watermark_bgs = {} must exceed gc_low_watermark_bgs = {}",
                                 where(p, K::Drive, "ftl.gc_high_watermark_bgs"), c.ftl.gc_high_watermark_bgs,
                                 c.ftl.gc_low_watermark_bgs));
  if (c.ftl.idle_gc_after_ps && c.ftl.idle_gc_target_bgs < c.ftl.gc_high_watermark_bgs)
    throw InputError(fmt::format(
        "{}: idle_gc_target_bgs = {} must be at least gc_high_watermark_bgs = {} when "
        "idle_gc_after_us is set",
        where(p, K::Drive, "ftl.idle_gc_target_bgs"), c.ftl.idle_gc_target_bgs, c.ftl.gc_high_watermark_bgs));
  if (c.ftl.gc_high_watermark_bgs + 2 > n.blocks_per_plane)
    throw InputError(fmt::format("{}: gc_high_watermark_bgs = {} leaves no room in {} blocks per plane",
                                 where(p, K::Drive, "ftl.gc_high_watermark_bgs"), c.ftl.gc_high_watermark_bgs,
                                 n.blocks_per_plane));
  if (c.controller.fe_write_cores > c.controller.fe_cores)
    throw InputError(fmt::format("{}: fe_write_cores = {} exceeds fe_cores = {} (0 lets every core run writes)",
                                 where(p, K::Drive, "controller.fe_write_cores"), c.controller.fe_write_cores,
                                 c.controller.fe_cores));
  validate_power_states(p);
}

void validate_power_states(const LoadedProfile& p) {
  const DriveConfig& c = p.config;
  const auto& st = c.power.states;
  const auto it = p.origin.find("drive:power_state");
  const std::string loc = it == p.origin.end() ? p.drive_path : it->second;
  if (st.empty())
    throw InputError(
        fmt::format("{}: missing the power-state table: add [[power_state]] entries (PS0 first) with "
                    "mp_w and optionally non_operational, enlat_us, exlat_us, rrt, rrl, rwt, rwl, idlp_w, "
                    "actp_w",
                    p.drive_path));
  if (st[0].non_operational)
    throw InputError(fmt::format("{}: [[power_state]] PS0 must be operational (NVMe requires it)", loc));
  const double idle_w = power::operational_static_w(energy_model(c));
  for (std::size_t i = 0; i < st.size(); ++i) {
    for (std::uint32_t rank : {st[i].rrt, st[i].rrl, st[i].rwt, st[i].rwl})
      if (rank >= st.size())
        throw InputError(
            fmt::format("{}: [[power_state]] PS{}: relative ranks (rrt, rrl, rwt, rwl) must be below the "
                        "number of states ({})",
                        loc, i, st.size()));
    if (!st[i].non_operational && st[i].mp_w <= idle_w)
      throw InputError(
          fmt::format("{}: [[power_state]] PS{}: mp_w = {} W does not exceed the drive's idle operational "
                      "power ({:.2f} W from [power] and the NAND standby current)",
                      loc, i, st[i].mp_w, idle_w));
  }
}

}  // namespace ssdtwin::config
