// What the report room knows of a workload, one descriptor each: how its
// figures are written into result.json and read back, what its pages and
// console lines call things, and whether TPC-C's files, figures and rules
// are its own. Each workload's descriptor is in its report part
// (workloads/<name>/report/<name>_report.cpp); report/workload_reports.cpp
// holds the one list. Nothing in report/ (or in app/'s report and capacity
// verbs) asks which workload a run is: it asks the run's descriptor.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "config/workload_options.hpp"

namespace tpcc {

struct Config;
struct IntervalSample;
struct RunInfo;
struct RunStats;
struct WorkloadFigures;

// A field left as it is takes the default most workloads share: the
// terminals and the tps of the kit's own pages, no function.
struct WorkloadReport {
  WorkloadKind kind = WorkloadKind::Tpcc;
  // Measured in tpmC and judged by TPC-C's rules: its result directory
  // holds TPC-C's files (histograms.json, intervals_by_type.csv, the
  // per-type intervals.csv), the console's summary and report.html are
  // TPC-C's, the hosts' table has a tpmC column, tpcc capacity searches its
  // loaded warehouses and only its drivers are merged.
  bool tpmc = false;
  // What its pages call its terminals: "terminals", the ingest's "streams".
  const char* terminals = "terminals";

  // result.json's key of its own figures ("sysbench"); nullptr: TPC-C's,
  // its figures at the top level, written by report/results/result_json.
  const char* result_key = nullptr;
  // The figures under result_key, of the primary; of each standby (nullptr:
  // no standbys' block) with the workload the standbys ran.
  nlohmann::json (*result_figures)(const Config& config, const RunInfo& info,
                                   const RunStats& stats) = nullptr;
  nlohmann::json (*standby_figures)(const Config& config, const RunInfo& info,
                                    const RunStats& stats) = nullptr;
  std::string (*standby_workload)(const Config& config) = nullptr;
  // Its figures under result_key in the result of another workload's run
  // it ran beside (a mixed run; info holds them), null when it did not;
  // nullptr: it never runs beside another. Read back by `figures`, whose
  // tables that run's page shows after its own.
  nlohmann::json (*side_figures)(const RunInfo& info) = nullptr;
  // Its figures in the model every workload reports in, from result.json's
  // own keys (report/results/figures_json.hpp). Throws nlohmann's
  // exceptions on a malformed result.json.
  WorkloadFigures (*figures)(const nlohmann::json& result) = nullptr;

  // The latency tpcc capacity holds to --latency-limit, as the plan and
  // capacity's result.json name it: "New-Order p90", "latency p99".
  std::string (*capacity_latency)(const Config& config) = nullptr;

  // The console's line of each interval: nullptr, the kit's own (with a
  // line per standby); else the workload's one line of the primary.
  std::string (*interval_line)(const IntervalSample& primary, const Config& config) = nullptr;

  // Its throughput per interval on the pages: its name ("tps", "rows/s"),
  // the axis's label, and what one interval's tps is multiplied by
  // (nullptr: 1; the ingest's batches times the rows of one).
  const char* rate_name = "tps";
  const char* rate_label = "transactions per second";
  double (*rate_scale)(const Config& config) = nullptr;
  // Its latency chart's name before the percentile: "latency", "statement".
  const char* latency_name = "latency";
  // An interval chart of queries per second too (sysbench's qps).
  bool qps_chart = false;
  // Its --rate is per second (sysbench's), not per minute: the unit tpcc
  // capacity searches the rate in.
  bool rate_per_second = false;

  double rate_scale_of(const Config& config) const {
    return rate_scale == nullptr ? 1.0 : rate_scale(config);
  }
};

// The descriptor of `kind`; every kind has one.
const WorkloadReport& workload_report(WorkloadKind kind);

// The descriptor of the workload whose own key result.json holds, else
// TPC-C's (a result of "workload" "tpcc" is TPC-C's whatever ran beside
// it): the figures of a result.json are read back by it.
const WorkloadReport& workload_report_of(const nlohmann::json& result);

// Every workload's descriptor, in one order.
std::vector<const WorkloadReport*> workload_reports();

// The descriptors of the workloads that ran beside the result's own (their
// side_figures' keys, not null, in result.json).
std::vector<const WorkloadReport*> side_reports_of(const nlohmann::json& result);

}  // namespace tpcc
