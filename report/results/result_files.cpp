// intervals.csv, and write_result_files on top of ResultSink.
#include "report/results/result_files.hpp"

#include <ctime>
#include <stdexcept>
#include <string>

#include "config/names.hpp"
#include "metrics/run.hpp"
#include "report/results/lag_csv.hpp"
#include "report/results/result_sink.hpp"
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
                          const std::vector<std::string>& types) {
  std::string csv = intervals_csv_header(standbys.size(), server_metrics, types);
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
    csv += intervals_csv_row(intervals[row], standby_rows, server_metrics);
  }
  return csv;
}

std::string write_result_files(const Config& config, const RunInfo& info, const RunStats& stats,
                               const RunVerdict& verdict,
                               const std::vector<IntervalSample>& intervals) {
  const std::time_t start = info.start_time != 0 ? info.start_time : std::time(nullptr);
  ResultSink sink(config, start);
  sink.write_final(info, stats, verdict, intervals);
  return sink.dir();
}

}  // namespace tpcc
