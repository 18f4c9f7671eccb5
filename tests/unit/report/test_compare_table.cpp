// tpcc report --compare on the console: one table whose header row names
// each run (its label, else its directory), then what tells the runs apart,
// then the figures with their ratios (report/console/compare_table,
// report/views/run_differences).
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "report/console/compare_table.hpp"
#include "report/results/result_read.hpp"
#include "report/views/run_differences.hpp"

namespace {

tpcc::ResultDir run(const std::string& dir, const std::string& label, int terminals,
                    const std::string& range) {
  tpcc::ResultDir r;
  r.dir = dir;
  r.info.experiment.environment.label = label;
  r.config_json =
      "{\"workload\": \"pgbench\", \"run\": {\"terminals\": " + std::to_string(terminals) +
      ", \"label\": \"" + label + "\", \"result_dir\": \"" + dir +
      "\"}, \"pgbench\": {\"defines\": {\"range\": \"" + range + "\"}}}";
  return r;
}

}  // namespace

TEST_CASE(
    "report --compare console: headed by label or directory, the differing options, the "
    "figures with ratios",
    "[report]") {
  const std::vector<tpcc::ResultDir> runs = {run("results/a", "base", 2, "1000"),
                                             run("results/b", "", 4, "1000")};
  CHECK(tpcc::run_heading(runs[0]) == "base");
  CHECK(tpcc::run_heading(runs[1]) == "results/b");
  const std::vector<tpcc::ComparedSetting> differences = tpcc::run_differences(runs);
  // The terminals differ; the define does not; the label and the result
  // directory are the headings' and never a row.
  REQUIRE(differences.size() == 1);
  CHECK(differences[0].key == "run.terminals");

  tpcc::ComparedFigure tps{"tps", {800.0, 1200.0}, {std::nullopt, 1.5}, 2};
  tpcc::ComparedFigure missing{
      "latency average ms", {2.5, std::nullopt}, {std::nullopt, std::nullopt}, 3};
  std::ostringstream out;
  tpcc::print_compare_table(out, {"base", "results/b"}, differences, {tps, missing});
  // Columns line up on a terminal: "×" is one column of two bytes.
  CHECK(out.str() ==
        "                      A: base     B: results/b\n"
        "  run.terminals             2                4\n"
        "\n"
        "  tps                  800.00  1200.00 (1.50×)\n"
        "  latency average ms    2.500                -\n");
}

TEST_CASE("report --compare console: runs that differ in nothing say so above the figures",
          "[report]") {
  const std::vector<tpcc::ResultDir> runs = {run("results/a", "", 2, "1000"),
                                             run("results/b", "", 2, "1000")};
  CHECK(tpcc::run_differences(runs).empty());
  std::ostringstream out;
  tpcc::print_compare_table(out, {"results/a", "results/b"}, {}, {});
  CHECK(out.str().rfind("the runs differ in no option, define, server setting or start and "
                        "environment item\n",
                        0) == 0);
}
