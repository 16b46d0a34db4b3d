#include <boost/test/unit_test.hpp>
#include <filesystem>

#include "config/config_keys.h"
#include "config/config_loader.h"
#include "config/config_report.h"
#include "config/input_error.h"
#include "test_support.h"

using namespace ssdtwin;
using namespace ssdtwin::config;
using ssdtwin::test::read_text;
using ssdtwin::test::replace_once;

namespace {

const std::string kDrive = read_text(test::tiny_drive());
const std::string kNand = read_text(test::source_path("tests/data/tiny-nand.toml"));

// Writes a (possibly mutated) tiny drive + NAND pair and loads it.
LoadedProfile load_pair(const std::string& tag, const std::string& drive, const std::string& nand,
                        const std::vector<std::string>& sets = {}) {
  const auto dir = std::filesystem::temp_directory_path() / ("ssdtwin-cfg-" + tag);
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "tiny-nand.toml") << nand;
  std::ofstream(dir / "drive.toml") << drive;
  return load_profile((dir / "drive.toml").string(), sets);
}

void expect_error(const std::string& tag, const std::string& drive, const std::string& nand,
                  const std::vector<std::string>& needles, const std::vector<std::string>& sets = {}) {
  try {
    load_pair(tag, drive, nand, sets);
    BOOST_FAIL("profile accepted: " << tag);
  } catch (const InputError& e) {
    const std::string m = e.what();
    for (const auto& n : needles) BOOST_TEST(m.find(n) != std::string::npos, "'" << n << "' not in: " << m);
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(config)

BOOST_AUTO_TEST_CASE(bundled_profiles_load_and_derive_overprovisioning) {
  const LoadedProfile p = load_profile(test::max9550());
  BOOST_TEST(p.config.dies() == 128u);
  BOOST_TEST(p.config.op_ratio() == 0.3748, boost::test_tools::tolerance(0.001));
  BOOST_TEST(p.config.nand.tR_ps == 45 * kPsPerUs);
  const LoadedProfile t = load_profile(test::tiny_drive());
  BOOST_TEST(t.config.dies() == 4u);
}

BOOST_AUTO_TEST_CASE(set_overrides_drive_and_nand_keys_with_validation) {
  const LoadedProfile p = load_pair("set", kDrive, kNand, {"topology.channels=4", "nand.timing.tR_us=50"});
  BOOST_TEST(p.config.channels == 4u);
  BOOST_TEST(p.config.nand.tR_ps == 50 * kPsPerUs);
  BOOST_TEST(p.origin.at("drive:topology.channels") == "--set topology.channels=4");
}

BOOST_AUTO_TEST_CASE(unknown_key_names_file_line_and_allowed_keys) {
  expect_error(
      "unknown", replace_once(kDrive, "channels = 2", "channels = 2\nchanels = 3"), kNand,
      {"drive.toml:12", "unknown key 'topology.chanels'", "allowed in [topology]: channels, dies_per_channel"});
}
BOOST_AUTO_TEST_CASE(unknown_section_lists_sections) {
  expect_error("section", kDrive + "\n[cache]\nsize = 1\n", kNand, {"unknown section [cache]", "[pcie]"});
}
BOOST_AUTO_TEST_CASE(wrong_type_is_an_error) {
  expect_error("type", replace_once(kDrive, "lanes = 4", "lanes = \"four\""), kNand,
               {"key 'pcie.lanes' must be a number"});
}
BOOST_AUTO_TEST_CASE(fraction_for_integer_key_is_an_error) {
  expect_error("frac", replace_once(kDrive, "fe_cores = 2", "fe_cores = 2.5"), kNand,
               {"key 'controller.fe_cores' must be a whole number"});
}
BOOST_AUTO_TEST_CASE(out_of_range_value_names_range) {
  expect_error("range", kDrive, replace_once(kNand, "planes_per_die = 2", "planes_per_die = 0"),
               {"tiny-nand.toml:8", "geometry.planes_per_die", "out of range", "1 .. 16"});
}
BOOST_AUTO_TEST_CASE(value_outside_allowed_set_lists_the_set) {
  expect_error("mps", replace_once(kDrive, "mps_bytes = 512", "mps_bytes = 500"), kNand,
               {"pcie.mps_bytes", "one of 128, 256, 512, 1024, 2048, 4096"});
}
BOOST_AUTO_TEST_CASE(power_state_table_is_loaded_in_order) {
  const LoadedProfile t = load_profile(test::tiny_drive());
  BOOST_TEST_REQUIRE(t.config.power.states.size() == 3u);
  BOOST_TEST(t.config.power.states[0].mp_w == 25.0);
  BOOST_TEST(t.config.power.states[2].non_operational);
  BOOST_TEST(t.config.power.states[2].exlat_ps == 3 * kPsPerMs);
}
BOOST_AUTO_TEST_CASE(power_state_errors_name_file_line_state_and_key) {
  expect_error("ps_nomp", replace_once(kDrive, "mp_w = 12.0", "rrt_typo = 1"), kNand,
               {"drive.toml:", "[[power_state]] PS1 key 'rrt_typo'", "allowed: mp_w"});
  expect_error("ps_range", replace_once(kDrive, "mp_w = 12.0", "mp_w = -1"), kNand, {"PS1 key 'mp_w'", "out of range"});
  expect_error("ps_low", replace_once(kDrive, "mp_w = 12.0", "mp_w = 2.0"), kNand,
               {"PS1: mp_w = 2 W does not exceed the drive's idle operational power"});
  expect_error("ps_rank", replace_once(kDrive, "rrt = 2", "rrt = 7"), kNand,
               {"PS2: relative ranks", "below the number of states (3)"});
  expect_error("ps_bool", replace_once(kDrive, "non_operational = true", "non_operational = 1"), kNand,
               {"PS2 key 'non_operational' must be true or false"});
}
BOOST_AUTO_TEST_CASE(power_state_keys_are_set_from_the_command_line_through_their_descriptors) {
  const LoadedProfile t = load_pair("ps_set", kDrive, kNand, {"power_state.1.mp_w=18", "power_state.2.exlat_us=500"});
  BOOST_TEST(t.config.power.states[1].mp_w == 18.0);
  BOOST_TEST(t.config.power.states[2].exlat_ps == 500 * kPsPerUs);
  expect_error("ps_set_n", kDrive, kNand, {"--set 'power_state.3.mp_w=18'", "(0 .. 2)", "mp_w, non_operational"},
               {"power_state.3.mp_w=18"});
  expect_error("ps_set_key", kDrive, kNand, {"PS0 key 'mp'", "unknown; allowed: mp_w"}, {"power_state.0.mp=1"});
  expect_error("ps_set_range", kDrive, kNand, {"PS1 key 'mp_w' = 5000 is out of range; allowed 0.01 .. 1000"},
               {"power_state.1.mp_w=5000"});
  expect_error("ps_set_whole", kDrive, kNand, {"PS1 key 'rrt' must be a whole number in 0 .. 31"},
               {"power_state.1.rrt=1.5"});
  // The cross-state checks run after the overrides too.
  expect_error("ps_set_low", kDrive, kNand, {"PS1: mp_w = 2 W does not exceed"}, {"power_state.1.mp_w=2"});
}
BOOST_AUTO_TEST_CASE(host_keys_come_from_a_host_profile_not_the_drive_profile) {
  // Without a host profile: the reference lab host (the keys' defaults).
  const LoadedProfile d = load_pair("host_default", kDrive, kNand);
  BOOST_TEST(d.host.read_completion_bytes == 64u);
  BOOST_TEST(d.host.submit_overhead_ps == 2000 * kPsPerNs);
  BOOST_TEST(d.origin.at("host:host.submit_overhead_ns") == "default");
  // A host profile, then --set on top of it.
  const std::string host = test::source_path("scenarios/hosts/amd-epyc-7742-vdbench.toml");
  const LoadedProfile h = load_profile(test::tiny_drive(), {"host.complete_overhead_ns=5000"}, host);
  BOOST_TEST(h.host.path_write.bytes_per_s == 4.43e9);
  BOOST_TEST(h.host.complete_overhead_ps == 5000 * kPsPerNs);
  BOOST_TEST(h.origin.at("host:host.path_write_gbps").find("amd-epyc-7742-vdbench.toml:12") != std::string::npos);
  // The drive's configuration is the same whatever the host.
  BOOST_TEST(h.config.controller.fe_cores == d.config.controller.fe_cores);
  // A drive profile's [host] section says where the keys went.
  expect_error(
      "host_in_drive", kDrive + "\n[host]\nsubmit_overhead_ns = 1000\n", kNand,
      {"drive.toml:", "section [host] has moved out of the drive profile", "--host FILE", "--set host.KEY=VALUE"});
  // A host profile holds host keys only.
  const auto dir = std::filesystem::temp_directory_path() / "ssdtwin-cfg-hostfile";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "host.toml") << "[pcie]\nlanes = 4\n";
  try {
    load_profile(test::tiny_drive(), {}, (dir / "host.toml").string());
    BOOST_FAIL("a host profile with [pcie] was accepted");
  } catch (const InputError& e) {
    BOOST_TEST(std::string(e.what()).find("host.toml:1: unknown section [pcie]; allowed: [host]") != std::string::npos,
               e.what());
  }
}
BOOST_AUTO_TEST_CASE(missing_required_key_is_an_error) {
  expect_error("missing", kDrive, replace_once(kNand, "tR_us = 45.0", ""),
               {"missing required key 'timing.tR_us'", "unit us"});
}
BOOST_AUTO_TEST_CASE(read_levels_must_fit_the_cell) {
  const std::string levels = "tR_us = 45.0\nread_levels = \"LEVELS\"\ntR_per_level_us = 9.0";
  const auto with = [&](const std::string& l) {
    return replace_once(kNand, "tR_us = 45.0", replace_once(levels, "LEVELS", l));
  };
  expect_error("levels-count", kDrive, with("1-2"), {"nand.toml:", "timing.read_levels", "3 page types", "7 levels"});
  expect_error("levels-sum", kDrive, with("2-2-2"), {"timing.read_levels", "6 read levels"});
  expect_error("levels-text", kDrive, with("1-two-4"), {"timing.read_levels", "joined by '-'"});
  expect_error("levels-zero", kDrive, with("0-3-4"), {"timing.read_levels", "1 or more"});
  expect_error("levels-missing", kDrive, replace_once(kNand, "tR_us = 45.0", "tR_us = 45.0\ntR_per_level_us = 9.0"),
               {"timing.tR_per_level_us", "needs timing.read_levels"});
  expect_error("levels-negative", kDrive,
               replace_once(with("1-2-4"), "tR_per_level_us = 9.0", "tR_per_level_us = 40.0"),
               {"timing.tR_per_level_us", "at least 1 us"});
  const LoadedProfile ok = load_pair("levels-ok", kDrive, with("2-3-2"));
  BOOST_TEST(ok.config.nand.tR_offset_ps[0] == -3000000);  // (2 - 7/3) x 9 us
  BOOST_TEST(ok.config.nand.tR_offset_ps[1] == 6000000);
  BOOST_TEST(ok.config.nand.tR_offset_ps[2] == -3000000);
}
BOOST_AUTO_TEST_CASE(toml_syntax_error_names_line) {
  expect_error("syntax", replace_once(kDrive, "lanes = 4", "lanes = = 4"), kNand, {"drive.toml:", "TOML syntax error"});
}
BOOST_AUTO_TEST_CASE(missing_nand_profile_file_is_an_error) {
  expect_error("nonand", replace_once(kDrive, "tiny-nand.toml", "nope.toml"), kNand,
               {"drive.nand_profile", "does not exist"});
}
BOOST_AUTO_TEST_CASE(raw_below_user_capacity_is_an_error) {
  expect_error("raw", replace_once(kDrive, "user_bytes = 75_497_472", "user_bytes = 200_000_000"), kNand,
               {"capacity.user_bytes", "overprovisioning must be positive"});
}
BOOST_AUTO_TEST_CASE(page_not_multiple_of_iu_is_an_error) {
  expect_error("iu", replace_once(kDrive, "iu_bytes = 4096", "iu_bytes = 32768"), kNand,
               {"ftl.iu_bytes", "not a multiple of the indirection unit"});
}
BOOST_AUTO_TEST_CASE(geometry_below_die_capacity_is_an_error) {
  expect_error("geo", kDrive, replace_once(kNand, "blocks_per_plane = 64", "blocks_per_plane = 60"),
               {"geometry.blocks_per_plane", "less than the nominal"});
}
BOOST_AUTO_TEST_CASE(geometry_far_above_die_capacity_is_an_error) {
  expect_error("geo2", kDrive, replace_once(kNand, "blocks_per_plane = 64", "blocks_per_plane = 80"),
               {"more than 110%"});
}
BOOST_AUTO_TEST_CASE(partial_wordline_block_is_an_error) {
  expect_error("wl", kDrive,
               replace_once(replace_once(kNand, "pages_per_block = 12", "pages_per_block = 13"),
                            "die_capacity_gbit = 0.1875", "die_capacity_gbit = 0.2"),
               {"not a multiple of bits_per_cell"});
}
BOOST_AUTO_TEST_CASE(raw_below_nominal_bill_of_materials_is_an_error) {
  expect_error("bom", replace_once(kDrive, "raw_bytes_nominal = 100_663_296", "raw_bytes_nominal = 200_000_000"), kNand,
               {"capacity.raw_bytes_nominal", "less than raw_bytes_nominal"});
}
BOOST_AUTO_TEST_CASE(write_buffer_below_two_program_units_is_an_error) {
  // 64 KiB pages x 4 planes x 3 bits = 768 KiB per program unit; the 1 MiB buffer holds one.
  expect_error("buf", kDrive, kNand, {"ftl.write_buffer_mib", "cannot hold two program units"},
               {"nand.geometry.page_bytes=65536", "nand.geometry.planes_per_die=4", "nand.geometry.blocks_per_plane=32",
                "nand.geometry.die_capacity_gbit=0.75"});
}
BOOST_AUTO_TEST_CASE(gc_high_not_above_low_is_an_error) {
  expect_error("gc", kDrive, kNand, {"must exceed gc_low_watermark_bgs"}, {"ftl.gc_low_watermark_bgs=5"});
}
BOOST_AUTO_TEST_CASE(gc_low_watermark_below_four_is_an_error) {
  // Paced GC needs the host to have a block group beyond its open one when a victim is chosen.
  expect_error("gclow", kDrive, kNand, {"ftl.gc_low_watermark_bgs", "4 .. 1000"}, {"ftl.gc_low_watermark_bgs=3"});
}
BOOST_AUTO_TEST_CASE(unknown_gc_policy_lists_the_policies) {
  expect_error("policy", kDrive, kNand,
               {"--set ftl.gc_policy=lru", "use greedy, fifo, cost_benefit, windowed_greedy or d_choices"},
               {"ftl.gc_policy=lru"});
}
BOOST_AUTO_TEST_CASE(malformed_set_is_an_error) {
  expect_error("set1", kDrive, kNand, {"--set 'channels'", "expected section.key=value"}, {"channels"});
}
BOOST_AUTO_TEST_CASE(base_profile_applies_first_and_the_drive_file_overrides_it) {
  // dir/base/family.toml holds a whole drive (NAND path relative to itself); dir/drive.toml
  // extends it and changes only the topology.
  const auto dir = std::filesystem::temp_directory_path() / "ssdtwin-cfg-base";
  std::filesystem::create_directories(dir / "base");
  std::ofstream(dir / "tiny-nand.toml") << kNand;
  std::ofstream(dir / "base" / "family.toml") << replace_once(kDrive, "\"tiny-nand.toml\"", "\"../tiny-nand.toml\"");
  std::ofstream(dir / "drive.toml") << "[drive]\nname = \"child\"\nbase_profile = \"base/family.toml\"\n"
                                       "[topology]\nchannels = 1\ndies_per_channel = 4\n";
  const LoadedProfile p = load_profile((dir / "drive.toml").string());
  BOOST_TEST(p.config.name == "child");
  BOOST_TEST(p.config.channels == 1u);
  BOOST_TEST(p.config.dies() == 4u);
  BOOST_TEST(p.config.controller.fe_cores == 2u);  // from the base
  BOOST_TEST(p.origin.at("drive:topology.channels").find("drive.toml:5") != std::string::npos);
  BOOST_TEST(p.origin.at("drive:controller.fe_cores").find("family.toml") != std::string::npos);
  BOOST_TEST(p.nand_path == (dir / "tiny-nand.toml").lexically_normal().string());
  BOOST_TEST(p.base_paths.size() == 1u);
}

BOOST_AUTO_TEST_CASE(op_pct_derives_the_user_capacity_from_the_nominal_raw_nand_and_the_nearer_key_wins) {
  // Tiny drive: 96 MiB nominal raw, 72 MiB user (33.3% OP). 20% OP: 96 MiB / 1.2 = 80 MiB.
  const LoadedProfile p = load_pair("op20", kDrive, kNand, {"capacity.op_pct=20"});
  BOOST_TEST(p.config.user_bytes == 83886080u);
  BOOST_TEST(p.origin.at("drive:capacity.user_bytes") == "capacity.op_pct (--set capacity.op_pct=20)");
  // Rounded down to whole 4 KiB sectors.
  BOOST_TEST(load_pair("op7", kDrive, kNand, {"capacity.op_pct=7"}).config.user_bytes % 4096 == 0u);
  // In the profile instead of user_bytes.
  const std::string op_only = replace_once(kDrive, "user_bytes = 75_497_472", "op_pct = 20");
  BOOST_TEST(load_pair("opfile", op_only, kNand).config.user_bytes == 83886080u);
  // A --set user capacity wins over a profile's op_pct.
  const LoadedProfile u = load_pair("opuser", op_only, kNand, {"capacity.user_bytes=50000000"});
  BOOST_TEST(u.config.user_bytes == 50000000u);
  BOOST_TEST(u.config.op_pct == 0.0);
  // Both at the same level, or neither: errors naming the keys.
  expect_error("opboth", replace_once(kDrive, "user_bytes = 75_497_472", "user_bytes = 75_497_472\nop_pct = 20"), kNand,
               {"capacity.op_pct", "capacity.user_bytes", "both give the user capacity"});
  expect_error("opbothset", kDrive, kNand, {"both give the user capacity"},
               {"capacity.op_pct=20", "capacity.user_bytes=50000000"});
  expect_error("opnone", replace_once(kDrive, "user_bytes = 75_497_472", "# none"), kNand,
               {"the user capacity is not given", "capacity.op_pct"});
}

BOOST_AUTO_TEST_CASE(missing_or_cyclic_base_profile_is_an_error) {
  expect_error("nobase", replace_once(kDrive, "[drive]\n", "[drive]\nbase_profile = \"nope.toml\"\n"), kNand,
               {"drive.toml:3", "drive.base_profile", "nope.toml", "does not exist"});
  expect_error("selfbase", replace_once(kDrive, "[drive]\n", "[drive]\nbase_profile = \"drive.toml\"\n"), kNand,
               {"drive.base_profile", "more than 8 levels", "cycle"});
  expect_error("numbase", replace_once(kDrive, "[drive]\n", "[drive]\nbase_profile = 3\n"), kNand,
               {"drive.base_profile", "quoted path"});
}

BOOST_AUTO_TEST_CASE(set_of_unknown_key_is_an_error) {
  expect_error("set2", kDrive, kNand, {"--set pcie.speed=9", "unknown key 'pcie.speed'"}, {"pcie.speed=9"});
}
BOOST_AUTO_TEST_CASE(set_out_of_range_is_an_error) {
  expect_error("set3", kDrive, kNand, {"--set pcie.generation=7", "out of range"}, {"pcie.generation=7"});
}
BOOST_AUTO_TEST_CASE(key_outside_section_is_an_error) {
  expect_error("top", "speed = 3\n" + kDrive, kNand, {"outside any section"});
}

BOOST_AUTO_TEST_CASE(every_key_has_unit_or_is_dimensionless_and_a_description) {
  for (const KeyDesc& k : config_keys()) {
    BOOST_TEST(!k.description.empty(), k.path);
    BOOST_TEST(k.path.find('.') != std::string::npos, k.path);
  }
}

BOOST_AUTO_TEST_CASE(generated_config_reference_is_up_to_date) {
  // docs/config.md is generated by `ssdtwin config --docs`; regenerate it when keys change.
  BOOST_TEST(read_text(test::source_path("docs/config.md")) == config_reference_markdown());
}

BOOST_AUTO_TEST_SUITE_END()
