// The SVG of report.html's charts, built as text: line charts over elapsed
// seconds (with shaded bands such as the warm-up and markers for server
// events) and histograms on a logarithmic axis. Pure: no I/O, so the axis
// arithmetic is unit tested (tests/unit/test_report_svg.cpp).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace tpcc::svg {

// A linear axis from 0 to a round maximum in about five steps of 1, 2 or
// 5 x 10^k, so tick labels stay short. largest <= 0 (no data): 0..1.
struct Scale {
  double max = 1;
  double step = 0.2;
};
Scale linear_scale(double largest);

// A logarithmic axis over whole decades: min and max are powers of ten
// around [smallest, largest], ticks every decade. smallest <= 0 or no data:
// 1..10.
struct LogScale {
  double min = 1;
  double max = 10;
  std::vector<double> ticks;
};
LogScale log_scale(double smallest, double largest);

// A tick label: as many decimals as the step needs ("0.2", "15", "1000").
std::string tick_text(double value, double step);

struct Series {
  std::string name;
  std::string color;
  std::vector<double> x;
  std::vector<double> y;
  bool dashed = false;
  // Confidence bars: each point's interval [y_low, y_high], drawn when both
  // have a value per point (tpcc sweep's medians with their 95 % interval).
  std::vector<double> y_low{};
  std::vector<double> y_high{};
  bool dots = false;  // a dot at each point, not only the line
};

// A shaded stretch of the x axis (the warm-up) with its label.
struct Band {
  double from = 0;
  double to = 0;
  std::string label;
};

// A vertical line at x with a short label (a checkpoint, an autovacuum).
// A marker with a kind gets a legend entry (one per kind); a tick is a
// short line at the foot of the plot with its label above it, so that
// ticks and full-height lines at the same x stay apart.
struct Marker {
  Marker(double at = 0, std::string text = {}, std::string colour = "#7b1fa2",
         std::string legend_kind = {}, bool is_tick = false)
      : x(at),
        label(std::move(text)),
        color(std::move(colour)),
        kind(std::move(legend_kind)),
        tick(is_tick) {}
  double x;
  std::string label;
  std::string color;
  std::string kind;
  bool tick;
};

struct LineChart {
  std::string title;
  std::string x_label = "elapsed seconds";
  std::string y_label;
  std::vector<Series> series;
  std::vector<Band> bands;
  std::vector<Marker> markers;
  bool marker_legend = true;  // the markers' kinds in the legend
  double x_max = 0;           // the x axis reaches this at least (the run's end)
  // Not empty: the x axis is these labels at x = 1, 2, ... (values that are
  // not numbers, such as a server setting's "4MB"), not a number scale.
  std::vector<std::string> x_categories;
  double width = 760;
  double height = 260;
};

// The chart as an <svg> element, its title written above the plot; a chart
// without points says "no data".
std::string line_chart(const LineChart& chart);

// One bar of a histogram: the values in [low, high) and how many there were.
struct Bar {
  double low = 0;
  double high = 0;
  double count = 0;
};

struct HistogramChart {
  std::string title;
  std::string x_label;
  std::string y_label = "transactions";
  std::string color = "#1f6fb4";
  std::vector<Bar> bars;        // low > 0: the x axis is logarithmic
  std::vector<Marker> markers;  // e.g. the p90 and the clause's limit
  double width = 560;
  double height = 220;
};

std::string histogram_chart(const HistogramChart& chart);

// One bar of a stacked bar chart over elapsed seconds: the stretch [from,
// to] and each category's part, in the chart's category order.
struct StackedBar {
  double from = 0;
  double to = 0;
  std::vector<double> parts;
};

// Bars of stacked parts (e.g. each interval's wait events, as shares that
// add up to 1), over the same x axis as the line charts.
struct StackedBarChart {
  std::string title;
  std::string x_label = "elapsed seconds";
  std::string y_label;
  std::vector<Series> categories;  // name and colour of each part
  std::vector<StackedBar> bars;
  std::vector<Band> bands;
  double y_scale = 1;  // a part of 1 is drawn as y_scale on the axis (100: percent)
  double width = 760;
  double height = 260;
};

std::string stacked_bar_chart(const StackedBarChart& chart);

// Colours for series in a fixed order (the five transactions, the runs of
// a comparison): distinguishable, and dark enough to print.
const std::string& palette(std::size_t index);

}  // namespace tpcc::svg
