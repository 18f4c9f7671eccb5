#include "workloads/ingest/report/ingest_report.hpp"

#include <nlohmann/json.hpp>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "report/console/interval_line.hpp"
#include "workloads/ingest/report/ingest_json.hpp"
#include "workloads/ingest/report/ingest_result_figures.hpp"

namespace tpcc {

const WorkloadReport& ingest_report() {
  static const WorkloadReport report = [] {
    WorkloadReport r;
    r.kind = WorkloadKind::Ingest;
    r.terminals = "streams";
    r.result_key = "ingest";
    // null when the run ended before its figures were counted.
    r.result_figures = [](const Config&, const RunInfo& info, const RunStats&) {
      return info.ingest ? ingest_figures_json(*info.ingest) : nlohmann::json(nullptr);
    };
    r.figures = ingest_result_figures;
    r.capacity_latency = [](const Config&) { return std::string("statement p99"); };
    r.interval_line = [](const IntervalSample& primary, const Config& config) {
      return format_ingest_interval_line(primary, config.ingest.rows);
    };
    // Its throughput in rows: its batches times the rows of one.
    r.rate_name = "rows/s";
    r.rate_label = "rows per second";
    r.rate_scale = [](const Config& config) { return static_cast<double>(config.ingest.rows); };
    r.latency_name = "statement";
    return r;
  }();
  return report;
}

}  // namespace tpcc
