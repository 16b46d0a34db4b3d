#pragma once

namespace ssdtwin::apps {

// `ssdtwin sweep`: run one job file over the cartesian product of --set KEY=V1,V2,...
// (fio job keys, or section.key profile keys), one simulation per process, up to --jobs
// at a time; write one CSV or JSON table and, with --plot, the curves as PNG.
int cmd_sweep(int argc, char** argv);

}  // namespace ssdtwin::apps
