#include "report/html/svg.hpp"

#include <algorithm>
#include <cmath>

#include "report/html/html_report.hpp"
#include "report/views/format.hpp"

namespace tpcc::svg {
namespace {

// Margins around the plot area: tick labels left and below; above, the
// chart's title and legend in one row (two when they do not fit), then the y axis title.
constexpr double kLeft = 64, kRight = 16, kTop = 40, kBottom = 40;
// A tick marker's height above the x axis; its label stands above it, a
// row higher for each label it would overlap (at most kTickLabelRows).
constexpr double kTickHeight = 14;
constexpr int kTickLabelRows = 3;
constexpr double kLabelRow = 12;
// The legend's second row, under the title, when the two do not fit in one.
constexpr double kSecondRow = 16;

struct Frame {
  double width, height;
  double plot_w() const { return width - kLeft - kRight; }
  double plot_h() const { return height - kTop - kBottom; }
  double bottom() const { return kTop + plot_h(); }
};

std::string coord(double v) { return fixed(v, 1); }

std::string line(double x1, double y1, double x2, double y2, const std::string& cls,
                 const std::string& extra = "") {
  return "<line class=\"" + cls + "\" x1=\"" + coord(x1) + "\" y1=\"" + coord(y1) + "\" x2=\"" +
         coord(x2) + "\" y2=\"" + coord(y2) + "\"" + extra + "/>";
}

std::string text(double x, double y, const char* anchor, const std::string& content,
                 const std::string& cls = "") {
  return "<text x=\"" + coord(x) + "\" y=\"" + coord(y) + "\" text-anchor=\"" + anchor + "\"" +
         (cls.empty() ? "" : " class=\"" + cls + "\"") + ">" + html_escape(content) + "</text>";
}

std::string open_svg(const Frame& f, const std::string& title) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 " +
         coord(f.width) + " " + coord(f.height) + "\" width=\"" + coord(f.width) + "\" height=\"" +
         coord(f.height) + "\" role=\"img\">\n<title>" + html_escape(title) + "</title>\n" +
         text(8, 14, "start", title, "charttitle") + "\n";
}

std::string no_data(const Frame& f) {
  return text(kLeft + f.plot_w() / 2, kTop + f.plot_h() / 2, "middle", "no data", "nodata") +
         "\n</svg>\n";
}

struct Linear {
  Scale s;
  double origin, length;  // pixels: where 0 is and how long the axis is
  bool up;                // a y axis grows upwards
  double at(double v) const {
    const double f = std::clamp(v / s.max, 0.0, 1.0) * length;
    return up ? origin - f : origin + f;
  }
};

std::string x_axis(const Frame& f, const Linear& x, const std::string& label) {
  std::string out = line(kLeft, f.bottom(), kLeft + f.plot_w(), f.bottom(), "axis") + "\n";
  const int ticks = static_cast<int>(std::lround(x.s.max / x.s.step));
  for (int i = 0; i <= ticks; ++i) {
    const double px = x.at(i * x.s.step);
    out += line(px, f.bottom(), px, f.bottom() + 5, "axis");
    out += text(px, f.bottom() + 18, "middle", tick_text(i * x.s.step, x.s.step)) + "\n";
  }
  return out + text(kLeft + f.plot_w() / 2, f.height - 4, "middle", label) + "\n";
}

// Labels at x = 1, 2, ..., n; no tick at 0 or n + 1, the axis's ends.
std::string category_axis(const Frame& f, const Linear& x, const std::string& label,
                          const std::vector<std::string>& categories) {
  std::string out = line(kLeft, f.bottom(), kLeft + f.plot_w(), f.bottom(), "axis") + "\n";
  for (std::size_t i = 0; i < categories.size(); ++i) {
    const double px = x.at(static_cast<double>(i + 1));
    out += line(px, f.bottom(), px, f.bottom() + 5, "axis");
    out += text(px, f.bottom() + 18, "middle", categories[i]) + "\n";
  }
  return out + text(kLeft + f.plot_w() / 2, f.height - 4, "middle", label) + "\n";
}

std::string y_axis(const Frame& f, const Linear& y, const std::string& label) {
  std::string out = line(kLeft, kTop, kLeft, f.bottom(), "axis") + "\n";
  const int ticks = static_cast<int>(std::lround(y.s.max / y.s.step));
  for (int i = 0; i <= ticks; ++i) {
    const double py = y.at(i * y.s.step);
    out += line(kLeft, py, kLeft + f.plot_w(), py, "grid");
    out += text(kLeft - 6, py + 4, "end", tick_text(i * y.s.step, y.s.step)) + "\n";
  }
  return out + text(8, kTop - 8, "start", label) + "\n";
}

// One legend entry's width, ~7 px per character.
double entry_width(const std::string& name) { return 34 + 7.0 * static_cast<double>(name.size()); }

// Right-aligned above the plot: each series, then each kind of marker
// (drawn as its dashed line). Beside the title when both fit in the row
// (~7 px per character of the title), else in a second row under it.
std::string legend(const Frame& f, const std::string& title, const std::vector<Series>& series,
                   const std::vector<Marker>& markers = {}) {
  std::vector<const Marker*> kinds;
  for (const Marker& m : markers) {
    const bool seen =
        std::any_of(kinds.begin(), kinds.end(), [&](const Marker* k) { return k->kind == m.kind; });
    if (!m.kind.empty() && !seen) kinds.push_back(&m);
  }
  double width = 0;
  for (const auto& s : series) width += entry_width(s.name);
  for (const Marker* k : kinds) width += entry_width(k->kind);
  const double title_end = 16 + 7.0 * static_cast<double>(title.size());
  const double right = kLeft + f.plot_w();
  const bool beside = right - width >= title_end;
  double x = beside ? right - width : std::max(8.0, right - width);
  const double row = beside ? 0 : kSecondRow;
  std::string out;
  for (const auto& s : series) {
    out += line(x, 10 + row, x + 20, 10 + row, "series",
                " stroke=\"" + s.color + "\"" + (s.dashed ? " stroke-dasharray=\"6 4\"" : ""));
    out += text(x + 24, 14 + row, "start", s.name) + "\n";
    x += entry_width(s.name);
  }
  for (const Marker* k : kinds) {
    out += line(x + 10, 3 + row, x + 10, 17 + row, "marker", " stroke=\"" + k->color + "\"");
    out += text(x + 24, 14 + row, "start", k->kind) + "\n";
    x += entry_width(k->kind);
  }
  return out;
}

std::string polyline(const Series& s, const Linear& x, const Linear& y) {
  std::string points;
  for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
    if (!points.empty()) points += ' ';
    points += coord(x.at(s.x[i])) + "," + coord(y.at(s.y[i]));
  }
  std::string out = "<polyline class=\"series\" stroke=\"" + s.color + "\"" +
                    (s.dashed ? " stroke-dasharray=\"6 4\"" : "") + " points=\"" + points +
                    "\"><title>" + html_escape(s.name) + "</title></polyline>\n";
  const bool bars = s.y_low.size() == s.x.size() && s.y_high.size() == s.x.size();
  for (std::size_t i = 0; bars && i < s.x.size() && i < s.y.size(); ++i) {
    const double px = x.at(s.x[i]), low = y.at(s.y_low[i]), high = y.at(s.y_high[i]);
    out += "<g class=\"errorbar\" stroke=\"" + s.color + "\">" + line(px, low, px, high, "bar") +
           line(px - 4, low, px + 4, low, "bar") + line(px - 4, high, px + 4, high, "bar") +
           "<title>" +
           html_escape(s.name + ": " + fixed(s.y[i], 1) + " [" + fixed(s.y_low[i], 1) + ", " +
                       fixed(s.y_high[i], 1) + "]") +
           "</title></g>\n";
  }
  for (std::size_t i = 0; s.dots && s.x.size() > 1 && i < s.x.size() && i < s.y.size(); ++i) {
    out += "<circle class=\"point\" cx=\"" + coord(x.at(s.x[i])) + "\" cy=\"" +
           coord(y.at(s.y[i])) + "\" r=\"3\" fill=\"" + s.color + "\"/>\n";
  }
  // A lone point draws no line: a dot shows it.
  if (s.x.size() == 1 && !s.y.empty()) {
    out += "<circle cx=\"" + coord(x.at(s.x[0])) + "\" cy=\"" + coord(y.at(s.y[0])) +
           "\" r=\"3\" fill=\"" + s.color + "\"/>\n";
  }
  return out;
}

std::string markers_svg(const Frame& f, const std::vector<Marker>& markers,
                        double (*to_px)(const void*, double), const void* axis) {
  std::string out;
  std::vector<double> row_ends(kTickLabelRows, 0.0);  // where each row's last tick label ends
  for (const Marker& m : markers) {
    const double px = to_px(axis, m.x);
    const double top = m.tick ? f.bottom() - kTickHeight : kTop;
    // The tooltip says what and where: "checkpoint at 40.0".
    const bool named = m.kind.empty() || m.label.find(m.kind) != std::string::npos;
    const std::string what = named ? m.label : m.label.empty() ? m.kind : m.kind + " " + m.label;
    out += "<line class=\"" + std::string(m.tick ? "marker tick" : "marker") + "\" x1=\"" +
           coord(px) + "\" y1=\"" + coord(top) + "\" x2=\"" + coord(px) + "\" y2=\"" +
           coord(f.bottom()) + "\" stroke=\"" + m.color + "\"><title>" +
           html_escape(what + " at " + fixed(m.x, 1)) + "</title></line>";
    if (!m.label.empty() && !m.tick)
      out += text(px + 3, kTop + 12, "start", m.label, "markerlabel");
    if (!m.label.empty() && m.tick) {
      std::size_t row = 0;
      while (row + 1 < row_ends.size() && px < row_ends[row]) ++row;
      row_ends[row] = px + 3 + 6.5 * static_cast<double>(m.label.size());
      out += text(px + 3, top - 3 - kLabelRow * static_cast<double>(row), "start", m.label,
                  "markerlabel");
    }
    out += "\n";
  }
  return out;
}

std::string bands_svg(const Frame& f, const std::vector<Band>& bands, const Linear& x) {
  std::string out;
  for (const Band& b : bands) {
    const double from = x.at(b.from), to = x.at(b.to);
    out += "<rect class=\"band\" x=\"" + coord(from) + "\" y=\"" + coord(kTop) + "\" width=\"" +
           coord(to - from) + "\" height=\"" + coord(f.plot_h()) + "\"/>" +
           text((from + to) / 2, f.bottom() - 6, "middle", b.label, "bandlabel") + "\n";
  }
  return out;
}

double linear_px(const void* axis, double v) { return static_cast<const Linear*>(axis)->at(v); }

}  // namespace

Scale linear_scale(double largest) {
  if (!(largest > 0) || !std::isfinite(largest)) return {};
  const double raw = largest / 5;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  const double norm = raw / magnitude;
  const double step = (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * magnitude;
  return {std::ceil(largest / step - 1e-9) * step, step};
}

LogScale log_scale(double smallest, double largest) {
  LogScale s;
  if (!(smallest > 0) || !(largest >= smallest) || !std::isfinite(largest)) {
    s.ticks = {1, 10};
    return s;
  }
  const int low = static_cast<int>(std::floor(std::log10(smallest) + 1e-9));
  int high = static_cast<int>(std::ceil(std::log10(largest) - 1e-9));
  if (high <= low) high = low + 1;
  s.min = std::pow(10.0, low);
  s.max = std::pow(10.0, high);
  for (int e = low; e <= high; ++e) s.ticks.push_back(std::pow(10.0, e));
  return s;
}

std::string tick_text(double value, double step) {
  const int decimals = step >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
  return fixed(value, decimals);
}

std::string line_chart(const LineChart& c) {
  const Frame f{c.width, c.height};
  double largest_x = c.x_max, largest_y = 0;
  bool any = false;
  for (const auto& s : c.series) {
    for (double v : s.x) largest_x = std::max(largest_x, v);
    for (double v : s.y) largest_y = std::max(largest_y, v);
    for (double v : s.y_high) largest_y = std::max(largest_y, v);
    any = any || (!s.x.empty() && !s.y.empty());
  }
  std::string out = open_svg(f, c.title);
  if (!any) return out + no_data(f);
  const bool categories = !c.x_categories.empty();
  const Linear x{categories ? Scale{static_cast<double>(c.x_categories.size()) + 1, 1}
                            : linear_scale(largest_x),
                 kLeft, f.plot_w(), false};
  const Linear y{linear_scale(largest_y), f.bottom(), f.plot_h(), true};
  out += bands_svg(f, c.bands, x);
  out += y_axis(f, y, c.y_label) +
         (categories ? category_axis(f, x, c.x_label, c.x_categories) : x_axis(f, x, c.x_label));
  out += markers_svg(f, c.markers, linear_px, &x);
  for (const auto& s : c.series) out += polyline(s, x, y);
  return out + legend(f, c.title, c.series, c.marker_legend ? c.markers : std::vector<Marker>{}) +
         "</svg>\n";
}

namespace {

struct Log {
  LogScale s;
  double origin, length;
  double at(double v) const {
    const double span = std::log10(s.max) - std::log10(s.min);
    const double f = (std::log10(std::max(v, s.min)) - std::log10(s.min)) / span;
    return origin + std::clamp(f, 0.0, 1.0) * length;
  }
};

double log_px(const void* axis, double v) { return static_cast<const Log*>(axis)->at(v); }

std::string decade_text(double v) {
  return v >= 1 ? fixed(v, 0) : fixed(v, static_cast<int>(std::lround(-std::log10(v))));
}

}  // namespace

std::string histogram_chart(const HistogramChart& c) {
  const Frame f{c.width, c.height};
  std::string out = open_svg(f, c.title);
  double smallest = 0, largest = 0, tallest = 0;
  for (const Bar& b : c.bars) {
    if (b.count <= 0 || !(b.low > 0)) continue;
    smallest = smallest > 0 ? std::min(smallest, b.low) : b.low;
    largest = std::max(largest, b.high);
    tallest = std::max(tallest, b.count);
  }
  if (tallest <= 0) return out + no_data(f);
  const Log x{log_scale(smallest, largest), kLeft, f.plot_w()};
  const Linear y{linear_scale(tallest), f.bottom(), f.plot_h(), true};
  out += y_axis(f, y, c.y_label);
  out += line(kLeft, f.bottom(), kLeft + f.plot_w(), f.bottom(), "axis") + "\n";
  for (const double t : x.s.ticks) {
    const double px = x.at(t);
    out +=
        line(px, kTop, px, f.bottom(), "grid") + line(px, f.bottom(), px, f.bottom() + 5, "axis");
    out += text(px, f.bottom() + 18, "middle", decade_text(t)) + "\n";
  }
  out += text(kLeft + f.plot_w() / 2, f.height - 4, "middle", c.x_label) + "\n";
  for (const Bar& b : c.bars) {
    if (b.count <= 0 || !(b.low > 0)) continue;
    const double x0 = x.at(b.low), x1 = x.at(b.high), top = y.at(b.count);
    out += "<rect class=\"bar\" fill=\"" + c.color + "\" x=\"" + coord(x0) + "\" y=\"" +
           coord(top) + "\" width=\"" + coord(std::max(1.0, x1 - x0 - 0.5)) + "\" height=\"" +
           coord(f.bottom() - top) + "\"/>\n";
  }
  return out + markers_svg(f, c.markers, log_px, &x) + "</svg>\n";
}

std::string stacked_bar_chart(const StackedBarChart& c) {
  const Frame f{c.width, c.height};
  std::string out = open_svg(f, c.title);
  double largest_x = 0, tallest = 0;
  for (const StackedBar& b : c.bars) {
    double height = 0;
    for (const double part : b.parts) height += part;
    largest_x = std::max(largest_x, b.to);
    tallest = std::max(tallest, height * c.y_scale);
  }
  if (tallest <= 0) return out + no_data(f);
  const Linear x{linear_scale(largest_x), kLeft, f.plot_w(), false};
  const Linear y{linear_scale(tallest), f.bottom(), f.plot_h(), true};
  out += bands_svg(f, c.bands, x) + y_axis(f, y, c.y_label) + x_axis(f, x, c.x_label);
  for (const StackedBar& b : c.bars) {
    // Bars inside a band (the warm-up) are paler, so the band still shows.
    const bool banded = std::any_of(c.bands.begin(), c.bands.end(),
                                    [&](const Band& band) { return b.to <= band.to + 1e-9; });
    // A pixel's gap between neighbouring bars.
    const double x0 = x.at(b.from) + 1, width = std::max(1.0, x.at(b.to) - x.at(b.from) - 2);
    double base = 0;
    for (std::size_t i = 0; i < b.parts.size() && i < c.categories.size(); ++i) {
      if (b.parts[i] <= 0) continue;
      const double low = y.at(base * c.y_scale), high = y.at((base + b.parts[i]) * c.y_scale);
      out += "<rect class=\"bar\" fill=\"" + c.categories[i].color + "\"" +
             (banded ? " fill-opacity=\"0.45\"" : "") + " x=\"" + coord(x0) + "\" y=\"" +
             coord(high) + "\" width=\"" + coord(width) + "\" height=\"" + coord(low - high) +
             "\"><title>" + html_escape(c.categories[i].name) + " " +
             fixed(b.parts[i] * c.y_scale, 1) + "</title></rect>\n";
      base += b.parts[i];
    }
  }
  return out + legend(f, c.title, c.categories) + "</svg>\n";
}

const std::string& palette(std::size_t index) {
  static const std::vector<std::string> colors = {"#1f6fb4", "#e8780c", "#2a9d3a", "#c62828",
                                                  "#7b1fa2", "#00838f", "#6d4c41", "#ad1457"};
  return colors[index % colors.size()];
}

}  // namespace tpcc::svg
