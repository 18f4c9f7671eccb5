// 3.3 Consistency: the 3.3.2 conditions (check/), reported as one test.
// Condition 11 holds only right after the load and is left out.
#include "acid/acid_context.hpp"
#include "check/conditions.hpp"
#include "check/runner.hpp"

namespace tpcc::acid {

AcidResult consistency_test(AcidContext& context, const std::string& when) {
  const std::vector<ConditionResult> results =
      run_consistency_checks(context.monitor(), false, nullptr);
  AcidResult r{"3.3.2", "consistency " + when, all_passed(results), format_summary_line(results)};
  for (const ConditionResult& c : results) {
    if (!c.skipped && c.violations > 0) {
      r.observed += "; " + format_result_line(c);
    }
  }
  return r;
}

}  // namespace tpcc::acid
