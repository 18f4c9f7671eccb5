#include "workloads/ingest/app/run_ingest.hpp"

#include <chrono>
#include <ctime>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "app/run_command.hpp"
#include "app/run_not_started.hpp"
#include "app/run_outcome.hpp"
#include "app/workload_run_end.hpp"
#include "config/names.hpp"
#include "report/console/interval_line.hpp"
#include "report/results/result_sink.hpp"
#include "spec/random.hpp"
#include "terminal/engine/engine.hpp"
#include "terminal/engine/open_limits.hpp"
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

}  // namespace

int run_ingest(const Config& config, std::ostream& out) {
  ensure_run_limits(run_connection_count(config));
  const std::time_t started = std::time(nullptr);
  ResultSink results(config, started);
  if (!results.note().empty()) out << "note: " << results.note() << "\n";
  const IngestWorkload workload(config.ingest, config.terminals);
  WarmupRows warmup(config.terminals);
  EngineResult result;
  std::optional<std::string> wal_start;
  std::chrono::steady_clock::time_point wal_clock;
  try {
    refuse_unprepared_ingest_tables(config, workload.table_count());
    print_start(out, config, workload, results.dir());
    results.begin_intervals(0);
    EngineSetup setup;
    setup.workload = &workload;
    setup.seed = config.rand_seed != 0 ? config.rand_seed : Random(time_seed()).next();
    setup.interval_lines = [&config](const std::vector<IntervalSample>& samples) {
      return interval_lines(samples, config);
    };
    setup.on_interval = [&](const std::vector<IntervalSample>& samples) {
      if (!samples.empty() && samples.front().warmup) warmup.take(workload.counters());
      results.append_interval(samples);
    };
    wal_start = read_wal_position(config.conninfo);
    wal_clock = std::chrono::steady_clock::now();
    result = run_engine(config, setup, out);
  } catch (...) {
    record_not_started(results, std::current_exception(), started, out);
    throw;
  }
  IngestFigures figures = ingest_figures(config, workload, result, warmup);
  if (wal_start) {
    figures.wal_bytes = wal_bytes_since(config.conninfo, *wal_start);
    figures.wal_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wal_clock).count();
  }
  derive_ingest_rates(figures);
  try {
    record_ingest_counts(config, workload.counters());
  } catch (const std::exception& e) {
    out << "warning: the rows acknowledged could not be recorded (" << e.what()
        << "): tpcc check will find more rows than the record says\n";
  }
  return end_workload_run(config, result, started, results, out, [&](RunInfo& info) {
    info.ingest = figures;
    out << ingest_final_block(figures, result.stats);
  });
}

}  // namespace tpcc
