#include "report/console/repeat_table.hpp"

#include "report/console/text_table.hpp"
#include "report/views/compare.hpp"
#include "report/views/format.hpp"

namespace tpcc {

void print_repeat_set(std::ostream& out, const std::vector<RepeatedFigure>& figures) {
  TextTable table({"figure", "median", "mean", "min", "max", "CV", "95 % CI of the mean"});
  std::vector<std::string> noisy;
  for (const RepeatedFigure& f : figures) {
    if (!f.spread) continue;
    const Spread& s = *f.spread;
    table.add_row({f.name, fixed(s.median, f.decimals), fixed(s.mean, f.decimals),
                   fixed(s.min, f.decimals), fixed(s.max, f.decimals), cv_text(s),
                   interval_text(s.ci_low, s.ci_high, f.decimals)});
    if (f.noisy()) noisy.push_back(f.name + " " + cv_text(s));
  }
  table.print(out, "  ");
  if (noisy.empty()) return;
  out << "  noisy: the coefficient of variation is above "
      << fixed(kNoisyCoefficientOfVariation * 100, 0) << " % for";
  for (std::size_t i = 0; i < noisy.size(); ++i) out << (i ? ", " : " ") << noisy[i];
  out << ": repeat more runs, lengthen them, or find what moves between them\n";
}

void print_set_comparison(std::ostream& out, const std::vector<ComparedSetFigure>& figures) {
  TextTable table({"figure", "A mean", "B mean", "B / A", "95 % CI", "verdict"});
  for (const ComparedSetFigure& f : figures) {
    if (!f.a && !f.b) continue;
    table.add_row({f.name, f.a ? fixed(f.a->mean, f.decimals) : "-",
                   f.b ? fixed(f.b->mean, f.decimals) : "-", ratio_text(f.ratio.ratio),
                   interval_text(f.ratio.low, f.ratio.high, 3), noise_verdict(f.ratio)});
  }
  table.print(out, "  ");
}

}  // namespace tpcc
