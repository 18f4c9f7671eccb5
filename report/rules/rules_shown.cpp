#include "report/rules/rules_shown.hpp"

#include <algorithm>
#include <iterator>

namespace tpcc {

bool short_rules_block(const Config& config) {
  return !config.spec && !config.keying_and_thinking && config.rules_shown == RulesShown::Short;
}

bool speaks_to_figures(const RunRule& rule) {
  for (const char* name : {kSteadyStateRuleName, kDowntimeRuleName, kErrorsRuleName}) {
    if (rule.name == name) return true;
  }
  return false;
}

std::string short_rules_line(const std::vector<RunRule>& rules) {
  const auto shown = std::count_if(rules.begin(), rules.end(), speaks_to_figures);
  const std::size_t not_judged = rules.size() - static_cast<std::size_t>(shown);
  return "Run rules: " + std::to_string(not_judged) + " of " + std::to_string(rules.size()) +
         " not judged: not a run of record (no --spec, no keying and think times); --rules "
         "full prints them all";
}

std::vector<RunRule> rules_of_the_figures(const std::vector<RunRule>& rules) {
  std::vector<RunRule> shown;
  std::copy_if(rules.begin(), rules.end(), std::back_inserter(shown), speaks_to_figures);
  return shown;
}

}  // namespace tpcc
