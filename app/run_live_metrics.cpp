#include "app/run_live_metrics.hpp"

#include <chrono>
#include <csignal>
#include <string>
#include <utility>
#include <vector>

#include <boost/asio.hpp>

#include "config/conn/mask.hpp"
#include "live/listen_address.hpp"
#include "report/workload_report.hpp"
#include "terminal/engine/workload.hpp"

namespace tpcc {

LiveMetricsRun::LiveMetricsRun(const Config& config, std::ostream& out)
    : linger_seconds_(config.metrics_linger_seconds), tpmc_(workload_report(config.workload).tpmc) {
  if (config.metrics_listen.empty()) return;
  const ListenAddress address =
      parse_listen_address(config.metrics_listen, config.metrics_listen_any, "--metrics-listen");
  std::vector<std::string> standbys;
  for (const StandbyTarget& standby : config.standbys) {
    standbys.push_back(describe_target(standby.conninfo));
  }
  figures_ = std::make_unique<LiveFigures>(std::move(standbys), config.terminals);
  // Another workload's types are named once its run is set up (hooked).
  if (!tpmc_) figures_->set_workload({}, false);
  LiveFigures* figures = figures_.get();
  server_ = std::make_unique<MetricsServer>(
      address, [figures] { return figures->text(); }, "--metrics-listen");
  out << "live metrics at http://" << listen_address_text(address) << "/metrics\n";
}

EngineSetup LiveMetricsRun::hooked(EngineSetup setup) {
  if (!figures_) return setup;
  LiveFigures* figures = figures_.get();
  std::vector<std::string> types;
  for (const WorkloadType& type : setup.workload->types()) types.push_back(type.name);
  figures->set_workload(std::move(types), tpmc_);
  if (setup.side.workload != nullptr) {
    std::vector<std::string> side_types;
    for (const WorkloadType& type : setup.side.workload->types()) side_types.push_back(type.name);
    figures->set_side(setup.side.workload->name(), std::move(side_types));
    IntervalSink side_results = std::move(setup.side.on_interval);
    setup.side.on_interval = [figures, side_results](const std::vector<IntervalSample>& samples) {
      if (side_results) side_results(samples);
      figures->add_side_interval(samples);
    };
  }
  IntervalSink results = std::move(setup.on_interval);
  setup.on_interval = [figures, results](const std::vector<IntervalSample>& samples) {
    if (results) results(samples);
    figures->add_interval(samples);
  };
  return setup;
}

void LiveMetricsRun::finish(const RunInfo& info, const RunStats& stats, std::ostream& out,
                            const RunStats* side_stats) {
  if (!figures_) return;
  // Watched before the final figures are served, so that a scraper that
  // saw them and signals meets this wait. The run is over and its files
  // written: a signal only ends the wait, the exit status stays the run's.
  boost::asio::io_context io;
  boost::asio::signal_set signals(io, SIGINT, SIGTERM, SIGHUP);
  figures_->finish(stats, info.measured_seconds, info.health.downtime_seconds, side_stats);
  if (linger_seconds_ <= 0) return;
  out << "serving the final live metrics for " << linger_seconds_
      << " s (--metrics-linger; SIGINT or SIGTERM ends it)\n";
  out.flush();
  boost::asio::steady_timer timer(io, std::chrono::seconds(linger_seconds_));
  signals.async_wait([&timer](const boost::system::error_code&, int) { timer.cancel(); });
  timer.async_wait([&signals](const boost::system::error_code&) { signals.cancel(); });
  io.run();
}

}  // namespace tpcc
