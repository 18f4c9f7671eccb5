// 9.2.2.5 input audits: rates of the randomly drawn inputs over the
// measured interval, compared with their acceptable ranges. A rate is judged
// only when enough transactions were seen that a correct input generator
// would land outside the range by chance less than about one time in twenty;
// below that the audit says so instead of failing.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "metrics/stats.hpp"

namespace tpcc {

enum class AuditVerdict { Pass, Fail, TooFew, NotApplicable };

struct InputAudit {
  std::string key;         // "new_order_rollbacks" (result.json)
  std::string name;        // "New-Order rollbacks"
  bool is_percent = true;  // value, min and max are percents
  double value = 0;        // measured
  double min = 0;          // acceptable range, inclusive
  double max = 0;
  std::int64_t samples = 0;      // what the rate is taken over
  std::int64_t min_samples = 0;  // needed to judge
  AuditVerdict verdict = AuditVerdict::TooFew;
  std::string note;  // why it was not judged
};

// "PASS", "FAIL", "too few to judge", "n/a".
const char* verdict_text(AuditVerdict verdict);

// The acceptable range as the summary prints it: "<= 1.00%", "0.90-1.10%".
std::string audit_range_text(const InputAudit& audit);

// The input audits of a run. Remote order lines and remote payments need
// more than one warehouse; with one they are NotApplicable.
std::vector<InputAudit> input_audits(const RunStats& stats, int warehouses);

}  // namespace tpcc
