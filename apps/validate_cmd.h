#pragma once

namespace ssdtwin::apps {

// `ssdtwin validate`: every record of the given lab files (default: scenarios/lab/*.toml)
// through the model, in parallel processes; prints predicted vs measured per record and
// median / maximum absolute error per drive and overall, for throughput (MB/s, IOPS) and
// latency records separately. --strict exits 1 when a record misses its tolerance.
int cmd_validate(int argc, char** argv);

}  // namespace ssdtwin::apps
