#pragma once

namespace ssdtwin::apps {

// `ssdtwin endurance`: WAF to steady state on the functional FTL path, then TBW / DWPD;
// with --op-sweep, uniform-random WAF at several overprovisioning levels next to the
// closed-form greedy model.
int cmd_endurance(int argc, char** argv);

}  // namespace ssdtwin::apps
