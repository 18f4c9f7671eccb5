#include "app/run_command.hpp"

#include <unistd.h>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <memory>
#include <string>

#include "app/run_checks.hpp"
#include "app/run_engine_setup.hpp"
#include "app/run_ledger.hpp"
#include "app/run_outcome.hpp"
#include "app/run_preflight.hpp"
#include "app/run_setup.hpp"
#include "app/run_setup_print.hpp"
#include "app/run_workload.hpp"
#include "report/console/summary.hpp"
#include "report/rules/run_verdict.hpp"
#include "spec/random.hpp"
#include "workloads/sysbench/report/sysbench_summary.hpp"
#include "workloads/tpcc/paced_pool.hpp"

namespace tpcc {
namespace {

// TPC-C's hooks on the run path: the load read and C-Run drawn (2.1.6.1),
// the setup block, the five transactions (with --delivery deferred, its
// queue), --driver's start barrier, the failover ledger, the summary with
// the run rules and audits (after sysbench's final block under
// --report-format sysbench), and the line that says what bound the run.
class TpccRun : public WorkloadRun {
 public:
  explicit TpccRun(const Config& config) : WorkloadRun(config), rng_(time_seed()) {}

  void set_up(std::ostream&) override {
    setup_ = read_setup(config_, rng_);
    check_setup(config_, setup_);
  }

  void print_setup(std::ostream& out) override { tpcc::print_setup(out, config_, setup_); }

  void print_start(std::ostream& out, const std::string& dir) override {
    out << "  results:      " << dir << "/\n";
  }

  EngineSetup engine_setup(ResultSink& results, std::ostream& out) override {
    results_dir_ = results.dir();
    workload_ = tpcc_workload_for_run(config_, setup_, results);
    return engine_setup_for_run(config_, rng_.next(), *workload_, setup_, results, out,
                                barrier_start_);
  }

  RunInfo run_info(const EngineResult& result, std::time_t started) const override {
    return tpcc::run_info(config_, setup_, result, started, barrier_start_);
  }

  RunVerdict summarize(RunInfo& info, const EngineResult& result, std::ostream& out) override {
    check_ledger_after_run(config_, result, info, results_dir_, out);  // --failover
    const RunVerdict verdict = judge_run(config_, info, result.stats);
    out << "\n";
    // sysbench-tpcc's output: sysbench's final block first, as sysbench
    // prints it for tpcc.lua, then TPC-C's figures and run rules.
    if (config_.report_format == ReportFormat::Sysbench) {
      out << sysbench_final_block(config_, info, result.stats) << "\n";
    }
    print_summary(out, config_, info, result.stats, verdict);
    print_bound_by(out, config_, info);
    return verdict;
  }

 private:
  Random rng_;
  RunSetup setup_;
  std::unique_ptr<TpccWorkload> workload_;
  std::string barrier_start_;  // --driver: the common start, UTC
  std::string results_dir_;
};

}  // namespace

std::uint64_t time_seed() {
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  const auto ticks =
      static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(now).count());
  return ticks ^ (static_cast<std::uint64_t>(::getpid()) << 32);
}

int run_benchmark(const Config& given, std::ostream& out) {
  Config config = with_spec_terminals(given);
  if (const int pool = paced_pool_connections(config); pool > 0) {
    config.connections = pool;
    char line[200];
    std::snprintf(line, sizeof line,
                  "%d paced terminals share %d connections (they offer about %.0f "
                  "transactions/s; --connections sets the pool)\n",
                  config.terminals, pool, offered_per_terminal(config) * config.terminals);
    out << line;
  }
  TpccRun run(config);
  return run_workload(run, out);
}

}  // namespace tpcc
