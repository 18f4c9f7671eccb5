// A sysbench oltp, pgbench or ingest run's result directory written as a
// run writes it (write_result_files), then tpcc report DIR and --compare on
// it (app/report_command.cpp): the page drawn again byte for byte, its
// figures and no TPC-C figure, the comparison's ratios, and runs of two
// workloads refused naming both.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app/report_command.hpp"
#include "config/config.hpp"
#include "config/errors.hpp"
#include "metrics/run.hpp"
#include "report/result_sink.hpp"
#include "report/results/repeat_set_json.hpp"
#include "report/results/result_files.hpp"
#include "tests/unit/report/verdict_of.hpp"
#include "tests/unit/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// `per_second` events a second of 2 ms each, 20 statements each, over
// three 1-second intervals; the run's directory.
std::string write_workload_run(const tpcc::test::TempDir& scratch, const std::string& name,
                               tpcc::WorkloadKind kind, int per_second) {
  tpcc::Config config;
  config.workload = kind;
  config.terminals = 2;
  config.result_dir = (scratch.path() / name).string();
  tpcc::RunInfo info;
  info.measured_seconds = 3;
  info.terminals = 2;
  info.started_at = "2026-02-03T04:05:06+0000";
  tpcc::RunStats all(1);
  std::vector<tpcc::IntervalSample> intervals(3);
  for (tpcc::IntervalSample& sample : intervals) sample.stats = tpcc::RunStats(tpcc::kTxnTypes);
  for (std::size_t i = 0; i < intervals.size(); ++i) {
    tpcc::IntervalSample& s = intervals[i];
    s.stats = tpcc::RunStats(1);
    s.end_seconds = static_cast<double>(i + 1);
    s.length_seconds = 1;
    for (int n = 0; n < per_second; ++n) {
      for (tpcc::RunStats* stats : {&s.stats, &all}) {
        ++stats->txn[0].committed;
        stats->txn[0].latency.record(2000);
        stats->statements.reads += 14;
        stats->statements.writes += 4;
        stats->statements.other += 2;
      }
    }
  }
  return tpcc::write_result_files(config, info, all, tpcc::test::verdict_of(config, info, all),
                                  intervals);
}

tpcc::Config report_of(const std::string& dir) {
  tpcc::Config report;
  report.verb = tpcc::Verb::Report;
  report.report_dir = dir;
  return report;
}

}  // namespace

TEST_CASE("workload report files: the page of an oltp run, drawn again byte for byte",
          "[workload_report_files]") {
  const tpcc::test::TempDir scratch;
  const std::string dir =
      write_workload_run(scratch, "oltp", tpcc::WorkloadKind::SysbenchOltp, 100);
  const fs::path page = fs::path(dir) / "report.html";
  const std::string written = read_file(page);
  CHECK(written.find("<span>tps</span><b>100.00</b>") != std::string::npos);
  CHECK(written.find("<span>qps</span><b>2000.00</b>") != std::string::npos);
  CHECK(written.find("<span>read qps</span><b>1400.00</b>") != std::string::npos);
  CHECK(written.find("tps per interval") != std::string::npos);
  CHECK(written.find("tpmC") == std::string::npos);
  fs::remove(page);
  std::ostringstream out;
  CHECK(tpcc::redraw_command(report_of(dir), out) == 0);
  CHECK(read_file(page) == written);
  CHECK(out.str().find("  tps: 100.00\n") != std::string::npos);
  // A figure changed by hand in result.json's figures block is the redrawn
  // page's.
  nlohmann::json result = nlohmann::json::parse(read_file(fs::path(dir) / "result.json"));
  result["figures"]["headline"][0]["value"] = 123.0;
  std::ofstream(fs::path(dir) / "result.json") << result.dump(2);
  CHECK(tpcc::redraw_command(report_of(dir), out) == 0);
  CHECK(read_file(page).find("<span>tps</span><b>123.00</b>") != std::string::npos);
  // A result.json without the block (an earlier tpcc's): the workload's own
  // keys.
  result.erase("figures");
  result["sysbench"]["tps"] = 321.0;
  std::ofstream(fs::path(dir) / "result.json") << result.dump(2);
  CHECK(tpcc::redraw_command(report_of(dir), out) == 0);
  CHECK(read_file(page).find("<span>tps</span><b>321.00</b>") != std::string::npos);
}

TEST_CASE("workload report files: pgbench's and ingest's pages have no TPC-C figure",
          "[workload_report_files]") {
  const tpcc::test::TempDir scratch;
  const std::string pgbench =
      write_workload_run(scratch, "pgbench", tpcc::WorkloadKind::Pgbench, 50);
  const std::string page = read_file(fs::path(pgbench) / "report.html");
  CHECK(page.find("<span>tps</span><b>50.00</b>") != std::string::npos);
  CHECK(page.find("<td>tpcb-like</td>") != std::string::npos);
  CHECK(page.find("tpmC") == std::string::npos);
  const std::string ingest = write_workload_run(scratch, "ingest", tpcc::WorkloadKind::Ingest, 5);
  const std::string ingest_page = read_file(fs::path(ingest) / "report.html");
  CHECK(ingest_page.find("rows/s per interval") != std::string::npos);
  CHECK(ingest_page.find("<span>streams</span><b>2</b>") != std::string::npos);
  CHECK(ingest_page.find("<span>terminals</span>") == std::string::npos);
}

TEST_CASE("workload report files: two oltp runs compared, an oltp and a pgbench run refused",
          "[workload_report_files]") {
  const tpcc::test::TempDir scratch;
  const std::string a = write_workload_run(scratch, "a", tpcc::WorkloadKind::SysbenchOltp, 100);
  const std::string b = write_workload_run(scratch, "b", tpcc::WorkloadKind::SysbenchOltp, 150);
  tpcc::Config compare;
  compare.verb = tpcc::Verb::Report;
  compare.compare_dirs = {a, b};
  compare.out_dir = (scratch.path() / "compare.html").string();
  std::ostringstream out;
  CHECK(tpcc::compare_command(compare, out) == 0);
  // One table: a column per run, each headed by its directory.
  CHECK(out.str().find("A: " + a) != std::string::npos);
  CHECK(out.str().find("B: " + b) != std::string::npos);
  const std::size_t tps = out.str().find("\n  tps ");
  REQUIRE(tps != std::string::npos);
  const std::string row = out.str().substr(tps + 1, out.str().find('\n', tps + 1) - tps - 1);
  CHECK(row.find(" 100.00 ") != std::string::npos);
  CHECK(row.find(" 150.00 (1.50\u00d7)") != std::string::npos);
  const std::string page = read_file(compare.out_dir);
  CHECK(page.find("<td>150.00 <span class=\"ratio\">(1.50\u00d7)</span></td>") !=
        std::string::npos);
  CHECK(page.find("tpmC") == std::string::npos);

  // Only a TPC-C run's drivers are merged.
  tpcc::Config merge;
  merge.verb = tpcc::Verb::Report;
  merge.merge_dirs = {a, b};
  merge.out_dir = (scratch.path() / "merged").string();
  CHECK_THROWS_WITH(tpcc::merge_command(merge, out),
                    Catch::Contains("--merge: " + a + " holds a run of oltp_read_write"));

  const std::string p = write_workload_run(scratch, "p", tpcc::WorkloadKind::Pgbench, 100);
  compare.compare_dirs = {a, p};
  CHECK_THROWS_WITH(tpcc::compare_command(compare, out),
                    "--compare: " + a + " holds a run of oltp_read_write and " + p +
                        " a run of pgbench: only runs of one workload are compared");
}

TEST_CASE(
    "workload report files: repeated sets of oltp runs are compared by their figures, an oltp "
    "set beside a pgbench set is refused",
    "[workload_report_files]") {
  const tpcc::test::TempDir scratch;
  // A set of one run of `kind` of `events` events; its directory.
  const auto write_set = [&scratch](const std::string& name, tpcc::WorkloadKind kind, int events) {
    write_workload_run(scratch, name + "/run-1", kind, events);
    std::ofstream(scratch.path() / name / "result.json")
        << "{\"kind\": \"" << tpcc::kRepeatSetKind << "\", \"runs\": [{\"dir\": \"run-1\"}]}";
    return (scratch.path() / name).string();
  };
  const std::string a = write_set("set-a", tpcc::WorkloadKind::SysbenchOltp, 100);
  const std::string b = write_set("set-b", tpcc::WorkloadKind::SysbenchOltp, 150);
  tpcc::Config compare;
  compare.verb = tpcc::Verb::Report;
  compare.compare_dirs = {a, b};
  compare.out_dir = (scratch.path() / "compare.html").string();
  std::ostringstream out;
  CHECK(tpcc::compare_command(compare, out) == 0);
  CHECK_THAT(out.str(), Catch::Contains("B / A") && Catch::Contains("1.50\u00d7") &&
                            Catch::Contains("latency p95 ms"));
  CHECK(out.str().find("tpmC") == std::string::npos);
  const std::string p = write_set("set-p", tpcc::WorkloadKind::Pgbench, 100);
  compare.compare_dirs = {a, p};
  CHECK_THROWS_WITH(tpcc::compare_command(compare, out),
                    "--compare: " + a + " holds runs of oltp_read_write and " + p +
                        " runs of pgbench: only sets of one workload are compared");
}
