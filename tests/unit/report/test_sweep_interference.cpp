// The interference curve (tpcc sweep --vary ch-streams=0,1,2): each point's
// tpmC in % of the ch-streams=0 point's with the other axes alike, after
// the tpmC in the table and on the page, with the ratio's interval when
// both points were repeated; none in a sweep without that axis or its 0.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "report/console/sweep_table.hpp"
#include "report/html/sweep_page.hpp"
#include "report/views/sweep_view.hpp"

namespace {

using Catch::Detail::Approx;

constexpr const char* kPercent = "tpmC % of ch-streams=0";

tpcc::RepeatedFigure figure(const std::string& name, std::vector<double> values) {
  tpcc::RepeatedFigure f;
  f.name = name;
  for (double v : values) f.values.push_back(v);
  f.spread = tpcc::spread_of(values);
  f.swept = true;
  return f;
}

tpcc::SweepPointView point(std::vector<std::string> values, std::vector<double> tpmc) {
  tpcc::SweepPointView p;
  p.values = std::move(values);
  p.dir = "p" + p.values.front();
  p.status = "done";
  p.runs = tpmc.size();
  p.figures = {figure("tpmC", tpmc),
               figure("New-Order p90 ms", std::vector<double>(tpmc.size(), 4))};
  return p;
}

tpcc::SweepView streams_sweep(std::vector<double> none, std::vector<double> one,
                              std::vector<double> two) {
  tpcc::SweepView view;
  view.axes = {{"ch-streams", {"0", "1", "2"}, tpcc::SweepAxisKind::RunOption}};
  view.points = {point({"0"}, std::move(none)), point({"1"}, std::move(one)),
                 point({"2"}, std::move(two))};
  return view;
}

}  // namespace

TEST_CASE("sweep interference: tpmC in % of the ch-streams=0 point's, after the tpmC",
          "[report][sweep][interference]") {
  tpcc::SweepView view = streams_sweep({1000}, {800}, {500});
  tpcc::add_interference_figures(view);
  for (const tpcc::SweepPointView& p : view.points) {
    REQUIRE(p.figures.size() == 3);
    CHECK(p.figures[1].name == kPercent);
  }
  CHECK(tpcc::sweep_figure(view.points[0], kPercent)->spread->median == Approx(100));
  CHECK(tpcc::sweep_figure(view.points[1], kPercent)->spread->median == Approx(80));
  CHECK(tpcc::sweep_figure(view.points[2], kPercent)->spread->median == Approx(50));
  // A single run each: no interval.
  CHECK_FALSE(tpcc::sweep_figure(view.points[1], kPercent)->spread->ci_low);
  std::ostringstream table;
  tpcc::print_sweep_table(table, view);
  CHECK(table.str().find(kPercent) != std::string::npos);
  CHECK(table.str().find("80.0") != std::string::npos);
  CHECK(tpcc::html_sweep(view).find(kPercent) != std::string::npos);
}

TEST_CASE("sweep interference: repeated points give the ratio of the means its interval",
          "[report][sweep][interference]") {
  tpcc::SweepView view = streams_sweep({990, 1000, 1010}, {790, 800, 810}, {495, 500, 505});
  tpcc::add_interference_figures(view);
  const tpcc::RepeatedFigure* one = tpcc::sweep_figure(view.points[1], kPercent);
  REQUIRE(one != nullptr);
  CHECK(one->spread->median == Approx(80));
  REQUIRE(one->spread->ci_low);
  CHECK(*one->spread->ci_low < 80);
  CHECK(*one->spread->ci_high > 80);
  const tpcc::RatioInterval ratio = tpcc::ratio_interval({990, 1000, 1010}, {790, 800, 810});
  CHECK(*one->spread->ci_low == Approx(*ratio.low * 100));
}

TEST_CASE("sweep interference: each point against the 0 point of its other axes' values",
          "[report][sweep][interference]") {
  tpcc::SweepView view;
  view.axes = {{"terminals", {"4", "8"}, tpcc::SweepAxisKind::RunOption},
               {"ch-streams", {"0", "1"}, tpcc::SweepAxisKind::RunOption}};
  view.points = {point({"4", "0"}, {400}), point({"8", "0"}, {800}), point({"4", "1"}, {300}),
                 point({"8", "1"}, {400})};
  tpcc::add_interference_figures(view);
  CHECK(tpcc::sweep_figure(view.points[2], kPercent)->spread->median == Approx(75));
  CHECK(tpcc::sweep_figure(view.points[3], kPercent)->spread->median == Approx(50));
}

TEST_CASE("sweep interference: none without a ch-streams axis holding 0, or its 0 point's tpmC",
          "[report][sweep][interference]") {
  tpcc::SweepView other;
  other.axes = {{"terminals", {"0", "1"}, tpcc::SweepAxisKind::RunOption}};
  other.points = {point({"0"}, {10}), point({"1"}, {20})};
  tpcc::add_interference_figures(other);
  CHECK(other.points[1].figures.size() == 2);

  tpcc::SweepView no_zero = streams_sweep({1000}, {800}, {500});
  no_zero.axes[0].values = {"1", "2", "3"};
  for (std::size_t k = 0; k < 3; ++k) no_zero.points[k].values = {no_zero.axes[0].values[k]};
  tpcc::add_interference_figures(no_zero);
  CHECK(tpcc::sweep_figure(no_zero.points[1], kPercent) == nullptr);

  // The 0 point failed: nothing to compare with.
  tpcc::SweepView failed = streams_sweep({1000}, {800}, {500});
  failed.points[0].figures.clear();
  tpcc::add_interference_figures(failed);
  CHECK(tpcc::sweep_figure(failed.points[1], kPercent) == nullptr);
}
