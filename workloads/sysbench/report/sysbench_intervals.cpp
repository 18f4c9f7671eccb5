#include "workloads/sysbench/report/sysbench_intervals.hpp"

#include "metrics/stats.hpp"
#include "report/results/lag_csv.hpp"
#include "report/results/server_metrics_csv.hpp"
#include "report/views/format.hpp"

namespace tpcc {
namespace {

std::string latency_column(int percentile) { return "lat_p" + std::to_string(percentile) + "_ms"; }

double latency_ms(const RunStats& s, int percentile) {
  return percentile > 0 ? latency_all(s).percentile(percentile) / 1000.0 : 0.0;
}

int active_threads(const IntervalSample& sample, int threads) {
  return sample.terminals > 0 ? sample.active_terminals : threads;
}

// A standby's side of the interval: its threads, rates and latency, then
// the lag the primary read for it.
std::string standby_columns(const IntervalSample* standby, const LagReading* lag, int percentile) {
  std::string csv;
  if (standby != nullptr) {
    const RunStats& s = standby->stats;
    const double length = standby->length_seconds;
    csv += "," + std::to_string(standby->active_terminals) + "," +
           fixed(per_second(completed_total(s), length), 2) + "," +
           fixed(per_second(s.statements.total(), length), 2) + "," +
           fixed(latency_ms(s, percentile), 3) + "," +
           fixed(per_second(errors_total(s), length), 2);
  } else {
    csv += ",,,,,";
  }
  return csv + lag_csv_row(lag);
}

}  // namespace

std::string sysbench_intervals_csv_header(int percentile, std::size_t standbys,
                                          bool server_metrics) {
  std::string csv = "elapsed_s,warmup,threads,tps,qps,reads_per_s,writes_per_s,other_per_s," +
                    latency_column(percentile) +
                    ",errors_per_s,reconnects_per_s,retries,downtime_s,stalled";
  if (server_metrics) csv += server_metrics_csv_header();
  for (std::size_t k = 1; k <= standbys; ++k) {
    const std::string prefix = "standby" + std::to_string(k) + "_";
    for (const std::string& column :
         {std::string("threads"), std::string("tps"), std::string("qps"),
          latency_column(percentile), std::string("errors_per_s")}) {
      csv += "," + prefix + column;
    }
    csv += lag_csv_header(prefix);
  }
  return csv + "\n";
}

std::string sysbench_intervals_csv_row(const IntervalSample& sample,
                                       const std::vector<const IntervalSample*>& standbys,
                                       int threads, int percentile, bool server_metrics) {
  const RunStats& s = sample.stats;
  const double length = sample.length_seconds;
  const StatementCounts& q = s.statements;
  std::string csv = fixed(sample.end_seconds, 1) + (sample.warmup ? ",1," : ",0,");
  csv += std::to_string(active_threads(sample, threads)) + ",";
  csv += fixed(per_second(completed_total(s), length), 2) + "," +
         fixed(per_second(q.total(), length), 2) + "," + fixed(per_second(q.reads, length), 2) +
         "," + fixed(per_second(q.writes, length), 2) + "," +
         fixed(per_second(q.other, length), 2) + ",";
  csv += fixed(latency_ms(s, percentile), 3) + ",";
  csv += fixed(per_second(errors_total(s), length), 2) + "," +
         fixed(per_second(s.reconnects, length), 2) + "," + std::to_string(retries_total(s)) + "," +
         fixed(sample.downtime_seconds, 1) + "," + std::to_string(sample.stalled);
  if (server_metrics) csv += server_metrics_csv_row(sample.server);
  for (std::size_t k = 0; k < standbys.size(); ++k) {
    csv +=
        standby_columns(standbys[k], k < sample.lag.size() ? &sample.lag[k] : nullptr, percentile);
  }
  return csv + "\n";
}

std::string sysbench_intervals_csv(const std::vector<IntervalSample>& intervals,
                                   const std::vector<StandbyRun>& standbys, int threads,
                                   int percentile, bool server_metrics) {
  std::string csv = sysbench_intervals_csv_header(percentile, standbys.size(), server_metrics);
  for (std::size_t row = 0; row < intervals.size(); ++row) {
    // Every standby's lines share the primary's boundaries (one clock).
    std::vector<const IntervalSample*> standby_rows;
    for (const StandbyRun& standby : standbys) {
      standby_rows.push_back(row < standby.intervals.size() ? &standby.intervals[row] : nullptr);
    }
    csv += sysbench_intervals_csv_row(intervals[row], standby_rows, threads, percentile,
                                      server_metrics);
  }
  return csv;
}

}  // namespace tpcc
