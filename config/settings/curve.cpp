// The options table, curve part: tpcc curve's ladder of offered rates
// (app/curve_command.cpp, docs/curve.md). A curve takes every run option
// besides these: each step is a run.
#include "config/settings/table_parts.hpp"
#include "config/settings/values.hpp"

namespace tpcc {
namespace {

using settings_table::kCurveSection;

constexpr VerbSet kCurve = verb_bit(Verb::Curve);

// The largest percent of the peak a ladder may reach: ten times the peak
// is far past any knee, and a typo (1100% for 110%) is refused.
constexpr double kMostPercent = 1000;

// "10%": a percent of the measured peak (above 0, at most kMostPercent);
// "600": a rate in --rate's unit (above 0).
CurveBound parse_bound(const std::string& text, const std::string& where) {
  CurveBound bound;
  bound.percent = !text.empty() && text.back() == '%';
  const std::string number = bound.percent ? text.substr(0, text.size() - 1) : text;
  bound.value = parse_number(number, 0, true, where);
  if (bound.percent && bound.value > kMostPercent) {
    fail(where, text, "a percent of the peak above 0 and at most 1000%");
  }
  return bound;
}

std::string bound_text(const CurveBound& bound) {
  return format_number(bound.value) + (bound.percent ? "%" : "");
}

}  // namespace

namespace settings_table {

void add_curve(std::vector<Setting>& s) {
  add(
      s, "from", "RATE", {"curveFrom"}, kCurve, kAllWorkloads, kCurveSection,
      "The lowest offered rate of tpcc curve's ladder: a percent of the measured unpaced peak "
      "(10%) or a rate in the unit the workload's --rate takes (per minute; an oltp test's per "
      "second). Above 0; a percent at most 1000%.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.curve_from = parse_bound(v, src.where);
      },
      [](const Config& c) { return bound_text(c.curve_from); })
      .json = json_none(kJsonOtherVerb);
  add(
      s, "to", "RATE", {"curveTo"}, kCurve, kAllWorkloads, kCurveSection,
      "The highest offered rate of tpcc curve's ladder, as --from: a percent of the peak "
      "(110%) or a rate in --rate's unit. At least --from (both percents or both rates).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.curve_to = parse_bound(v, src.where);
      },
      [](const Config& c) { return bound_text(c.curve_to); })
      .json = json_none(kJsonOtherVerb);
  add(
      s, "steps", "N", {"curveSteps"}, kCurve, kAllWorkloads, kCurveSection,
      "The offered rates of tpcc curve's ladder (1..100), evenly spaced from --from to --to, "
      "each a run of --duration after --warmup at that --rate (1: --from only).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.curve_steps = parse_int(v, 1, 100, src.where);
      },
      [](const Config& c) { return std::to_string(c.curve_steps); })
      .json = json_none(kJsonOtherVerb);
}

}  // namespace settings_table
}  // namespace tpcc
