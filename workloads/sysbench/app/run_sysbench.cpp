#include "workloads/sysbench/app/run_sysbench.hpp"

#include <algorithm>
#include <ctime>
#include <exception>
#include <string>

#include "app/run_command.hpp"
#include "app/run_not_started.hpp"
#include "app/workload_run_end.hpp"
#include "config/names.hpp"
#include "db/connect.hpp"
#include "report/console/interval_line.hpp"
#include "report/results/result_sink.hpp"
#include "spec/random.hpp"
#include "terminal/engine/engine.hpp"
#include "terminal/engine/open_limits.hpp"
#include "workloads/sysbench/oltp_check.hpp"
#include "workloads/sysbench/oltp_row_changes.hpp"
#include "workloads/sysbench/oltp_workload.hpp"
#include "workloads/sysbench/report/sysbench_summary.hpp"

namespace tpcc {
namespace {

// sysbench's opening lines, with tpcc's name and where the results go.
void print_start(std::ostream& out, const Config& config, const std::string& dir) {
  out << "tpcc " << TPCC_VERSION << " running sysbench's " << oltp_test_name(config.oltp.test)
      << " (" << config.oltp.tables << " table(s) of " << config.oltp.table_size << " rows)\n\n";
  out << "Running the test with following options:\n";
  out << "Number of threads: " << config.terminals << "\n";
  for (std::size_t i = 0; i < config.standbys.size(); ++i) {
    out << "Standby " << i + 1 << ": " << oltp_test_name(config.oltp.standby_test) << " on "
        << config.standbys[i].terminals << " thread(s), on the same clock\n";
  }
  if (config.report_interval_seconds > 0) {
    out << "Report intermediate results every " << config.report_interval_seconds << " second(s)\n";
  }
  out << "results: " << dir << "/\n\nThreads started!\n\n";
}

// The rows the run's writes changed, added to each table's record for
// tpcc check; a server gone at the end leaves the count unknown, said here.
void record_row_changes(const Config& config, const OltpRowChanges& changes, std::ostream& out) {
  long long net = 0;
  long long doubt = 0;
  for (int table = 1; table <= changes.tables(); ++table) {
    net += changes.table(table).net;
    doubt += changes.table(table).in_doubt;
  }
  try {
    auto conn = connect(config.conninfo);
    record_oltp_row_changes(*conn, changes);
    out << "sbtest rows: " << (net >= 0 ? "+" : "") << net
        << " (acknowledged inserts minus deletes)";
    if (doubt > 0) out << ", " << doubt << " write(s) in doubt";
    out << "; recorded for tpcc check\n";
  } catch (const std::exception& e) {
    out << "sbtest rows: not recorded (" << e.what()
        << "); tpcc check will call the row counts unknown\n";
  }
}

}  // namespace

int run_sysbench(const Config& config, std::ostream& out) {
  ensure_run_limits(run_connection_count(config));
  const std::time_t started = std::time(nullptr);
  ResultSink results(config, started);
  if (!results.note().empty()) out << "note: " << results.note() << "\n";
  const OltpWorkload workload(config.oltp);
  // --standby-conn: each standby runs the read-only test on the same clock.
  OltpOptions standby_options = config.oltp;
  standby_options.test = config.oltp.standby_test;
  const OltpWorkload standby_workload(standby_options);
  EngineResult result;
  try {
    refuse_unprepared_oltp_tables(config);
    mark_oltp_run_open(*connect(config.conninfo), config.oltp.tables);
    print_start(out, config, results.dir());
    results.begin_intervals(config.standbys.size());
    EngineSetup setup;
    setup.workload = &workload;
    setup.standby_workload = &standby_workload;
    // sysbench's --rand-seed: the same draws again; 0 (its default): the clock's.
    setup.seed = config.rand_seed != 0 ? config.rand_seed : Random(time_seed()).next();
    // --report-interval 0: no lines, as sysbench; the intervals are kept
    // every second for the results.
    if (config.report_interval_seconds > 0) {
      setup.interval_lines = [&config](const std::vector<IntervalSample>& samples) {
        return interval_lines(samples, config);
      };
    }
    setup.on_interval = [&results](const std::vector<IntervalSample>& samples) {
      results.append_interval(samples);
    };
    Config engine_config = config;
    engine_config.report_interval_seconds = std::max(1, config.report_interval_seconds);
    result = run_engine(engine_config, setup, out);
  } catch (...) {
    record_not_started(results, std::current_exception(), started, out);
    throw;
  }
  return end_workload_run(config, result, started, results, out, [&](RunInfo& info) {
    print_sysbench_summary(out, config, info, result.stats);
    out << "\n";
    record_row_changes(config, workload.row_changes(), out);
  });
}

}  // namespace tpcc
