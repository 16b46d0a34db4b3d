// Sequential read-ahead: firmware watches for host reads that start where an earlier read
// ended and, once a stream has run for `trigger` commands, reads the next `window` of the
// stream's LPNs from NAND into DRAM before the host asks. Later reads of those LPNs are
// served from DRAM (or join the NAND read already under way) instead of queueing on dies.
//
// Why: after a sequential fill, consecutive LPNs share one die's program unit (288 KiB on
// 232-layer TLC), so a single stream of small reads would otherwise queue on a few dies;
// and lab drives answer QD1 16 KiB sequential reads in ~15 us, well below tR, which only
// data already in DRAM can do (docs/architecture.md, "Read-ahead").
//
// This file holds the bookkeeping (stream table, prefetched pages, waiters), with no
// NAND or SystemC: Ftl issues the reads. Objects are pooled; nothing is allocated per I/O.
#pragma once
#include <cstdint>
#include <vector>

#include "sim/pool.h"

namespace ssdtwin::ftl {

struct IoRequest;

struct ReadAheadConfig {
  std::uint32_t window_ius = 0;  // IUs kept fetched ahead of a stream (0: read-ahead off)
  std::uint32_t trigger = 2;     // sequential commands in a row before fetching starts
  std::uint32_t streams = 8;     // streams tracked at once (least recently used replaced)
};

// A host read waiting for a prefetched page that is still being read.
struct RaWaiter {
  IoRequest* req = nullptr;
  RaWaiter* next = nullptr;
};

// One NAND page read of a stream: IUs [first_lpn, first_lpn + n_ius) at consecutive PPNs
// starting at first_ppn (the L2P entries when it was issued).
struct RaPage {
  std::uint64_t first_lpn = 0;
  std::uint32_t first_ppn = 0;
  std::uint32_t n_ius = 0;
  std::uint32_t used_ius = 0;  // IUs the host has taken from it
  bool ready = false;          // data in DRAM
  bool orphan = false;         // dropped by its stream while in flight: freed on arrival
  RaWaiter* waiters = nullptr;
  bool covers(std::uint64_t lpn) const { return lpn >= first_lpn && lpn < first_lpn + n_ius; }
  // The IU's data is still the newest copy when its L2P entry has not moved.
  bool current(std::uint64_t lpn, std::uint32_t l2p) const { return l2p == first_ppn + (lpn - first_lpn); }
};

struct RaCounters {
  std::uint64_t nand_reads = 0;  // page reads issued ahead of the host
  std::uint64_t hit_ius = 0;     // host IUs served from prefetched data in DRAM
  std::uint64_t joined_ius = 0;  // host IUs that waited for a prefetch already in flight
  std::uint64_t unused_ius = 0;  // prefetched IUs dropped without being read
  std::uint64_t streams_started = 0;
};

class ReadAhead {
 public:
  struct Stream {
    std::uint64_t next_lpn = UINT64_MAX;  // where the stream's next command would start
    std::uint64_t fetch_lpn = 0;          // fetched (or skipped) up to here
    std::uint32_t run = 0;                // sequential commands in a row
    std::uint64_t last_use = 0;
    std::vector<RaPage*> pages;  // ring, in LPN order
    std::uint32_t head = 0, count = 0;
    RaPage* page(std::uint32_t i) const { return pages[(head + i) % pages.size()]; }
    bool full() const { return count == pages.size(); }
  };

  explicit ReadAhead(const ReadAheadConfig& cfg);
  bool enabled() const { return cfg_.window_ius > 0; }
  const ReadAheadConfig& config() const { return cfg_; }

  // A host read of [first_lpn, first_lpn + n): the stream it continues (its run counted),
  // or a stream taken over (least recently used) for a new one.
  Stream& observe(std::uint64_t first_lpn, std::uint32_t n);
  // The prefetched page of `s` holding `lpn`, if any.
  RaPage* find(const Stream& s, std::uint64_t lpn) const;
  // Pages wholly below `lpn` are consumed or skipped: drop them.
  void release_below(Stream& s, std::uint64_t lpn);
  bool should_fetch(const Stream& s) const { return enabled() && s.run >= cfg_.trigger; }
  RaPage* push_page(Stream& s, std::uint64_t first_lpn, std::uint32_t first_ppn, std::uint32_t n);
  // Returns false when the command already waits for this page.
  bool add_waiter(RaPage* p, IoRequest* r);
  // The page's NAND read finished: returns its waiters (the caller completes them and
  // then calls release_waiters) and frees the page if its stream already dropped it.
  RaWaiter* arrived(RaPage* p);
  void release_waiters(RaWaiter* w);
  // Power loss or reset: forget every stream (pages in flight are freed on arrival).
  void clear();

  RaCounters& counters() { return counters_; }
  const RaCounters& counters() const { return counters_; }

 private:
  void drop(RaPage* p);

  ReadAheadConfig cfg_;
  std::vector<Stream> streams_;
  std::uint64_t clock_ = 0;
  Pool<RaPage> pages_;
  Pool<RaWaiter> waiters_;
  RaCounters counters_;
};

}  // namespace ssdtwin::ftl
