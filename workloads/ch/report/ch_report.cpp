#include "workloads/ch/report/ch_report.hpp"

#include <nlohmann/json.hpp>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "report/console/interval_line.hpp"
#include "workloads/ch/report/ch_json.hpp"

namespace tpcc {

const WorkloadReport& ch_report() {
  static const WorkloadReport report = [] {
    WorkloadReport r;
    r.kind = WorkloadKind::Ch;
    r.terminals = "streams";
    r.result_key = "ch";
    // null when the run ended before its figures were counted.
    r.result_figures = [](const Config&, const RunInfo& info, const RunStats&) {
      return info.ch ? ch_figures_json(*info.ch) : nlohmann::json(nullptr);
    };
    // A mixed run's streams beside TPC-C's terminals (--ch-streams).
    r.side_figures = [](const RunInfo& info) {
      return info.ch ? ch_figures_json(*info.ch) : nlohmann::json(nullptr);
    };
    r.figures = ch_result_figures;
    r.capacity_latency = [](const Config&) { return std::string("query p90"); };
    r.interval_line = [](const IntervalSample& primary, const Config&) {
      return format_ch_interval_line(primary);
    };
    r.rate_name = "queries/s";
    r.rate_label = "queries per second";
    r.latency_name = "query";
    return r;
  }();
  return report;
}

}  // namespace tpcc
