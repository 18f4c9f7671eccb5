// What the files of the run rules (run_rules*.cpp) share: how a rule is
// made and how its figures are written. Private to them.
#pragma once

#include <string>

#include "report/rules/run_rules.hpp"
#include "report/views/format.hpp"

namespace tpcc {

inline RunRule rule(std::string clause, std::string name, std::string value,
                    std::string requirement, RuleVerdict verdict, std::string detail = {}) {
  return {std::move(clause),      std::move(name), std::move(value),
          std::move(requirement), verdict,         std::move(detail)};
}

inline RuleVerdict pass_if(bool ok) { return ok ? RuleVerdict::Pass : RuleVerdict::Fail; }

// "20.0 s", or "120.0 min" from two minutes on.
inline std::string seconds_text(double s) {
  return s >= 120 ? fixed(s / 60, 1) + " min" : fixed(s, 1) + " s";
}

}  // namespace tpcc
