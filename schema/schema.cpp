#include "schema/schema.hpp"

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include <pqxx/nontransaction>
#include <pqxx/result>

#include "config/errors.hpp"
#include "schema/citus.hpp"

namespace tpcc {
namespace schema {
const std::map<std::string, std::string>& embedded_sql_files();  // generated from schema/*.sql
}

const std::vector<std::string> kPartitionedTables = {
    "bmsql_stock", "bmsql_customer", "bmsql_oorder", "bmsql_new_order", "bmsql_order_line"};

const std::vector<std::string> kAllTables = {
    "bmsql_config",    "bmsql_warehouse", "bmsql_district",   "bmsql_customer", "bmsql_history",
    "bmsql_new_order", "bmsql_oorder",    "bmsql_order_line", "bmsql_item",     "bmsql_stock"};

const std::vector<std::string> kDataTables(kAllTables.begin() + 1, kAllTables.end());

const std::vector<std::string> kRunTables = {"tpcc_driver_barrier"};

std::string names_array(const std::vector<std::string>& names) {
  std::string list;
  for (const auto& name : names) list += (list.empty() ? "" : ",") + name;
  return "{" + list + "}";
}

std::string all_tables_array() { return names_array(kAllTables); }

namespace {

// Column holding the warehouse id of each partitioned table.
const std::map<std::string, std::string> kWarehouseColumn = {{"bmsql_stock", "s_w_id"},
                                                             {"bmsql_customer", "c_w_id"},
                                                             {"bmsql_oorder", "o_w_id"},
                                                             {"bmsql_new_order", "no_w_id"},
                                                             {"bmsql_order_line", "ol_w_id"}};

bool is_partitioned(const Config& config, const std::string& table) {
  return config.partitions > 1 && std::find(kPartitionedTables.begin(), kPartitionedTables.end(),
                                            table) != kPartitionedTables.end();
}

template <typename V>
std::optional<V> option_for(const std::map<std::string, V>& options, const std::string& table) {
  if (auto it = options.find(table); it != options.end()) return it->second;
  if (auto it = options.find("*"); it != options.end()) return it->second;
  return std::nullopt;
}

// "with (fillfactor=80, vacuum_truncate=off) tablespace "ts"" for a table
// or a partition.
std::string storage_clause(const Config& config, const std::string& table) {
  std::string with;
  if (const auto ff = fillfactor_for(config, table)) with = "fillfactor=" + std::to_string(*ff);
  if (const auto it = config.storage_parameters.find(table);
      it != config.storage_parameters.end()) {
    for (const auto& [name, value] : it->second) {
      with += (with.empty() ? "" : ", ") + name + "=" + value;
    }
  }
  std::string clause = with.empty() ? "" : " with (" + with + ")";
  if (const auto ts = tablespace_for(config, table)) {
    clause += " tablespace " + quote_identifier(*ts, "--tablespace");
  }
  return clause;
}

std::string tablespace_clause(const Config& config, const std::string& table,
                              const std::string& keyword) {
  const auto ts = tablespace_for(config, table);
  return ts ? " " + keyword + " " + quote_identifier(*ts, "--tablespace") : "";
}

// Replaces each {name:table} in sql with replace(name, table).
template <typename F>
std::string expand_placeholders(const std::string& sql, F&& replace) {
  static const std::regex placeholder(R"(\{([a-z_]+):([a-z_]+)\})");
  std::string out;
  auto last = sql.cbegin();
  for (std::sregex_iterator it(sql.begin(), sql.end(), placeholder), end; it != end; ++it) {
    out.append(last, (*it)[0].first);
    out += replace((*it)[1].str(), (*it)[2].str());
    last = (*it)[0].second;
  }
  out.append(last, sql.cend());
  return out;
}

// Partition k of n covers a contiguous range of warehouses; the first starts
// at MINVALUE and the last ends at MAXVALUE so later warehouses still fit.
std::vector<std::string> partition_statements(const Config& config, const std::string& table) {
  const int n = config.partitions;
  const int per_partition = std::max(1, (config.warehouses + n - 1) / n);
  std::vector<std::string> out;
  for (int k = 1; k <= n; ++k) {
    const std::string from = k == 1 ? "minvalue" : std::to_string(1 + (k - 1) * per_partition);
    const std::string to = k == n ? "maxvalue" : std::to_string(1 + k * per_partition);
    out.push_back("create table " + table + "_p" + std::to_string(k) + " partition of " + table +
                  " for values from (" + from + ") to (" + to + ")" +
                  storage_clause(config, table));
  }
  return out;
}

}  // namespace

std::optional<int> fillfactor_for(const Config& config, const std::string& table) {
  return option_for(config.fillfactor, table);
}

std::optional<std::string> tablespace_for(const Config& config, const std::string& table) {
  return option_for(config.tablespace, table);
}

std::string quote_identifier(const std::string& name, const std::string& what) {
  static const std::regex plain(R"([A-Za-z_][A-Za-z0-9_$]{0,62})");
  if (!std::regex_match(name, plain)) {
    throw UsageError(what + ": '" + name +
                     "' is not a valid identifier (letters, digits, _ and $; at most 63)");
  }
  return "\"" + name + "\"";
}

const std::string& embedded_sql_file(const std::string& file_name) {
  const auto& files = schema::embedded_sql_files();
  const auto it = files.find(file_name);
  if (it == files.end()) throw std::logic_error("schema file not embedded: " + file_name);
  return it->second;
}

std::vector<std::string> sql_file_statements(const std::string& file_name) {
  std::istringstream in(embedded_sql_file(file_name));
  std::string line, current;
  std::vector<std::string> statements;
  while (std::getline(in, line)) {
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line.compare(first, 2, "--") == 0) continue;
    current += line + "\n";
    if (line.find_last_not_of(" \t") != std::string::npos && line.back() == ';') {
      current.erase(current.find_last_of(';'));
      statements.push_back(current);
      current.clear();
    }
  }
  if (current.find_first_not_of(" \t\n") != std::string::npos) statements.push_back(current);
  return statements;
}

std::vector<std::string> create_table_statements(const Config& config) {
  std::vector<std::string> out;
  for (const std::string& statement : sql_file_statements("tables.sql")) {
    std::vector<std::string> partitions;
    out.push_back(expand_placeholders(statement, [&](const std::string&, const std::string& table) {
      if (!is_partitioned(config, table)) return storage_clause(config, table);
      partitions = partition_statements(config, table);
      // A partitioned parent holds no data: storage options go on partitions.
      return " partition by range (" + kWarehouseColumn.at(table) + ")" +
             tablespace_clause(config, table, "tablespace");
    }));
    out.insert(out.end(), partitions.begin(), partitions.end());
  }
  return out;
}

std::vector<std::string> index_statements(const Config& config) {
  std::vector<std::string> out;
  const bool citus = config.distribution == Distribution::Citus;
  for (const std::string& statement : sql_file_statements("indexes.sql")) {
    const std::string source = citus ? citus_key_statement(statement) : statement;
    out.push_back(
        expand_placeholders(source, [&](const std::string& kind, const std::string& table) {
          return tablespace_clause(
              config, table, kind == "index_tablespace" ? "using index tablespace" : "tablespace");
        }));
  }
  return out;
}

std::vector<std::string> foreign_key_statements() {
  return sql_file_statements("foreign_keys.sql");
}

std::vector<std::string> payload_statistics_statements(const Config& config) {
  std::vector<std::string> out;
  // Citus 13 refuses ALTER COLUMN ... SET STATISTICS on distributed tables
  // ("alter table command is currently unsupported").
  if (config.distribution == Distribution::Citus) return out;
  // ALTER COLUMN ... SET STATISTICS: 0 gathers none, -1 the server default.
  const std::string target = config.analyze_payload_columns ? "-1" : "0";
  for (const std::string& statement : sql_file_statements("payload_statistics.sql")) {
    out.push_back(expand_placeholders(
        statement, [&](const std::string&, const std::string&) { return target; }));
  }
  return out;
}

const std::string& procedures_script() { return embedded_sql_file("procedures.sql"); }

std::vector<std::string> drop_statements() { return sql_file_statements("drop.sql"); }

void validate_against_server(pqxx::connection& conn, const Config& config) {
  if (config.tablespace.empty()) return;
  pqxx::nontransaction tx(conn);
  std::set<std::string> existing;
  for (const auto& row : tx.exec("select spcname from pg_tablespace")) {
    existing.insert(row[0].as<std::string>());
  }
  for (const auto& [table, ts] : config.tablespace) {
    quote_identifier(ts, "--tablespace");
    if (!existing.count(ts)) {
      throw UsageError("--tablespace: tablespace '" + ts + "' (for " +
                       (table == "*" ? std::string("all tables") : table) +
                       ") does not exist on the server; create it first with CREATE TABLESPACE");
    }
  }
}

}  // namespace tpcc
