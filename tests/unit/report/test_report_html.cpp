#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "metrics/run.hpp"
#include "report/console/summary.hpp"
#include "report/html/html_report.hpp"
#include "report/result_sink.hpp"
#include "report/results/result_files.hpp"
#include "tests/unit/report/verdict_of.hpp"
#include "tests/unit/support.hpp"
#include "tests/unit/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using tpcc::RunStats;
using tpcc::test::count_of;
using tpcc::test::record;

// 50 measured seconds: 594 + 6 rolled back New-Orders (720.0 tpmC), 570
// Payments, 45 of each other transaction.
RunStats sample_run(std::int64_t new_order_micros = 2000) {
  RunStats s(tpcc::kTxnTypes);
  record(s.txn[tpcc::kNewOrder], 594, new_order_micros);
  s.txn[tpcc::kNewOrder].rolled_back = 6;
  for (int i = 0; i < 6; ++i) s.txn[tpcc::kNewOrder].latency.record(new_order_micros);
  s.txn[tpcc::kNewOrder].errors = 2;
  s.txn[tpcc::kNewOrder].retries = 5;
  record(s.txn[tpcc::kPayment], 570, 1000);
  record(s.txn[tpcc::kOrderStatus], 45, 500);
  record(s.txn[tpcc::kDelivery], 45, 8000);
  record(s.txn[tpcc::kStockLevel], 45, 3000);
  return s;
}

tpcc::RunInfo sample_info() {
  tpcc::RunInfo info;
  info.warehouses = 2;
  info.terminals = 20;
  info.measured_seconds = 50;
  info.warmup_seconds = 10;
  info.started_at = "2026-01-02T03:04:05+0000";
  return info;
}

// Six 5-second intervals, the first two of them warm-up, each with more
// work than the one before.
std::vector<tpcc::IntervalSample> six_intervals() {
  std::vector<tpcc::IntervalSample> intervals(6);
  for (tpcc::IntervalSample& sample : intervals) sample.stats = tpcc::RunStats(tpcc::kTxnTypes);
  for (int i = 0; i < 6; ++i) {
    auto& sample = intervals[static_cast<std::size_t>(i)];
    sample.end_seconds = 5.0 * (i + 1);
    sample.length_seconds = 5;
    sample.warmup = i < 2;
    record(sample.stats.txn[tpcc::kNewOrder], 10 + i, 1000 * (i + 1));
    record(sample.stats.txn[tpcc::kPayment], 9 + i, 500);
  }
  return intervals;
}

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// The text of every cell of the table row that starts with `title`.
std::vector<std::string> row_cells(const std::string& page, const std::string& title) {
  const auto start = page.find("<tr><td>" + title + "</td>");
  if (start == std::string::npos) return {};
  const std::string row = page.substr(start, page.find("</tr>", start) - start);
  const std::regex cell("<td[^>]*>([^<]*)</td>");
  std::string joined;
  for (std::sregex_iterator it(row.begin(), row.end(), cell), end; it != end; ++it) {
    joined += (*it)[1].str() + " ";
  }
  return words(joined);
}

std::string summary_line(const std::string& title) {
  std::ostringstream out;
  tpcc::print_summary(out, tpcc::Config{}, sample_info(), sample_run(),
                      tpcc::test::verdict_of(tpcc::Config{}, sample_info(), sample_run()));
  std::istringstream in(out.str());
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("  " + title + " ", 0) == 0) return line;
  }
  return "";
}

}  // namespace

TEST_CASE("report html page has a chart per section with one point per interval per series",
          "[report]") {
  const std::string page = tpcc::html_report(
      tpcc::Config{}, sample_info(), sample_run(),
      tpcc::test::verdict_of(tpcc::Config{}, sample_info(), sample_run()), six_intervals());
  CHECK(page.rfind("<!DOCTYPE html>\n<html", 0) == 0);
  CHECK(page.size() >= 8);
  CHECK(page.substr(page.size() - 8) == "</html>\n");
  // Throughput, then per transaction type its latency over time and its
  // histogram.
  CHECK(count_of(page, "<svg") == 11);
  CHECK(count_of(page, "</svg>") == 11);
  CHECK(count_of(page, "<script") == 0);
  // The warm-up band, in each chart over time that has points: only
  // New-Order and Payment ran in the intervals, the other three types' charts
  // say so.
  CHECK(count_of(page, "class=\"band\"") == 3);
  CHECK(count_of(page, ">no data</text>") == 3);

  const std::regex points_attr("points=\"([^\"]*)\"");
  const std::regex point("[0-9]+\\.[0-9],[0-9]+\\.[0-9]");
  int series = 0;
  for (std::sregex_iterator it(page.begin(), page.end(), points_attr), end; it != end; ++it) {
    ++series;
    const auto points = words((*it)[1].str());
    REQUIRE(points.size() == 6);
    double previous_x = -1;
    for (const auto& p : points) {
      CHECK(std::regex_match(p, point));
      const double x = std::stod(p.substr(0, p.find(',')));
      CHECK(x > previous_x);  // elapsed time runs left to right
      previous_x = x;
    }
  }
  CHECK(series == 2 + 2 * 3);  // tpmC, tpmTOTAL; p50, p90, p99 of New-Order and Payment
}

TEST_CASE("report html page without warm-up intervals has no warm-up band", "[report]") {
  auto intervals = six_intervals();
  for (auto& sample : intervals) sample.warmup = false;
  const std::string page = tpcc::html_report(
      tpcc::Config{}, sample_info(), sample_run(),
      tpcc::test::verdict_of(tpcc::Config{}, sample_info(), sample_run()), intervals);
  CHECK(count_of(page, "class=\"band\"") == 0);
  CHECK(count_of(page, "<svg") == 11);
}

TEST_CASE("report html header shows tpmC and tpmTOTAL as the summary prints them", "[report]") {
  const std::string page =
      tpcc::html_report(tpcc::Config{}, sample_info(), sample_run(),
                        tpcc::test::verdict_of(tpcc::Config{}, sample_info(), sample_run()), {});
  // 5.4: (594 + 6) New-Orders in 50 s; all 1305 completed in 50 s.
  CHECK(summary_line("tpmC:").find("tpmC: 720.0") != std::string::npos);
  CHECK(page.find("<span>tpmC</span><b>720.0</b>") != std::string::npos);
  CHECK(page.find("<span>tpmTOTAL</span><b>1566.0</b>") != std::string::npos);
  CHECK(page.find("class=\"interrupted\"") == std::string::npos);
  // Without intervals only the histograms are drawn, and the page says why.
  CHECK(count_of(page, "<svg") == 5);
  CHECK(page.find("No interval figures: the run ended before its first interval.") !=
        std::string::npos);

  tpcc::RunInfo stopped = sample_info();
  stopped.interrupted = true;
  stopped.health.stop = tpcc::StopReason::Interrupted;
  CHECK(tpcc::html_report(tpcc::Config{}, stopped, sample_run(),
                          tpcc::test::verdict_of(tpcc::Config{}, stopped, sample_run()), {})
            .find("class=\"interrupted\"") != std::string::npos);
}

TEST_CASE("report html transaction table has the summary's numbers", "[report]") {
  const std::string page =
      tpcc::html_report(tpcc::Config{}, sample_info(), sample_run(),
                        tpcc::test::verdict_of(tpcc::Config{}, sample_info(), sample_run()), {});
  for (const char* title : {"New-Order", "Payment", "Order-Status", "Delivery", "Stock-Level"}) {
    INFO(title);
    const auto cells = row_cells(page, title);
    CHECK(cells.size() == 15);  // "5 s" is two words
    CHECK(cells == words(summary_line(title)));
  }
}

TEST_CASE("5.2.5.3 report html marks a 90th percentile over the limit FAIL", "[report]") {
  // New-Orders take 6 s against the 5 s limit; the others are fast.
  const std::string page = tpcc::html_report(
      tpcc::Config{}, sample_info(), sample_run(6'000'000),
      tpcc::test::verdict_of(tpcc::Config{}, sample_info(), sample_run(6'000'000)), {});
  const auto new_order = row_cells(page, "New-Order");
  REQUIRE(!new_order.empty());
  CHECK(new_order.back() == "FAIL");
  CHECK(page.find("<td class=\"fail\">FAIL</td>") != std::string::npos);
  CHECK(row_cells(page, "Payment").back() == "PASS");
  // One FAIL in the transaction table; the run rules come after it.
  const std::string table = page.substr(0, page.find("<h2>Run rules</h2>"));
  CHECK(count_of(table, ">FAIL<") == 1);
}

TEST_CASE("report html escapes text from the configuration", "[report]") {
  CHECK(tpcc::html_escape("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&#39;");
  tpcc::Config config;
  config.result_dir = "out/<run>&\"x\"";
  tpcc::RunInfo info = sample_info();
  info.started_at = "<script>";
  const std::string page =
      tpcc::html_report(config, info, sample_run(),
                        tpcc::test::verdict_of(config, info, sample_run()), six_intervals());
  CHECK(page.find("out/&lt;run&gt;&amp;&quot;x&quot;") != std::string::npos);
  CHECK(page.find("out/<run>") == std::string::npos);
  CHECK(page.find("&lt;script&gt;") != std::string::npos);
  CHECK(count_of(page, "<script") == 0);
}

TEST_CASE("report write_result_files writes report.html beside result.json", "[report]") {
  const tpcc::test::TempDir scratch;
  tpcc::Config config;
  config.result_dir = (scratch.path() / "run").string();
  const auto intervals = six_intervals();
  const std::string dir = tpcc::write_result_files(
      config, sample_info(), sample_run(),
      tpcc::test::verdict_of(config, sample_info(), sample_run()), intervals);
  const fs::path html = fs::path(dir) / "report.html";
  REQUIRE(fs::is_regular_file(html));
  CHECK(fs::is_regular_file(fs::path(dir) / "result.json"));
  std::ifstream in(html, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  CHECK(text.str() == tpcc::html_report(config, sample_info(), sample_run(),
                                        tpcc::test::verdict_of(config, sample_info(), sample_run()),
                                        intervals));
}

TEST_CASE("report html page has a section per standby with its lag", "[report]") {
  tpcc::RunInfo info = sample_info();
  tpcc::StandbyRun standby;
  standby.stats = tpcc::RunStats(tpcc::kTxnTypes);
  standby.target = "host=<standby> port=5432";
  standby.terminals = 3;
  standby.stats.txn[tpcc::kOrderStatus].committed = 60;
  standby.lag.samples = 2;
  standby.lag.replay_lag_ms = tpcc::summarize({1.0, 3.0});
  info.standbys = {standby, standby};
  const std::string page =
      tpcc::html_report(tpcc::Config{}, info, sample_run(),
                        tpcc::test::verdict_of(tpcc::Config{}, info, sample_run()), {});
  CHECK(page.find("<h2>Standby 1 (read-only, host=&lt;standby&gt; port=5432), 3 terminals</h2>") !=
        std::string::npos);
  CHECK(page.find("<h2>Standby 2 ") != std::string::npos);
  CHECK(page.find("replay lag 1.00ms / 3.00ms / 3.00ms; bytes behind -") != std::string::npos);
}

TEST_CASE("report.html's timeline draws the restore and each conditioning step before the run",
          "[report][html][experiments]") {
  tpcc::RunInfo info = sample_info();
  tpcc::SnapshotRestore restore;
  restore.seconds = 3.14;
  info.experiment.snapshot = restore;
  info.experiment.conditioning = {{"checkpoint", 0.41, ""}, {"restart", 1.5, "pg_ctl"}};
  const std::string page = tpcc::html_report(
      tpcc::Config{}, info, sample_run(),
      tpcc::test::verdict_of(tpcc::Config{}, info, sample_run()), six_intervals());
  const std::size_t timeline = page.find("<h2>Timeline</h2>");
  REQUIRE(timeline != std::string::npos);
  // In the order they happened, each with its length, before the charts.
  const std::size_t restored = page.find("restore<br>3.14 s", timeline);
  const std::size_t checkpoint = page.find("checkpoint<br>0.41 s", timeline);
  const std::size_t restarted = page.find("restart<br>1.50 s", timeline);
  const std::size_t warmup = page.find("warm-up<br>10.0 s", timeline);
  const std::size_t measured = page.find("measured<br>50.0 s", timeline);
  REQUIRE(measured != std::string::npos);
  CHECK(restored < checkpoint);
  CHECK(checkpoint < restarted);
  CHECK(restarted < warmup);
  CHECK(warmup < measured);
  CHECK(measured < page.find("<h2>Throughput per interval</h2>"));

  // A run without a restore or conditioning: the warm-up and the run only.
  const std::string plain = tpcc::html_report(
      tpcc::Config{}, sample_info(), sample_run(),
      tpcc::test::verdict_of(tpcc::Config{}, sample_info(), sample_run()), six_intervals());
  CHECK(plain.find("restore<br>") == std::string::npos);
  CHECK(plain.find("warm-up<br>10.0 s") != std::string::npos);
}
