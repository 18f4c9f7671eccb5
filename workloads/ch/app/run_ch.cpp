#include "workloads/ch/app/run_ch.hpp"

#include <mutex>
#include <string>
#include <vector>

#include "app/run_workload.hpp"
#include "config/errors.hpp"
#include "db/catalog.hpp"
#include "db/connect.hpp"
#include "loader/load_state.hpp"
#include "report/result_sink.hpp"
#include "terminal/engine/engine.hpp"
#include "workloads/ch/ch_tables.hpp"
#include "workloads/ch/ch_workload.hpp"
#include "workloads/ch/report/ch_summary.hpp"

namespace tpcc {
namespace {

constexpr double kMicrosPerMs = 1000.0;

// The workload's error counts as the warm-up's last interval ends, taken
// away from the run's so that they cover the measured interval, as the
// engine's counts do.
class WarmupErrors {
 public:
  void take(const ChErrorCounters& counters) {
    std::lock_guard<std::mutex> lock(mutex_);
    counts_ = counters.counts();
  }
  ChErrorCounters::Counts measured(const ChErrorCounters& counters) const {
    std::lock_guard<std::mutex> lock(mutex_);
    ChErrorCounters::Counts now = counters.counts();
    for (std::size_t i = 0; i < now.cancels.size(); ++i) {
      now.recovery_conflicts[i] -= counts_.recovery_conflicts[i];
      now.cancels[i] -= counts_.cancels[i];
    }
    return now;
  }

 private:
  mutable std::mutex mutex_;
  ChErrorCounters::Counts counts_;
};

ChFigures ch_figures(const Config& config, const EngineResult& result,
                     const ChErrorCounters::Counts& errors) {
  ChFigures f;
  f.streams = config.terminals;
  f.seconds = result.measured_seconds;
  for (int query = 1; query <= kChQueryCount; ++query) {
    const auto slot = static_cast<std::size_t>(query - 1);
    const TxnStats& stats = result.stats.txn[slot];
    ChQueryFigures q;
    q.name = ch_query_name(query);
    q.count = completed(stats);
    q.rows = tally(stats, kChRowsTally);
    q.errors = stats.errors;
    q.recovery_conflicts = errors.recovery_conflicts[slot];
    q.cancels = errors.cancels[slot];
    if (stats.latency.count() > 0) {
      q.p50_ms = stats.latency.percentile(50) / kMicrosPerMs;
      q.p90_ms = stats.latency.percentile(90) / kMicrosPerMs;
      q.max_ms = static_cast<double>(stats.latency.max()) / kMicrosPerMs;
    }
    f.queries += q.count;
    f.per_query.push_back(q);
  }
  f.qphh = ch_qphh(f.queries, f.seconds);
  return f;
}

class ChRun : public WorkloadRun {
 public:
  explicit ChRun(const Config& config) : WorkloadRun(config) {}

  // TPC-C's load (a clear refusal on an empty database) and CH's tables.
  void set_up(std::ostream&) override {
    auto conn = connect(config_.conninfo);
    warehouses_ = read_recorded_load(*conn).warehouses;
    for (const std::string& table : ch_table_names()) {
      if (!relation_exists(*conn, table)) {
        throw UsageError("--workload ch: " + table +
                         " is missing: the queries need CH-benCHmark's tables beside TPC-C's; "
                         "run tpcc prepare --ch (with the load's --warehouses " +
                         std::to_string(warehouses_) + ") first");
      }
    }
  }

  void print_start(std::ostream& out, const std::string& dir) override {
    out << "tpcc " << TPCC_VERSION << " running ch: " << config_.terminals
        << " stream(s) of CH-benCHmark's " << kChQueryCount << " queries on " << warehouses_
        << " warehouse(s), each stream in its TPC-H order\n";
    out << "results: " << dir << "/\n\n";
  }

  EngineSetup engine_setup(ResultSink& results, std::ostream&) override {
    return counted_engine_setup(workload_, config_, results,
                                [this] { warmup_.take(workload_.errors()); });
  }

  RunVerdict summarize(RunInfo& info, const EngineResult& result, std::ostream& out) override {
    const ChFigures figures = ch_figures(config_, result, warmup_.measured(workload_.errors()));
    info.ch = figures;
    out << "\n" << ch_final_block(figures) << "\n";
    return {};  // no run rules to judge
  }

 private:
  const ChWorkload workload_;
  WarmupErrors warmup_;
  int warehouses_ = 0;
};

}  // namespace

int run_ch(const Config& config, std::ostream& out) {
  ChRun run(config);
  return run_workload(run, out);
}

}  // namespace tpcc
