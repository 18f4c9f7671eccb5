#include "workloads/pgbench/app/run_pgbench.hpp"

#include <chrono>
#include <ctime>
#include <exception>
#include <string>

#include "app/run_command.hpp"
#include "app/run_not_started.hpp"
#include "app/workload_run_end.hpp"
#include "config/conn/mask.hpp"
#include "config/names.hpp"
#include "report/results/result_sink.hpp"
#include "spec/random.hpp"
#include "terminal/engine/engine.hpp"
#include "terminal/engine/open_limits.hpp"
#include "workloads/pgbench/pgbench_check.hpp"
#include "workloads/pgbench/pgbench_workload.hpp"
#include "workloads/pgbench/report/pgbench_summary.hpp"

namespace tpcc {
namespace {

bool uses_builtin(const PgbenchOptions& options) {
  if (options.scripts.empty()) return true;
  for (const PgbenchScriptChoice& s : options.scripts) {
    if (s.builtin) return true;
  }
  return false;
}

// pgbench's :scale: the tables' when a builtin script runs (pgbench counts
// pgbench_branches then, and says so if -s disagrees), else -s when given.
int run_scale(const Config& config, std::ostream& out) {
  const int prepared = prepared_pgbench_scale(config);
  if (!config.pgbench.scale_given) return prepared;
  if (uses_builtin(config.pgbench) && config.pgbench.scale != prepared) {
    out << "note: --scale " << config.pgbench.scale
        << " ignored for the builtin scripts: the tables were prepared with scale " << prepared
        << "\n";
    return prepared;
  }
  return config.pgbench.scale;
}

// What each standby's block says: its scripts, the run's measured seconds
// (a standby runs until the primary's clients are done).
void take_scripts(PgbenchRunFacts& facts, const PgbenchWorkload& workload) {
  facts.script_titles.clear();
  facts.script_weights.clear();
  for (const pgbench::RunScript& s : workload.scripts()) {
    facts.script_titles.push_back(s.type_title);
    facts.script_weights.push_back(s.weight);
  }
}

PgbenchRunFacts standby_facts(PgbenchRunFacts facts, const PgbenchWorkload& workload,
                              const RunInfo& info) {
  take_scripts(facts, workload);
  facts.commands.clear();  // --report-per-command times the primary's commands only
  facts.transactions_per_client = 0;
  facts.duration_seconds = static_cast<int>(info.measured_seconds + 0.5);
  return facts;
}

PgbenchRunFacts run_facts(const Config& config, const PgbenchWorkload& workload,
                          double connection_ms) {
  PgbenchRunFacts facts;
  take_scripts(facts, workload);
  facts.scale = config.pgbench.scale;
  facts.query_mode = std::string(query_mode_name(config.query_mode));
  facts.clients = config.terminals;
  facts.transactions_per_client = config.txns_per_terminal;
  facts.duration_seconds = config.duration_seconds;
  facts.connection_ms = connection_ms;
  facts.latency_limit_ms = config.pgbench.latency_limit_ms;
  facts.rate_limited = config.rate_tpm > 0;
  return facts;
}

}  // namespace

int run_pgbench(const Config& given, std::ostream& out) {
  ensure_run_limits(run_connection_count(given));
  const std::time_t started = std::time(nullptr);
  Config config = given;
  ResultSink results(config, started);
  if (!results.note().empty()) out << "note: " << results.note() << "\n";
  EngineResult result;
  double connection_ms = 0;
  std::unique_ptr<PgbenchWorkload> workload;
  PgbenchPartitioning partitioning;
  // --standby-conn: each standby runs its read-only scripts on the same clock.
  std::unique_ptr<PgbenchWorkload> standby_workload;
  try {
    config.pgbench.scale = run_scale(config, out);
    // pgbench reads the accounts' partitioning when a builtin script runs.
    if (uses_builtin(config.pgbench)) partitioning = pgbench_accounts_partitioning(config);
    // sysbench's --rand-seed: the same draws again; 0 (its default): the clock's.
    const std::uint64_t seed =
        config.rand_seed != 0 ? config.rand_seed : Random(time_seed()).next();
    PgbenchClientSeeds seeds;
    seeds.scale = config.pgbench.scale;
    seeds.random_seed = seed;
    seeds.default_seed = static_cast<std::int64_t>(Random(seed).next());
    workload = std::make_unique<PgbenchWorkload>(pgbench::load_run_scripts(config.pgbench),
                                                 pgbench::load_defines(config.pgbench), seeds,
                                                 config.pgbench.report_per_command);
    standby_workload =
        std::make_unique<PgbenchWorkload>(pgbench::load_standby_scripts(config.pgbench),
                                          pgbench::load_defines(config.pgbench), seeds);
    out << "tpcc " << TPCC_VERSION << " running pgbench's scripts (scale " << config.pgbench.scale
        << ", " << config.terminals << " client(s))\n";
    for (std::size_t i = 0; i < config.standbys.size(); ++i) {
      out << "standby " << i + 1 << ": " << describe_target(config.standbys[i].conninfo) << ", "
          << config.standbys[i].terminals << " client(s), on the same clock\n";
    }
    out << "results: " << results.dir() << "/\n";
    results.begin_intervals(config.standbys.size());
    EngineSetup setup;
    setup.workload = workload.get();
    setup.standby_workload = standby_workload.get();
    setup.seed = seed;
    setup.latency_limit_ms = config.pgbench.latency_limit_ms;
    // --progress 0: the intervals are kept for the results, not printed.
    if (config.pgbench.progress_seconds != 0) {
      const PgbenchProgressLimits limits{config.rate_tpm > 0, config.pgbench.latency_limit_ms > 0};
      setup.interval_lines = [limits](const std::vector<IntervalSample>& samples) {
        return pgbench_progress_lines(samples, limits);
      };
    }
    setup.on_interval = [&results](const std::vector<IntervalSample>& samples) {
      results.append_interval(samples);
    };
    // Called once every session is open: pgbench's initial connection time.
    const auto opening = std::chrono::steady_clock::now();
    setup.start_barrier = [&](const std::function<bool()>&) {
      connection_ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - opening)
              .count();
      return Clock::now();
    };
    result = run_engine(config, setup, out);
  } catch (...) {
    record_not_started(results, std::current_exception(), started, out);
    throw;
  }
  return end_workload_run(config, result, started, results, out, [&](RunInfo& info) {
    PgbenchRunFacts facts = run_facts(config, *workload, connection_ms);
    facts.partition_method = partitioning.method;
    facts.partitions = partitioning.partitions;
    info.pgbench_commands = workload->command_latencies();
    facts.commands = info.pgbench_commands;
    print_pgbench_summary(out, facts, standby_facts(facts, *standby_workload, info), info,
                          result.stats);
  });
}

}  // namespace tpcc
