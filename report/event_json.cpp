#include "report/event_json.h"

namespace ssdtwin::report {

using json = nlohmann::ordered_json;

// Each power cut: what the hold-up did and what the recovery scan found.
json power_loss_json(const model::RunResult& r) {
  json events = json::array();
  for (const model::PowerLossEvent& e : r.power_losses) {
    json lost = json::array();
    for (const auto& w : e.scan.lost)
      lost.push_back(
          {{"lpn", w.lpn}, {"seq", w.seq}, {"recovered_seq", w.recovered_seq}, {"acknowledged", w.acknowledged}});
    events.push_back({{"at_s", s_from_ps(e.cut_ps)},
                      {"plp", e.plp},
                      {"hold_up_ms", double(e.hold_up_ps) / kPsPerMs},
                      {"energy_available_j", e.energy_available_j},
                      {"energy_used_j", e.energy_used_j},
                      {"buffered_ius_at_cut", e.buffered_ius_at_cut},
                      {"clean", e.clean},
                      {"flushed_after_us", e.clean ? double(e.flushed_after_ps) / kPsPerUs : -1.0},
                      {"aborted_commands", e.aborted_commands},
                      {"scan_programmed_ius", e.scan.programmed_ius_scanned},
                      {"unflushed_lpns", e.scan.unflushed_lpns},
                      {"lost_writes", e.scan.lost_writes},
                      {"lost_acknowledged_writes", e.scan.lost_acknowledged},
                      {"lost_equals_unflushed", e.scan.lost_equals_unflushed},
                      {"durable_checked", e.scan.durable_checked},
                      {"durable_mismatches", e.scan.durable_mismatches},
                      {"resurrected_trims", e.scan.resurrected_trims},
                      {"recovery_s", e.recovery.seconds},
                      {"recovery_basis", e.recovery.basis},
                      {"resumed_at_s", e.clean ? s_from_ps(e.resumed_ps) : -1.0},
                      {"lost", lost}});
  }
  return {{"planned", r.power_losses_planned},
          {"happened", r.power_losses.size()},
          {"ended_run", r.ended_by_power_loss},
          {"events", events}};
}

// --verify: checks by point and the first mismatches.
json verify_json(const model::DriveResults& d) {
  json listed = json::array();
  for (const auto& m : d.verify_mismatches)
    listed.push_back({{"point", ftl::verify_point_name(m.point)},
                      {"lpn", m.lpn},
                      {"expected_seq", m.expected_seq},
                      {"found_lpn", m.found_lpn},
                      {"found_seq", m.found_seq}});
  return {{"checked", d.verify.checked},
          {"mismatches", d.verify.mismatches},
          {"writes_tagged", d.verify.writes_tagged},
          {"host_read_checks", d.verify.host_read_checks},
          {"relocation_checks", d.verify.relocation_checks},
          {"readback_checks", d.verify.readback_checks},
          {"first_mismatches", listed}};
}

}  // namespace ssdtwin::report
