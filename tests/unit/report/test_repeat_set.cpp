// Repeated sets: the set's result.json lists its runs and each figure's
// spread, report --compare reads a set back as its runs, and two sets are
// compared with the ratio's confidence interval.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/html/html_report.hpp"
#include "report/results/repeat_set_json.hpp"
#include "report/results/result_read.hpp"
#include "report/views/repeat_set.hpp"
#include "tests/unit/report/sample_runs.hpp"
#include "tests/unit/support.hpp"

namespace {

using Catch::Detail::Approx;
using tpcc::test::sample;
using tpcc::test::write_run;

// A set directory under scratch named `name` holding one run per tpmC
// (each run's New-Orders over 60 s), with its result.json.
std::string write_set(const tpcc::test::TempDir& scratch, const std::string& name,
                      const std::vector<std::int64_t>& new_orders_per_minute) {
  const std::filesystem::path dir = scratch.path() / name;
  std::vector<tpcc::RepeatSetRun> runs;
  std::vector<tpcc::ResultDir> read;
  for (std::size_t i = 0; i < new_orders_per_minute.size(); ++i) {
    const std::string run = "run-" + std::to_string(i + 1);
    read.push_back(tpcc::read_result_dir(
        write_run(scratch, name + "/" + run, tpcc::Config{}, sample(new_orders_per_minute[i])), "",
        false));
    runs.push_back({run, 0});
  }
  std::ofstream(dir / "result.json")
      << tpcc::repeat_set_json(runs, tpcc::repeated_figures(read), 0);
  return dir.string();
}

}  // namespace

TEST_CASE("repeat set: result.json lists the runs and tpmC's spread over them",
          "[report][repeat]") {
  const tpcc::test::TempDir scratch;
  const std::string dir = write_set(scratch, "set", {400, 440, 480});
  CHECK(tpcc::is_result_set(dir));
  CHECK_FALSE(tpcc::is_result_set(dir + "/run-1"));
  const auto j = nlohmann::json::parse(tpcc::test::read_file(dir + "/result.json"));
  CHECK(j.at("kind") == "repeated runs");
  REQUIRE(j.at("runs").size() == 3);
  CHECK(j.at("runs")[2].at("dir") == "run-3");
  const auto& tpmc = j.at("figures")[0];
  CHECK(tpmc.at("name") == "tpmC");
  CHECK(tpmc.at("median").get<double>() == Approx(440));
  CHECK(tpmc.at("min").get<double>() == Approx(400));
  CHECK(tpmc.at("max").get<double>() == Approx(480));
  // sd 40 over a mean of 440; the interval holds every run's tpmC.
  CHECK(tpmc.at("cv").get<double>() == Approx(40.0 / 440).epsilon(1e-3));
  CHECK(tpmc.at("noisy") == true);
  CHECK(tpmc.at("ci95")[0].get<double>() < 400);
  CHECK(tpmc.at("ci95")[1].get<double>() > 480);
}

TEST_CASE("repeat set: a single run's directory reads back as one run", "[report][repeat]") {
  const tpcc::test::TempDir scratch;
  const std::string one = write_run(scratch, "one", tpcc::Config{}, sample(400));
  CHECK(tpcc::read_result_set(one, "--compare", false).size() == 1);
}

TEST_CASE("repeat set: the page links each run's report and shows the spread", "[report][repeat]") {
  const tpcc::test::TempDir scratch;
  const std::string dir = write_set(scratch, "set", {400, 404, 396});
  tpcc::RepeatSetPage page;
  page.runs = tpcc::read_result_set(dir, "--repeat", false);
  page.exit_statuses = {0, 0, 1};
  page.figures = tpcc::repeated_figures(page.runs);
  const std::string html = tpcc::html_repeat_set(page);
  CHECK(html.find("<a href=\"run-2/report.html\">run-2</a>") != std::string::npos);
  CHECK(html.find("95 % CI of the mean") != std::string::npos);
  CHECK(html.find("<td>400.0</td>") != std::string::npos);  // tpmC's median
}

TEST_CASE("repeat set: two sets of the same configuration differ within noise",
          "[report][repeat]") {
  const tpcc::test::TempDir scratch;
  const auto a = tpcc::read_result_set(write_set(scratch, "a", {400, 420, 380}), "", false);
  const auto b = tpcc::read_result_set(write_set(scratch, "b", {404, 388, 412}), "", false);
  const auto figures = tpcc::compared_sets(a, b);
  REQUIRE(figures.front().name == "tpmC");
  CHECK(figures.front().ratio.within_noise());
  CHECK(tpcc::noise_verdict(figures.front().ratio) == "within noise");
}

TEST_CASE("repeat set: a slower set is beyond noise, single runs give no interval",
          "[report][repeat]") {
  const tpcc::test::TempDir scratch;
  const auto a = tpcc::read_result_set(write_set(scratch, "a", {400, 404, 396}), "", false);
  const auto b = tpcc::read_result_set(write_set(scratch, "b", {300, 304, 296}), "", false);
  const auto slower = tpcc::compared_sets(a, b).front();
  CHECK(*slower.ratio.ratio == Approx(0.75));
  CHECK(tpcc::noise_verdict(slower.ratio) == "beyond noise");
  const auto single = tpcc::compared_sets({a.front()}, {b.front()}).front();
  CHECK(tpcc::noise_verdict(single.ratio).find("no interval can be given") == 0);
}
