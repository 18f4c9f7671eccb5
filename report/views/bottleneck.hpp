// After a run, one line that says what bound it, from what the run already
// sampled per interval (metrics/server_metrics.hpp) over its measured
// interval, tried in this order:
// - the client: tpcc's own CPU near the capacity of its threads (one per
//   connection and delivery worker, at most one CPU each, at most the
//   host's CPUs): the kit, not the server, set the pace;
// - the server's CPU (a server on this host): its processes near all of
//   its CPUs, or the host near them with the server's processes half of
//   that at least (not a machine kept busy by others);
// - locks: the kit's backends mostly waiting for heavyweight locks (Lock:*);
// - I/O: mostly waiting for reads and writes (IO:*, the WAL's included);
// - the network: mostly waiting for the client's next message
//   (Client:ClientRead) while the client's CPU is not the limit;
// otherwise "cannot tell", with the figures that were there. Pure.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "config/config.hpp"
#include "metrics/run.hpp"

namespace tpcc {

// "Near" the capacity: this share of it.
inline constexpr double kBoundCpuShare = 0.90;
// "Mostly" waiting: this share of the backends' samples.
inline constexpr double kBoundWaitShare = 0.50;

// What the measured interval's samples add up to.
struct BottleneckFigures {
  double measured_seconds = 0;
  int client_threads = 0;  // connections + delivery workers
  int host_cpus = 0;       // 0: unknown
  std::optional<double> client_cpu_seconds;
  std::optional<double> server_cpu_seconds;  // a server on this host only
  std::optional<double> host_busy_pct;       // user + system, mean over the intervals
  std::int64_t wait_samples = 0;
  std::map<std::string, std::int64_t> waits;  // "Lock:transactionid" -> samples; "CPU"
};

struct Bottleneck {
  // "client_cpu", "server_cpu", "locks", "io", "network", "unknown".
  std::string bound_by;
  std::string line;  // "bound by: client CPU (1.92 of 2 CPUs, 96 %)"
};

// The figures of a run: its measured intervals' server metrics, its client
// threads (config) and the host's CPUs (the environment record).
BottleneckFigures bottleneck_figures(const Config& config, const RunInfo& info);

Bottleneck judge_bottleneck(const BottleneckFigures& figures);

}  // namespace tpcc
