#include "app/run_query_mode.hpp"

#include "config/errors.hpp"
#include "db/pooler_probe.hpp"

namespace tpcc {

void refuse_prepared_through_pooler(const Config& config) {
  if (config.query_mode != QueryMode::Prepared) return;
  if (probe_transaction_pooling(config.conninfo) != PoolerProbe::SessionsShared) return;
  throw UsageError(
      "--query-mode prepared (props queryMode): a prepared statement did not outlive its "
      "transaction on this connection, which is what a transaction pooler (PgBouncer "
      "pool_mode=transaction) does: server connections change between transactions, so named "
      "prepared statements vanish. Run with --query-mode extended or --query-mode simple "
      "(props queryMode=extended|simple), or connect through session pooling or directly");
}

}  // namespace tpcc
