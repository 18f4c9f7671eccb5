#include "workloads/ingest/wal_position.hpp"

#include <exception>

#include <pqxx/nontransaction>
#include <pqxx/result>

#include "db/connect.hpp"

namespace tpcc {

std::optional<std::string> read_wal_position(const std::string& conninfo) {
  try {
    auto conn = connect(conninfo);
    pqxx::nontransaction tx(*conn);
    return tx.exec("select pg_current_wal_lsn()::text")[0][0].as<std::string>();
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::optional<double> wal_bytes_since(const std::string& conninfo, const std::string& position) {
  try {
    auto conn = connect(conninfo);
    pqxx::nontransaction tx(*conn);
    return tx
        .exec_params("select pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)", position)[0][0]
        .as<double>();
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace tpcc
