#include "workloads/ingest/ingest_cleanup.hpp"

#include "workloads/ingest/ingest_tables.hpp"
#include "workloads/recorded_tables.hpp"

namespace tpcc {

int cleanup_ingest_tables(const Config& config, std::ostream& out) {
  return cleanup_recorded_tables(
      config, {"ingest", kIngestRecord, {kIngestRecord}, kListIngestTablesSql, ""}, out);
}

}  // namespace tpcc
