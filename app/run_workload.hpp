// One run of any workload (TPC-C, sysbench's oltp tests, pgbench's scripts,
// the bulk ingest): the steps every workload takes, in one order, with what
// is a workload's own as the hooks of a WorkloadRun.
//
//   --metrics-listen bound (exit 2 before anything else)
//   the result directory, before connecting
//   --restore, --condition and the environment (experiment/start.hpp)
//   the workload's set-up: its tables or load read and checked     (hook)
//   --query-mode prepared through a transaction pooler refused
//   the workload's setup lines                                     (hook)
//   the pre-flight (app/run_preflight.hpp)
//   the workload's start lines                                     (hook)
//   the engine, with the workload's hook-up, feeding the live metrics (hook)
//   anything that stopped it before it measured: result.json says why
//   the workload's RunInfo, its summary or final block, its verdict (hooks)
//   the exit status, the result files, the live metrics' final figures
//
// So --restore, --condition, --label, --notes, the environment record, the
// pre-flight, the pooler refusal and --metrics-listen are every workload's.
#pragma once

#include <ctime>
#include <functional>
#include <ostream>
#include <string>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "report/result_sink.hpp"
#include "report/rules/run_verdict.hpp"
#include "terminal/engine/engine.hpp"

namespace tpcc {

class WorkloadRun {
 public:
  virtual ~WorkloadRun() = default;

  // Reads and checks what the run needs of the database (TPC-C's load and
  // C-Run, the others' tables); throws what stops the run. Writes nothing.
  virtual void set_up(std::ostream& out) = 0;

  // The setup's lines before the pre-flight's findings; none by default.
  virtual void print_setup(std::ostream& /*out*/) {}

  // The lines after the pre-flight's findings: where the results go (dir),
  // the workload's start lines.
  virtual void print_start(std::ostream& out, const std::string& dir) = 0;

  // The engine's setup: the workload, its interval lines, and its sinks
  // into results, which outlives the engine run. Called once, right before
  // the engine runs.
  virtual EngineSetup engine_setup(ResultSink& results, std::ostream& out) = 0;

  // The config the engine runs with: the run's by default.
  virtual Config engine_config(const Config& config) const { return config; }

  // The run as the summary and the result files describe it
  // (run_outcome.hpp's run_info without TPC-C's load by default).
  virtual RunInfo run_info(const EngineResult& result, std::time_t started) const;

  // After the engine: what the workload measured added to info (whose
  // experiment is set), and its summary or final block on out. Returns the
  // verdict on the run by its rules (TPC-C's run rules and input audits),
  // judged once here: the exit status, result.json and report.html carry
  // the one the summary shows. A workload without such rules returns an
  // unjudged verdict.
  virtual RunVerdict summarize(RunInfo& info, const EngineResult& result, std::ostream& out) = 0;

  // The run's config.
  const Config& config() const { return config_; }

 protected:
  // config must outlive the run.
  explicit WorkloadRun(const Config& config) : config_(config) {}
  const Config& config_;
};

// The engine's setup of a workload counted by the kit's interval lines
// (the ingest's, CH's streams): `workload` with the run's --rand-seed (or
// one from the clock), each interval appended to results, and
// at_warmup_end called with the warm-up's last one (the workload's own
// counts taken then, so that its figures cover the measured interval).
EngineSetup counted_engine_setup(const Workload& workload, const Config& config,
                                 ResultSink& results, std::function<void()> at_warmup_end);

// Runs `workload` into the result directory of its config; returns the
// exit status run_benchmark documents. Throws what stopped the run before
// it measured, after recording it in result.json.
int run_workload(WorkloadRun& workload, std::ostream& out);

}  // namespace tpcc
