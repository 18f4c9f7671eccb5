// 5.5.2.2: checkpoints within the measurement interval.
#include <algorithm>
#include <cmath>

#include "report/rules/run_rules_parts.hpp"

namespace tpcc {

RunRule checkpoint_rule(const CheckpointFigures& figures, double measured_seconds) {
  const std::string name = "checkpoints in the measurement interval";
  const std::int64_t needed = std::max<std::int64_t>(
      1, static_cast<std::int64_t>(std::floor(measured_seconds / kMaxCheckpointIntervalSeconds)));
  const std::string every = seconds_text(kMaxCheckpointIntervalSeconds);
  const std::string requirement = ">= " + std::to_string(needed) +
                                  (needed > 1 ? " (1 per " + every + ")" : std::string()) +
                                  ", timeout <= " + every;
  if (!figures.at_start || !figures.at_end) {
    std::string why = figures.problem;
    if (why.empty()) {
      why = !figures.at_start ? "no reading at the start of the measured interval"
                              : "no reading at the end of the measured interval";
    }
    return rule("5.5.2.2", name, "not judged", requirement, RuleVerdict::NotApplicable, why);
  }
  const std::optional<std::int64_t> count = checkpoints_between(figures);
  if (!count) {
    return rule("5.5.2.2", name, "not judged", requirement, RuleVerdict::NotApplicable,
                "the server's checkpoint counters went back during the interval (reset)");
  }
  const double timeout = figures.at_end->timeout_seconds;
  const std::string value = std::to_string(*count) + " in " + seconds_text(measured_seconds) +
                            "; timeout " + seconds_text(timeout);
  const std::string detail =
      std::to_string(figures.at_end->timed - figures.at_start->timed) + " timed and " +
      std::to_string(figures.at_end->requested - figures.at_start->requested) + " requested (" +
      figures.at_end->view + "), checkpoint_timeout " + fixed(timeout, 0) + " s";
  return rule("5.5.2.2", name, value, requirement,
              pass_if(*count >= needed && timeout <= kMaxCheckpointIntervalSeconds), detail);
}

}  // namespace tpcc
