#include "workloads/ch/app/ch_command.hpp"

#include "config/errors.hpp"
#include "db/connect.hpp"
#include "workloads/ch/ch_check.hpp"
#include "workloads/ch/ch_cleanup.hpp"
#include "workloads/ch/ch_prepare.hpp"

namespace tpcc {
namespace {

int check_ch_tables(const Config& config, std::ostream& out) {
  auto conn = connect(config.conninfo);
  if (!ch_tables_recorded(*conn)) {
    throw UsageError(
        "--workload ch: no CH-benCHmark tables of tpcc's in this database (tpcc_ch_tables is "
        "missing): run tpcc prepare --ch first");
  }
  return print_table_checks(run_ch_checks(*conn), "CH", "", out);
}

}  // namespace

int ch_table_command(const Config& config, std::ostream& out) {
  switch (config.verb) {
    case Verb::Prepare: {
      const int status = prepare_ch_tables(config, out);
      if (status != kExitOk || config.no_check) return status;
      out << "checking CH-benCHmark's tables:\n";
      return check_ch_tables(config, out);
    }
    case Verb::Check: return check_ch_tables(config, out);
    case Verb::Cleanup: return cleanup_ch_tables(config, out);
    default: return kExitUsage;
  }
}

}  // namespace tpcc
