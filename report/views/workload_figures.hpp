// The figures of a run of another workload than TPC-C (sysbench's oltp
// tests, pgbench's scripts, the bulk ingest), as its report.html and
// tpcc report --compare show them: the headline figures (tps, qps,
// latency; rows/s and MB/s for ingest), the workload's own tables (per
// script, per standby) and its figures per interval. Built from result.json
// and intervals.csv (report/results/workload_result_json.hpp); pure data.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "config/workload_options.hpp"
#include "report/views/transaction_table.hpp"

namespace tpcc {

// One headline figure: "tps", 1234.56 (none when result.json has none,
// as a percentile turned off).
struct WorkloadFigure {
  std::string name;
  std::optional<double> value;
  int decimals = 2;
  // One of the figures a repeated set (tpcc run --repeat) summarises and
  // report --compare of two sets weighs: the workload's throughput and its
  // latency (oltp: tps, qps, the run's percentile; pgbench: tps, the
  // average; ingest: rows/s, MB/s).
  bool of_set = false;
  // The latency tpcc capacity holds to --latency-limit: oltp's percentile
  // (--percentile), pgbench's p99, the ingest statements' p99.
  bool tail = false;
};

// A table of the workload's own (per pgbench script, per oltp standby).
struct WorkloadTable {
  std::string title;
  TableRows rows;
};

struct WorkloadFigures {
  std::string workload;  // result.json's "workload": "oltp_read_write", "pgbench", ...
  WorkloadKind kind = WorkloadKind::Tpcc;  // runs of one kind have the same figures
  std::vector<WorkloadFigure> headline;
  std::vector<WorkloadTable> tables;
};

// The headline figure named name; none when there is no such figure.
std::optional<double> figure_value(const WorkloadFigures& figures, const std::string& name);

// The first figure a repeated set summarises (the throughput: tps,
// rows/s), and the tail latency (WorkloadFigure::tail); nullptr without.
const WorkloadFigure* throughput_figure(const WorkloadFigures& figures);
const WorkloadFigure* tail_figure(const WorkloadFigures& figures);

// One interval of intervals.csv: its end, whether it was warm-up, the
// transactions (ingest: batches) and queries per second, the latency
// percentile of the run (ms).
struct WorkloadPoint {
  double end_seconds = 0;
  bool warmup = false;
  double tps = 0;
  double qps = 0;
  double latency_ms = 0;
};

struct WorkloadPoints {
  int percentile = 95;  // the column lat_pP_ms
  std::vector<WorkloadPoint> points;
};

}  // namespace tpcc
