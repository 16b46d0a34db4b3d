#include "report/timeline_report.h"

#include <set>

namespace ssdtwin::report {

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
  std::set<std::uint32_t> dies, channels;
  for (const ActivityInterval& e : r.timeline) (e.channel ? channels : dies).insert(e.index);
  for (std::uint32_t d : dies) meta("thread_name", 1, int(d), "die " + std::to_string(d));
  for (std::uint32_t c : channels) meta("thread_name", 2, int(c), "channel " + std::to_string(c));
  for (const ActivityInterval& e : r.timeline) {
    const char* name = "?";
    switch (e.kind) {
      case ActivityInterval::Read:
        name = e.gc ? "tR GC" : "tR host";
        break;
      case ActivityInterval::Program:
        name = "tPROG";
        break;
      case ActivityInterval::Erase:
        name = "tBERS";
        break;
      case ActivityInterval::ReadOut:
        name = e.gc ? "data out GC" : "data out";
        break;
      case ActivityInterval::ProgramIn:
        name = "data in";
        break;
    }
    events.push_back({{"name", name},
                      {"cat", e.channel ? "channel" : "die"},
                      {"ph", "X"},
                      {"ts", double(e.start_ps) / double(kPsPerUs)},
                      {"dur", double(e.end_ps - e.start_ps) / double(kPsPerUs)},
                      {"pid", e.channel ? 2 : 1},
                      {"tid", e.index}});
  }
  // Host queues: a counter track per job clone (commands outstanding, as the host sees them).
  meta("process_name", 3, -1, "host queues");
  for (const auto& q : r.timeline_queues)
    events.push_back({{"name", "outstanding q" + std::to_string(q.queue)},
                      {"ph", "C"},
                      {"ts", double(q.t_ps) / double(kPsPerUs)},
                      {"pid", 3},
                      {"args", {{"commands", q.outstanding}}}});
  return {
      {"traceEvents", events},
      {"displayTimeUnit", "ns"},
      {"otherData",
       {{"generator", "ssdtwin"},
        {"window_start_us", double(r.timeline_from_ps) / double(kPsPerUs)},
        {"window_end_us", double(r.timeline_to_ps) / double(kPsPerUs)},
        {"note", "intervals overlapping the window, as booked (a suspend stretches a program without a new entry)"}}}};
}

}  // namespace ssdtwin::report
