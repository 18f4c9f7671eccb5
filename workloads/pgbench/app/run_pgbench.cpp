#include "workloads/pgbench/app/run_pgbench.hpp"

#include <algorithm>
#include <chrono>
#include <functional>
#include <iostream>
#include <memory>
#include <mutex>
#include <string>

#include "app/run_command.hpp"
#include "app/run_workload.hpp"
#include "config/conn/mask.hpp"
#include "config/names.hpp"
#include "report/result_sink.hpp"
#include "spec/random.hpp"
#include "terminal/engine/engine.hpp"
#include "workloads/pgbench/pgbench_check.hpp"
#include "workloads/pgbench/pgbench_found_tables.hpp"
#include "workloads/pgbench/pgbench_vacuum.hpp"
#include "workloads/pgbench/pgbench_workload.hpp"
#include "workloads/pgbench/report/pgbench_summary.hpp"

namespace tpcc {
namespace {

// :scale without -s and without tables to count, as pgbench's.
constexpr int kPgbenchDefaultScale = 1;

bool uses_builtin(const PgbenchOptions& options) {
  if (options.scripts.empty()) return true;
  for (const PgbenchScriptChoice& s : options.scripts) {
    if (s.builtin) return true;
  }
  return false;
}

// pgbench's :scale: the tables' when a builtin script runs (pgbench counts
// pgbench_branches then, and says so if -s disagrees), else -s when given,
// else the tables' when there are any; script files alone may run on tables
// of the user's own, with none of pgbench's: then pgbench's default, 1.
int run_scale(const Config& config, std::ostream& out) {
  if (!uses_builtin(config.pgbench)) {
    if (config.pgbench.scale_given) return config.pgbench.scale;
    if (!any_pgbench_table(config)) return kPgbenchDefaultScale;
    return prepared_pgbench_scale(config);
  }
  const int prepared = prepared_pgbench_scale(config);
  if (!config.pgbench.scale_given) return prepared;
  if (config.pgbench.scale != prepared) {
    out << "note: --scale " << config.pgbench.scale
        << " ignored for the builtin scripts: the tables were prepared with scale " << prepared
        << "\n";
  }
  return prepared;
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

// "error: " before each line of text.
std::string error_lines(const std::string& text) {
  std::string lines;
  std::size_t from = 0;
  while (from <= text.size()) {
    const std::size_t end = std::min(text.find('\n', from), text.size());
    lines += "error: " + text.substr(from, end - from) + "\n";
    from = end + 1;
  }
  return lines;
}

// A client aborted on the primary or a standby.
bool aborted(const RunInfo& info) {
  if (info.health.aborted_terminals > 0) return true;
  for (const StandbyRun& standby : info.standbys) {
    if (standby.health.aborted_terminals > 0) return true;
  }
  return false;
}

PgbenchRunFacts run_facts(const Config& config, const PgbenchWorkload& workload,
                          double connection_ms) {
  PgbenchRunFacts facts;
  take_scripts(facts, workload);
  facts.scale = config.pgbench.scale;
  facts.query_mode = std::string(query_mode_name(config.query_mode));
  facts.clients = config.terminals;
  facts.threads = std::min(config.jobs, config.terminals);
  facts.transactions_per_client = config.txns_per_terminal;
  facts.duration_seconds = config.duration_seconds;
  facts.connection_ms = connection_ms;
  facts.latency_limit_ms = config.pgbench.latency_limit_ms;
  facts.rate_limited = config.rate_tpm > 0;
  facts.progress = config.pgbench.progress_seconds != 0;
  return facts;
}

// pgbench's scripts on the run path: the scale and the accounts'
// partitioning read from its tables, the scripts loaded, pgbench's start
// lines, progress lines and final block, its initial connection time.
class PgbenchRun : public WorkloadRun {
 public:
  // run_config: the run's, whose pgbench scale set_up settles.
  explicit PgbenchRun(Config& run_config) : WorkloadRun(run_config), run_config_(run_config) {}

  void set_up(std::ostream& out) override {
    vacuum_before_run(config_, out);
    run_config_.pgbench.scale = run_scale(config_, out);
    // pgbench reads the accounts' partitioning when a builtin script runs.
    if (uses_builtin(config_.pgbench)) partitioning_ = pgbench_accounts_partitioning(config_);
    // sysbench's --rand-seed: the same draws again; 0 (its default): the clock's.
    seed_ = config_.rand_seed != 0 ? config_.rand_seed : Random(time_seed()).next();
    PgbenchClientSeeds seeds;
    seeds.scale = config_.pgbench.scale;
    seeds.random_seed = seed_;
    seeds.default_seed = static_cast<std::int64_t>(Random(seed_).next());
    workload_ = std::make_unique<PgbenchWorkload>(pgbench::load_run_scripts(config_.pgbench),
                                                  pgbench::load_defines(config_.pgbench), seeds,
                                                  config_.pgbench.report_per_command);
    // --standby-conn: each standby runs its read-only scripts on the same clock.
    standby_workload_ =
        std::make_unique<PgbenchWorkload>(pgbench::load_standby_scripts(config_.pgbench),
                                          pgbench::load_defines(config_.pgbench), seeds);
  }

  void print_start(std::ostream& out, const std::string& dir) override {
    out << "tpcc " << TPCC_VERSION << " running pgbench's scripts (scale " << config_.pgbench.scale
        << ", " << config_.terminals << " client(s))\n";
    for (std::size_t i = 0; i < config_.standbys.size(); ++i) {
      out << "standby " << i + 1 << ": " << describe_target(config_.standbys[i].conninfo) << ", "
          << config_.standbys[i].terminals << " client(s), on the same clock\n";
    }
    out << "results: " << dir << "/\n";
  }

  EngineSetup engine_setup(ResultSink& results, std::ostream&) override {
    results.begin_intervals(config_.standbys.size());
    EngineSetup setup;
    setup.workload = workload_.get();
    setup.standby_workload = standby_workload_.get();
    setup.seed = seed_;
    setup.latency_limit_ms = config_.pgbench.latency_limit_ms;
    // --progress 0: the intervals are kept for the results, not printed.
    if (config_.pgbench.progress_seconds != 0) {
      const PgbenchProgressLimits limits{config_.rate_tpm > 0,
                                         config_.pgbench.latency_limit_ms > 0};
      setup.interval_lines = [limits](const std::vector<IntervalSample>& samples) {
        return pgbench_progress_lines(samples, limits);
      };
    }
    setup.on_interval = [&results](const std::vector<IntervalSample>& samples) {
      results.append_interval(samples);
    };
    // pgbench's aborted client: its lines on stderr, as pgbench prints them.
    setup.terminal_aborted = [this](const std::string& why) {
      std::lock_guard<std::mutex> lock(errors_mutex_);
      std::cerr << error_lines(why);
    };
    // Called once every session is open: pgbench's initial connection time.
    const auto opening = std::chrono::steady_clock::now();
    setup.start_barrier = [this, opening](const std::function<bool()>&) {
      connection_ms_ =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - opening)
              .count();
      return Clock::now();
    };
    return setup;
  }

  RunVerdict summarize(RunInfo& info, const EngineResult& result, std::ostream& out) override {
    PgbenchRunFacts facts = run_facts(config_, *workload_, connection_ms_);
    facts.partition_method = partitioning_.method;
    facts.partitions = partitioning_.partitions;
    info.pgbench_commands = workload_->command_latencies();
    facts.commands = info.pgbench_commands;
    out << "\n";
    print_pgbench_summary(out, facts, standby_facts(facts, *standby_workload_, info), info,
                          result.stats);
    out << "\n";
    if (aborted(info)) {
      out.flush();
      std::cerr << error_lines("Run was aborted; the above results are incomplete.");
    }
    return {};  // no run rules to judge
  }

 private:
  Config& run_config_;
  std::mutex errors_mutex_;
  std::uint64_t seed_ = 0;
  double connection_ms_ = 0;
  PgbenchPartitioning partitioning_;
  std::unique_ptr<PgbenchWorkload> workload_;
  std::unique_ptr<PgbenchWorkload> standby_workload_;
};

}  // namespace

int run_pgbench(const Config& given, std::ostream& out) {
  Config config = given;
  PgbenchRun run(config);
  return run_workload(run, out);
}

void read_pgbench_inputs(const Config& config) {
  pgbench::load_run_scripts(config.pgbench);
  pgbench::load_standby_scripts(config.pgbench);
  pgbench::load_defines(config.pgbench);
}

}  // namespace tpcc
