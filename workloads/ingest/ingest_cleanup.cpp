#include "workloads/ingest/ingest_cleanup.hpp"

#include <string>
#include <vector>

#include <pqxx/result>
#include <pqxx/transaction>

#include "config/errors.hpp"
#include "db/connect.hpp"
#include "db/writable.hpp"
#include "workloads/ingest/ingest_tables.hpp"
#include "workloads/recorded_tables.hpp"

namespace tpcc {

int cleanup_ingest_tables(const Config& config, std::ostream& out) {
  auto conn = connect(config.conninfo);
  require_writable(*conn, config.conninfo, "tpcc cleanup");
  pqxx::work tx(*conn);
  std::vector<std::string> recorded;
  if (relation_exists(tx, kIngestRecord)) {
    for (const auto& row : tx.exec("select table_name from tpcc_ingest_tables")) {
      recorded.push_back(row[0].as<std::string>());
    }
  }
  const int dropped = drop_recorded_tables(tx, recorded);
  const std::string others = joined_names(tx, kListIngestTablesSql);
  tx.exec("drop table if exists tpcc_ingest_tables");
  tx.commit();
  out << "cleanup: dropped " << dropped << " ingest table(s) tpcc prepared";
  if (!others.empty()) out << "; left " << others << " (not created by tpcc)";
  out << "\n";
  return kExitOk;
}

}  // namespace tpcc
