// tpcc sweep's page and table from its points' figures: tpmC against the
// swept value with confidence bars, one series per value of the other
// axis, a latency chart per transaction type, and each point linked.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "report/console/sweep_table.hpp"
#include "report/html/sweep_page.hpp"
#include "report/results/sweep_json.hpp"

namespace {

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

tpcc::RepeatedFigure figure(const std::string& name, std::vector<double> values) {
  tpcc::RepeatedFigure f;
  f.name = name;
  for (double v : values) f.values.push_back(v);
  f.spread = tpcc::spread_of(values);
  return f;
}

tpcc::SweepPointView point(const std::string& terminals, const std::string& work_mem, double tpmc) {
  tpcc::SweepPointView p;
  p.dir = "terminals=" + terminals + ",work_mem=" + work_mem;
  p.values = {terminals, work_mem};
  p.status = "done";
  p.runs = 3;
  p.figures = {figure("tpmC", {tpmc - 10, tpmc, tpmc + 10}),
               figure("tpmTOTAL", {2 * tpmc, 2.2 * tpmc, 2.1 * tpmc}),
               figure("New-Order p90 ms", {3, 4, 5})};
  return p;
}

tpcc::SweepView grid() {
  tpcc::SweepView view;
  view.axes = {{"terminals", {"8", "16"}, tpcc::SweepAxisKind::RunOption},
               {"work_mem", {"4MB", "64MB"}, tpcc::SweepAxisKind::ServerSetting}};
  view.points = {point("8", "4MB", 100), point("16", "4MB", 180), point("8", "64MB", 110),
                 point("16", "64MB", 200)};
  return view;
}

}  // namespace

TEST_CASE("sweep page: tpmC against the run option, a series per setting value, bars, links",
          "[report][sweep]") {
  const tpcc::SweepView view = grid();
  const auto series = tpcc::sweep_series(view);
  REQUIRE(series.size() == 2);
  CHECK(series[0].name == "work_mem=4MB");
  CHECK(series[1].points == std::vector<std::size_t>{2, 3});
  const std::string page = tpcc::html_sweep(view);
  CHECK(page.find("tpmC against terminals") != std::string::npos);
  // A bar per point with an interval (four points of three runs each):
  // tpmC's, and New-Order p90's on its latency chart.
  CHECK(count_of(page, "class=\"errorbar\"") == 8);
  // tpmC's chart and a latency chart per latency figure (New-Order p90).
  CHECK(count_of(page, "<svg") == 2);
  CHECK(page.find("New-Order p90 ms against tpmC") != std::string::npos);
  CHECK(page.find("href=\"terminals=16,work_mem=64MB/report.html\"") != std::string::npos);
  CHECK(page.find("<script") == std::string::npos);
}

TEST_CASE("sweep page: a setting alone is drawn along x by its values, not as numbers",
          "[report][sweep]") {
  tpcc::SweepView view;
  view.axes = {{"work_mem", {"4MB", "64MB"}, tpcc::SweepAxisKind::ServerSetting}};
  tpcc::SweepPointView a = point("8", "4MB", 100), b = point("8", "64MB", 120);
  a.values = {"4MB"};
  b.values = {"64MB"};
  view.points = {a, b};
  CHECK(tpcc::sweep_x(view, view.points[1]) == 2);
  const std::string page = tpcc::html_sweep(view);
  CHECK(page.find(">64MB</text>") != std::string::npos);
}

TEST_CASE("sweep page: a failed point is said, on the page, in the table and in result.json",
          "[report][sweep]") {
  tpcc::SweepView view = grid();
  view.points[3].status = "failed";
  view.points[3].exit_status = 3;
  view.points[3].detail = "lost the connection";
  view.points[3].figures.clear();
  view.points[3].runs = 0;
  view.exit_status = 3;
  const std::string page = tpcc::html_sweep(view);
  CHECK(page.find("terminals=16,work_mem=64MB (failed, exit 3: lost the connection)") !=
        std::string::npos);
  std::ostringstream table;
  tpcc::print_sweep_table(table, view);
  CHECK(table.str().find("not done: terminals=16,work_mem=64MB") != std::string::npos);
  const std::string json = tpcc::sweep_result_json(view);
  CHECK(json.find("\"kind\": \"sweep\"") != std::string::npos);
  CHECK(json.find("\"status\": \"failed\"") != std::string::npos);
}

namespace {

// A pgbench point of a terminals x :range grid: tps and the average latency.
tpcc::SweepPointView pgbench_point(const std::string& terminals, const std::string& range,
                                   double tps) {
  tpcc::SweepPointView p;
  p.dir = "terminals=" + terminals + ",range=" + range;
  p.values = {terminals, range};
  p.status = "done";
  p.runs = 1;
  p.figures = {figure("tps", {tps}), figure("latency avg ms", {1000 / tps})};
  return p;
}

tpcc::SweepView pgbench_grid() {
  tpcc::SweepView view;
  view.axes = {{"terminals", {"2", "4"}, tpcc::SweepAxisKind::RunOption},
               {"range", {"1000", "5000"}, tpcc::SweepAxisKind::ScriptVariable}};
  view.points = {pgbench_point("2", "1000", 500), pgbench_point("4", "1000", 900),
                 pgbench_point("2", "5000", 450), pgbench_point("4", "5000", 850)};
  return view;
}

}  // namespace

TEST_CASE("sweep table: a column per axis, then the workload's own figures, no TPC-C figure",
          "[report][sweep]") {
  const tpcc::SweepView view = pgbench_grid();
  CHECK(tpcc::sweep_figure_names(view) == std::vector<std::string>{"tps", "latency avg ms"});
  CHECK(tpcc::sweep_latency_names(view) == std::vector<std::string>{"latency avg ms"});
  std::ostringstream out;
  tpcc::print_sweep_table(out, view);
  const std::string table = out.str();
  INFO(table);
  std::istringstream lines(table);
  std::string header;
  std::getline(lines, header);
  // The axes' labels, a script variable's as a script names it.
  CHECK(header.find("terminals  :range  status  runs") != std::string::npos);
  CHECK(header.find("tps  tps 95 % CI  latency avg ms") != std::string::npos);
  CHECK(table.find("tpmC") == std::string::npos);
  // One row per point, its values in the axes' columns and its figures.
  std::string row;
  std::getline(lines, row);
  CHECK(row.find("2          1000    done") != std::string::npos);
  CHECK(row.find("500.0") != std::string::npos);
  CHECK(row.find("2.0") != std::string::npos);
  std::size_t rows = 1;
  while (std::getline(lines, row)) rows += row.empty() ? 0 : 1;
  CHECK(rows == 4);
}

TEST_CASE("sweep page: a workload's throughput against x, its latency against throughput",
          "[report][sweep]") {
  const tpcc::SweepView view = pgbench_grid();
  const std::string page = tpcc::html_sweep(view);
  CHECK(page.find("<h1>Sweep: terminals \u00d7 :range</h1>") != std::string::npos);
  CHECK(page.find("tps against terminals") != std::string::npos);
  CHECK(page.find("latency avg ms against tps") != std::string::npos);
  CHECK(count_of(page, "<svg") == 2);
  CHECK(page.find(":range=5000") != std::string::npos);  // the second series
  CHECK(page.find("<th>:range</th>") != std::string::npos);
  CHECK(page.find("<th>tps 95 % CI</th>") != std::string::npos);
  CHECK(page.find("tpmC") == std::string::npos);
  const std::string json = tpcc::sweep_result_json(view);
  CHECK(json.find("\"kind\": \"script variable\"") != std::string::npos);
  CHECK(json.find("\"name\": \"latency avg ms\"") != std::string::npos);
}

TEST_CASE("sweep page: a script variable with a value that is no number is drawn by position",
          "[report][sweep]") {
  tpcc::SweepView view;
  view.axes = {{"mode", {"a", "b"}, tpcc::SweepAxisKind::ScriptVariable}};
  tpcc::SweepPointView a = pgbench_point("2", "a", 100), b = pgbench_point("2", "b", 120);
  a.values = {"a"};
  b.values = {"b"};
  view.points = {a, b};
  CHECK(tpcc::sweep_axis_categorical(view.axes[0]));
  CHECK(tpcc::sweep_x(view, view.points[1]) == 2);
  CHECK_FALSE(tpcc::sweep_axis_categorical(pgbench_grid().axes[1]));
}
