// Sections of the run JSON for events a run may have: power cuts (what the hold-up did and
// what the recovery scan found) and --verify's data-integrity checks.
#pragma once
#include <nlohmann/json.hpp>

#include "model/simulation.h"

namespace ssdtwin::report {

nlohmann::ordered_json power_loss_json(const model::RunResult& r);
nlohmann::ordered_json verify_json(const model::DriveResults& d);

}  // namespace ssdtwin::report
