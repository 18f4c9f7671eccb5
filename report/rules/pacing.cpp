// 5.2.5.7: the realised keying and think times of each transaction type.
#include <cmath>

#include "report/rules/run_rules_parts.hpp"

namespace tpcc {
namespace {

// A sum of many equal doubles may round a hair below their count times the
// value: a keying time at exactly the minimum must not fail for that.
constexpr double kRelativeRounding = 1e-9;

struct ThinkJudgement {
  bool judged = false;
  bool ok = true;
  double lowest = 0;  // the lowest realised mean that passes
};

// 5.2.5.4 / 5.2.5.7: the realised mean against the minimum mean of the
// distribution, less kThinkMeanStandardErrors standard errors.
ThinkJudgement judge_think(const DelayTotals& think, double minimum) {
  ThinkJudgement j;
  if (think.count < kMinThinkSamples) return j;
  j.judged = true;
  j.lowest = minimum * (1 - kThinkMeanStandardErrors / std::sqrt(static_cast<double>(think.count)));
  j.ok = think.mean() >= j.lowest;
  return j;
}

}  // namespace

RunRule pacing_means_rule(const Config& config, const TransactionType& type,
                          const TxnStats& stats) {
  const std::string name = std::string(type.title) + " keying and think times";
  const std::string requirement = "keying >= " + fixed(type.keying_seconds, 0) +
                                  " s, think mean >= " + fixed(type.mean_think_seconds, 0) + " s";
  if (!config.keying_and_thinking) {
    return rule("5.2.5.7", name, "off", requirement, RuleVerdict::NotApplicable,
                "no keying or think times (--keying-think off); the 5.2.5 rule judges that");
  }
  const DelayTotals& keying = stats.keying;
  const DelayTotals& think = stats.think;
  if (keying.count == 0 && think.count == 0) {
    return rule("5.2.5.7", name, "none in the measured interval", requirement,
                RuleVerdict::NotApplicable);
  }
  const bool keying_ok =
      keying.count == 0 || keying.mean() >= type.keying_seconds * (1 - kRelativeRounding);
  const ThinkJudgement t = judge_think(think, type.mean_think_seconds);
  const std::string value =
      "keying " + fixed(keying.mean(), 2) + " s, think " + fixed(think.mean(), 2) + " s";
  std::string detail = "mean keying time " + fixed(keying.mean(), 3) + " s over " +
                       std::to_string(keying.count) + ", mean think time " +
                       fixed(think.mean(), 3) + " s over " + std::to_string(think.count) + "; ";
  if (t.judged) {
    detail += "a think mean below " + fixed(t.lowest, 3) + " s (" +
              fixed(kThinkMeanStandardErrors, 0) + " standard errors under the minimum) fails";
  } else {
    detail += "too few think times to judge their mean (" + std::to_string(think.count) + " of " +
              std::to_string(kMinThinkSamples) + " needed)";
  }
  RuleVerdict verdict = RuleVerdict::Pass;
  if (!keying_ok || (t.judged && !t.ok)) {
    verdict = RuleVerdict::Fail;
  } else if (!t.judged || keying.count == 0) {
    verdict = RuleVerdict::NotApplicable;
  }
  return rule("5.2.5.7", name, value, requirement, verdict, detail);
}

}  // namespace tpcc
