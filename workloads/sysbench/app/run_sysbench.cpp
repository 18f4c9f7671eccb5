#include "workloads/sysbench/app/run_sysbench.hpp"

#include <algorithm>
#include <exception>
#include <string>

#include "app/run_command.hpp"
#include "app/run_record_connection.hpp"
#include "app/run_workload.hpp"
#include "config/names.hpp"
#include "db/connect.hpp"
#include "report/console/interval_line.hpp"
#include "report/result_sink.hpp"
#include "spec/random.hpp"
#include "terminal/engine/engine.hpp"
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
    record_oltp_row_changes(*connect_to_record(config, out), changes);
    out << "sbtest rows: " << (net >= 0 ? "+" : "") << net
        << " (acknowledged inserts minus deletes)";
    if (doubt > 0) out << ", " << doubt << " write(s) in doubt";
    out << "; recorded for tpcc check\n";
  } catch (const std::exception& e) {
    out << "sbtest rows: not recorded (" << e.what()
        << "); tpcc check will call the row counts unknown\n";
  }
}

// oltp_read_only and oltp_point_select change no table: they mark and
// record nothing for tpcc check, so that they run on a hot standby or a
// read-only server.
bool reads_only(OltpTest test) {
  return test == OltpTest::ReadOnly || test == OltpTest::PointSelect;
}

// sysbench's oltp tests on the run path: the sbtest tables checked, the
// run marked open on them and its row changes recorded after (unless the
// test only reads or the tables are sysbench's own), sysbench's lines and
// final block.
class SysbenchRun : public WorkloadRun {
 public:
  explicit SysbenchRun(const Config& config)
      : WorkloadRun(config), workload_(config.oltp), standby_workload_(standby_options(config)) {}

  void set_up(std::ostream&) override {
    records_ = refuse_unprepared_oltp_tables(config_) == OltpTablesOrigin::Recorded &&
               !reads_only(config_.oltp.test);
  }

  void print_start(std::ostream& out, const std::string& dir) override {
    tpcc::print_start(out, config_, dir);
  }

  EngineSetup engine_setup(ResultSink& results, std::ostream&) override {
    if (records_) mark_oltp_run_open(*connect(config_.conninfo), config_.oltp.tables);
    results.begin_intervals(config_.standbys.size());
    EngineSetup setup;
    setup.workload = &workload_;
    setup.standby_workload = &standby_workload_;
    // sysbench's --rand-seed: the same draws again; 0 (its default): the clock's.
    setup.seed = config_.rand_seed != 0 ? config_.rand_seed : Random(time_seed()).next();
    // --report-interval 0: no lines, as sysbench; the intervals are kept
    // every second for the results.
    if (config_.report_interval_seconds > 0) {
      setup.interval_lines = [this](const std::vector<IntervalSample>& samples) {
        return interval_lines(samples, config_);
      };
    }
    setup.on_interval = [&results](const std::vector<IntervalSample>& samples) {
      results.append_interval(samples);
    };
    return setup;
  }

  Config engine_config(const Config& config) const override {
    Config engine_config = config;
    engine_config.report_interval_seconds = std::max(1, config.report_interval_seconds);
    return engine_config;
  }

  RunVerdict summarize(RunInfo& info, const EngineResult& result, std::ostream& out) override {
    out << "\n";
    print_sysbench_summary(out, config_, info, result.stats);
    out << "\n";
    if (!records_) return {};  // no run rules to judge
    record_row_changes(config_, workload_.row_changes(), out);
    out << "\n";
    return {};  // no run rules to judge
  }

 private:
  // --standby-conn: each standby runs the read-only test on the same clock.
  static OltpOptions standby_options(const Config& config) {
    OltpOptions options = config.oltp;
    options.test = config.oltp.standby_test;
    return options;
  }

  const OltpWorkload workload_;
  const OltpWorkload standby_workload_;
  // Whether the run marks its tables and records its row changes for tpcc
  // check: not for a test that only reads, nor on tables sysbench made,
  // which carry no record of the kit's.
  bool records_ = false;
};

}  // namespace

int run_sysbench(const Config& config, std::ostream& out) {
  SysbenchRun run(config);
  return run_workload(run, out);
}

}  // namespace tpcc
