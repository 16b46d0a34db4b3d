#pragma once

namespace ssdtwin::apps {

// `ssdtwin lab import-fio RESULT.json --job JOB.fio --drive PROFILE.toml [--output LAB.toml]`:
// turns fio's own JSON output from a real drive into lab records (bandwidth, IOPS and mean
// latency per direction that did I/O), ready for `ssdtwin validate` and `calibrate`.
int cmd_lab(int argc, char** argv);

}  // namespace ssdtwin::apps
