#include "workloads/sysbench/app/oltp_command.hpp"

#include "config/errors.hpp"
#include "workloads/sysbench/oltp_check.hpp"
#include "workloads/sysbench/oltp_cleanup.hpp"
#include "workloads/sysbench/oltp_prepare.hpp"

namespace tpcc {

int oltp_table_command(const Config& config, std::ostream& out) {
  switch (config.verb) {
    case Verb::Prepare: {
      const PrepareOutcome outcome = prepare_oltp_tables(config, out);
      if (outcome.status != kExitOk || config.no_check) return outcome.status;
      Config check = config;
      // Rows are counted only when this prepare loaded them: a run since
      // an earlier one may have deleted and inserted.
      check.after_load = !outcome.was_complete;
      out << "checking the sbtest tables:\n";
      return check_oltp_tables(check, out);
    }
    case Verb::Check: return check_oltp_tables(config, out);
    case Verb::Cleanup: return cleanup_oltp_tables(config, out);
    default: return kExitUsage;
  }
}

}  // namespace tpcc
