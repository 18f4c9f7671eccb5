#include "report/console/curve_table.hpp"

#include "report/console/text_table.hpp"
#include "report/views/format.hpp"

namespace tpcc {
namespace {

constexpr std::size_t kStatusWidth = 50;

std::string share_text(const std::optional<double>& share) {
  return share ? fixed(*share * 100, 2) + "%" : "-";
}

void add_row(TextTable& table, const std::string& name, const CurvePoint& p) {
  table.add_row({name, p.offered ? fixed(*p.offered, 1) : "unpaced", fixed(p.achieved, 1),
                 fixed_or_dash(p.p50_ms, 3), fixed_or_dash(p.p99_ms, 3),
                 fixed_or_dash(p.p999_ms, 3), share_text(p.late_share), share_text(p.skipped_share),
                 std::to_string(p.errors), p.failed.empty() ? "ok" : p.failed});
}

}  // namespace

void print_curve(std::ostream& out, const CurveRecord& record) {
  TextTable table({"step", "offered " + record.unit, "achieved " + record.unit, "p50 ms", "p99 ms",
                   "p99.9 ms", "late", "skipped", "errors", "status"},
                  0);
  add_row(table, "peak", record.peak);
  for (std::size_t k = 0; k < record.ladder.size(); ++k) {
    add_row(table, std::to_string(k + 1), record.ladder[k]);
  }
  table.set_max_width(9, kStatusWidth);
  table.print(out, "  ");
  if (!record.stopped.empty()) out << "curve stopped: " << record.stopped << "\n";
  out << "rule: " << record.knee.rule << "\n"
      << record.knee.line << "\n"
      << record.max_rate.line << "\n";
}

}  // namespace tpcc
