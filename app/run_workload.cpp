#include "app/run_workload.hpp"

#include <exception>
#include <memory>

#include "app/run_command.hpp"
#include "app/run_live_metrics.hpp"
#include "app/run_not_started.hpp"
#include "app/run_outcome.hpp"
#include "app/run_preflight.hpp"
#include "app/run_query_mode.hpp"
#include "app/workload_registry.hpp"
#include "app/workload_tables.hpp"
#include "experiment/start.hpp"
#include "report/console/interval_line.hpp"
#include "spec/random.hpp"
#include "terminal/engine/open_limits.hpp"
#include "terminal/engine/run_memory.hpp"

namespace tpcc {

EngineSetup counted_engine_setup(const Workload& workload, const Config& config,
                                 ResultSink& results, std::function<void()> at_warmup_end) {
  results.begin_intervals(0);
  EngineSetup setup;
  setup.workload = &workload;
  setup.seed = config.rand_seed != 0 ? config.rand_seed : Random(time_seed()).next();
  setup.interval_lines = [&config](const std::vector<IntervalSample>& samples) {
    return interval_lines(samples, config);
  };
  setup.on_interval = [&results, at_warmup_end](const std::vector<IntervalSample>& samples) {
    if (!samples.empty() && samples.front().warmup) at_warmup_end();
    results.append_interval(samples);
  };
  return setup;
}

namespace {

// What ran beside the run's terminals, every group's measured interval
// together; none when nothing did.
std::unique_ptr<RunStats> side_stats(const EngineResult& result) {
  if (result.side.empty()) return nullptr;
  auto stats = std::make_unique<RunStats>(result.side.front().stats.types());
  for (const StandbyEngineResult& group : result.side) stats->merge(group.stats);
  return stats;
}

}  // namespace

RunInfo WorkloadRun::run_info(const EngineResult& result, std::time_t started) const {
  return tpcc::run_info(config_, RunSetup{}, result, started, "");
}

int run_workload(WorkloadRun& workload, std::ostream& out) {
  const Config& config = workload.config();
  ensure_run_limits(run_connection_count(config));
  if (const auto warning = run_memory_warning(config)) out << "warning: " << *warning << "\n";
  LiveMetricsRun live(config, out);  // --metrics-listen: bound before the run
  const std::time_t started = std::time(nullptr);
  // Before connecting: a run must not measure and then find it cannot write.
  ResultSink results(config, started);
  if (!results.note().empty()) out << "note: " << results.note() << "\n";
  EngineResult result;
  ExperimentRecord experiment;
  // What runs beside the workload's terminals (a mixed run), if anything.
  const std::unique_ptr<SideRun> side = side_run_for(config);
  try {
    // --restore, --condition, the environment
    experiment = start_experiment(config, experiment_tables(config), results.dir(), out);
    workload.set_up(out);
    if (side) side->set_up(out);
    refuse_prepared_through_pooler(config);
    workload.print_setup(out);
    experiment.preflight = run_preflight(config, experiment.environment, out);
    workload.print_start(out, results.dir());
    if (side) side->print_start(out);
    EngineSetup setup = workload.engine_setup(results, out);
    if (side) setup.side = side->side_groups();
    setup = live.hooked(std::move(setup));
    result = run_engine(workload.engine_config(config), setup, out);
  } catch (...) {
    record_not_started(results, std::current_exception(), started, out);
    throw;
  }
  RunInfo info = workload.run_info(result, started);
  info.experiment = experiment;
  const RunVerdict verdict = workload.summarize(info, result, out);
  if (side) side->summarize(info, result, out);
  info.exit_status = overall_status(config, info, result.stats, verdict, out);
  results.write_final(info, result.stats, verdict, result.intervals);
  out << "results written to " << results.dir() << "\n";
  out.flush();
  live.finish(info, result.stats, out, side_stats(result).get());
  return info.exit_status;
}

}  // namespace tpcc
