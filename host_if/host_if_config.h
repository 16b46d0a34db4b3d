// Host-interface parameters: PCIe link, NVMe controller front end, and the host it talks to.
#pragma once
#include <cstdint>

#include "sim/time.h"

namespace ssdtwin::host_if {

struct PcieConfig {
  std::uint32_t generation = 0;  // 1..5
  std::uint32_t lanes = 0;       // 1, 2, 4, 8, 16
  std::uint32_t mps_bytes = 0;   // max payload size of device-originated memory writes
  std::uint32_t mrrs_bytes = 0;  // max read request size of device DMA reads
  TimePs round_trip_ps = 0;      // device MRd -> first CplD, excluding serialisation
};

struct ControllerConfig {
  std::uint32_t fe_cores = 0;                 // front-end firmware cores processing commands
  std::uint32_t fe_write_cores = 0;           // of those, how many may run writes, deallocates and GC
                                              // batches at once (the FTL write path); 0: all of them
  TimePs fe_read_cmd_ps = 0;                  // firmware time per read command on one core
  TimePs fe_write_cmd_ps = 0;                 // firmware time per write command on one core
  TimePs write_commit_ps = 0;                 // pipelined latency from data in DRAM to posting the CQE
  TimePs fe_trim_cmd_ps = 0;                  // firmware time per deallocate (TRIM) command on one core
  TimePs gc_iu_ps = 0;                        // firmware time per IU a GC read brings in (validity check,
                                              // remap, journal), on the same cores as commands
  std::uint32_t max_concurrent_programs = 0;  // peak-power management: dies programming at once; 0 no limit
  std::uint32_t max_io_queues = 0;            // NVMe I/O submission/completion queue pairs
  std::uint32_t max_queue_entries = 0;        // CAP.MQES + 1
};

// The host side of the link: what the lab's server and OS add to every I/O.
struct HostConfig {
  std::uint32_t read_completion_bytes = 0;  // payload per CplD the root complex returns
  TimePs submit_overhead_ps = 0;            // fio + kernel block layer + driver, until doorbell
  TimePs complete_overhead_ps = 0;          // interrupt to fio seeing the completion
  // A host-side data path for one direction (e.g. GPUDirect Storage moving data between
  // the drive and GPU memory). Every field 0: not there.
  struct PathDirection {
    TimePs per_io_ps = 0;           // host software per I/O, on one shared worker, before submission
    double bytes_per_s = 0;         // what the path moves for the drive's DMA, all I/Os together
    TimePs latency_ps = 0;          // per I/O after completion, not shared ...
    double stream_bytes_per_s = 0;  // ... plus bytes / stream rate (one I/O's own transfer)
  };
  PathDirection path_read, path_write;
};

}  // namespace ssdtwin::host_if
