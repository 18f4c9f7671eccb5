#include "experiment/start.hpp"

#include <optional>

#include "experiment/conditioning.hpp"
#include "experiment/environment.hpp"
#include "experiment/restore.hpp"

namespace tpcc {

ExperimentRecord start_experiment(const Config& config, const WorkloadTables& tables,
                                  const std::string& result_dir, std::ostream& out) {
  ExperimentRecord record;
  // Every refusal before anything changes.
  std::optional<RestorePlan> plan;
  if (config.restore) plan = plan_restore(config, tables);
  check_conditioning(config, tables);
  if (plan) record.snapshot = restore_snapshot(*plan, out);
  if (!config.condition.empty()) {
    out << "conditioning before the run:\n";
    record.conditioning = condition_database(config, tables, result_dir, out);
  }
  record.environment = collect_environment(config);
  out.flush();
  return record;
}

}  // namespace tpcc
