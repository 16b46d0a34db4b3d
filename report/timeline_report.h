// The NAND timeline of a run (RunOptions::timeline_*) as Chrome trace-event JSON, which
// Perfetto (ui.perfetto.dev) and chrome://tracing open: one process "NAND dies" with a
// track per die (tR host / tR GC, tPROG, tBERS) and one "NAND channels" with a track per
// channel (data out, data in); times in microseconds of simulated time.
#pragma once
#include <string>

#include "model/simulation.h"

namespace ssdtwin::report {

// The whole file's text, newline-terminated.
std::string timeline_chrome_json(const model::RunResult& r);

}  // namespace ssdtwin::report
