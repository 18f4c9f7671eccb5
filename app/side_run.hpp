// Another workload's terminals beside a run's own, on the same clock (a
// mixed run: CH-benCHmark's analytic streams beside TPC-C's terminals):
// the hooks run_workload calls beside the run's own WorkloadRun. The
// workload whose terminals these are gives them (app/workload_registry's
// side_run); the engine runs them as its side groups
// (terminal/engine/engine.hpp's SideGroups), whose figures never count in
// the run's own.
#pragma once

#include <ostream>

#include "metrics/run.hpp"
#include "terminal/engine/engine.hpp"

namespace tpcc {

class SideRun {
 public:
  virtual ~SideRun() = default;

  // Reads and checks what its terminals need of the database (after the
  // run's own set-up); throws UsageError (exit 2) before anything runs.
  virtual void set_up(std::ostream& out) = 0;

  // Its line after the run's own start lines.
  virtual void print_start(std::ostream& out) = 0;

  // Its terminals for the engine, their interval lines and sinks. Called
  // once, right before the engine runs; what it returns must outlive it.
  virtual SideGroups side_groups() = 0;

  // After the engine and the run's own summary: its figures added to info
  // (result.json and report.html take them from there), its block on out.
  virtual void summarize(RunInfo& info, const EngineResult& result, std::ostream& out) = 0;
};

}  // namespace tpcc
