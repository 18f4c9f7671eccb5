#include "app/run_preflight.hpp"

#include "config/errors.hpp"
#include "experiment/preflight.hpp"
#include "report/views/bottleneck.hpp"
#include "report/workload_report.hpp"

namespace tpcc {
namespace {

// The kit's own sessions on the primary besides the terminals' and the
// delivery workers': the server metrics sampler and the checkpoint watch,
// and with standbys the replication-lag sampler's.
int own_connections(const Config& config) {
  return (config.server_metrics ? 1 : 0) + 1 + (config.standbys.empty() ? 0 : 1);
}

// The connections the terminals and delivery workers open on the primary
// (a standby's terminals go to the standby).
int run_connections(const Config& config) {
  long long n = config.connections > 0 ? config.connections : config.terminals;
  if (config.delivery_mode == DeliveryMode::Deferred) n += config.delivery_workers;
  return n > INT32_MAX ? INT32_MAX : static_cast<int>(n);
}

}  // namespace

std::vector<PreflightFinding> run_preflight(const Config& config, const Environment& env,
                                            std::ostream& out) {
  PreflightRun run;
  run.run_connections = run_connections(config);
  run.kit_connections = own_connections(config);
  run.measured_seconds = config.txns_per_terminal > 0 ? 0 : config.duration_seconds;
  run.tpcc = workload_report(config.workload).tpmc;
  const std::vector<PreflightFinding> findings = preflight_findings(env, run);
  if (!findings.empty()) out << "  pre-flight:\n";
  for (const PreflightFinding& f : findings) out << "    " << f.severity << ": " << f.text << "\n";
  if (preflight_refuses(findings)) {
    for (const PreflightFinding& f : findings) {
      if (f.severity == "refuse") throw UsageError("pre-flight (" + f.check + "): " + f.text);
    }
  }
  return findings;
}

void print_bound_by(std::ostream& out, const Config& config, const RunInfo& info) {
  out << judge_bottleneck(bottleneck_figures(config, info)).line << "\n";
}

}  // namespace tpcc
