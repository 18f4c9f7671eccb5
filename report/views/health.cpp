#include "report/views/health.hpp"

#include "config/settings/values.hpp"
#include "report/views/format.hpp"

namespace tpcc {
namespace {

constexpr const char* kDeliveryWorker = "delivery worker";

std::string attempts_text(const RunHealth& health) {
  return std::to_string(health.reconnect_failures) + " failed reconnect attempts";
}

// "DOWNTIME: the server was unreachable for 3.4 s (...)"; `server` names
// it ("the server", "standby 1 (host port)"). When only delivery workers
// failed to reconnect, the terminals were served: the line says so.
std::string downtime_line(const std::string& server, const RunHealth& health) {
  if (only_delivery_workers(health.unreachable_connections)) {
    return "DOWNTIME: " + connections_text(health.unreachable_connections) + " of " + server +
           " could not reconnect for " + fixed(health.downtime_seconds, 1) + " s (" +
           attempts_text(health) +
           ") while the terminals' connections were up; a run with downtime is not a clean run";
  }
  return "DOWNTIME: " + server + " was unreachable for " + fixed(health.downtime_seconds, 1) +
         " s (" + attempts_text(health) + "); a run with downtime is not a clean run";
}

// The first and the latest error; the latest only when it differs.
void add_error_lines(const std::string& prefix, const RunHealth& health,
                     std::vector<std::string>& lines) {
  if (health.first_error)
    lines.push_back(prefix + "first error " + error_note_text(*health.first_error));
  if (!health.last_error) return;
  const bool same = health.first_error &&
                    health.last_error->at_seconds == health.first_error->at_seconds &&
                    health.last_error->message == health.first_error->message;
  if (same) return;
  std::string line = prefix + "last error " + error_note_text(*health.last_error);
  if (health.distinct_errors > 2) {
    line += " (" + std::to_string(health.distinct_errors) +
            (health.distinct_errors >= kMaxDistinctErrors ? " or more" : "") +
            " different errors in all)";
  }
  lines.push_back(line);
}

// "OUTAGE 1: 10.2 s to 11.5 s (1.3 s), 127.0.0.1:5432 -> 127.0.0.1:5433".
void add_outage_lines(const RunHealth& health, std::vector<std::string>& lines) {
  for (std::size_t i = 0; i < health.outages.size(); ++i) {
    const Outage& o = health.outages[i];
    std::string line = "OUTAGE " + std::to_string(i + 1) + ": " + fixed(o.start_seconds, 1) +
                       " s to " + fixed(o.end_seconds, 1) + " s (" + fixed(o.seconds(), 1) +
                       " s), ";
    line += o.host_before == o.host_after
                ? "back on " + o.host_after
                : o.host_before + " -> " + o.host_after + " (the sessions moved: a failover)";
    lines.push_back(line);
  }
}

std::string standby_name(int number, const StandbyRun& standby) {
  return "standby " + std::to_string(number) + " (" + standby.target + ")";
}

}  // namespace

bool only_delivery_workers(const std::vector<std::string>& connections) {
  if (connections.empty()) return false;
  for (const std::string& name : connections) {
    if (name.rfind(kDeliveryWorker, 0) != 0) return false;
  }
  return true;
}

std::string connections_text(const std::vector<std::string>& connections) {
  std::string text;
  for (const std::string& name : connections) text += (text.empty() ? "" : ", ") + name;
  return text;
}

std::string downtime_failure_text(const RunHealth& health) {
  const std::string seconds = format_seconds(health.downtime_seconds);
  if (only_delivery_workers(health.unreachable_connections)) {
    return connections_text(health.unreachable_connections) + " could not reconnect for " +
           seconds + " s (the terminals' connections were up)";
  }
  return "the server was unreachable for " + seconds + " s";
}

std::string error_note_text(const ErrorNote& note) {
  return "at " + fixed(note.at_seconds, 1) + " s: " +
         (note.sqlstate.empty() || note.message.rfind(note.sqlstate, 0) == 0
              ? note.message
              : note.sqlstate + " " + note.message);
}

std::string standby_stop_detail(int number, const StandbyRun& standby) {
  const RunHealth& health = standby.health;
  if (!health.stop_detail.empty()) return health.stop_detail;
  if (!health.unreachable_since) return "";
  return standby_name(number, standby) + " unreachable from " +
         fixed(*health.unreachable_since, 1) + " s to the end of the run (" +
         attempts_text(health) + "): its terminals served nothing after that";
}

std::vector<std::string> standby_health_lines(int number, const StandbyRun& standby,
                                              bool with_errors) {
  const RunHealth& health = standby.health;
  const std::string name = standby_name(number, standby);
  std::vector<std::string> lines;
  if (const std::string stopped = standby_stop_detail(number, standby); !stopped.empty()) {
    lines.push_back("STANDBY " + std::to_string(number) + " DOWN: " + stopped);
  }
  if (health.downtime_seconds > 0) lines.push_back(downtime_line(name, health));
  if (const std::int64_t unfinished = unfinished_total(standby.stats); unfinished > 0) {
    lines.push_back("UNFINISHED on " + name + ": " + std::to_string(unfinished) +
                    " transaction(s) got no answer by the end and were cancelled");
  }
  if (with_errors) add_error_lines(name + ": ", health, lines);
  return lines;
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
  if (health.failover_expected && !health.unreachable_since) {
    if (health.downtime_seconds > 0) {
      lines.push_back("FAILOVER: RTO " + fixed(recovery_time_seconds(health), 1) +
                      " s (the longest outage), " + fixed(health.downtime_seconds, 1) +
                      " s unreachable in all; expected (--failover) and within --max-downtime");
    }
  } else if (health.downtime_seconds > 0) {
    lines.push_back(downtime_line("the server", health));
  }
  add_outage_lines(health, lines);
  if (info.ledger) {
    std::string line = (info.ledger->lost > 0 || !info.ledger->error.empty() ? "LEDGER: " : "") +
                       ledger_line(*info.ledger);
    if (!info.ledger->lost_orders.empty()) {
      line +=
          "; lost: " + orders_text(info.ledger->lost_orders) +
          (info.ledger->lost > static_cast<std::int64_t>(info.ledger->lost_orders.size()) ? ", ..."
                                                                                          : "");
    }
    lines.push_back(line);
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
  add_error_lines("", health, lines);
  for (std::size_t i = 0; i < info.standbys.size(); ++i) {
    for (std::string& line :
         standby_health_lines(static_cast<int>(i + 1), info.standbys[i], false)) {
      lines.push_back(std::move(line));
    }
  }
  return lines;
}

}  // namespace tpcc
