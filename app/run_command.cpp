#include "app/run_command.hpp"

#include <unistd.h>
#include <chrono>
#include <ctime>
#include <memory>
#include <string>

#include "app/run_checks.hpp"
#include "app/run_engine_setup.hpp"
#include "app/run_ledger.hpp"
#include "app/run_live_metrics.hpp"
#include "app/run_not_started.hpp"
#include "app/run_outcome.hpp"
#include "app/run_preflight.hpp"
#include "app/run_query_mode.hpp"
#include "app/run_setup.hpp"
#include "app/run_setup_print.hpp"
#include "experiment/start.hpp"
#include "report/console/summary.hpp"
#include "report/results/result_sink.hpp"
#include "spec/random.hpp"
#include "terminal/engine/engine.hpp"
#include "terminal/engine/open_limits.hpp"

namespace tpcc {

std::uint64_t time_seed() {
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  const auto ticks =
      static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(now).count());
  return ticks ^ (static_cast<std::uint64_t>(::getpid()) << 32);
}

int run_benchmark(const Config& given, std::ostream& out) {
  const Config config = with_spec_terminals(given);
  ensure_run_limits(run_connection_count(config));
  LiveMetricsRun live(config, out);  // --metrics-listen: bound before the run
  const std::time_t started = std::time(nullptr);
  // Before connecting: a run must not measure and then find it cannot write.
  ResultSink results(config, started);
  if (!results.note().empty()) out << "note: " << results.note() << "\n";
  Random rng(time_seed());
  RunSetup setup;
  EngineResult result;
  ExperimentRecord experiment;
  std::string barrier_start;  // --driver: the common start, UTC
  try {
    experiment =
        start_experiment(config, results.dir(), out);  // --restore, --condition, the environment
    setup = read_setup(config, rng);
    check_setup(config, setup);
    refuse_prepared_through_pooler(config);
    print_setup(out, config, setup);
    experiment.preflight = run_preflight(config, experiment.environment, out);
    out << "  results:      " << results.dir() << "/\n";
    const std::unique_ptr<TpccWorkload> workload = tpcc_workload_for_run(config, setup, results);
    const EngineSetup engine_setup = live.hooked(
        engine_setup_for_run(config, rng.next(), *workload, results, out, barrier_start));
    result = run_engine(config, engine_setup, out);
  } catch (...) {
    record_not_started(results, std::current_exception(), started, out);
    throw;
  }
  RunInfo info = run_info(config, setup, result, started, barrier_start);
  info.experiment = experiment;
  check_ledger_after_run(config, result, info, results.dir(), out);  // --failover

  out << "\n";
  print_summary(out, config, info, result.stats);
  print_bound_by(out, config, info);
  info.exit_status = overall_status(config, info, result.stats, out);
  results.write_final(info, result.stats, result.intervals);
  out << "results written to " << results.dir() << "\n";
  out.flush();
  live.finish(info, result.stats, out);
  return info.exit_status;
}

}  // namespace tpcc
