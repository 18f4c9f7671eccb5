#include "workloads/ch/app/run_ch.hpp"

#include <string>
#include <vector>

#include "app/run_workload.hpp"
#include "db/connect.hpp"
#include "loader/layout.hpp"
#include "loader/load_state.hpp"
#include "report/result_sink.hpp"
#include "terminal/engine/engine.hpp"
#include "workloads/ch/app/ch_measure.hpp"
#include "workloads/ch/ch_citus.hpp"
#include "workloads/ch/ch_required.hpp"
#include "workloads/ch/ch_workload.hpp"
#include "workloads/ch/report/ch_summary.hpp"

namespace tpcc {
namespace {

class ChRun : public WorkloadRun {
 public:
  explicit ChRun(const Config& config) : WorkloadRun(config) {}

  // TPC-C's load (a clear refusal on an empty database) and CH's tables.
  void set_up(std::ostream&) override {
    auto conn = connect(config_.conninfo);
    const RecordedLoad load = read_recorded_load(*conn);
    warehouses_ = load.warehouses;
    require_ch_tables(*conn, "--workload ch", warehouses_);
    workload_.set_citus(recorded_distribution(load) == Distribution::Citus);
  }

  void print_start(std::ostream& out, const std::string& dir) override {
    out << "tpcc " << TPCC_VERSION << " running ch: " << config_.terminals
        << " stream(s) of CH-benCHmark's " << kChQueryCount << " queries on " << warehouses_
        << " warehouse(s), each stream in its TPC-H order\n";
    out << ch_citus_line(workload_.citus());
    out << "results: " << dir << "/\n\n";
  }

  EngineSetup engine_setup(ResultSink& results, std::ostream&) override {
    return counted_engine_setup(workload_, config_, results,
                                [this] { warmup_.take(workload_.errors()); });
  }

  RunVerdict summarize(RunInfo& info, const EngineResult& result, std::ostream& out) override {
    ChFigures figures = ch_figures(config_.terminals, result.stats, result.measured_seconds,
                                   warmup_.measured(workload_.errors()));
    if (workload_.citus()) figures.session_settings = ch_citus_session_settings();
    info.ch = figures;
    out << "\n" << ch_final_block(figures) << "\n";
    return {};  // no run rules to judge
  }

 private:
  ChWorkload workload_;
  WarmupErrors warmup_;
  int warehouses_ = 0;
};

}  // namespace

int run_ch(const Config& config, std::ostream& out) {
  ChRun run(config);
  return run_workload(run, out);
}

}  // namespace tpcc
