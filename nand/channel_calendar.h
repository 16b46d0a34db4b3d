// The reservations of one channel bus: sorted, non-overlapping busy intervals. A transfer
// takes the first gap, at or after the moment its data is ready, that is long enough.
// Reads reserve their data-out when their tR starts (the data is ready tR later), so
// transfers are booked in order of readiness rather than order of request, and a read
// booked early never blocks the bus before its data exists.
#pragma once
#include <utility>
#include <vector>

#include "sim/time.h"

namespace ssdtwin::nand {

class ChannelCalendar {
 public:
  // Returns the end of the booked interval [start, start + duration).
  TimePs reserve(TimePs now, TimePs ready_ps, TimePs duration_ps) {
    std::size_t done = 0;
    while (done < busy_.size() && busy_[done].second <= now) ++done;
    if (done) busy_.erase(busy_.begin(), busy_.begin() + std::ptrdiff_t(done));
    TimePs t = ready_ps;
    std::size_t i = 0;
    for (; i < busy_.size(); ++i) {
      if (busy_[i].second <= t) continue;
      if (busy_[i].first >= t + duration_ps) break;
      t = busy_[i].second;
    }
    busy_.insert(busy_.begin() + std::ptrdiff_t(i), {t, t + duration_ps});
    return t + duration_ps;
  }

 private:
  std::vector<std::pair<TimePs, TimePs>> busy_;
};

}  // namespace ssdtwin::nand
