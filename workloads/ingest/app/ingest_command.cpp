#include "workloads/ingest/app/ingest_command.hpp"

#include "config/errors.hpp"
#include "workloads/ingest/ingest_check.hpp"
#include "workloads/ingest/ingest_cleanup.hpp"
#include "workloads/ingest/ingest_prepare.hpp"

namespace tpcc {

int ingest_table_command(const Config& config, std::ostream& out) {
  switch (config.verb) {
    case Verb::Prepare: {
      const int status = prepare_ingest_tables(config, out);
      if (status != kExitOk || config.no_check) return status;
      out << "checking the ingest tables:\n";
      return check_ingest_tables(config, out);
    }
    case Verb::Check: return check_ingest_tables(config, out);
    case Verb::Cleanup: return cleanup_ingest_tables(config, out);
    default: return kExitUsage;
  }
}

}  // namespace tpcc
