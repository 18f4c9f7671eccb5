#include "report/views/health.hpp"

#include "report/views/format.hpp"

namespace tpcc {

std::string error_note_text(const ErrorNote& note) {
  return "at " + fixed(note.at_seconds, 1) + " s: " +
         (note.sqlstate.empty() || note.message.rfind(note.sqlstate, 0) == 0
              ? note.message
              : note.sqlstate + " " + note.message);
}

std::vector<std::string> health_lines(const RunInfo& info, const RunStats& stats) {
  const RunHealth& health = info.health;
  std::vector<std::string> lines;
  switch (health.stop) {
    case StopReason::Completed: break;
    case StopReason::Interrupted:
      lines.push_back(
          "interrupted" +
          (health.stop_detail.empty() ? std::string() : " (" + health.stop_detail + ")") +
          ": stopped early; the figures cover the measured time up to the stop");
      break;
    case StopReason::Fatal:
      lines.push_back("STOPPED by an error retrying cannot fix: " + health.stop_detail);
      break;
    case StopReason::Downtime:
    case StopReason::Internal: lines.push_back("STOPPED: " + health.stop_detail); break;
  }
  if (health.downtime_seconds > 0) {
    lines.push_back("DOWNTIME: the server was unreachable for " +
                    fixed(health.downtime_seconds, 1) + " s (" +
                    std::to_string(health.reconnect_failures) +
                    " failed reconnect attempts); a run with downtime is not a clean run");
  }
  if (const std::int64_t unfinished = unfinished_total(stats); unfinished > 0) {
    lines.push_back("UNFINISHED: " + std::to_string(unfinished) +
                    " transaction(s) got no answer by the end (--stop-grace) and were cancelled; "
                    "their time so far is in the latency figures");
  }
  if (const std::int64_t timeouts = timeouts_total(stats); timeouts > 0) {
    lines.push_back("TIMEOUTS: " + std::to_string(timeouts) +
                    " transaction(s) failed on statement_timeout or lock_timeout (57014, 55P03)");
  }
  if (health.first_error) lines.push_back("first error " + error_note_text(*health.first_error));
  if (health.last_error && health.last_error->at_seconds != health.first_error->at_seconds) {
    lines.push_back("last error " + error_note_text(*health.last_error));
  }
  return lines;
}

}  // namespace tpcc
