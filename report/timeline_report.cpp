#include "report/timeline_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <string>
#include <vector>

namespace ssdtwin::report {

namespace {

const char* slice_name(const nand::ActivityInterval& e) {
  using nand::ActivityInterval;
  switch (e.kind) {
    case ActivityInterval::Read:
      return e.gc ? "tR GC" : "tR host";
    case ActivityInterval::Program:
      return "tPROG";
    case ActivityInterval::Erase:
      return "tBERS";
    case ActivityInterval::ReadOut:
      return e.gc ? "data out GC" : "data out";
    case ActivityInterval::ProgramIn:
      return "data in";
  }
  return "?";
}

}  // namespace

// Written as text, event by event: a JSON DOM of a window's up to 10^6 events took 1.7 GB
// (about 1.6 KB per event); the text is under 100 bytes per event. The names are fixed
// ASCII, so nothing needs escaping.
std::string timeline_chrome_json(const model::RunResult& r) {
  using nand::ActivityInterval;
  fmt::memory_buffer out;
  auto it = std::back_inserter(out);
  bool first = true;
  auto sep = [&] {
    if (!first) out.push_back(',');
    first = false;
  };
  auto us = [](TimePs ps) { return double(ps) / double(kPsPerUs); };
  auto meta = [&](const char* what, int pid, int tid, const std::string& name) {
    sep();
    if (tid >= 0)
      fmt::format_to(it, R"({{"name":"{}","ph":"M","pid":{},"tid":{},"args":{{"name":"{}"}}}})", what, pid, tid, name);
    else
      fmt::format_to(it, R"({{"name":"{}","ph":"M","pid":{},"args":{{"name":"{}"}}}})", what, pid, name);
  };
  fmt::format_to(it, R"({{"traceEvents":[)");
  meta("process_name", 1, -1, "NAND dies");
  meta("process_name", 2, -1, "NAND channels");
  // Slices on one track must nest (trace-event format); a die's planes read in parallel, so
  // its intervals overlap. Each goes to the first lane of its die (or channel) that is free
  // at its start: lane 0 is "die 3", lane 1 "die 3 (2)", and so on.
  std::vector<const ActivityInterval*> order;
  order.reserve(r.timeline.size());
  for (const ActivityInterval& e : r.timeline) order.push_back(&e);
  std::stable_sort(order.begin(), order.end(),
                   [](const ActivityInterval* a, const ActivityInterval* b) { return a->start_ps < b->start_ps; });
  std::map<std::pair<bool, std::uint32_t>, std::vector<TimePs>> lane_end;  // (channel?, index) -> end per lane
  constexpr int kLanes = 64;                                               // tid = index * kLanes + lane
  for (const ActivityInterval* e : order) {
    std::vector<TimePs>& ends = lane_end[{e->channel, e->index}];
    std::size_t lane = 0;
    while (lane < ends.size() && ends[lane] > e->start_ps) ++lane;
    if (lane == ends.size()) {
      ends.push_back(0);
      const std::string base = (e->channel ? "channel " : "die ") + std::to_string(e->index);
      meta("thread_name", e->channel ? 2 : 1, int(e->index) * kLanes + int(lane),
           lane ? base + " (" + std::to_string(lane + 1) + ")" : base);
    }
    ends[lane] = e->end_ps;
    sep();
    fmt::format_to(it, R"({{"name":"{}","cat":"{}","ph":"X","ts":{},"dur":{},"pid":{},"tid":{}}})", slice_name(*e),
                   e->channel ? "channel" : "die", us(e->start_ps), us(e->end_ps - e->start_ps), e->channel ? 2 : 1,
                   int(e->index) * kLanes + int(std::min<std::size_t>(lane, kLanes - 1)));
  }
  // Host queues: a counter track per job clone (commands outstanding, as the host sees them).
  meta("process_name", 3, -1, "host queues");
  for (const auto& q : r.timeline_queues) {
    sep();
    fmt::format_to(it, R"({{"name":"outstanding q{}","ph":"C","ts":{},"pid":3,"args":{{"commands":{}}}}})", q.queue,
                   us(q.t_ps), q.outstanding);
  }
  fmt::format_to(it,
                 R"(],"displayTimeUnit":"ns","otherData":{{"generator":"ssdtwin","window_start_us":{},)"
                 R"("window_end_us":{},"truncated_at_us":{},"note":"{}"}}}})",
                 us(r.timeline_from_ps), us(r.timeline_to_ps), us(r.timeline_truncated_at_ps),
                 r.timeline_truncated_at_ps ? "the window held more than 500000 intervals: recording stopped at "
                                              "truncated_at_us"
                                            : "intervals overlapping the window, as booked (a suspend stretches a "
                                              "program without a new entry)");
  out.push_back('\n');
  return std::string(out.data(), out.size());
}

}  // namespace ssdtwin::report
