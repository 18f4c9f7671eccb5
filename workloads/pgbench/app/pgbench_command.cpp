#include "workloads/pgbench/app/pgbench_command.hpp"

#include "config/errors.hpp"
#include "workloads/pgbench/pgbench_check.hpp"
#include "workloads/pgbench/pgbench_cleanup.hpp"
#include "workloads/pgbench/pgbench_prepare.hpp"

namespace tpcc {

int pgbench_table_command(const Config& config, std::ostream& out) {
  switch (config.verb) {
    case Verb::Prepare: {
      const PrepareOutcome outcome = prepare_pgbench_tables(config, out);
      if (outcome.status != kExitOk || config.no_check) return outcome.status;
      out << "checking the pgbench tables:\n";
      return check_pgbench_tables(config, out);
    }
    case Verb::Check: return check_pgbench_tables(config, out);
    case Verb::Cleanup: return cleanup_pgbench_tables(config, out);
    default: return kExitUsage;
  }
}

}  // namespace tpcc
