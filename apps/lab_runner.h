// The command line's side of running lab records: --jobs and the Simulator that runs each
// simulation as an `ssdtwin run` child process (lab/runner.h has the rest).
#pragma once
#include <map>
#include <string>

#include "lab/runner.h"

namespace ssdtwin::apps {

// --jobs N: 1..256; default 2.
int parse_parallel(const std::map<std::string, std::string>& single);
// Runs simulations as child processes of this executable, up to `parallel` at a time.
lab::Simulator process_simulator(int parallel);

}  // namespace ssdtwin::apps
