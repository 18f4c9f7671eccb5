// 3.4 which isolation levels `tpcc acid` demonstrates (acid/isolation*.cpp):
// a line of the run rules that discloses whether the run's level is one.
#include "report/rules/run_rules_parts.hpp"

namespace tpcc {

RunRule isolation_disclosure(const Config& config) {
  const bool shown = config.isolation != Isolation::ReadCommitted;
  const std::string level = config.isolation == Isolation::ReadCommitted    ? "read committed"
                            : config.isolation == Isolation::RepeatableRead ? "repeatable read"
                                                                            : "serializable";
  return rule("3.4", "isolation level shown by tpcc acid",
              level + (shown ? ": one of them"
                             : ": not one of them (its reads again of 3.4.2.7 to 3.4.2.9 fail; "
                               "the kit's one-statement reads rest on the statement's snapshot)"),
              "tpcc acid shows the reads again of 3.4.2.7 to 3.4.2.9 passing at repeatable read "
              "and serializable (a disclosure, not judged)",
              RuleVerdict::NotApplicable);
}

}  // namespace tpcc
