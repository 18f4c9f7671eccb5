#include "workloads/ch/app/ch_side_run.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "config/names.hpp"
#include "db/connect.hpp"
#include "loader/layout.hpp"
#include "loader/load_state.hpp"
#include "report/console/interval_line.hpp"
#include "workloads/ch/app/ch_measure.hpp"
#include "workloads/ch/app/ch_mixed_measures.hpp"
#include "workloads/ch/ch_citus.hpp"
#include "workloads/ch/ch_required.hpp"
#include "workloads/ch/ch_workload.hpp"
#include "workloads/ch/metrics/ch_interference.hpp"
#include "workloads/ch/report/ch_summary.hpp"

namespace tpcc {
namespace {

class ChSideRun : public SideRun {
 public:
  explicit ChSideRun(const Config& config)
      : config_(config), mixed_(config), workload_(mixed_.freshness()) {}

  // The tables are the primary's; a standby replays them.
  void set_up(std::ostream&) override {
    {
      auto conn = connect(config_.conninfo);
      const RecordedLoad load = read_recorded_load(*conn);
      require_ch_tables(*conn, "--ch-streams", load.warehouses);
      workload_.set_citus(recorded_distribution(load) == Distribution::Citus);
    }
    mixed_.set_up();
  }

  void print_start(std::ostream& out) override {
    out << "  ch:           " << config_.ch_streams << " analytic stream(s) of CH-benCHmark's "
        << kChQueryCount << " queries "
        << (on_standbys() ? "on each of " + std::to_string(config_.standbys.size()) + " standby(s)"
                          : std::string("on the primary"))
        << ", not counted in tpmC\n";
    out << ch_citus_line(workload_.citus());
  }

  SideGroups side_groups() override {
    SideGroups side;
    side.workload = &workload_;
    side.terminals = config_.ch_streams;
    side.on_standbys = on_standbys();
    // --ch-baseline: held back until the baseline's interval lines end.
    if (config_.ch_baseline_seconds > 0) {
      side.start_seconds = config_.warmup_seconds + config_.ch_baseline_seconds;
    }
    side.interval_lines = [this](const std::vector<IntervalSample>& samples) {
      std::vector<std::string> lines;
      for (std::size_t k = 0; k < samples.size(); ++k) {
        lines.push_back(format_ch_interval_line(samples[k], label(k)));
      }
      return lines;
    };
    side.on_interval = [this](const std::vector<IntervalSample>& samples) {
      if (!samples.empty() && samples.front().warmup) warmup_.take(workload_.errors());
      if (!samples.empty()) mixed_.end_interval(samples.front());
    };
    return side;
  }

  void summarize(RunInfo& info, const EngineResult& result, std::ostream& out) override {
    RunStats stats(workload_.types().size());
    for (const StandbyEngineResult& group : result.side) stats.merge(group.stats);
    const int streams = config_.ch_streams * static_cast<int>(result.side.size());
    // --ch-baseline: the streams ran (and QphH counts) after the baseline.
    std::optional<ChInterference> interference;
    double seconds = result.measured_seconds;
    if (config_.ch_baseline_seconds > 0) {
      interference =
          split_interference(measured_throughput(result.intervals), config_.ch_baseline_seconds);
      seconds = std::max(0.0, seconds - interference->alone_seconds);
    }
    ChFigures figures = ch_figures(streams, stats, seconds, warmup_.measured(workload_.errors()));
    figures.on = std::string(ch_on_name(config_.ch_on));
    if (workload_.citus()) figures.session_settings = ch_citus_session_settings();
    mixed_.finish(figures);
    figures.interference = interference;
    info.ch = figures;
    for (std::size_t k = 0; k < result.side.size(); ++k) {
      info.side_intervals.push_back({label(k), result.side[k].intervals});
    }
    out << "\n" << ch_final_block(figures);
    if (interference) out << ch_interference_block(figures);
  }

 private:
  bool on_standbys() const { return config_.ch_on == ChOn::Standby; }
  // "ch", or "ch on standby k" for the streams of standby k.
  std::string label(std::size_t group) const {
    return on_standbys() ? "ch on standby " + std::to_string(group + 1) : std::string("ch");
  }

  const Config& config_;
  ChMixedMeasures mixed_;
  ChWorkload workload_;
  WarmupErrors warmup_;
};

}  // namespace

std::unique_ptr<SideRun> ch_side_run(const Config& config) {
  if (config.ch_streams <= 0) return nullptr;
  return std::make_unique<ChSideRun>(config);
}

}  // namespace tpcc
