#pragma once

namespace ssdtwin::apps {

// `ssdtwin compare`: run every lab record's job in its own process (SystemC elaborates
// once per process), up to --jobs at a time, and print predicted vs measured.
int cmd_compare(int argc, char** argv);

}  // namespace ssdtwin::apps
