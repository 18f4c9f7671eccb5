// The server metrics as the report pages show them (report/server_metrics_view,
// report/html_server_charts, report/html_waits, the compare page's server
// metrics): markers from interval deltas, waits summed over the measured
// intervals, the compared means.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app/report_command.hpp"
#include "metrics/run.hpp"
#include "report/html/html_report.hpp"
#include "report/result_sink.hpp"
#include "report/results/result_files.hpp"
#include "report/results/server_metrics_json.hpp"
#include "report/views/compare.hpp"
#include "report/views/server_metrics_view.hpp"
#include "tests/unit/report/verdict_of.hpp"
#include "tests/unit/support.hpp"
#include "tests/unit/temp_dir.hpp"

namespace {

using tpcc::ServerMetricsRun;
using tpcc::test::count_of;
using tpcc::test::read_file;

// Four 10-second intervals, the first of warm-up, each with `commits`
// commits, 90 buffer hits and 10 reads, and no checkpoint.
ServerMetricsRun four_intervals(double commits = 100) {
  ServerMetricsRun run;
  run.enabled = true;
  for (int i = 0; i < 4; ++i) {
    tpcc::ServerMetricsPoint p;
    p.end_seconds = 10.0 * (i + 1);
    p.warmup = i == 0;
    p.metrics.deltas[tpcc::kCommits] = commits;
    p.metrics.deltas[tpcc::kBlksHit] = 90;
    p.metrics.deltas[tpcc::kBlksRead] = 10;
    p.metrics.blks_hit_ratio = 0.9;
    p.metrics.deltas[tpcc::kCkptTimed] = 0;
    p.metrics.deltas[tpcc::kCkptReq] = 0;
    run.intervals.push_back(p);
  }
  return run;
}

tpcc::ServerMetricsInterval& at(ServerMetricsRun& run, std::size_t interval) {
  return run.intervals.at(interval).metrics;
}

void waits(tpcc::ServerMetricsInterval& m, std::vector<tpcc::WaitShare> list) {
  m.wait_samples = 0;
  for (auto& w : list) m.wait_samples += w.samples;
  for (auto& w : list) w.share = static_cast<double>(w.samples) / m.wait_samples;
  m.top_waits = list;
}

}  // namespace

TEST_CASE("server metrics view: a checkpoint marker sits at the interval whose counters rose",
          "[metrics]") {
  ServerMetricsRun run = four_intervals();
  at(run, 2).deltas[tpcc::kCkptReq] = 1;
  at(run, 3).deltas[tpcc::kCkptTimed] = 1;
  at(run, 3).deltas[tpcc::kCkptReq] = 1;
  const auto events = tpcc::server_events(run);
  REQUIRE(events.size() == 2);
  CHECK(events[0].kind == tpcc::ServerEvent::Kind::Checkpoint);
  CHECK(events[0].at_seconds == 30);
  CHECK(events[0].label == "checkpoint");
  CHECK(events[1].at_seconds == 40);
  CHECK(events[1].label == "2 checkpoints");
}

TEST_CASE("server metrics view: without a checkpoint there is no checkpoint marker", "[metrics]") {
  ServerMetricsRun run = four_intervals();
  CHECK(tpcc::server_events(run).empty());
  // A counter the server lacks is no checkpoint either.
  at(run, 1).deltas[tpcc::kCkptReq].reset();
  CHECK(tpcc::server_events(run).empty());
}

TEST_CASE("server metrics view: autovacuum ticks are labelled where their tables change",
          "[metrics]") {
  ServerMetricsRun run = four_intervals();
  for (std::size_t i : {0, 1, 3}) at(run, i).autovacuum_workers = 1;
  at(run, 0).autovacuum_tables = "stock";
  at(run, 1).autovacuum_tables = "stock";
  at(run, 2).autovacuum_workers = 0;
  at(run, 3).autovacuum_tables = "stock";
  const auto events = tpcc::server_events(run);
  REQUIRE(events.size() == 3);
  for (const auto& e : events) CHECK(e.kind == tpcc::ServerEvent::Kind::Autovacuum);
  CHECK(events[0].label == "stock");
  CHECK(events[1].label.empty());     // the same vacuum going on
  CHECK(events[2].label == "stock");  // a new one after a pause
  CHECK(events[2].at_seconds == 40);
}

TEST_CASE("server metrics view: the measured waits sum the measured intervals only", "[metrics]") {
  ServerMetricsRun run = four_intervals();
  waits(at(run, 0), {{"IO:DataFileRead", 1000, 0}});  // warm-up: left out
  waits(at(run, 1), {{"CPU", 6, 0}, {"LWLock:WALWrite", 2, 0}});
  waits(at(run, 2), {{"LWLock:WALWrite", 6, 0}, {"CPU", 2, 0}});
  waits(at(run, 3), {{"CPU", 4, 0}});
  const auto measured = tpcc::measured_waits(run);
  REQUIRE(measured.size() == 2);
  CHECK(measured[0].event == "CPU");
  CHECK(measured[0].samples == 12);
  CHECK(measured[0].share == Approx(0.6));
  CHECK(measured[1].event == "LWLock:WALWrite");
  CHECK(measured[1].share == Approx(0.4));
}

TEST_CASE("server metrics view: shares of an interval's samples leave the rest to other",
          "[metrics]") {
  ServerMetricsRun run = four_intervals();
  waits(at(run, 1), {{"CPU", 5, 0}, {"IO:WALSync", 3, 0}, {"Lock:tuple", 2, 0}});
  const auto shares = tpcc::wait_shares_of(at(run, 1), {"IO:WALSync", "CPU"});
  REQUIRE(shares.size() == 3);
  CHECK(shares[0] == Approx(0.3));
  CHECK(shares[1] == Approx(0.5));
  CHECK(shares[2] == Approx(0.2));  // other: Lock:tuple
  // An interval read back with its top events only: the rest is other too.
  at(run, 2).top_waits = {{"CPU", 5, 0.5}};
  at(run, 2).wait_samples = 10;
  CHECK(tpcc::wait_shares_of(at(run, 2), {"CPU"})[1] == Approx(0.5));
  CHECK(tpcc::wait_shares_of(at(run, 3), {"CPU"}) == std::vector<double>{0, 0});
}

TEST_CASE("server metrics view: rates are deltas over each interval's length", "[metrics]") {
  ServerMetricsRun run = four_intervals();
  run.intervals[0].end_seconds = 5;  // a shorter first interval: 5 s, then 15 s
  const auto& commits = tpcc::server_metrics_shown().front();
  REQUIRE(std::string(commits.name) == "commits/s");
  const auto lengths = tpcc::interval_lengths(run.intervals);
  CHECK(lengths == std::vector<double>{5, 15, 10, 10});
  CHECK(*commits.value(at(run, 0), lengths[0]) == Approx(20));
  CHECK(*commits.value(at(run, 1), lengths[1]) == Approx(100.0 / 15));
  // The mean over the measured intervals: 100/15, 10, 10.
  CHECK(*tpcc::measured_mean(run, commits) == Approx((100.0 / 15 + 20) / 3));
}

TEST_CASE("report html: a checkpoint is a marker on the throughput chart, with its legend",
          "[metrics]") {
  tpcc::RunInfo info;
  info.measured_seconds = 30;
  info.server_metrics = four_intervals();
  std::vector<tpcc::IntervalSample> intervals(4);
  for (tpcc::IntervalSample& sample : intervals) sample.stats = tpcc::RunStats(tpcc::kTxnTypes);
  for (std::size_t i = 0; i < 4; ++i) {
    intervals[i].end_seconds = 10.0 * (i + 1);
    intervals[i].length_seconds = 10;
    intervals[i].warmup = i == 0;
  }
  const std::string without = tpcc::html_report(
      tpcc::Config{}, info, tpcc::RunStats(tpcc::kTxnTypes),
      tpcc::test::verdict_of(tpcc::Config{}, info, tpcc::RunStats(tpcc::kTxnTypes)), intervals);
  CHECK(count_of(without, ">checkpoint</text>") == 0);
  at(info.server_metrics, 2).deltas[tpcc::kCkptReq] = 1;
  at(info.server_metrics, 1).autovacuum_workers = 1;
  at(info.server_metrics, 1).autovacuum_tables = "order_line";
  const std::string page = tpcc::html_report(
      tpcc::Config{}, info, tpcc::RunStats(tpcc::kTxnTypes),
      tpcc::test::verdict_of(tpcc::Config{}, info, tpcc::RunStats(tpcc::kTxnTypes)), intervals);
  // The label on the throughput chart and the legend entry there and on
  // each server chart (commits, hit ratio).
  CHECK(count_of(page, "class=\"markerlabel\">checkpoint</text>") == 1);
  CHECK(count_of(page, ">order_line</text>") == 1);
  CHECK(count_of(page, "class=\"marker tick\"") == 1);
  CHECK(count_of(page, "start\">autovacuum</text>") == 1);
  CHECK(count_of(page, "Commits and rollbacks per second") >= 1);
  CHECK(count_of(page, "Buffer hit ratio, %") >= 1);
  // Metrics the run lacks are named in a note, not drawn empty.
  CHECK(count_of(page, "Not charted, the run has no figures for them") == 1);
  tpcc::RunInfo off = info;
  off.server_metrics = ServerMetricsRun{};
  const std::string latency_only = tpcc::html_report(
      tpcc::Config{}, off, tpcc::RunStats(tpcc::kTxnTypes),
      tpcc::test::verdict_of(tpcc::Config{}, off, tpcc::RunStats(tpcc::kTxnTypes)), intervals);
  CHECK(count_of(page, "no data") == count_of(latency_only, "no data"));
}

TEST_CASE("report html: metrics off says so and draws no wait section", "[metrics]") {
  tpcc::RunInfo info;
  const std::string page = tpcc::html_report(
      tpcc::Config{}, info, tpcc::RunStats(tpcc::kTxnTypes),
      tpcc::test::verdict_of(tpcc::Config{}, info, tpcc::RunStats(tpcc::kTxnTypes)), {});
  CHECK(count_of(page, "Not sampled: the run had --server-metrics off.") == 1);
  CHECK(count_of(page, "Wait events of the kit") == 0);
}

TEST_CASE("report html: the wait-event section has the measured table and a bar per interval",
          "[metrics]") {
  tpcc::RunInfo info;
  info.server_metrics = four_intervals();
  for (std::size_t i = 0; i < 4; ++i) {
    waits(at(info.server_metrics, i), {{"CPU", 3, 0}, {"IO:WALSync", 1, 0}});
  }
  const std::string page = tpcc::html_report(
      tpcc::Config{}, info, tpcc::RunStats(tpcc::kTxnTypes),
      tpcc::test::verdict_of(tpcc::Config{}, info, tpcc::RunStats(tpcc::kTxnTypes)), {});
  CHECK(count_of(page, "<tr><td>CPU</td><td>9</td><td>75.0%</td></tr>") == 1);
  CHECK(count_of(page, "<tr><td>IO:WALSync</td><td>3</td><td>25.0%</td></tr>") == 1);
  // Two parts per interval's bar (other is empty), warm-up included.
  CHECK(count_of(page, "<rect class=\"bar\"") == 8);
}

TEST_CASE("server metrics json: result.json's server_metrics reads back as written", "[metrics]") {
  ServerMetricsRun run = four_intervals();
  run.notes = {"pg_stat_wal: not reported"};
  at(run, 1).host_cpu = tpcc::HostCpuSplit{20, 10, 5, 65};
  at(run, 1).autovacuum_workers = 2;
  at(run, 1).autovacuum_tables = "stock";
  waits(at(run, 1), {{"CPU", 3, 0}});
  const ServerMetricsRun back = tpcc::as_written(run);
  CHECK(back.enabled);
  CHECK(back.notes == run.notes);
  REQUIRE(back.intervals.size() == 4);
  CHECK(back.intervals[1].end_seconds == 20);
  CHECK(back.intervals[0].warmup);
  CHECK(*back.intervals[1].metrics.deltas[tpcc::kCommits] == 100);
  CHECK_FALSE(back.intervals[1].metrics.deltas[tpcc::kWalBytes].has_value());
  CHECK(back.intervals[1].metrics.host_cpu->iowait_pct == 5);
  CHECK(back.intervals[1].metrics.autovacuum_tables == "stock");
  CHECK(back.intervals[1].metrics.top_waits.at(0).event == "CPU");
  CHECK_FALSE(tpcc::server_metrics_from_json(nlohmann::json()).enabled);
}

TEST_CASE("report --compare: server metric means side by side, a dash where a run lacks one",
          "[metrics]") {
  std::vector<tpcc::ResultDir> runs(3);
  for (tpcc::ResultDir& run : runs) run.stats = tpcc::RunStats(tpcc::kTxnTypes);
  runs[0].info.server_metrics = four_intervals(100);
  runs[1].info.server_metrics = four_intervals(200);
  // runs[2]: --server-metrics off.
  waits(at(runs[0].info.server_metrics, 1), {{"CPU", 3, 0}, {"IO:WALSync", 1, 0}});
  waits(at(runs[1].info.server_metrics, 1), {{"CPU", 1, 0}});
  const auto figures = tpcc::compared_server_metrics(runs);
  const auto named = [&](const std::string& name) -> const tpcc::ComparedFigure& {
    for (const auto& f : figures) {
      if (f.name == name) return f;
    }
    FAIL("no figure " << name);
    return figures.front();
  };
  const auto& commits = named("commits/s");
  CHECK(*commits.values[0] == Approx(10));
  CHECK(*commits.values[1] == Approx(20));
  CHECK_FALSE(commits.values[2].has_value());
  CHECK(*commits.ratios[1] == Approx(2));
  CHECK_FALSE(commits.ratios[2].has_value());
  CHECK(*named("buffer hit %").values[1] == Approx(90));
  const auto& wal_sync = named("wait IO:WALSync %");
  CHECK(*wal_sync.values[0] == Approx(25));
  CHECK(*wal_sync.values[1] == 0);  // sampled, never seen
  CHECK_FALSE(wal_sync.values[2].has_value());
  // No run has WAL figures: no row.
  for (const auto& f : figures) CHECK(f.name != "WAL MB/s");
  // The page: run C's cell is a dash.
  const std::string page = tpcc::html_compare(runs);
  CHECK(page.find("<tr><td>commits/s</td><td>10.0</td><td>20.0 <span class=\"ratio\">(2.00"
                  "\u00d7)</span></td><td>-</td></tr>") != std::string::npos);
}

TEST_CASE("report DIR redraws a page with server metrics byte for byte", "[metrics]") {
  const tpcc::test::TempDir scratch;
  tpcc::Config config;
  config.result_dir = (scratch.path() / "run").string();
  config.server_metrics = true;
  tpcc::RunInfo info;
  info.started_at = "2026-02-03T04:05:06+0000";
  info.measured_seconds = 30;
  info.server_metrics = four_intervals();
  at(info.server_metrics, 2).deltas[tpcc::kCkptReq] = 1;
  at(info.server_metrics, 2).client_cpu_seconds = 1.23456;  // rounded in result.json
  std::vector<tpcc::IntervalSample> intervals(4);
  for (tpcc::IntervalSample& sample : intervals) sample.stats = tpcc::RunStats(tpcc::kTxnTypes);
  for (std::size_t i = 0; i < 4; ++i) {
    intervals[i].end_seconds = 10.0 * (i + 1);
    intervals[i].length_seconds = 10;
    intervals[i].warmup = i == 0;
    intervals[i].server = info.server_metrics.intervals[i].metrics;
  }
  const std::string dir = tpcc::write_result_files(
      config, info, tpcc::RunStats(tpcc::kTxnTypes),
      tpcc::test::verdict_of(config, info, tpcc::RunStats(tpcc::kTxnTypes)), intervals);
  const std::filesystem::path page = std::filesystem::path(dir) / tpcc::kReportFile;
  const std::string written = read_file(page);
  REQUIRE(written.find(">checkpoint</text>") != std::string::npos);
  std::filesystem::remove(page);
  tpcc::Config report;
  report.verb = tpcc::Verb::Report;
  report.report_dir = dir;
  std::ostringstream out;
  REQUIRE(tpcc::redraw_command(report, out) == 0);
  CHECK(read_file(page) == written);
}

TEST_CASE("report html: the wait table lists ten events and sums the rarer ones", "[metrics]") {
  tpcc::RunInfo info;
  info.server_metrics = four_intervals();
  std::vector<tpcc::WaitShare> list;
  for (int i = 0; i < 12; ++i) list.push_back({"IO:Event" + std::to_string(10 + i), 20 - i, 0});
  waits(at(info.server_metrics, 1), list);
  const std::string page = tpcc::html_report(
      tpcc::Config{}, info, tpcc::RunStats(tpcc::kTxnTypes),
      tpcc::test::verdict_of(tpcc::Config{}, info, tpcc::RunStats(tpcc::kTxnTypes)), {});
  CHECK(count_of(page, "<tr><td>IO:Event") == 10);
  // IO:Event20 (10 samples) and IO:Event21 (9) of 174.
  CHECK(count_of(page, "<tr><td>2 other events</td><td>19</td><td>10.9%</td></tr>") == 1);
}
