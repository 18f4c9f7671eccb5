#include "loader/layout.hpp"

#include <map>

#include <pqxx/nontransaction>
#include <pqxx/result>

#include "config/errors.hpp"
#include "config/names.hpp"
#include "schema/schema.hpp"

namespace tpcc {
namespace {

// For a load of an older tpcc (no tpcc_partitions): the partitions of
// bmsql_stock. Every partitioned table gets the same count, so one speaks
// for all; 0 when it is a plain table.
constexpr const char* kCatalogPartitionsSql = R"sql(
select count(*)
  from pg_inherits i
  join pg_class c on c.oid = i.inhparent
 where c.relname = 'bmsql_stock' and c.relnamespace = to_regnamespace(current_schema())::oid
)sql";

// For a load of an older tpcc (no tpcc_fillfactor): each data table's
// fillfactor from its reloptions, or from its first partition's (a
// partitioned parent holds no storage options); '' when it has none.
// $1 the table names.
constexpr const char* kCatalogFillfactorSql = R"sql(
select c.relname,
       coalesce((select option_value
                   from pg_options_to_table(coalesce(
                          (select p.reloptions
                             from pg_inherits i
                             join pg_class p on p.oid = i.inhrelid
                            where i.inhparent = c.oid
                            order by p.relname
                            limit 1),
                          c.reloptions))
                  where option_name = 'fillfactor'), '')
  from pg_class c
 where c.relnamespace = to_regnamespace(current_schema())::oid
   and c.relkind in ('r', 'p') and c.relname = any($1::text[])
)sql";

constexpr std::size_t kTablePrefixLength = sizeof "bmsql_" - 1;

// "none", "80" when every data table has the same value, else
// "customer=90,stock=80" (the short names --fillfactor accepts).
std::string per_table_text(const std::map<std::string, std::string>& by_table) {
  if (by_table.empty()) return "none";
  bool uniform = by_table.size() == kDataTables.size();
  for (const auto& entry : by_table) uniform = uniform && entry.second == by_table.begin()->second;
  if (uniform) return by_table.begin()->second;
  std::string out;
  for (const auto& [table, value] : by_table) {
    out += (out.empty() ? "" : ",") + table.substr(kTablePrefixLength) + "=" + value;
  }
  return out;
}

// The fillfactor as recorded: per_table_text ("none", "90", "stock=80") or,
// when shorter, relative to prepare's defaults (config/table_storage.hpp):
// "default" when it holds them, "default,stock=80" when pairs changed some.
// Either is a function of the map alone, so equal layouts record equal
// text; the shorter keeps the defaults of four tables within bmsql_config's
// cfg_value (varchar(50)).
std::string fillfactor_text(const std::map<std::string, std::string>& by_table) {
  const std::string plain = per_table_text(by_table);
  if (plain.find('=') == std::string::npos) return plain;  // none or one value for all
  for (const auto& entry : default_fillfactor()) {
    if (!by_table.count(entry.first)) return plain;  // a default dropped: not based on them
  }
  std::string changed;
  for (const auto& [table, value] : by_table) {
    const auto as_default = default_fillfactor().find(table);
    if (as_default == default_fillfactor().end() || std::to_string(as_default->second) != value) {
      changed += "," + table.substr(kTablePrefixLength) + "=" + value;
    }
  }
  const std::string relative = "default" + changed;
  return relative.size() < plain.size() ? relative : plain;
}

// How the request reads on a command line: "--partitions 4", "no --fillfactor".
std::string as_flag(const LayoutSetting& setting) {
  const std::string flag = setting.flag;
  if (setting.value == "none" || setting.value == "no") return "no " + flag;
  if (setting.value == "yes") return flag;
  return flag + " " + setting.value;
}

struct Recorded {
  std::string value;
  std::string source;
};

// The recorded settings; for a load of an older tpcc, the ones the catalog
// tells exactly. A key found in neither is absent: accepted as asked.
std::map<std::string, Recorded> recorded_settings(pqxx::connection& conn,
                                                  const std::vector<LayoutSetting>& settings,
                                                  const RecordedLoad& recorded) {
  std::map<std::string, Recorded> out;
  for (const LayoutSetting& setting : settings) {
    const auto it = recorded.values.find(setting.key);
    if (it != recorded.values.end()) {
      out[setting.key] = {it->second, std::string("bmsql_config ") + setting.key};
    }
  }
  pqxx::nontransaction tx(conn);
  if (!out.count(kConfigPartitions)) {
    out[kConfigPartitions] = {tx.exec(kCatalogPartitionsSql)[0][0].as<std::string>(),
                              std::string("the catalog; the load predates ") + kConfigPartitions};
  }
  if (!out.count(kConfigFillfactor)) {
    std::map<std::string, std::string> by_table;
    for (const auto& row : tx.exec_params(kCatalogFillfactorSql, all_tables_array())) {
      const auto value = row[1].as<std::string>();
      if (!value.empty()) by_table[row[0].as<std::string>()] = value;
    }
    out[kConfigFillfactor] = {fillfactor_text(by_table),
                              std::string("the catalog; the load predates ") + kConfigFillfactor};
  }
  return out;
}

}  // namespace

std::vector<LayoutSetting> requested_layout(const Config& config) {
  std::map<std::string, std::string> fillfactor, tablespace;
  for (const std::string& table : kDataTables) {
    if (const auto ff = fillfactor_for(config, table)) fillfactor[table] = std::to_string(*ff);
    if (const auto ts = tablespace_for(config, table)) tablespace[table] = *ts;
  }
  return {
      {kConfigPartitions, "--partitions",
       std::to_string(config.partitions > 1 ? config.partitions : 0)},
      {kConfigFillfactor, "--fillfactor", fillfactor_text(fillfactor)},
      {kConfigTablespace, "--tablespace", per_table_text(tablespace)},
      {kConfigForeignKeys, "--foreign-keys", config.foreign_keys ? "yes" : "no"},
      {kConfigLoadMethod, "--load-method", std::string(load_method_name(config.load_method))},
      {kConfigDistribution, "--distribute", std::string(distribution_name(config.distribution))},
      {kConfigShards, "--shards",
       std::to_string(config.distribution == Distribution::Citus ? config.shards : 0)},
  };
}

Distribution recorded_distribution(const RecordedLoad& recorded) {
  const auto it = recorded.values.find(kConfigDistribution);
  return it != recorded.values.end() && it->second == distribution_name(Distribution::Citus)
             ? Distribution::Citus
             : Distribution::None;
}

std::string describe_distribution(const RecordedLoad& recorded) {
  if (recorded_distribution(recorded) == Distribution::None) return "none (one server)";
  const auto shards = recorded.values.find(kConfigShards);
  return std::string(distribution_name(Distribution::Citus)) + ", " +
         (shards == recorded.values.end() ? std::string("?") : shards->second) +
         " shards per table, colocated by warehouse";
}

void require_recorded_layout(pqxx::connection& conn, const Config& config,
                             const RecordedLoad& recorded) {
  const auto requested = requested_layout(config);
  const auto known = recorded_settings(conn, requested, recorded);
  std::string differences;
  for (const LayoutSetting& setting : requested) {
    const auto it = known.find(setting.key);
    if (it == known.end() || it->second.value == setting.value) continue;
    differences += "\n  " + as_flag(setting) + ": the database was loaded with " +
                   (setting.flag + 2) + " " + it->second.value + " (" + it->second.source + ")";
  }
  if (differences.empty()) return;
  throw UsageError("the database holds a load with another layout:" + differences +
                   "\nto load with the new layout, run tpcc cleanup first; to resume or "
                   "re-prepare this load, pass the options it was loaded with");
}

}  // namespace tpcc
