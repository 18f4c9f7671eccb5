// The charts of report.html, as data for report/html_svg.
#include <cmath>
#include <map>

#include "config/names.hpp"
#include "report/html/parts.hpp"
#include "spec/transactions.hpp"

namespace tpcc::html {
namespace {

// 10 bars per decade: fine enough to show the shape, coarse enough that a
// few hundred transactions still fill them.
constexpr double kBarsPerDecade = 10;
// A latency of 0 µs (the histogram's first bucket) is drawn at 1 µs.
constexpr double kSmallestMs = 0.001;
// The charts over the whole run span the page (1180 px at most).
constexpr double kWideChart = 1120;

}  // namespace

svg::LineChart throughput_chart(const std::vector<IntervalPoint>& points,
                                const std::vector<svg::Marker>& server_events) {
  svg::LineChart c;
  c.title = "Throughput per interval";
  c.y_label = "transactions per minute";
  c.width = kWideChart;
  c.bands = warmup_bands(points);
  c.markers = server_events;
  svg::Series tpmc{"tpmC", svg::palette(0), {}, {}};
  svg::Series total{"tpmTOTAL", svg::palette(1), {}, {}};
  for (const IntervalPoint& p : points) {
    tpmc.x.push_back(p.end_seconds);
    tpmc.y.push_back(p.tpmc);
    total.x.push_back(p.end_seconds);
    total.y.push_back(p.tpm_total);
  }
  c.series = {tpmc, total};
  return c;
}

svg::LineChart workload_chart(const WorkloadChart& chart) {
  svg::LineChart c;
  c.title = chart.title;
  c.y_label = chart.y_label;
  c.width = kWideChart;
  for (const WorkloadLine& line : chart.lines) {
    svg::Series s{line.name, svg::palette(line.colour), line.x, line.y};
    s.dashed = line.dashed;
    c.series.push_back(std::move(s));
  }
  return c;
}

svg::LineChart type_latency_chart(const std::vector<IntervalPoint>& points, int type) {
  svg::LineChart c;
  c.title = std::string(kTransactions[type].title) + " latency per interval";
  c.y_label = "ms";
  if (!points.empty()) c.x_max = points.back().end_seconds;
  c.width = 560;
  c.height = 220;
  c.bands = warmup_bands(points);
  svg::Series p50{"p50", svg::palette(2), {}, {}};
  svg::Series p90{"p90", svg::palette(0), {}, {}};
  svg::Series p99{"p99", svg::palette(3), {}, {}};
  for (const IntervalPoint& p : points) {
    const TypePoint& t = p.txn.at(static_cast<std::size_t>(type));
    if (t.count == 0) continue;
    for (auto* s : {&p50, &p90, &p99}) s->x.push_back(p.end_seconds);
    p50.y.push_back(t.p50_ms);
    p90.y.push_back(t.p90_ms);
    p99.y.push_back(t.p99_ms);
  }
  c.series = {p50, p90, p99};
  return c;
}

svg::HistogramChart type_histogram_chart(const RunStats& stats, int type) {
  const LatencyHistogram& h = tpcc_type(stats, static_cast<TxnIndex>(type)).latency;
  svg::HistogramChart c;
  c.title = std::string(kTransactions[type].title) + " latency histogram";
  c.x_label = std::string(kTransactions[type].title) + " response time, ms (log scale)";
  c.color = svg::palette(static_cast<std::size_t>(type));
  std::map<int, double> bins;
  for (std::size_t i = 0; i < h.buckets().size(); ++i) {
    if (h.buckets()[i] == 0) continue;
    const auto [low, width] = LatencyHistogram::bucket_span(i);
    const double ms = std::max((low + width / 2) / 1000.0, kSmallestMs);
    bins[static_cast<int>(std::floor(std::log10(ms) * kBarsPerDecade))] +=
        static_cast<double>(h.buckets()[i]);
  }
  for (const auto& [bin, count] : bins) {
    c.bars.push_back(
        {std::pow(10.0, bin / kBarsPerDecade), std::pow(10.0, (bin + 1) / kBarsPerDecade), count});
  }
  if (h.count() > 0) c.markers.push_back({h.percentile(90) / 1000.0, "p90", "#222"});
  return c;
}

}  // namespace tpcc::html
