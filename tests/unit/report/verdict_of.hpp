// The verdict a made-up run ends with, as the run path judges it where a
// run ends: TPC-C's run rules and input audits; none for another workload.
#pragma once

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "metrics/stats.hpp"
#include "report/rules/run_verdict.hpp"

namespace tpcc::test {

inline tpcc::RunVerdict verdict_of(const tpcc::Config& config, const tpcc::RunInfo& info,
                                   const tpcc::RunStats& stats) {
  if (config.workload != tpcc::WorkloadKind::Tpcc) return {};
  return tpcc::judge_run(config, info, stats);
}

}  // namespace tpcc::test
