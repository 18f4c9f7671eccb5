#include "workloads/sysbench/oltp_cleanup.hpp"

#include "workloads/recorded_tables.hpp"
#include "workloads/sysbench/oltp_tables.hpp"

namespace tpcc {

int cleanup_oltp_tables(const Config& config, std::ostream& out) {
  return cleanup_recorded_tables(config,
                                 {"sbtest",
                                  kOltpTablesRecord,
                                  {kOltpChunksRecord, kOltpTablesRecord},
                                  kListSbtestTablesSql,
                                  ""},
                                 out);
}

}  // namespace tpcc
