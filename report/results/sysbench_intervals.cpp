#include "report/results/sysbench_intervals.hpp"

#include "metrics/stats.hpp"
#include "report/results/server_metrics_csv.hpp"
#include "report/views/format.hpp"

namespace tpcc {
std::string sysbench_intervals_csv_header(int percentile, bool server_metrics) {
  std::string csv = "elapsed_s,warmup,threads,tps,qps,reads_per_s,writes_per_s,other_per_s,lat_p" +
                    std::to_string(percentile) +
                    "_ms,errors_per_s,reconnects_per_s,retries,downtime_s,stalled";
  if (server_metrics) csv += server_metrics_csv_header();
  return csv + "\n";
}

std::string sysbench_intervals_csv_row(const IntervalSample& sample, int threads, int percentile,
                                       bool server_metrics) {
  const RunStats& s = sample.stats;
  const double length = sample.length_seconds;
  const StatementCounts& q = s.statements;
  std::string csv = fixed(sample.end_seconds, 1) + (sample.warmup ? ",1," : ",0,");
  csv += std::to_string(sample.terminals > 0 ? sample.active_terminals : threads) + ",";
  csv += fixed(per_second(completed_total(s), length), 2) + "," +
         fixed(per_second(q.total(), length), 2) + "," + fixed(per_second(q.reads, length), 2) +
         "," + fixed(per_second(q.writes, length), 2) + "," +
         fixed(per_second(q.other, length), 2) + ",";
  csv += fixed(percentile > 0 ? latency_all(s).percentile(percentile) / 1000.0 : 0.0, 3) + ",";
  csv += fixed(per_second(errors_total(s), length), 2) + "," +
         fixed(per_second(s.reconnects, length), 2) + "," + std::to_string(retries_total(s)) + "," +
         fixed(sample.downtime_seconds, 1) + "," + std::to_string(sample.stalled);
  if (server_metrics) csv += server_metrics_csv_row(sample.server);
  return csv + "\n";
}

std::string sysbench_intervals_csv(const std::vector<IntervalSample>& intervals, int threads,
                                   int percentile, bool server_metrics) {
  std::string csv = sysbench_intervals_csv_header(percentile, server_metrics);
  for (const IntervalSample& sample : intervals) {
    csv += sysbench_intervals_csv_row(sample, threads, percentile, server_metrics);
  }
  return csv;
}

}  // namespace tpcc
