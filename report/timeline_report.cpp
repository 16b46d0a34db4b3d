#include "report/timeline_report.h"

#include <algorithm>
#include <map>

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

nlohmann::ordered_json timeline_chrome_json(const model::RunResult& r) {
  using json = nlohmann::ordered_json;
  using nand::ActivityInterval;
  json events = json::array();
  auto meta = [&](const char* what, int pid, int tid, const std::string& name) {
    json m = {{"name", what}, {"ph", "M"}, {"pid", pid}};
    if (tid >= 0) m["tid"] = tid;
    m["args"] = {{"name", name}};
    events.push_back(m);
  };
  meta("process_name", 1, -1, "NAND dies");
  meta("process_name", 2, -1, "NAND channels");
  // Slices on one track must nest (trace-event format); a die's planes read in parallel, so
  // its intervals overlap. Each goes to the first lane of its die (or channel) that is free
  // at its start: lane 0 is "die 3", lane 1 "die 3 (2)", and so on.
  std::vector<const ActivityInterval*> order;
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
    events.push_back({{"name", slice_name(*e)},
                      {"cat", e->channel ? "channel" : "die"},
                      {"ph", "X"},
                      {"ts", double(e->start_ps) / double(kPsPerUs)},
                      {"dur", double(e->end_ps - e->start_ps) / double(kPsPerUs)},
                      {"pid", e->channel ? 2 : 1},
                      {"tid", int(e->index) * kLanes + int(std::min<std::size_t>(lane, kLanes - 1))}});
  }
  // Host queues: a counter track per job clone (commands outstanding, as the host sees them).
  meta("process_name", 3, -1, "host queues");
  for (const auto& q : r.timeline_queues)
    events.push_back({{"name", "outstanding q" + std::to_string(q.queue)},
                      {"ph", "C"},
                      {"ts", double(q.t_ps) / double(kPsPerUs)},
                      {"pid", 3},
                      {"args", {{"commands", q.outstanding}}}});
  return {{"traceEvents", events},
          {"displayTimeUnit", "ns"},
          {"otherData",
           {{"generator", "ssdtwin"},
            {"window_start_us", double(r.timeline_from_ps) / double(kPsPerUs)},
            {"window_end_us", double(r.timeline_to_ps) / double(kPsPerUs)},
            {"truncated_at_us", double(r.timeline_truncated_at_ps) / double(kPsPerUs)},
            {"note", r.timeline_truncated_at_ps
                         ? "the window held more than 500000 intervals: recording stopped at truncated_at_us"
                         : "intervals overlapping the window, as booked (a suspend stretches a program without a new "
                           "entry)"}}}};
}

}  // namespace ssdtwin::report
