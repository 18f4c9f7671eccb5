#include "workloads/sysbench/oltp_cleanup.hpp"

#include <string>
#include <vector>

#include <pqxx/result>
#include <pqxx/transaction>

#include "config/errors.hpp"
#include "db/connect.hpp"
#include "db/writable.hpp"
#include "workloads/recorded_tables.hpp"
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
  std::vector<std::string> recorded;
  if (relation_exists(tx, kOltpTablesRecord)) {
    for (const auto& row : tx.exec(kRecordedNamesSql)) recorded.push_back(row[0].as<std::string>());
  }
  const int dropped = drop_recorded_tables(tx, recorded);
  const std::string others = joined_names(tx, kListSbtestTablesSql);
  tx.exec(kDropRecordSql);
  tx.commit();
  out << "cleanup: dropped " << dropped << " sbtest table(s) tpcc prepared";
  if (!others.empty()) out << "; left " << others << " (not created by tpcc)";
  out << "\n";
  return kExitOk;
}

}  // namespace tpcc
