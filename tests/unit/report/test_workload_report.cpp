// The report room's descriptor of each workload (report/workload_report.hpp):
// one for every workload, of its own kind, and what each one's pages,
// console and capacity search call its figures, as a table.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "report/console/interval_line.hpp"
#include "report/workload_report.hpp"

namespace {

using tpcc::WorkloadKind;

const WorkloadKind kKinds[] = {WorkloadKind::Tpcc, WorkloadKind::SysbenchOltp, WorkloadKind::Ingest,
                               WorkloadKind::Pgbench};

struct Expected {
  WorkloadKind kind;
  bool tpmc;
  std::string terminals;
  std::string result_key;  // "" for none
  std::string capacity_latency;
  std::string rate_name;
  double rate_scale;
  std::string latency_name;
  bool qps_chart;
};

}  // namespace

TEST_CASE("workload report: every workload has its descriptor, of its own kind",
          "[report][workload_report]") {
  for (const WorkloadKind kind : kKinds) {
    const tpcc::WorkloadReport& report = tpcc::workload_report(kind);
    CHECK(report.kind == kind);
    CHECK(report.figures != nullptr);
    CHECK(report.capacity_latency != nullptr);
    CHECK(report.terminals != nullptr);
    CHECK(report.rate_name != nullptr);
    CHECK(report.rate_label != nullptr);
    CHECK(report.latency_name != nullptr);
    // TPC-C's figures are result.json's top level; every other workload's
    // are under a key of its own, with a writer for them.
    CHECK((report.result_key == nullptr) == report.tpmc);
    if (report.result_key != nullptr) CHECK(report.result_figures != nullptr);
    if (report.standby_figures != nullptr) CHECK(report.standby_workload != nullptr);
  }
}

TEST_CASE("workload report: what each workload's pages and capacity search call things",
          "[report][workload_report]") {
  tpcc::Config config;
  config.sysbench_percentile = 95;
  config.ingest.rows = 250;
  const std::vector<Expected> expected = {
      {WorkloadKind::Tpcc, true, "terminals", "", "New-Order p90", "tps", 1, "latency", false},
      {WorkloadKind::SysbenchOltp, false, "terminals", "sysbench", "latency p95 (--percentile)",
       "tps", 1, "latency", true},
      {WorkloadKind::Pgbench, false, "terminals", "pgbench", "latency p99", "tps", 1, "latency",
       false},
      {WorkloadKind::Ingest, false, "streams", "ingest", "statement p99", "rows/s", 250,
       "statement", false},
  };
  for (const Expected& e : expected) {
    const tpcc::WorkloadReport& report = tpcc::workload_report(e.kind);
    config.workload = e.kind;
    INFO(report.rate_name << " " << report.terminals);
    CHECK(report.tpmc == e.tpmc);
    CHECK(report.terminals == e.terminals);
    CHECK(std::string(report.result_key == nullptr ? "" : report.result_key) == e.result_key);
    CHECK(report.capacity_latency(config) == e.capacity_latency);
    CHECK(report.rate_name == e.rate_name);
    CHECK(report.rate_scale_of(config) == e.rate_scale);
    CHECK(report.latency_name == e.latency_name);
    CHECK(report.qps_chart == e.qps_chart);
  }
}

TEST_CASE("workload report: result.json's own key tells whose figures it holds",
          "[report][workload_report]") {
  using nlohmann::json;
  CHECK(tpcc::workload_report_of(json{{"sysbench", json::object()}}).kind ==
        WorkloadKind::SysbenchOltp);
  CHECK(tpcc::workload_report_of(json{{"pgbench", json::object()}}).kind == WorkloadKind::Pgbench);
  CHECK(tpcc::workload_report_of(json{{"ingest", nullptr}}).kind == WorkloadKind::Ingest);
  CHECK(tpcc::workload_report_of(json{{"tpmC", 12.5}}).kind == WorkloadKind::Tpcc);
}

TEST_CASE("workload report: an ingest run's console has its own line and none per standby",
          "[report][workload_report]") {
  tpcc::Config config;
  config.workload = WorkloadKind::Ingest;
  config.ingest.rows = 100;
  std::vector<tpcc::IntervalSample> samples(2);
  for (tpcc::IntervalSample& s : samples) {
    s.stats = tpcc::RunStats(1);
    s.end_seconds = 10;
    s.length_seconds = 10;
    ++s.stats.txn[0].committed;
    s.stats.txn[0].latency.record(1500);
  }
  const std::vector<std::string> lines = tpcc::interval_lines(samples, config);
  REQUIRE(lines.size() == 1);
  CHECK(lines.front() == tpcc::format_ingest_interval_line(samples.front(), 100));
  config.workload = WorkloadKind::Pgbench;
  CHECK(tpcc::interval_lines(samples, config).size() == 2);
}
