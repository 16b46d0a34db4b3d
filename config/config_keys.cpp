#include "config/config_keys.h"

#include <cmath>
#include <fmt/format.h>

#include "ftl/victim_policy.h"

namespace ssdtwin::config {
namespace {

using D = ProfileKind;

template <class Acc>
KeyDesc num(D file, const char* path, KeyType type, const char* unit, double lo, double hi, double factor,
            const char* desc, Acc acc, std::vector<double> allowed = {}, std::optional<std::string> def = {}) {
  KeyDesc k;
  k.file = file;
  k.path = path;
  k.type = type;
  k.unit = unit;
  k.min = lo;
  k.max = hi;
  k.allowed = std::move(allowed);
  k.default_text = std::move(def);
  k.description = desc;
  // The accessor picks the configuration the key belongs to: the drive's or the host's.
  using Cfg = std::conditional_t<std::is_invocable_v<Acc, DriveConfig&>, DriveConfig, host_if::HostConfig>;
  auto set = [acc, factor](Cfg& c, double v) {
    auto& ref = acc(c);
    using T = std::remove_reference_t<decltype(ref)>;
    if constexpr (std::is_floating_point_v<T>)
      ref = v * factor;
    else
      ref = static_cast<T>(std::llround(v * factor));
  };
  auto get = [acc, factor](const Cfg& c) { return static_cast<double>(acc(const_cast<Cfg&>(c))) / factor; };
  if constexpr (std::is_same_v<Cfg, DriveConfig>) {
    k.set_num = set;
    k.get_num = get;
  } else {
    k.set_host_num = set;
    k.get_host_num = get;
  }
  return k;
}

template <class Acc>
KeyDesc text(D file, const char* path, const char* desc, Acc acc, std::optional<std::string> def = {}) {
  KeyDesc k;
  k.file = file;
  k.path = path;
  k.type = KeyType::String;
  k.default_text = std::move(def);
  k.description = desc;
  k.set_str = [acc](DriveConfig& c, const std::string& v) { acc(c) = v; };
  k.get_str = [acc](const DriveConfig& c) { return acc(const_cast<DriveConfig&>(c)); };
  return k;
}

// clang-format would read the lambda's parameter as a multiplication.
// clang-format off
#define ACC(member) ([](DriveConfig& c) -> auto& { return c.member; })
#define HACC(member) ([](host_if::HostConfig& c) -> auto& { return c.member; })
// clang-format on
constexpr KeyType I = KeyType::Integer;
constexpr KeyType F = KeyType::Float;
constexpr double kMiB = 1048576.0;
constexpr double kPsPerUsD = 1e6, kPsPerNsD = 1e3;
const std::vector<double> kPow2Payload = {128, 256, 512, 1024, 2048, 4096};

std::vector<KeyDesc> build() {
  std::vector<KeyDesc> k;
  // ---- drive profile
  k.push_back(text(D::Drive, "drive.name", "Product name shown in reports", ACC(name)));
  {
    KeyDesc base = text(D::Drive, "drive.base_profile",
                        "Drive profile this one extends, relative to this file (e.g. a controller family shared by "
                        "several capacities): its keys apply first and this file's replace them; a [[power_state]] "
                        "table here replaces the base's whole table",
                        ACC(base_profile));
    base.default_text = "";
    k.push_back(base);
  }
  k.push_back(text(D::Drive, "drive.nand_profile", "NAND generation profile, relative to the file that names it",
                   ACC(nand_profile)));
  k.push_back(num(D::Drive, "capacity.user_bytes", I, "bytes", 1e6, 1e15, 1,
                  "Advertised user capacity (0 when capacity.op_pct gives it; set one of the two)", ACC(user_bytes), {},
                  "0"));
  k.push_back(num(D::Drive, "capacity.op_pct", F, "%", 0, 1000, 1,
                  "Overprovisioning: when > 0 the user capacity is derived from the nominal raw NAND, "
                  "user_bytes = raw_bytes_nominal / (1 + op_pct/100), rounded down to 4 KiB. Given both, the "
                  "nearer wins (--set over a profile, a drive profile over its base)",
                  ACC(op_pct), {}, "0"));
  k.push_back(num(D::Drive, "capacity.raw_bytes_nominal", I, "bytes", 1e6, 2e15, 1,
                  "NAND capacity on the bill of materials; the geometry must provide at least this",
                  ACC(raw_bytes_nominal)));
  k.push_back(num(D::Drive, "topology.channels", I, "", 1, 64, 1, "NAND channels (independent buses)", ACC(channels)));
  k.push_back(
      num(D::Drive, "topology.dies_per_channel", I, "", 1, 64, 1, "Dies sharing each channel", ACC(dies_per_channel)));
  k.push_back(num(D::Drive, "endurance.warranty_years", F, "years", 0.1, 20, 1,
                  "Warranty period over which DWPD is rated", ACC(warranty_years)));
  k.push_back(num(D::Drive, "ftl.iu_bytes", I, "bytes", 512, 65536, 1, "Indirection unit: bytes per L2P entry",
                  ACC(ftl.iu_bytes), {512, 1024, 2048, 4096, 8192, 16384, 32768, 65536}));
  k.push_back(num(D::Drive, "ftl.write_buffer_mib", I, "MiB", 1, 65536, kMiB, "Power-loss-protected DRAM write buffer",
                  ACC(ftl.write_buffer_bytes)));
  k.push_back(num(D::Drive, "ftl.gc_low_watermark_bgs", I, "block groups", 4, 1000, 1,
                  "Per die: GC starts when fewer free block groups remain (paced GC while the host writes "
                  "restarts below gc_high_watermark_bgs instead, so it does not pause). At least 4: the GC "
                  "reserve (1) and, "
                  "for this victim and the next (before this one's erase returns a block group), one new block "
                  "group each for the host and GC streams, so a victim paced at V/(BG - V) is done before the "
                  "host reaches the reserve (docs/architecture.md, GC pacing)",
                  ACC(ftl.gc_low_watermark_bgs), {}, "4"));
  k.push_back(num(D::Drive, "ftl.gc_high_watermark_bgs", I, "block groups", 5, 1000, 1,
                  "Per die: GC continues until this many are free", ACC(ftl.gc_high_watermark_bgs), {}, "5"));
  k.push_back(num(D::Drive, "ftl.gc_reads_inflight", I, "", 1, 64, 1, "Per die: GC page reads outstanding at once",
                  ACC(ftl.gc_reads_inflight), {}, "6"));
  {
    static const std::string desc = "GC victim selection: " + ftl::victim_policy_names();
    KeyDesc pol = text(D::Drive, "ftl.gc_policy", desc.c_str(), ACC(ftl.gc_policy));
    pol.default_text = "greedy";
    k.push_back(pol);
  }
  k.push_back(num(D::Drive, "ftl.gc_window_bgs", I, "block groups", 1, 100000, 1,
                  "Per die: candidates (oldest closed) that windowed greedy chooses among", ACC(ftl.gc_window_bgs), {},
                  "16"));
  k.push_back(num(D::Drive, "ftl.gc_d_choices", I, "block groups", 1, 1024, 1,
                  "Random candidates d_choices compares (1: random victim; large: greedy)", ACC(ftl.gc_d_choices), {},
                  "8"));
  k.push_back(num(D::Drive, "ftl.gc_paced", I, "", 0, 1, 1,
                  "1: each host unit programmed on a die earns its GC V/(BG - V) units of relocation (V = victim's "
                  "valid IUs), unthrottled only when the die is down to its last free block group; 0: GC runs flat out",
                  ACC(ftl.gc_paced), {0, 1}, "1"));
  k.push_back(num(D::Drive, "ftl.idle_gc_after_us", F, "us", 0, 1e7, kPsPerUsD,
                  "Background GC: once no command has been outstanding this long, GC runs unpaced on every die "
                  "below idle_gc_target_bgs free block groups, until a command arrives (0: off)",
                  ACC(ftl.idle_gc_after_ps), {}, "0"));
  k.push_back(num(D::Drive, "ftl.idle_gc_target_bgs", I, "block groups", 0, 1000, 1,
                  "Per die: free block groups background GC collects up to (at least gc_high_watermark_bgs)",
                  ACC(ftl.idle_gc_target_bgs), {}, "0"));
  k.push_back(num(D::Drive, "ftl.static_wl_spread_pe", I, "P/E cycles", 0, 1000000, 1,
                  "Static wear levelling: erase-count spread in a die that moves the coldest data (0: off)",
                  ACC(ftl.static_wl_spread_pe), {}, "0"));
  k.push_back(num(D::Drive, "ftl.read_ahead_kib", I, "KiB", 0, 65536, 1024,
                  "Sequential read-ahead: data kept fetched from NAND into DRAM ahead of a detected read stream "
                  "(0: off)",
                  ACC(ftl.read_ahead_bytes), {}, "0"));
  k.push_back(num(D::Drive, "ftl.read_ahead_trigger", I, "commands", 1, 1000, 1,
                  "Read-ahead: reads in a row, each starting where the previous ended, before fetching starts",
                  ACC(ftl.read_ahead_trigger), {}, "2"));
  k.push_back(num(D::Drive, "ftl.read_ahead_streams", I, "streams", 1, 256, 1,
                  "Read-ahead: sequential streams tracked at once (least recently used replaced)",
                  ACC(ftl.read_ahead_streams), {}, "8"));
  k.push_back(num(D::Drive, "plp.enabled", I, "", 0, 1, 1,
                  "1: power-loss protection (write and GC buffers flushed on capacitor energy, map saved); 0: none "
                  "(buffers are volatile, the map is rebuilt by a spare-area scan, GC erases a victim only once "
                  "its relocated data is programmed)",
                  ACC(ftl.plp), {0, 1}, "1"));
  k.push_back(num(D::Drive, "plp.capacitor_energy_j", F, "J", 0, 1000, 1,
                  "Usable hold-up energy, 1/2 C (V_charge^2 - V_cutoff^2)", ACC(power.plp.capacitor_energy_j), {},
                  "1.6"));
  k.push_back(num(D::Drive, "plp.flush_power_w", F, "W", 0.1, 1000, 1,
                  "Drive draw while flushing on capacitor energy (hold-up time = energy / this)",
                  ACC(power.plp.flush_power_w), {}, "20"));
  k.push_back(num(D::Drive, "plp.boot_ms", F, "ms", 0, 1e6, kPsPerUsD * 1000,
                  "Power-on to controller ready after a power loss, before the map is loaded or rebuilt",
                  ACC(power.plp.boot_ps), {}, "1000"));
  k.push_back(num(D::Drive, "controller.fe_cores", I, "", 1, 64, 1, "Front-end firmware cores processing commands",
                  ACC(controller.fe_cores)));
  k.push_back(num(D::Drive, "controller.fe_write_cores", I, "", 0, 64, 1,
                  "Of the firmware cores, how many may run writes, deallocates and GC batches at once (the FTL "
                  "write path; reads use any core); 0: all fe_cores",
                  ACC(controller.fe_write_cores), {}, "0"));
  k.push_back(num(D::Drive, "controller.fe_read_cmd_ns", F, "ns", 0, 1e6, kPsPerNsD,
                  "Firmware time per read command on one core", ACC(controller.fe_read_cmd_ps)));
  k.push_back(num(D::Drive, "controller.fe_write_cmd_ns", F, "ns", 0, 1e6, kPsPerNsD,
                  "Firmware time per write command on one core", ACC(controller.fe_write_cmd_ps)));
  k.push_back(num(D::Drive, "controller.fe_trim_cmd_ns", F, "ns", 0, 1e6, kPsPerNsD,
                  "Firmware time per deallocate (TRIM) command on one core", ACC(controller.fe_trim_cmd_ps), {},
                  "3000"));
  k.push_back(num(D::Drive, "controller.gc_iu_ns", F, "ns", 0, 1e6, kPsPerNsD,
                  "Firmware time per IU a GC read brings in (validity check, remap, journal), on the same cores "
                  "as commands; 0: GC costs no core time",
                  ACC(controller.gc_iu_ps), {}, "0"));
  k.push_back(num(D::Drive, "controller.max_concurrent_programs", I, "dies", 0, 100000, 1,
                  "Peak-power management: at most this many dies program at once, host and GC programs alike "
                  "(the rest wait in arrival order); 0: no limit",
                  ACC(controller.max_concurrent_programs), {}, "0"));
  k.push_back(num(D::Drive, "controller.write_commit_ns", F, "ns", 0, 1e6, kPsPerNsD,
                  "Pipelined latency from write data landing in DRAM to posting its completion (no core held)",
                  ACC(controller.write_commit_ps), {}, "0"));
  k.push_back(num(D::Drive, "controller.nand_suspend", I, "", 0, 1, 1,
                  "1: a read to a die that is programming or erasing suspends the operation (NAND [suspend] limits); "
                  "0: the read waits for it to finish",
                  ACC(nand.suspend_enabled), {0, 1}, "0"));
  k.push_back(num(D::Drive, "controller.nand_cache_read", I, "", 0, 1, 1,
                  "1: reads use the NAND's cache register (READ CACHE), so a plane senses its next page while the "
                  "previous one is still on the channel; 0: a plane's next read waits for the data-out",
                  ACC(nand.cache_read_enabled), {0, 1}, "0"));
  k.push_back(num(D::Drive, "controller.max_io_queues", I, "", 1, 65535, 1, "I/O queue pairs the controller supports",
                  ACC(controller.max_io_queues)));
  k.push_back(num(D::Drive, "controller.max_queue_entries", I, "", 2, 65536, 1, "Entries per I/O queue (CAP.MQES + 1)",
                  ACC(controller.max_queue_entries)));
  k.push_back(num(D::Drive, "pcie.generation", I, "", 1, 5, 1, "PCIe generation (sets GT/s and encoding)",
                  ACC(pcie.generation)));
  k.push_back(num(D::Drive, "pcie.lanes", I, "", 1, 16, 1, "Link width", ACC(pcie.lanes), {1, 2, 4, 8, 16}));
  k.push_back(num(D::Drive, "pcie.mps_bytes", I, "bytes", 128, 4096, 1, "Max payload size of device memory writes",
                  ACC(pcie.mps_bytes), kPow2Payload));
  k.push_back(num(D::Drive, "pcie.mrrs_bytes", I, "bytes", 128, 4096, 1, "Max read request size of device DMA reads",
                  ACC(pcie.mrrs_bytes), kPow2Payload));
  k.push_back(num(D::Drive, "pcie.round_trip_ns", F, "ns", 0, 1e5, kPsPerNsD,
                  "Device read request to first completion, excluding serialisation", ACC(pcie.round_trip_ps)));
  // Host profile. Defaults: the reference lab host (Dell R760, Xeon 6430, Ubuntu 22.04, fio;
  // scenarios/hosts/dell-r760-xeon-fio.toml names the sources).
  k.push_back(num(D::Host, "host.read_completion_bytes", I, "bytes", 64, 4096, 1,
                  "Payload per completion TLP the host root complex returns for device reads (Intel: 64 B)",
                  HACC(read_completion_bytes), {64, 128, 256, 512, 1024, 2048, 4096}, "64"));
  k.push_back(
      num(D::Host, "host.submit_overhead_ns", F, "ns", 0, 1e6, kPsPerNsD,
          "Host software time from fio submitting to the doorbell write (estimate for libaio + blk-mq + driver)",
          HACC(submit_overhead_ps), {}, "2000"));
  k.push_back(num(D::Host, "host.complete_overhead_ns", F, "ns", 0, 1e6, kPsPerNsD,
                  "Host software time from the interrupt to fio reaping the completion (estimate)",
                  HACC(complete_overhead_ps), {}, "3000"));
  // The host data path: the same four keys for each direction (HostConfig::PathDirection).
  using Path = host_if::HostConfig::PathDirection;
  struct PathKeys {
    const char* dir;
    Path host_if::HostConfig::*member;
    const char* data;
  };
  for (const PathKeys p : {PathKeys{"read", &host_if::HostConfig::path_read, "read data (drive to host)"},
                           PathKeys{"write", &host_if::HostConfig::path_write, "write data (host to drive)"}}) {
    const auto field = [m = p.member](auto Path::*f) {
      return [ m, f ](host_if::HostConfig & c) -> auto& { return (c.*m).*f; };
    };
    const std::string key = fmt::format("host.path_{}_", p.dir), what = fmt::format("Host data path, {}s: ", p.dir);
    k.push_back(num(D::Host, (key + "per_io_ns").c_str(), F, "ns", 0, 1e7, kPsPerNsD,
                    (what + "software time per I/O on one shared worker before submission; 0: none").c_str(),
                    field(&Path::per_io_ps), {}, "0"));
    k.push_back(
        num(D::Host, (key + "gbps").c_str(), F, "GB/s", 0, 1000, 1e9,
            (what + "bandwidth it gives the drive's DMA of " + p.data + ", all I/Os together; 0: not limiting").c_str(),
            field(&Path::bytes_per_s), {}, "0"));
    k.push_back(num(
        D::Host, (key + "latency_ns").c_str(), F, "ns", 0, 1e7, kPsPerNsD,
        (what + "latency per I/O after completion, not shared (plus bytes / path_" + p.dir + "_stream_gbps)").c_str(),
        field(&Path::latency_ps), {}, "0"));
    k.push_back(num(D::Host, (key + "stream_gbps").c_str(), F, "GB/s", 0, 1000, 1e9,
                    (what + "one I/O's own transfer rate after completion, not shared; 0: no such term").c_str(),
                    field(&Path::stream_bytes_per_s), {}, "0"));
  }
  k.push_back(num(D::Drive, "power.controller_idle_w", F, "W", 0, 100, 1,
                  "Controller logic and cores in an operational state with no command work",
                  ACC(power.controller_idle_w)));
  k.push_back(num(D::Drive, "power.fe_core_busy_w", F, "W", 0, 10, 1,
                  "Extra power of one front-end core while it processes a command", ACC(power.fe_core_busy_w)));
  k.push_back(num(D::Drive, "power.datapath_pj_per_byte", F, "pJ/B", 0, 1e4, 1,
                  "Controller datapath energy (DMA, LDPC, encryption) per host byte", ACC(power.datapath_pj_per_byte)));
  k.push_back(num(D::Drive, "power.dram_w", F, "W", 0, 50, 1, "DRAM background power (refresh, termination)",
                  ACC(power.dram_w)));
  k.push_back(num(D::Drive, "power.dram_pj_per_byte", F, "pJ/B", 0, 1e4, 1, "DRAM access energy per host byte buffered",
                  ACC(power.dram_pj_per_byte)));
  k.push_back(
      num(D::Drive, "power.pcie_l0_w", F, "W", 0, 20, 1, "Device PCIe PHY and link layer in L0", ACC(power.pcie_l0_w)));
  k.push_back(num(D::Drive, "power.pcie_l1_w", F, "W", 0, 20, 1, "Device PCIe PHY in L1 (ASPM), non-operational states",
                  ACC(power.pcie_l1_w)));
  k.push_back(num(D::Drive, "power.nonop_controller_w", F, "W", 0, 50, 1,
                  "Controller and DRAM (self-refresh) in a non-operational power state",
                  ACC(power.nonop_controller_w)));
  k.push_back(num(D::Drive, "power.cap_window_ms", F, "ms", 0.01, 1e5, kPsPerUsD * 1000,
                  "Averaging window over which the controller holds power at or under the state's MP",
                  ACC(power.cap_window_ps)));
  k.push_back(num(D::Drive, "thermal.ambient_c", F, "degC", -40, 100, 1, "Air temperature at the drive's inlet",
                  ACC(power.ambient_c)));
  k.push_back(num(D::Drive, "thermal.r_th_c_per_w", F, "degC/W", 0.01, 100, 1,
                  "Composite-to-ambient thermal resistance in its airflow", ACC(power.r_th_c_per_w)));
  k.push_back(num(D::Drive, "thermal.c_th_j_per_c", F, "J/degC", 0.01, 1e5, 1,
                  "Heat capacity of drive and heatsink (time constant R x C)", ACC(power.c_th_j_per_c)));
  k.push_back(num(D::Drive, "thermal.warning_c", F, "degC", 0, 200, 1, "Warning composite temperature (WCTEMP)",
                  ACC(power.warning_c)));
  k.push_back(num(D::Drive, "thermal.critical_c", F, "degC", 0, 200, 1, "Critical composite temperature (CCTEMP)",
                  ACC(power.critical_c)));
  k.push_back(num(D::Drive, "thermal.tmt1_c", F, "degC", 0, 200, 1, "HCTM light throttling threshold (TMT1; 0: off)",
                  ACC(power.tmt1_c), {}, "0"));
  k.push_back(num(D::Drive, "thermal.tmt2_c", F, "degC", 0, 200, 1, "HCTM heavy throttling threshold (TMT2; 0: off)",
                  ACC(power.tmt2_c), {}, "0"));
  k.push_back(num(D::Drive, "thermal.tmt1_limit_w", F, "W", 0, 1000, 1, "Power held to this above TMT1",
                  ACC(power.tmt1_limit_w), {}, "0"));
  k.push_back(num(D::Drive, "thermal.tmt2_limit_w", F, "W", 0, 1000, 1, "Power held to this above TMT2",
                  ACC(power.tmt2_limit_w), {}, "0"));
  // ---- NAND profile
  k.push_back(text(D::Nand, "nand.name", "NAND generation name", ACC(nand.name)));
  k.push_back(num(D::Nand, "geometry.die_capacity_gbit", F, "Gbit", 0.001, 1e5, 1, "Nominal die capacity",
                  ACC(nand.die_capacity_gbit)));
  k.push_back(num(D::Nand, "geometry.planes_per_die", I, "", 1, 16, 1, "Planes per die", ACC(nand.planes_per_die)));
  k.push_back(num(D::Nand, "geometry.blocks_per_plane", I, "", 1, 1e6, 1, "Blocks per plane (user + spare blocks)",
                  ACC(nand.blocks_per_plane)));
  k.push_back(num(D::Nand, "geometry.pages_per_block", I, "", 1, 1e5, 1, "Pages per block", ACC(nand.pages_per_block)));
  k.push_back(
      num(D::Nand, "geometry.page_bytes", I, "bytes", 512, 65536, 1, "User data bytes per page", ACC(nand.page_bytes)));
  k.push_back(num(D::Nand, "geometry.spare_bytes", I, "bytes", 0, 16384, 1,
                  "Spare (ECC parity, metadata) bytes per page", ACC(nand.spare_bytes)));
  k.push_back(num(D::Nand, "geometry.bits_per_cell", I, "", 1, 4, 1,
                  "1 SLC, 2 MLC, 3 TLC, 4 QLC: pages programmed together per wordline", ACC(nand.bits_per_cell)));
  k.push_back(num(D::Nand, "timing.tR_us", F, "us", 1, 1e4, kPsPerUsD,
                  "Page read time, array to page register: the mean over a wordline's page types", ACC(nand.tR_ps)));
  k.push_back(text(D::Nand, "timing.read_levels",
                   "Read levels sensed per page type of a wordline, lower page first, e.g. \"1-2-4\" or "
                   "\"2-3-2\" for TLC (a Gray code: they sum to 2^bits_per_cell - 1); \"\": not given",
                   ACC(nand.read_levels), ""));
  k.push_back(num(D::Nand, "timing.tR_per_level_us", F, "us", 0, 1e3, kPsPerUsD,
                  "Sensing time one read level adds: a page type reads in tR_us + (its levels - the mean "
                  "levels) x this (0: every page type reads in tR_us; needs timing.read_levels)",
                  ACC(nand.tR_per_level_ps), {}, "0"));
  k.push_back(num(D::Nand, "timing.tPROG_us", F, "us", 10, 1e5, kPsPerUsD,
                  "One-shot program time of one wordline on all planes", ACC(nand.tPROG_ps)));
  k.push_back(num(D::Nand, "timing.tBERS_us", F, "us", 100, 1e6, kPsPerUsD, "Block erase time", ACC(nand.tBERS_ps)));
  k.push_back(num(D::Nand, "timing.ecc_decode_us", F, "us", 0, 1e3, kPsPerUsD, "LDPC decode latency per read",
                  ACC(nand.ecc_decode_ps)));
  k.push_back(num(D::Nand, "timing.cmd_overhead_ns", F, "ns", 0, 1e5, kPsPerNsD,
                  "Command/address cycles and status per operation", ACC(nand.cmd_overhead_ps)));
  k.push_back(num(D::Nand, "bus.rate_mts", F, "MT/s", 10, 1e5, 1, "Channel transfer rate", ACC(nand.bus_rate_mts)));
  k.push_back(
      num(D::Nand, "bus.width_bits", I, "bits", 8, 16, 1, "Channel data width", ACC(nand.bus_width_bits), {8, 16}));
  k.push_back(num(D::Nand, "endurance.pe_cycles", F, "cycles", 100, 1e6, 1,
                  "Rated program/erase cycles per block (TBW = pe_cycles x raw bytes / WAF)", ACC(nand.pe_cycles)));
  k.push_back(num(D::Nand, "energy.vcc_v", F, "V", 0.5, 5, 1, "Array supply voltage (VCC)", ACC(nand.vcc_v)));
  k.push_back(num(D::Nand, "energy.read_ma", F, "mA", 0, 1000, 1,
                  "Mean VCC current of a single-plane page read over tR", ACC(nand.read_ma)));
  k.push_back(num(D::Nand, "energy.program_ma", F, "mA", 0, 1000, 1,
                  "Mean VCC current of a multi-plane one-shot program over tPROG", ACC(nand.program_ma)));
  k.push_back(num(D::Nand, "energy.erase_ma", F, "mA", 0, 1000, 1, "Mean VCC current of a multi-plane erase over tBERS",
                  ACC(nand.erase_ma)));
  k.push_back(
      num(D::Nand, "energy.standby_ua", F, "uA", 0, 1e5, 1, "Idle (standby) current per die", ACC(nand.standby_ua)));
  k.push_back(num(D::Nand, "energy.io_pj_per_byte", F, "pJ/B", 0, 1e4, 1,
                  "Channel I/O energy (VCCQ) per byte transferred, data + spare", ACC(nand.io_pj_per_byte)));
  k.push_back(num(D::Nand, "suspend.program_suspend_us", F, "us", 0, 1e4, kPsPerUsD,
                  "Program suspend latency: suspend command to the planes being free for a read",
                  ACC(nand.program_suspend_ps)));
  k.push_back(num(D::Nand, "suspend.erase_suspend_us", F, "us", 0, 1e5, kPsPerUsD,
                  "Erase suspend latency: suspend command to the planes being free for a read",
                  ACC(nand.erase_suspend_ps)));
  k.push_back(num(D::Nand, "suspend.resume_us", F, "us", 0, 1e4, kPsPerUsD,
                  "Array time each resume adds to the suspended operation", ACC(nand.resume_ps)));
  k.push_back(num(D::Nand, "suspend.max_per_op", I, "", 0, 1000, 1,
                  "Suspends allowed per program or erase (0: the part cannot suspend)", ACC(nand.max_suspends_per_op)));
  return k;
}
#undef ACC

std::string fmt_num(double v) {
  if (v == std::floor(v) && std::fabs(v) < 1e16) return fmt::format("{}", static_cast<long long>(v));
  return fmt::format("{}", v);
}

}  // namespace

std::string KeyDesc::allowed_text() const {
  if (type == KeyType::String) return "text";
  if (!allowed.empty()) {
    std::string s = "one of ";
    for (std::size_t i = 0; i < allowed.size(); ++i) s += (i ? ", " : "") + fmt_num(allowed[i]);
    return s;
  }
  return fmt::format("{}{} .. {}", type == KeyType::Integer ? "whole number " : "", fmt_num(min), fmt_num(max));
}

const std::vector<KeyDesc>& config_keys() {
  static const std::vector<KeyDesc> keys = build();
  return keys;
}

const KeyDesc* find_key(ProfileKind file, const std::string& path) {
  for (const KeyDesc& k : config_keys())
    if (k.file == file && k.path == path) return &k;
  return nullptr;
}

}  // namespace ssdtwin::config
