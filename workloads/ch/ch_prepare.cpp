#include "workloads/ch/ch_prepare.hpp"

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>

#include <pqxx/nontransaction>
#include <pqxx/result>
#include <pqxx/transaction>

#include "config/errors.hpp"
#include "db/catalog.hpp"
#include "db/connect.hpp"
#include "db/pg_connection.hpp"
#include "db/writable.hpp"
#include "loader/layout.hpp"
#include "loader/load_state.hpp"
#include "schema/schema.hpp"
#include "workloads/ch/ch_tables.hpp"

namespace tpcc {
namespace {

constexpr const char* kChTablesFile = "ch_tables.sql";

// --distribute citus: a full copy on every node, made while the table is
// empty (as citus_distribute.sql does for bmsql_item).
constexpr const char* kReferenceTableSql = "select create_reference_table('";

// The CREATE TABLE of `table` in ch_tables.sql.
std::string create_statement(const std::string& table) {
  const std::string head = "create table " + table + " (";
  for (const std::string& statement : sql_file_statements(kChTablesFile)) {
    if (statement.find(head) != std::string::npos) return statement;
  }
  throw std::logic_error(table + " is not in schema/" + kChTablesFile);
}

std::string copy_rows(const std::string& table, std::uint64_t seed) {
  if (table == kChRegionTable) return ch_region_copy_rows(seed);
  if (table == kChNationTable) return ch_nation_copy_rows(seed);
  return ch_supplier_copy_rows(seed);
}

long long row_count(const std::string& table) {
  if (table == kChRegionTable) return static_cast<long long>(ch_regions().size());
  if (table == kChNationTable) return static_cast<long long>(ch_nations().size());
  return kChSuppliers;
}

std::map<std::string, long long> read_recorded(pqxx::connection& conn) {
  std::map<std::string, long long> tables;
  pqxx::nontransaction tx(conn);
  for (const auto& row : tx.exec(kSelectChTablesSql)) {
    tables[row[0].as<std::string>()] = row[1].as<long long>();
  }
  return tables;
}

void create_record(pqxx::connection& conn, bool citus) {
  pqxx::work tx(conn);
  const bool existed = relation_exists(tx, kChRecord);
  tx.exec(kCreateChRecordSql);
  if (citus && !existed) tx.exec(std::string(kReferenceTableSql) + kChRecord + "')");
  tx.commit();
}

// One table: created, filled, recorded and committed together. The names
// and the count are the kit's own constants: no quoting needed.
void load_table(const Config& config, const std::string& table, std::uint64_t seed, bool citus) {
  PgConnection conn(config.conninfo);
  conn.exec("begin");
  conn.exec(std::string("delete from ") + kChRecord + " where table_name = '" + table + "'");
  conn.exec(create_statement(table));
  if (citus) conn.exec(kReferenceTableSql + table + "')");
  conn.begin_copy("copy " + table + " from stdin");
  conn.put_copy_data(copy_rows(table, seed));
  conn.end_copy();
  conn.exec(std::string("insert into ") + kChRecord + " (table_name, row_count) values ('" + table +
            "', " + std::to_string(row_count(table)) + ")");
  conn.exec("commit");
  // Statistics for the queries' plans, once the rows are there.
  conn.exec("analyze " + table);
}

// The tables of CH's names there, each with whether the kit's record names it.
std::map<std::string, bool> present_tables(pqxx::connection& conn) {
  std::map<std::string, long long> recorded;
  if (relation_exists(conn, kChRecord)) recorded = read_recorded(conn);
  std::map<std::string, bool> present;
  for (const std::string& table : ch_table_names()) {
    if (relation_exists(conn, table)) present[table] = recorded.count(table) > 0;
  }
  return present;
}

void refuse_others(const std::map<std::string, bool>& present) {
  for (const auto& [table, ours] : present) {
    if (!ours) {
      throw UsageError("--ch: " + table +
                       " exists and tpcc did not create it; drop it yourself or use another "
                       "database");
    }
  }
}

}  // namespace

void refuse_others_ch_tables(const Config& config) {
  auto conn = connect(config.conninfo);
  refuse_others(present_tables(*conn));
}

int prepare_ch_tables(const Config& config, std::ostream& out) {
  auto conn = connect(config.conninfo);
  require_writable(*conn, config.conninfo, "tpcc prepare --ch");
  // The TPC-C load the tables join: its seed, and whether Citus holds it.
  const RecordedLoad recorded = read_recorded_load(*conn);
  const std::uint64_t seed = recorded.seed ? *recorded.seed : config.seed;
  const bool citus = recorded_distribution(recorded) == Distribution::Citus;
  // Every refusal before anything is made.
  const std::map<std::string, bool> present = present_tables(*conn);
  refuse_others(present);
  create_record(*conn, citus);
  int created = 0;
  for (const std::string& table : ch_table_names()) {
    if (present.count(table) > 0) continue;
    load_table(config, table, seed, citus);
    ++created;
  }
  out << "ch: " << kChRegionTable << " (" << ch_regions().size() << " rows), " << kChNationTable
      << " (" << ch_nations().size() << "), " << kChSupplierTable << " (" << kChSuppliers
      << "): " << created << " created, " << ch_table_names().size() - created
      << " already prepared\n";
  return kExitOk;
}

}  // namespace tpcc
