// tpcc report DIR and --compare: a result directory read back, redrawn, and
// runs compared (report/result_read, report/compare, report/report_command).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app/report_command.hpp"
#include "config/errors.hpp"
#include "metrics/run.hpp"
#include "report/html/html_report.hpp"
#include "report/results/interval_points.hpp"
#include "report/results/result_files.hpp"
#include "report/results/result_read.hpp"
#include "report/views/compare.hpp"
#include "tests/unit/report/sample_runs.hpp"
#include "tests/unit/support.hpp"
#include "tests/unit/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using tpcc::test::read_file;
using tpcc::test::Run;
using tpcc::test::sample;
using tpcc::test::write_run;

std::string usage_error_of(const std::string& dir) {
  try {
    tpcc::read_result_dir(dir, "tpcc report", true);
  } catch (const tpcc::UsageError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("report intervals_by_type.csv reads back what it was written from", "[report]") {
  const Run run = sample(400);
  const auto points = tpcc::interval_points(run.intervals);
  const std::string csv = tpcc::intervals_by_type_csv(points);
  const auto back = tpcc::read_intervals_by_type_csv(csv, "f");
  REQUIRE(back.size() == 4);
  CHECK(tpcc::intervals_by_type_csv(back) == csv);
  CHECK(back[0].warmup);
  CHECK(back[1].tpmc == Approx(600));  // 100 New-Orders in 10 s
  CHECK(back[3].txn[tpcc::kNewOrder].p90_ms == Approx(3.3).epsilon(0.01));
  CHECK(back[3].txn[tpcc::kDelivery].count == 0);
  CHECK_THROWS_AS(tpcc::read_intervals_by_type_csv("elapsed_s\n", "f"), tpcc::UsageError);
  CHECK_THROWS_WITH(tpcc::read_intervals_by_type_csv(csv + "1,2\n", "f"),
                    Catch::Contains("line 6 has 2 columns"));
}

TEST_CASE("report DIR redraws the page the run wrote, byte for byte", "[report]") {
  const tpcc::test::TempDir scratch;
  const std::string dir = write_run(scratch, "run", tpcc::Config{}, sample(400));
  const std::string written = read_file(fs::path(dir) / "report.html");
  fs::remove(fs::path(dir) / "report.html");
  tpcc::Config report;
  report.verb = tpcc::Verb::Report;
  report.report_dir = dir;
  std::ostringstream out;
  CHECK(tpcc::redraw_command(report, out) == 0);
  CHECK(read_file(fs::path(dir) / "report.html") == written);
  CHECK(out.str().find("tpmC") != std::string::npos);
  // --out FILE.html leaves the directory's page alone.
  report.out_dir = (scratch.path() / "elsewhere" / "page.html").string();
  CHECK(tpcc::redraw_command(report, out) == 0);
  CHECK(read_file(report.out_dir) == written);
}

TEST_CASE("report DIR refuses a directory missing a file, naming it", "[report]") {
  const tpcc::test::TempDir scratch;
  const std::string dir = write_run(scratch, "run", tpcc::Config{}, sample(400));
  CHECK(usage_error_of(dir) == "no error");
  for (const char* file :
       {"intervals_by_type.csv", "histograms.json", "config.json", "result.json"}) {
    fs::remove(fs::path(dir) / file);
    const std::string error = usage_error_of(dir);
    CHECK_THAT(error, Catch::Contains(std::string(dir) + "/" + file));
    CHECK_THAT(error, Catch::StartsWith("tpcc report: "));
  }
  CHECK_THAT(usage_error_of((scratch.path() / "absent").string()), Catch::Contains("result.json"));
}

TEST_CASE("report --compare ratios are to the first run's figures", "[report]") {
  CHECK(*tpcc::ratio_to(200.0, 300.0) == Approx(1.5));
  CHECK(!tpcc::ratio_to(0.0, 300.0));
  CHECK(!tpcc::ratio_to(std::nullopt, 300.0));
  CHECK(!tpcc::ratio_to(200.0, std::nullopt));

  const tpcc::test::TempDir scratch;
  const std::string a = write_run(scratch, "a", tpcc::Config{}, sample(400));
  const std::string b = write_run(scratch, "b", tpcc::Config{}, sample(600));
  const std::vector<tpcc::ResultDir> runs = {tpcc::read_result_dir(a, "--compare", true),
                                             tpcc::read_result_dir(b, "--compare", true)};
  const auto figures = tpcc::compared_figures(runs);
  REQUIRE(figures.front().name == "tpmC");
  CHECK(*figures.front().values[0] == Approx(400.0));
  CHECK(*figures.front().values[1] == Approx(600.0));
  CHECK(*figures.front().ratios[1] == Approx(1.5));
  CHECK(*figures.front().ratios[0] == Approx(1.0));
  // Efficiency means nothing without keying and think times (5.2.5).
  const auto efficiency = std::find_if(figures.begin(), figures.end(),
                                       [](const auto& f) { return f.name == "efficiency %"; });
  REQUIRE(efficiency != figures.end());
  CHECK(!efficiency->values[0]);
  const std::string page = tpcc::html_compare(runs);
  CHECK(page.find("600.0 <span class=\"ratio\">(1.50\u00d7)</span>") != std::string::npos);
}

TEST_CASE("report --compare highlights the settings that differ, password masked", "[report]") {
  tpcc::Config first;
  first.conninfo = "host=db password=secret1";
  tpcc::Config second = first;
  second.terminals = 30;
  second.conninfo = "host=db password=secret2";
  const tpcc::test::TempDir scratch;
  const std::string a = write_run(scratch, "a", first, sample(400));
  const std::string b = write_run(scratch, "b", second, sample(400));
  std::vector<tpcc::ResultDir> runs = {tpcc::read_result_dir(a, "--compare", true),
                                       tpcc::read_result_dir(b, "--compare", true)};
  const auto settings = tpcc::compared_settings({runs[0].config_json, runs[1].config_json});
  const auto find = [&](const std::string& key) {
    return std::find_if(settings.begin(), settings.end(),
                        [&](const auto& s) { return s.key == key; });
  };
  REQUIRE(find("run.terminals") != settings.end());
  CHECK(find("run.terminals")->differs);
  CHECK(*find("run.terminals")->values[1] == "30");
  CHECK(!find("run.duration_seconds")->differs);
  // The masked passwords are equal: the difference is not shown.
  CHECK(!find("conninfo")->differs);
  CHECK(find("run.result_dir")->differs);
  // A key only one run has is a difference.
  const auto only = tpcc::compared_settings({"{\"a\":1}", "{\"a\":1,\"b\":2}"});
  REQUIRE(only.size() == 2);
  CHECK(!only[0].differs);
  CHECK(only[1].differs);
  CHECK(!only[1].values[0]);

  const std::string page = tpcc::html_compare(runs);
  CHECK(page.find("secret") == std::string::npos);
  CHECK(page.find("<tr class=\"diff\"><td>run.terminals</td><td>10</td><td>30</td></tr>") !=
        std::string::npos);
}

TEST_CASE("report --compare writes FILE.html or DIR/compare.html", "[report]") {
  const tpcc::test::TempDir scratch;
  const std::string d = (scratch.path() / "out").string();
  CHECK(tpcc::page_path("", "here", "compare.html") == "here/compare.html");
  CHECK(tpcc::page_path(d + "/x.html", ".", "compare.html") == d + "/x.html");
  CHECK(tpcc::page_path(d, ".", "compare.html") == d + "/compare.html");
  CHECK(fs::is_directory(d));
}

TEST_CASE("report --compare ratio text keeps two significant digits of small ratios", "[report]") {
  CHECK(tpcc::ratio_to(59214.0, 10.0).has_value());
  CHECK(tpcc::ratio_text(1.5) == "1.50\u00d7");
  CHECK(tpcc::ratio_text(10.0 / 59214.0) == "0.00017\u00d7");
  CHECK(tpcc::ratio_text(0.5) == "0.50\u00d7");
  CHECK(tpcc::ratio_text(std::nullopt) == "-");
}

// A result directory written by a real quickstart run of tpcc 0.1.0
// (tests/data/result-0.1.0-quickstart: its files as the run left them, the
// delivery log left out, and report.html, the page that run wrote). Its
// redraw is pinned in redrawn.html: a change of code or of config.json must
// not change an old result's page unnoticed. redrawn.html differs from the
// run's own report.html only in the run-rule lines that later rules added or
// judge differently (2.7.4.2 as a disclosure, 5.2.3 over every transaction
// with the whole decks disclosed, 5.5 steady state, 2.4.2.3 errors, 3.4's
// isolation disclosure): a rule change that changes the page updates
// redrawn.html with it.
TEST_CASE("report DIR redraws tpcc 0.1.0's result directory as pinned", "[report]") {
  const fs::path source = fs::path(TPCC_SOURCE_DIR) / "tests" / "data" / "result-0.1.0-quickstart";
  const tpcc::test::TempDir scratch;
  tpcc::Config report;
  report.verb = tpcc::Verb::Report;
  report.report_dir = source.string();
  report.out_dir = (scratch.path() / "page.html").string();
  std::ostringstream out;
  REQUIRE(tpcc::redraw_command(report, out) == 0);
  CHECK(read_file(report.out_dir) == read_file(source / "redrawn.html"));
}
