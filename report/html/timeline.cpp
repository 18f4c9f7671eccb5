// The run's timeline on report.html: one bar from the restore to the end,
// each part as wide as it lasted (but wide enough for its label), so that
// what was done to the server before the warm-up shows beside the run.
#include "report/html/parts.hpp"
#include "report/views/format.hpp"
#include "report/views/run_timeline.hpp"

namespace tpcc::html {
namespace {

const char* part_class(TimelinePart part) {
  switch (part) {
    case TimelinePart::BeforeRun: return "before";
    case TimelinePart::Warmup: return "warmup";
    case TimelinePart::Measured: return "measured";
  }
  return "before";
}

}  // namespace

std::string timeline_section(const RunInfo& info) {
  const std::vector<TimelineSegment> segments = run_timeline(info);
  std::string h =
      "<h2>Timeline</h2>\n<p class=\"note\">From the restore and the --condition steps, which "
      "the interval charts below do not show (they start with the warm-up), to the end of the "
      "measured interval.</p>\n<div class=\"timeline\">";
  for (const TimelineSegment& s : segments) {
    const int decimals = s.seconds < 10 ? 2 : 1;
    h += "<div class=\"" + std::string(part_class(s.part)) +
         "\" style=\"flex-grow:" + fixed(s.seconds, 3) + "\" title=\"" + html_escape(s.label) +
         "\">" + html_escape(s.label) + "<br>" + fixed(s.seconds, decimals) + " s</div>";
  }
  return h + "</div>\n";
}

}  // namespace tpcc::html
