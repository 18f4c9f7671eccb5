#include "report/views/bottleneck.hpp"

#include <algorithm>
#include <vector>

#include "report/views/format.hpp"

namespace tpcc {
namespace {

// The share of the wait samples whose event starts with prefix.
double wait_share(const BottleneckFigures& f, const std::string& prefix) {
  if (f.wait_samples <= 0) return 0;
  std::int64_t n = 0;
  for (const auto& [event, samples] : f.waits) {
    if (event.compare(0, prefix.size(), prefix) == 0) n += samples;
  }
  return static_cast<double>(n) / static_cast<double>(f.wait_samples);
}

std::string pct(double share) { return fixed(share * 100, 0) + " %"; }

// The CPUs the client's threads can use: one each, at most the host's.
double client_capacity(const BottleneckFigures& f) {
  const int threads = std::max(f.client_threads, 1);
  return f.host_cpus > 0 ? std::min(threads, f.host_cpus) : threads;
}

std::string waits_text(const BottleneckFigures& f) {
  return "Lock " + pct(wait_share(f, "Lock:")) + ", IO " + pct(wait_share(f, "IO:")) +
         ", ClientRead " + pct(wait_share(f, "Client:ClientRead")) + ", CPU " +
         pct(wait_share(f, "CPU")) + " of " + std::to_string(f.wait_samples) + " samples";
}

}  // namespace

BottleneckFigures bottleneck_figures(const Config& config, const RunInfo& info) {
  BottleneckFigures f;
  f.measured_seconds = info.measured_seconds;
  f.client_threads = (config.connections > 0 ? config.connections : config.terminals) +
                     (config.delivery_mode == DeliveryMode::Deferred ? config.delivery_workers : 0);
  f.host_cpus = info.experiment.environment.cpus;
  double busy = 0;
  int busy_lines = 0;
  for (const ServerMetricsPoint& point : info.server_metrics.intervals) {
    if (point.warmup) continue;
    const ServerMetricsInterval& m = point.metrics;
    if (m.client_cpu_seconds)
      f.client_cpu_seconds = f.client_cpu_seconds.value_or(0) + *m.client_cpu_seconds;
    if (m.server_cpu_seconds)
      f.server_cpu_seconds = f.server_cpu_seconds.value_or(0) + *m.server_cpu_seconds;
    if (m.host_cpu) {
      busy += m.host_cpu->user_pct + m.host_cpu->system_pct;
      ++busy_lines;
    }
    for (const WaitShare& w : m.top_waits) f.waits[w.event] += w.samples;
    f.wait_samples += m.wait_samples;
  }
  if (busy_lines > 0) f.host_busy_pct = busy / busy_lines;
  return f;
}

Bottleneck judge_bottleneck(const BottleneckFigures& f) {
  if (f.measured_seconds <= 0) return {"unknown", "bound by: cannot tell (nothing measured)"};
  if (f.client_cpu_seconds) {
    const double used = *f.client_cpu_seconds / f.measured_seconds;
    const double capacity = client_capacity(f);
    if (used >= kBoundCpuShare * capacity) {
      return {"client_cpu", "bound by: client CPU (" + fixed(used, 2) + " of " +
                                fixed(capacity, 0) + " CPUs its threads can use, " +
                                pct(used / capacity) + ")"};
    }
  }
  if (f.host_cpus > 0 && f.server_cpu_seconds) {
    const double used = *f.server_cpu_seconds / f.measured_seconds;
    const bool server_busy = used >= kBoundCpuShare * f.host_cpus;
    // A busy host counts when the server is most of what keeps it busy:
    // other processes on a shared machine are no bound of the server's.
    const bool host_busy = f.host_busy_pct && *f.host_busy_pct >= kBoundCpuShare * 100 &&
                           used >= 0.5 * *f.host_busy_pct / 100 * f.host_cpus;
    if (server_busy || host_busy) {
      return {"server_cpu",
              "bound by: the server's CPU (its processes " + fixed(used, 2) + " of " +
                  std::to_string(f.host_cpus) + " CPUs" +
                  (f.host_busy_pct ? ", the host " + fixed(*f.host_busy_pct, 0) + " % busy"
                                   : std::string()) +
                  ")"};
    }
  }
  if (f.wait_samples > 0) {
    struct Kind {
      const char* bound_by;
      const char* prefix;
      const char* name;
    };
    const std::vector<Kind> kinds = {{"locks", "Lock:", "locks (Lock waits "},
                                     {"io", "IO:", "I/O (IO waits "},
                                     {"network", "Client:ClientRead", "the network (ClientRead "}};
    for (const Kind& k : kinds) {
      const double share = wait_share(f, k.prefix);
      if (share >= kBoundWaitShare) {
        return {k.bound_by, std::string("bound by: ") + k.name + pct(share) + " of " +
                                std::to_string(f.wait_samples) + " backend samples)"};
      }
    }
  }
  std::string figures;
  if (f.client_cpu_seconds) {
    figures += "client CPU " + fixed(*f.client_cpu_seconds / f.measured_seconds, 2) + " of " +
               fixed(client_capacity(f), 0);
  }
  if (f.server_cpu_seconds && f.host_cpus > 0) {
    figures += std::string(figures.empty() ? "" : "; ") + "server CPU " +
               fixed(*f.server_cpu_seconds / f.measured_seconds, 2) + " of " +
               std::to_string(f.host_cpus);
  }
  if (f.host_busy_pct) {
    figures +=
        std::string(figures.empty() ? "" : "; ") + "host " + fixed(*f.host_busy_pct, 0) + " % busy";
  }
  if (f.wait_samples > 0) figures += std::string(figures.empty() ? "" : "; ") + waits_text(f);
  if (figures.empty()) figures = "no server metrics sampled";
  return {"unknown", "bound by: cannot tell (" + figures + ")"};
}

}  // namespace tpcc
