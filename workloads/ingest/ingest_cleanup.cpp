#include "workloads/ingest/ingest_cleanup.hpp"

#include <set>
#include <string>

#include <pqxx/result>
#include <pqxx/transaction>

#include "config/errors.hpp"
#include "db/connect.hpp"
#include "db/writable.hpp"
#include "workloads/ingest/ingest_tables.hpp"
#include "workloads/sysbench/oltp_tables.hpp"

namespace tpcc {

int cleanup_ingest_tables(const Config& config, std::ostream& out) {
  auto conn = connect(config.conninfo);
  require_writable(*conn, config.conninfo, "tpcc cleanup");
  pqxx::work tx(*conn);
  std::set<std::string> recorded;
  if (tx.exec_params(kRelationExistsSql, kIngestRecord)[0][0].as<long long>() > 0) {
    for (const auto& row : tx.exec("select table_name from tpcc_ingest_tables")) {
      recorded.insert(row[0].as<std::string>());
    }
  }
  int dropped = 0;
  for (const std::string& name : recorded) {
    if (tx.exec_params(kRelationExistsSql, name)[0][0].as<long long>() == 0) continue;
    tx.exec("drop table " + tx.quote_name(name));
    ++dropped;
  }
  std::string others;
  for (const auto& row : tx.exec(kListIngestTablesSql)) {
    others += (others.empty() ? "" : ", ") + row[0].as<std::string>();
  }
  tx.exec("drop table if exists tpcc_ingest_tables");
  tx.commit();
  out << "cleanup: dropped " << dropped << " ingest table(s) tpcc prepared";
  if (!others.empty()) out << "; left " << others << " (not created by tpcc)";
  out << "\n";
  return kExitOk;
}

}  // namespace tpcc
