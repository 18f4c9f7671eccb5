// report/html_svg: the axes and the charts of report.html as SVG text.
#include <catch2/catch.hpp>

#include <regex>
#include <string>

#include "report/html/svg.hpp"
#include "tests/unit/support.hpp"

namespace {

using tpcc::test::count_of;
using namespace tpcc::svg;

// The label texts of the chart, in order.
std::vector<std::string> texts(const std::string& svg) {
  const std::regex text("<text[^>]*>([^<]*)</text>");
  std::vector<std::string> out;
  for (std::sregex_iterator it(svg.begin(), svg.end(), text), end; it != end; ++it) {
    out.push_back((*it)[1].str());
  }
  return out;
}

bool has(const std::vector<std::string>& all, const std::string& one) {
  return std::find(all.begin(), all.end(), one) != all.end();
}

}  // namespace

TEST_CASE("report svg linear axis ends on a round maximum in steps of 1, 2 or 5", "[report]") {
  CHECK(linear_scale(1234).max == 1500);
  CHECK(linear_scale(1234).step == 500);
  CHECK(linear_scale(900).max == 1000);
  CHECK(linear_scale(900).step == 200);
  CHECK(linear_scale(10).max == 10);
  CHECK(linear_scale(10).step == 2);
  CHECK(linear_scale(0.37).max == Approx(0.4));
  CHECK(linear_scale(0.37).step == Approx(0.1));
  CHECK(linear_scale(48000).step == 10000);
  // No data: a unit axis, not a division by zero.
  CHECK(linear_scale(0).max == 1);
  CHECK(linear_scale(-5).max == 1);
  CHECK(tick_text(0.4, 0.1) == "0.4");
  CHECK(tick_text(1500, 500) == "1500");
}

TEST_CASE("report svg log axis covers whole decades with a tick each", "[report]") {
  const LogScale s = log_scale(0.35, 4200);
  CHECK(s.min == Approx(0.1));
  CHECK(s.max == Approx(10000));
  REQUIRE(s.ticks.size() == 6);
  CHECK(s.ticks.front() == Approx(0.1));
  CHECK(s.ticks[2] == Approx(10));
  CHECK(s.ticks.back() == Approx(10000));
  // One value exactly on a decade still spans one decade.
  const LogScale one = log_scale(10, 10);
  CHECK(one.min == Approx(10));
  CHECK(one.max == Approx(100));
  // Nothing positive: 1..10.
  CHECK(log_scale(0, 0).ticks.size() == 2);
}

TEST_CASE("report svg line chart without points says no data", "[report]") {
  LineChart c;
  c.title = "Empty";
  const std::string svg = line_chart(c);
  CHECK(has(texts(svg), "no data"));
  CHECK(count_of(svg, "<polyline") == 0);
  c.series.push_back({"tpmC", "#000", {}, {}});
  CHECK(has(texts(line_chart(c)), "no data"));
}

TEST_CASE("report svg line chart of one point draws it as a dot", "[report]") {
  LineChart c;
  c.series.push_back({"tpmC", "#000", {10}, {500}});
  const std::string svg = line_chart(c);
  CHECK(!has(texts(svg), "no data"));
  CHECK(count_of(svg, "<circle") == 1);
  CHECK(has(texts(svg), "500"));  // the y axis reaches the point
  CHECK(has(texts(svg), "10"));
}

TEST_CASE("report svg line chart scales points into the plot, bands and markers inside",
          "[report]") {
  LineChart c;
  c.width = 760;
  c.height = 260;
  c.series.push_back({"a", "#000", {0, 50, 100}, {0, 1000, 500}});
  c.bands.push_back({0, 20, "warm-up"});
  c.markers.push_back({60, "checkpoint"});
  const std::string svg = line_chart(c);
  // Left margin 64, plot 680 wide; top 40, plot 180 high (bottom at 220).
  CHECK(svg.find("points=\"64.0,220.0 404.0,40.0 744.0,130.0\"") != std::string::npos);
  CHECK(svg.find("<rect class=\"band\" x=\"64.0\" y=\"40.0\" width=\"136.0\"") !=
        std::string::npos);
  CHECK(svg.find("x1=\"472.0\" y1=\"40.0\" x2=\"472.0\" y2=\"220.0\"") != std::string::npos);
  CHECK(has(texts(svg), "checkpoint"));
  CHECK(has(texts(svg), "warm-up"));
}

TEST_CASE("report svg histogram puts bars on the log axis by value", "[report]") {
  HistogramChart c;
  c.width = 560;
  c.height = 220;
  c.bars = {{1, 10, 5}, {100, 1000, 10}};
  const std::string svg = histogram_chart(c);
  const auto labels = texts(svg);
  CHECK(has(labels, "1"));
  CHECK(has(labels, "10"));
  CHECK(has(labels, "100"));
  CHECK(has(labels, "1000"));
  CHECK(count_of(svg, "class=\"bar\"") == 2);
  // Plot 480 wide over three decades: the second bar starts at 64 + 320.
  CHECK(svg.find("x=\"384.0\"") != std::string::npos);
  CHECK(has(texts(histogram_chart(HistogramChart{})), "no data"));
}

TEST_CASE("report svg markers of one kind share a legend entry, ticks stand at the foot",
          "[report]") {
  LineChart c;
  c.width = 760;
  c.height = 260;
  c.series.push_back({"a", "#000", {0, 100}, {0, 10}});
  c.markers.push_back({20, "checkpoint", "#111", "checkpoint", false});
  c.markers.push_back({60, "checkpoint", "#111", "checkpoint", false});
  c.markers.push_back({80, "stock", "#222", "autovacuum", true});
  const std::string svg = line_chart(c);
  CHECK(count_of(svg, ">checkpoint</text>") == 3);  // two labels, one legend entry
  CHECK(count_of(svg, ">autovacuum</text>") == 1);
  CHECK(svg.find("<title>checkpoint at 60.0</title>") != std::string::npos);
  // The tick: from 14 px above the axis (220) down to it.
  CHECK(svg.find("class=\"marker tick\" x1=\"608.0\" y1=\"206.0\" x2=\"608.0\" y2=\"220.0\"") !=
        std::string::npos);
  CHECK(svg.find("<title>autovacuum stock at 80.0</title>") != std::string::npos);
}

TEST_CASE("report svg stacked bars stack each interval's parts over its stretch", "[report]") {
  tpcc::svg::StackedBarChart c;
  c.width = 760;
  c.height = 260;
  c.y_scale = 100;
  c.categories = {{"CPU", "#000", {}, {}}, {"other", "#999", {}, {}}};
  c.bars = {{0, 50, {0.5, 0.5}}, {50, 100, {1.0, 0}}};
  const std::string svg = stacked_bar_chart(c);
  CHECK(count_of(svg, "<rect class=\"bar\"") == 3);  // a part of 0 draws nothing
  // Plot 680 wide, 180 high from y 40: the first bar's CPU half is the
  // lower 90 px, 1 px in from each side of its 340 px.
  CHECK(svg.find("x=\"65.0\" y=\"130.0\" width=\"338.0\" height=\"90.0\"><title>CPU 50.0") !=
        std::string::npos);
  CHECK(svg.find("x=\"405.0\" y=\"40.0\" width=\"338.0\" height=\"180.0\"><title>CPU 100.0") !=
        std::string::npos);
  CHECK(has(texts(stacked_bar_chart(tpcc::svg::StackedBarChart{})), "no data"));
}
