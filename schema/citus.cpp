#include "schema/citus.hpp"

#include <regex>
#include <set>

#include <pqxx/nontransaction>
#include <pqxx/result>

#include "config/errors.hpp"
#include "schema/schema.hpp"

namespace tpcc {
namespace {

constexpr const char* kHasCitusSql = "select count(*) from pg_extension where extname = 'citus'";

// Nodes that can hold shards: the workers, and the coordinator when it was
// added with shouldhaveshards (a one-node "cluster").
constexpr const char* kShardNodesSql =
    "select count(*) from pg_dist_node where isactive and noderole = 'primary' and "
    "shouldhaveshards";

constexpr const char* kWorkersSql =
    "select count(*) from pg_dist_node where isactive and noderole = 'primary' and "
    "shouldhaveshards and groupid <> 0";

// The foreign keys of foreign_keys.sql that Citus refuses: each references
// another warehouse's rows through a column that is not the distribution
// column (H_C_W_ID, the customer's warehouse; OL_SUPPLY_W_ID, the
// supplying warehouse).
const std::set<std::string> kCrossWarehouseForeignKeys = {"h_customer_fkey", "ol_stock_fkey"};

// Partitioned parents hold no data; their partitions are listed too.
constexpr const char* kDistributedBytesSql =
    "select coalesce(sum(citus_total_relation_size(p.logicalrelid)), 0) "
    "from pg_dist_partition p join pg_class c on c.oid = p.logicalrelid where c.relkind = 'r'";

std::string constraint_name(const std::string& statement) {
  static const std::regex name(R"(add\s+constraint\s+([a-z0-9_]+))", std::regex::icase);
  std::smatch m;
  return std::regex_search(statement, m, name) ? m[1].str() : std::string();
}

}  // namespace

void require_citus(pqxx::connection& conn) {
  pqxx::nontransaction tx(conn);
  if (tx.exec(kHasCitusSql)[0][0].as<int>() == 0) {
    throw UsageError(
        "--distribute citus: the database has no citus extension. On a Citus cluster's "
        "coordinator (shared_preload_libraries = 'citus' on every node): create extension "
        "citus in this database on every node, then select citus_set_coordinator_host(...) "
        "and select citus_add_node(...) for each worker on the coordinator; or try "
        "tpcc quickstart --citus-workers 2");
  }
  if (tx.exec(kShardNodesSql)[0][0].as<int>() == 0) {
    throw UsageError(
        "--distribute citus: the Citus cluster has no node to hold shards; add the workers "
        "on the coordinator with select citus_add_node('host', port)");
  }
}

int server_shard_count(pqxx::connection& conn) {
  pqxx::nontransaction tx(conn);
  return tx.exec("show citus.shard_count")[0][0].as<int>();
}

void distribute_tables(pqxx::transaction_base& tx, int shards) {
  for (const std::string& statement : sql_file_statements("citus_distribute.sql")) {
    if (statement.find("$1") != std::string::npos) {
      tx.exec_params(statement, shards);
    } else {
      tx.exec(statement);
    }
  }
}

void distribute_functions(pqxx::transaction_base& tx) {
  tx.exec(embedded_sql_file("citus_procedures.sql"));
  for (const std::string& statement : sql_file_statements("citus_functions.sql"))
    tx.exec(statement);
}

std::string citus_key_statement(const std::string& statement) {
  const std::string name = constraint_name(statement);
  for (const std::string& replacement : sql_file_statements("citus_keys.sql")) {
    if (!name.empty() && constraint_name(replacement) == name) return replacement;
  }
  return statement;
}

bool crosses_warehouses(const std::string& foreign_key_statement) {
  return kCrossWarehouseForeignKeys.count(constraint_name(foreign_key_statement)) > 0;
}

double distributed_bytes(pqxx::connection& conn) {
  pqxx::nontransaction tx(conn);
  return tx.exec(kDistributedBytesSql)[0][0].as<double>();
}

int active_worker_count(pqxx::connection& conn) {
  pqxx::nontransaction tx(conn);
  return tx.exec(kWorkersSql)[0][0].as<int>();
}

}  // namespace tpcc
