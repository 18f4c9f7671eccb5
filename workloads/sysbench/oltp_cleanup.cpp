#include "workloads/sysbench/oltp_cleanup.hpp"

#include <set>
#include <string>

#include <pqxx/result>
#include <pqxx/transaction>

#include "config/errors.hpp"
#include "db/catalog.hpp"
#include "db/connect.hpp"
#include "db/writable.hpp"
#include "workloads/sysbench/oltp_tables.hpp"

namespace tpcc {
namespace {

constexpr const char* kRecordedNamesSql = "select table_name from tpcc_sysbench_tables";
constexpr const char* kDropRecordSql =
    "drop table if exists tpcc_sysbench_chunks; drop table if exists tpcc_sysbench_tables";

}  // namespace

// One transaction: all of it is dropped, or (on an error) nothing.
int cleanup_oltp_tables(const Config& config, std::ostream& out) {
  auto conn = connect(config.conninfo);
  require_writable(*conn, config.conninfo, "tpcc cleanup");
  pqxx::work tx(*conn);
  std::set<std::string> recorded;
  if (relation_exists(tx, kOltpTablesRecord)) {
    for (const auto& row : tx.exec(kRecordedNamesSql)) recorded.insert(row[0].as<std::string>());
  }
  int dropped = 0;
  for (const std::string& name : recorded) {
    if (!relation_exists(tx, name)) continue;
    // The names are the kit's own (sbtest<n>), written by prepare.
    tx.exec("DROP TABLE " + tx.quote_name(name));
    ++dropped;
  }
  std::string others;
  for (const auto& row : tx.exec(kListSbtestTablesSql)) {
    others += (others.empty() ? "" : ", ") + row[0].as<std::string>();
  }
  tx.exec(kDropRecordSql);
  tx.commit();
  out << "cleanup: dropped " << dropped << " sbtest table(s) tpcc prepared";
  if (!others.empty()) out << "; left " << others << " (not created by tpcc)";
  out << "\n";
  return kExitOk;
}

}  // namespace tpcc
