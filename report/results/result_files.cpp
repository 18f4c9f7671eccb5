// intervals.csv.
#include "report/results/result_files.hpp"

#include <stdexcept>
#include <string>

#include "config/names.hpp"
#include "metrics/run.hpp"
#include "report/results/lag_csv.hpp"
#include "report/results/server_metrics_csv.hpp"
#include "report/views/format.hpp"

namespace tpcc {
namespace {

void append_standby_columns(std::string& csv, const IntervalSample* standby,
                            const LagReading* lag) {
  if (standby != nullptr) {
    const RunStats& s = standby->stats;
    csv += "," + fixed(tpm_total(s, standby->length_seconds), 2) + "," +
           fixed(latency_all(s).percentile(90) / 1000.0, 3) + "," +
           std::to_string(errors_total(s)) + "," + std::to_string(retries_total(s));
  } else {
    csv += ",,,,";
  }
  csv += lag_csv_row(lag);
}

// A side group's columns' prefix: its label, spaces as '_'.
std::string side_prefix(const std::string& label) {
  std::string prefix = label + "_";
  for (char& c : prefix) {
    if (c == ' ') c = '_';
  }
  return prefix;
}

std::string side_header(const std::vector<SideIntervals>& side) {
  std::string csv;
  for (const SideIntervals& group : side) {
    const std::string prefix = side_prefix(group.label);
    for (const char* column : {"count", "p90_ms", "errors", "active_terminals"}) {
      csv += "," + prefix + column;
    }
  }
  return csv;
}

// The side groups' cells of line `row`: what completed, its p90, the errors
// and the terminals started (0 while held back); empty where a group has
// no such line.
std::string side_row(const std::vector<SideIntervals>& side, std::size_t row) {
  std::string csv;
  for (const SideIntervals& group : side) {
    if (row >= group.intervals.size()) {
      csv += ",,,,";
      continue;
    }
    const IntervalSample& s = group.intervals[row];
    csv += "," + std::to_string(completed_total(s.stats)) + "," +
           fixed(latency_all(s.stats).percentile(90) / 1000.0, 3) + "," +
           std::to_string(errors_total(s.stats)) + "," + std::to_string(s.active_terminals);
  }
  return csv;
}

}  // namespace

std::string intervals_csv_header(std::size_t standbys, bool server_metrics,
                                 const std::vector<std::string>& types) {
  std::string csv = "elapsed_s,warmup,tpmC,tpmTOTAL";
  for (const std::string& name : types) csv += "," + name + "_count," + name + "_p90_ms";
  csv += ",errors,retries,timeouts,unfinished,downtime_s,stalled";
  for (std::size_t k = 1; k <= standbys; ++k) {
    const std::string prefix = "standby" + std::to_string(k) + "_";
    for (const char* column : {"tpmTOTAL", "p90_ms", "errors", "retries"}) {
      csv += "," + prefix + column;
    }
    csv += lag_csv_header(prefix);
  }
  if (server_metrics) csv += server_metrics_csv_header();
  // Last, so that readers of the columns before keep working: --ramp's
  // terminals started by the end of the line.
  return csv + ",active_terminals\n";
}

std::string intervals_csv_row(const IntervalSample& sample,
                              const std::vector<const IntervalSample*>& standbys,
                              bool server_metrics) {
  const RunStats& s = sample.stats;
  std::string csv = fixed(sample.end_seconds, 1) + (sample.warmup ? ",1," : ",0,");
  csv += fixed(tpmc(s, sample.length_seconds), 2) + ",";
  csv += fixed(tpm_total(s, sample.length_seconds), 2);
  for (const auto& t : s.txn) {
    csv += "," + std::to_string(t.committed) + "," + fixed(t.latency.percentile(90) / 1000.0, 3);
  }
  csv += "," + std::to_string(errors_total(s)) + "," + std::to_string(retries_total(s)) + "," +
         std::to_string(timeouts_total(s)) + "," + std::to_string(unfinished_total(s)) + "," +
         fixed(sample.downtime_seconds, 1) + "," + std::to_string(sample.stalled);
  for (std::size_t k = 0; k < standbys.size(); ++k) {
    append_standby_columns(csv, standbys[k], k < sample.lag.size() ? &sample.lag[k] : nullptr);
  }
  if (server_metrics) csv += server_metrics_csv_row(sample.server);
  return csv + "," + std::to_string(sample.active_terminals) + "\n";
}

std::string intervals_csv(const std::vector<IntervalSample>& intervals,
                          const std::vector<StandbyRun>& standbys, bool server_metrics,
                          const std::vector<std::string>& types,
                          const std::vector<SideIntervals>& side) {
  std::string csv = intervals_csv_header(standbys.size(), server_metrics, types);
  if (!side.empty()) csv.insert(csv.size() - 1, side_header(side));  // before the newline
  for (std::size_t row = 0; row < intervals.size(); ++row) {
    if (intervals[row].stats.types() != types.size()) {
      throw std::logic_error(
          "intervals.csv: a line of " + std::to_string(intervals[row].stats.types()) +
          " transaction types under a header of " + std::to_string(types.size()));
    }
    // Every standby's lines share the primary's boundaries (one clock).
    std::vector<const IntervalSample*> standby_rows;
    for (const StandbyRun& standby : standbys) {
      standby_rows.push_back(row < standby.intervals.size() ? &standby.intervals[row] : nullptr);
    }
    std::string line = intervals_csv_row(intervals[row], standby_rows, server_metrics);
    if (!side.empty()) line.insert(line.size() - 1, side_row(side, row));
    csv += line;
  }
  return csv;
}

}  // namespace tpcc
