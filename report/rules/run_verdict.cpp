#include "report/rules/run_verdict.hpp"

namespace tpcc {

RunVerdict judge_run(const Config& config, const RunInfo& info, const RunStats& stats) {
  RunVerdict verdict;
  verdict.judged = true;
  verdict.audits = input_audits(stats, info.warehouses);
  verdict.rules = judge_run_rules(config, info, stats, verdict.audits);
  return verdict;
}

}  // namespace tpcc
