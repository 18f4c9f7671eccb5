#include "acid/item_price_cases.hpp"

#include "loader/field_types.hpp"

namespace tpcc::acid {
namespace {

std::string prices(const ItemPrices& p) {
  return "x " + format_money(Money{p.x}) + ", y " + format_money(Money{p.y});
}

// "T2 read x 12.34, y 5.00 (T1's)" or "... (expected T1's x 12.34, y 5.00)".
std::string compared(const std::string& who, const ItemPrices& seen, const std::string& whose,
                     const ItemPrices& expected) {
  return who + " read " + prices(seen) +
         (seen == expected ? " (" + whose + "'s)"
                           : " (expected " + whose + "'s " + prices(expected) + ")");
}

}  // namespace

std::int64_t raised_by_ten_percent(std::int64_t value) { return (value * 110 + 50) / 100; }

ItemPrices raised_by_ten_percent(const ItemPrices& p) {
  return {raised_by_ten_percent(p.x), raised_by_ten_percent(p.y)};
}

ItemPriceVerdict judge_item_price_run(const ItemPriceRun& run) {
  ItemPriceVerdict v;
  const ItemPrices raised = raised_by_ten_percent(run.t1);
  const bool t3_raised = run.t3_set == raised;
  const std::string t3_text =
      "T3 set " + prices(run.t3_set) + (t3_raised ? "" : " (expected " + prices(raised) + ")");
  if (run.t3_stalled && !run.t3_rolled_back && !run.t2_rolled_back) {
    v.which = 'A';
    v.passed = run.t2_second == run.t1 && t3_raised && run.t4 == run.t3_set;
    v.observed =
        "case A, T3 stalled until T2 committed: " + compared("T2", run.t2_second, "T1", run.t1) +
        "; " + t3_text + "; " + compared("T4", run.t4, "T3", run.t3_set);
  } else if (!run.t3_stalled && run.t3_rolled_back && !run.t2_rolled_back) {
    v.which = 'C';
    v.passed = run.t2_second == run.t1 && run.t4 == run.t1;
    v.observed = "case C, T3 was rolled back: " + compared("T2", run.t2_second, "T1", run.t1) +
                 "; " + compared("T4", run.t4, "T1", run.t1);
  } else if (!run.t3_stalled && !run.t3_rolled_back && run.t2_rolled_back) {
    v.which = 'B';
    v.passed = t3_raised && run.t4 == run.t3_set;
    v.observed = "case B, T3 did not stall and T2 was rolled back: " + t3_text + "; " +
                 compared("T4", run.t4, "T3", run.t3_set);
  } else if (!run.t3_stalled && !run.t3_rolled_back && !run.t2_rolled_back) {
    v.which = 'D';
    v.passed = run.t2_second == run.t1 && t3_raised && run.t4 == run.t3_set;
    v.observed = "case D, T3 did not stall and committed, nothing rolled back: " +
                 compared("T2", run.t2_second, "T1", run.t1) +
                 (run.t2_second == run.t3_set ? " (an unrepeatable read)" : "") + "; " + t3_text +
                 "; " + compared("T4", run.t4, "T3", run.t3_set);
  } else {
    v.observed = std::string("none of the cases A to D: T3 ") +
                 (run.t3_stalled ? "stalled" : "did not stall") +
                 (run.t3_rolled_back ? " and was rolled back" : "") + ", T2 " +
                 (run.t2_rolled_back ? "was rolled back" : "committed");
  }
  return v;
}

}  // namespace tpcc::acid
