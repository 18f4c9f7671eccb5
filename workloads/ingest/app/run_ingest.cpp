#include "workloads/ingest/app/run_ingest.hpp"

#include <chrono>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "app/run_command.hpp"
#include "app/run_outcome.hpp"
#include "app/run_record_connection.hpp"
#include "app/run_workload.hpp"
#include "config/names.hpp"
#include "report/console/interval_line.hpp"
#include "report/result_sink.hpp"
#include "spec/random.hpp"
#include "terminal/engine/engine.hpp"
#include "workloads/ingest/ingest_check.hpp"
#include "workloads/ingest/ingest_tables.hpp"
#include "workloads/ingest/ingest_workload.hpp"
#include "workloads/ingest/report/ingest_summary.hpp"
#include "workloads/ingest/wal_position.hpp"

namespace tpcc {
namespace {

void print_start(std::ostream& out, const Config& config, const IngestWorkload& workload,
                 const std::string& dir) {
  const IngestOptions& o = config.ingest;
  out << "tpcc " << TPCC_VERSION << " running ingest: " << config.terminals << " stream(s) into "
      << workload.table_count() << " table(s), " << o.rows << "-row "
      << (o.method == IngestMethod::Copy ? "COPY batches" : "INSERTs") << " of rows of about "
      << o.row_bytes << " bytes\n";
  out << "results: " << dir << "/\n\n";
}

// The streams' rows at the end of the warm-up, taken as its last interval
// ends (a batch or so late: the workload counts as batches end).
class WarmupRows {
 public:
  explicit WarmupRows(int streams) : rows_(static_cast<std::size_t>(streams), 0) {}
  void take(const IngestCounters& counters) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (int i = 0; i < counters.streams(); ++i)
      rows_[static_cast<std::size_t>(i)] = counters.stream_rows(i);
  }
  std::vector<std::int64_t> measured(const IngestCounters& counters) const {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<std::int64_t> rows;
    for (int i = 0; i < counters.streams(); ++i) {
      rows.push_back(counters.stream_rows(i) - rows_[static_cast<std::size_t>(i)]);
    }
    return rows;
  }

 private:
  mutable std::mutex mutex_;
  std::vector<std::int64_t> rows_;
};

IngestFigures ingest_figures(const Config& config, const IngestWorkload& workload,
                             const EngineResult& result, const WarmupRows& warmup) {
  IngestFigures f;
  f.streams = config.terminals;
  f.tables = workload.table_count();
  f.rows_per_statement = config.ingest.rows;
  f.row_bytes = config.ingest.row_bytes;
  f.payload_bytes = ingest_payload_chars(config.ingest.row_bytes);
  f.rows = completed_total(result.stats) * config.ingest.rows;
  f.seconds = result.measured_seconds;
  f.stream_rows_per_second = stream_spread(warmup.measured(workload.counters()), f.seconds);
  const LatencyHistogram latency = latency_all(result.stats);
  if (latency.count() > 0) {
    f.p50_ms = latency.percentile(50) / 1000.0;
    f.p99_ms = latency.percentile(99) / 1000.0;
  }
  return f;
}

// The bulk ingest on the run path: its tables checked, the WAL position
// taken before and after, its final block, and the rows acknowledged
// recorded for tpcc check.
class IngestRun : public WorkloadRun {
 public:
  explicit IngestRun(const Config& config)
      : WorkloadRun(config),
        workload_(config.ingest, config.terminals),
        warmup_(config.terminals) {}

  void set_up(std::ostream&) override {
    refuse_unprepared_ingest_tables(config_, workload_.table_count());
  }

  void print_start(std::ostream& out, const std::string& dir) override {
    tpcc::print_start(out, config_, workload_, dir);
  }

  EngineSetup engine_setup(ResultSink& results, std::ostream&) override {
    EngineSetup setup = counted_engine_setup(workload_, config_, results,
                                             [this] { warmup_.take(workload_.counters()); });
    wal_start_ = read_wal_position(config_.conninfo);
    wal_clock_ = std::chrono::steady_clock::now();
    return setup;
  }

  RunVerdict summarize(RunInfo& info, const EngineResult& result, std::ostream& out) override {
    IngestFigures figures = ingest_figures(config_, workload_, result, warmup_);
    if (wal_start_) {
      figures.wal_bytes = wal_bytes_since(config_.conninfo, *wal_start_);
      figures.wal_seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - wal_clock_).count();
    }
    derive_ingest_rates(figures);
    try {
      record_ingest_counts(*connect_to_record(config_, out), workload_.counters());
    } catch (const std::exception& e) {
      out << "warning: the rows acknowledged could not be recorded (" << e.what()
          << "): tpcc check will find more rows than the record says\n";
    }
    info.ingest = figures;
    out << "\n" << ingest_final_block(figures, result.stats) << "\n";
    return {};  // no run rules to judge
  }

 private:
  const IngestWorkload workload_;
  WarmupRows warmup_;
  std::optional<std::string> wal_start_;
  std::chrono::steady_clock::time_point wal_clock_;
};

}  // namespace

int run_ingest(const Config& config, std::ostream& out) {
  IngestRun run(config);
  return run_workload(run, out);
}

}  // namespace tpcc
