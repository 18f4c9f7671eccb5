// The figures of a run of any workload, one model for all: the headline
// figures (TPC-C: tpmC, tpmTOTAL, efficiency; oltp: tps, qps, its latency
// percentile; pgbench: tps, latency average; ingest: rows/s, MB/s), each
// transaction type's latencies, the workload's own tables (per script, per
// standby) and its figures per interval. result.json's "figures" block
// holds the headline and the types (report/results/figures_json.hpp); each
// workload says what its figures are in its report part
// (workloads/<name>/report/). report --compare, repeated sets, sweeps and
// capacity's steps loop over them. Pure data.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "report/views/transaction_table.hpp"

namespace tpcc {

// Which way a figure is better: more throughput, less latency; neither
// for counts that only describe the run (transactions, seconds).
enum class Better { Neither, Higher, Lower };

// One headline figure: "tps", 1234.56 (none when result.json has none,
// as a percentile turned off).
struct WorkloadFigure {
  std::string name;  // the label the pages and tables show: "latency p95 ms"
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
  // result.json's name of it for scripts ("tpmC", "latency_p95_ms"), its
  // unit ("tpm", "1/s", "ms", "%", "s", "" for a count) and which way is
  // better.
  std::string key;
  std::string unit;
  Better better = Better::Neither;
  // A column of tpcc sweep's table (the throughput first: the page draws
  // the others against it).
  bool swept = false;
};

// A headline figure by its key, label, value, unit and decimals, and which
// way is better; of_set, tail and swept are set after.
WorkloadFigure headline_figure(std::string key, std::string name, std::optional<double> value,
                               std::string unit, Better better, int decimals);

// f as one a repeated set summarises and a sweep's table shows (of_set and
// swept); f as the latency capacity holds to its limit (tail).
WorkloadFigure summarised(WorkloadFigure f);
WorkloadFigure held_to_limit(WorkloadFigure f);

// One transaction type's latencies over the measured interval (ms): its
// completed count and percentiles; none where nothing completed or the
// result does not hold them (a pgbench script in a result of a tpcc
// that wrote no figures block).
struct TypeLatency {
  std::string name;  // "New-Order", a pgbench script, an oltp test
  std::int64_t count = 0;
  std::optional<double> p50_ms;
  std::optional<double> p90_ms;
  std::optional<double> p99_ms;
  std::optional<double> max_ms;
};

// A table of the workload's own (per pgbench script, per oltp standby).
struct WorkloadTable {
  std::string title;
  TableRows rows;
};

// A chart of the workload's own over the run's elapsed seconds (a mixed
// run's freshness per interval and server): its lines as points, drawn by
// the page as its other line charts are.
struct WorkloadLine {
  std::string name;  // "standby 1 p50"
  std::vector<double> x;
  std::vector<double> y;
  bool dashed = false;
  std::size_t colour = 0;  // the page's palette: the lines of one server share one
};

struct WorkloadChart {
  std::string title;
  std::string y_label;
  std::vector<WorkloadLine> lines;
};

struct WorkloadFigures {
  std::string workload;  // result.json's "workload": "tpcc", "oltp_read_write", "pgbench", ...
  std::vector<WorkloadFigure> headline;
  std::vector<TypeLatency> types;
  std::vector<WorkloadTable> tables;
  std::vector<WorkloadChart> charts;
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
