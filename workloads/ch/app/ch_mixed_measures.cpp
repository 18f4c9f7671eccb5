#include "workloads/ch/app/ch_mixed_measures.hpp"

#include <string>

namespace tpcc {
namespace {

std::vector<std::string> standby_conninfos(const Config& config) {
  std::vector<std::string> conninfos;
  for (const StandbyTarget& standby : config.standbys) conninfos.push_back(standby.conninfo);
  return conninfos;
}

// The servers the streams run on, in the order of their groups.
std::vector<std::string> stream_servers(const Config& config) {
  return config.ch_on == ChOn::Standby ? standby_conninfos(config)
                                       : std::vector<std::string>{config.conninfo};
}

std::vector<ChServerFigures> primary_only() {
  ChServerFigures primary;
  primary.name = "primary";
  return {primary};
}

}  // namespace

ChMixedMeasures::ChMixedMeasures(const Config& config)
    : config_(config),
      on_standbys_(config.ch_on == ChOn::Standby),
      freshness_(stream_servers(config)),
      conflicts_(config.conninfo,
                 on_standbys_ ? standby_conninfos(config) : std::vector<std::string>{}) {}

void ChMixedMeasures::set_up() {
  const std::string made = make_ch_heartbeat(config_.conninfo, "--ch-streams");
  heartbeat_ = std::make_unique<ChHeartbeat>(config_.conninfo);
  // No query sees a beat of an earlier run: the servers the streams run on
  // hold one of this run's first.
  wait_for_beat(stream_servers(config_), made);
  conflicts_.start();
}

void ChMixedMeasures::finish(ChFigures& figures) {
  if (heartbeat_) heartbeat_->stop();
  std::vector<ChServerFigures> servers = on_standbys_ ? conflicts_.finish() : primary_only();
  const std::vector<LatencyHistogram> histograms = freshness_.histograms();
  const std::vector<std::vector<ChFreshnessInterval>> intervals = freshness_.intervals();
  LatencyHistogram all;
  for (std::size_t k = 0; k < servers.size() && k < histograms.size(); ++k) {
    servers[k].freshness = freshness_of(histograms[k]);
    servers[k].freshness_by_interval = intervals[k];
    all.merge(histograms[k]);
  }
  figures.freshness = freshness_of(all);
  figures.servers = servers;
}

}  // namespace tpcc
