#include "check/runner.hpp"

#include <chrono>
#include <cstdio>
#include <functional>
#include <ostream>

#include <pqxx/pqxx>

namespace tpcc {
namespace {

constexpr const char* kSkipReason = "after load only; pass --after-load";

using CountQuery = std::function<long long(const std::string& sql)>;

std::vector<ConditionResult> run_all(const CountQuery& count, bool after_load,
                                     std::ostream* progress_out) {
  std::vector<ConditionResult> results;
  for (const ConsistencyCondition& condition : consistency_conditions()) {
    ConditionResult result{&condition, 0, 0.0};
    if (condition.after_load_only && !after_load) {
      result.skipped = true;
    } else {
      const auto start = std::chrono::steady_clock::now();
      result.violations = count(condition.violations_sql);
      result.seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    if (progress_out != nullptr) *progress_out << format_result_line(result) << std::endl;
    results.push_back(result);
  }
  return results;
}

long long count_in(pqxx::transaction_base& transaction, const std::string& sql) {
  return transaction.exec1(sql)[0].as<long long>();
}

}  // namespace

std::vector<ConditionResult> run_consistency_checks(pqxx::connection_base& connection,
                                                    bool after_load, std::ostream* progress_out) {
  // A short transaction per condition: a long check on a large database does
  // not hold one snapshot (and its vacuum horizon) for the whole run.
  const CountQuery count = [&connection](const std::string& sql) {
    pqxx::read_transaction transaction{connection};
    const long long violations = count_in(transaction, sql);
    transaction.commit();
    return violations;
  };
  return run_all(count, after_load, progress_out);
}

std::vector<ConditionResult> run_consistency_checks(pqxx::transaction_base& transaction,
                                                    bool after_load, std::ostream* progress_out) {
  const CountQuery count = [&transaction](const std::string& sql) {
    return count_in(transaction, sql);
  };
  return run_all(count, after_load, progress_out);
}

bool all_passed(const std::vector<ConditionResult>& results) {
  for (const ConditionResult& result : results) {
    if (!result.skipped && result.violations != 0) return false;
  }
  return true;
}

std::string format_result_line(const ConditionResult& result) {
  const ConsistencyCondition& condition = *result.condition;
  char buffer[256];
  if (result.skipped) {
    std::snprintf(buffer, sizeof buffer, "%-9s SKIP %8s  %s (%s)", condition.clause, "-",
                  condition.description, kSkipReason);
  } else {
    std::snprintf(buffer, sizeof buffer, "%-9s %s %8lld  %s  (%.2f s)", condition.clause,
                  result.violations == 0 ? "PASS" : "FAIL", result.violations,
                  condition.description, result.seconds);
  }
  return buffer;
}

std::string format_summary_line(const std::vector<ConditionResult>& results) {
  int held = 0;
  int skipped = 0;
  for (const ConditionResult& result : results) {
    if (result.skipped) {
      ++skipped;
    } else if (result.violations == 0) {
      ++held;
    }
  }
  std::string line =
      std::to_string(held) + " of " + std::to_string(results.size()) + " conditions hold";
  if (skipped > 0) line += " (" + std::to_string(skipped) + " skipped)";
  return line;
}

void print_consistency_report(std::ostream& out, const std::vector<ConditionResult>& results) {
  for (const ConditionResult& result : results) out << format_result_line(result) << '\n';
  out << format_summary_line(results) << '\n';
}

}  // namespace tpcc
