#include "workloads/ingest/ingest_empty.hpp"

#include <pqxx/result>
#include <pqxx/transaction>

#include "db/connect.hpp"
#include "workloads/ingest/ingest_tables.hpp"
#include "workloads/recorded_tables.hpp"

namespace tpcc {

std::vector<std::string> empty_recorded_ingest_tables(const Config& config) {
  auto conn = connect(config.conninfo);
  pqxx::work tx(*conn);
  std::vector<std::string> names;
  std::string list;
  // kSelectIngestCountsSql: the recorded tables by number.
  for (const auto& row : tx.exec(kSelectIngestCountsSql)) {
    const std::string name = row[0].as<std::string>();
    if (!relation_exists(tx, name)) continue;
    list += (names.empty() ? "" : ", ") + tx.quote_name(name);
    names.push_back(name);
  }
  if (!names.empty()) tx.exec("truncate " + list);
  tx.exec(kResetIngestCountsSql);
  tx.commit();
  return names;
}

}  // namespace tpcc
