#include "report/views/repeat_set.hpp"

#include <algorithm>

#include "report/views/compare.hpp"
#include "report/views/format.hpp"

namespace tpcc {
std::vector<double> present_values(const std::vector<std::optional<double>>& values) {
  std::vector<double> out;
  for (const auto& v : values) {
    if (v) out.push_back(*v);
  }
  return out;
}

namespace {

std::optional<Spread> spread_of_present(const std::vector<std::optional<double>>& values) {
  const std::vector<double> have = present_values(values);
  if (have.empty()) return std::nullopt;
  return spread_of(have);
}

// The figures a set summarises, each run's value: those of report
// --compare's a repeated set summarises (ComparedFigure::of_set).
std::vector<ComparedFigure> set_figures(const std::vector<ResultDir>& runs) {
  std::vector<ComparedFigure> figures = compared_figures(runs);
  figures.erase(std::remove_if(figures.begin(), figures.end(),
                               [](const ComparedFigure& f) { return !f.of_set; }),
                figures.end());
  return figures;
}

}  // namespace

bool RepeatedFigure::noisy() const {
  return spread && spread->cv && *spread->cv > kNoisyCoefficientOfVariation;
}

std::vector<RepeatedFigure> repeated_figures(const std::vector<ResultDir>& runs) {
  std::vector<RepeatedFigure> figures;
  for (const ComparedFigure& f : set_figures(runs)) {
    figures.push_back({f.name, f.decimals, f.values, spread_of_present(f.values), f.swept});
  }
  return figures;
}

std::vector<ComparedSetFigure> compared_sets(const std::vector<ResultDir>& a,
                                             const std::vector<ResultDir>& b) {
  // One list of figures over both sets, so that a figure only one set has
  // (server metrics) still gets its row.
  std::vector<ResultDir> both = a;
  both.insert(both.end(), b.begin(), b.end());
  std::vector<ComparedSetFigure> figures;
  for (const ComparedFigure& f : set_figures(both)) {
    const auto split = f.values.begin() + static_cast<std::ptrdiff_t>(a.size());
    const std::vector<std::optional<double>> values_a(f.values.begin(), split);
    const std::vector<std::optional<double>> values_b(split, f.values.end());
    figures.push_back({f.name, f.decimals, spread_of_present(values_a), spread_of_present(values_b),
                       ratio_interval(present_values(values_a), present_values(values_b))});
  }
  return figures;
}

std::string noise_verdict(const RatioInterval& ratio) {
  if (!ratio.ratio) return "no ratio (a set lacks the figure, or its mean is 0)";
  if (!ratio.low) return "no interval can be given: repeat each side at least twice (--repeat)";
  return ratio.within_noise() ? "within noise" : "beyond noise";
}

std::string cv_text(const Spread& spread) {
  return spread.cv ? fixed(*spread.cv * 100, 1) + " %" : "-";
}

std::string interval_text(const std::optional<double>& low, const std::optional<double>& high,
                          int decimals) {
  if (!low || !high) return "-";
  return "[" + fixed(*low, decimals) + ", " + fixed(*high, decimals) + "]";
}

}  // namespace tpcc
