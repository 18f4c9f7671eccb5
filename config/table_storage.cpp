#include "config/table_storage.hpp"

#include <climits>

#include "config/names.hpp"
#include "config/settings/values.hpp"

namespace tpcc {
namespace {

constexpr std::size_t kTablePrefixLength = sizeof "bmsql_" - 1;
constexpr const char* kNone = "none";
constexpr const char* kDefault = "default";

// A table storage parameter of PostgreSQL 15 (CREATE TABLE ... WITH) and the
// values it takes (src/backend/access/common/reloptions.c).
struct StorageParameter {
  const char* name;
  enum Kind { Bool, Int, Real } kind;
  double lo, hi;
};

constexpr StorageParameter kStorageParameters[] = {
    {"autovacuum_enabled", StorageParameter::Bool, 0, 0},
    {"autovacuum_vacuum_threshold", StorageParameter::Int, 0, INT_MAX},
    {"autovacuum_vacuum_scale_factor", StorageParameter::Real, 0, 100},
    {"autovacuum_vacuum_insert_threshold", StorageParameter::Int, -1, INT_MAX},
    {"autovacuum_vacuum_insert_scale_factor", StorageParameter::Real, 0, 100},
    {"autovacuum_analyze_threshold", StorageParameter::Int, 0, INT_MAX},
    {"autovacuum_analyze_scale_factor", StorageParameter::Real, 0, 100},
    {"autovacuum_vacuum_cost_delay", StorageParameter::Real, 0, 100},
    {"autovacuum_vacuum_cost_limit", StorageParameter::Int, 1, 10000},
    {"vacuum_truncate", StorageParameter::Bool, 0, 0},
};

const StorageParameter* find_parameter(const std::string& name) {
  for (const auto& p : kStorageParameters) {
    if (name == p.name) return &p;
  }
  return nullptr;
}

// The value as PostgreSQL takes it, after checking it against the range;
// `at` names the option and the item ("--storage-parameters: district.x").
std::string checked_value(const StorageParameter& p, const std::string& value,
                          const std::string& at) {
  switch (p.kind) {
    case StorageParameter::Bool: return parse_bool(value, at) ? "on" : "off";
    case StorageParameter::Int:
      return std::to_string(
          parse_int(value, static_cast<long long>(p.lo), static_cast<long long>(p.hi), at));
    case StorageParameter::Real: return format_number(parse_number_in(value, p.lo, p.hi, at));
  }
  return value;
}

}  // namespace

// 3.4 of docs/performance.md "Steady state", W=4, 8 terminals, no keying/think time:
// with fillfactor 100 the ten district rows of a warehouse and its
// warehouse row, updated by every New-Order and Payment, grew from one page
// to 133 and 51 pages in four minutes; at 10 each access finds the page
// below its fillfactor and prunes the dead versions of its HOT chains.
// CUSTOMER (Payment, Delivery) and ORDER-LINE (Delivery sets OL_DELIVERY_D
// on lines inserted full-page) keep room for their HOT updates at 90.
const FillfactorMap& default_fillfactor() {
  static const FillfactorMap defaults = {{"bmsql_warehouse", 10},
                                         {"bmsql_district", 10},
                                         {"bmsql_customer", 90},
                                         {"bmsql_order_line", 90}};
  return defaults;
}

FillfactorMap fillfactor_over_defaults(const std::string& text, const std::string& where) {
  std::string pairs;
  bool drop_defaults = false;
  for (const std::string& item : split(text, ',')) {
    if (item == kNone) {
      drop_defaults = true;
    } else if (item != kDefault) {  // "default,stock=80", as layouts are recorded
      pairs += (pairs.empty() ? "" : ",") + item;
    }
  }
  const FillfactorMap given = pairs.empty() ? FillfactorMap{} : parse_fillfactor(pairs, where);
  if (drop_defaults || given.count("*")) return given;
  FillfactorMap out = default_fillfactor();
  for (const auto& [table, pct] : given) out[table] = pct;
  return out;
}

// Warehouse and district: a vacuum that truncates them back to a page or two
// brings back the sequential-scan plan of tables_left_unanalyzed(); they
// stay at the size their updates need.
const StorageParameters& default_storage_parameters() {
  static const StorageParameters defaults = {
      {"bmsql_warehouse", {{"vacuum_truncate", "off"}}},
      {"bmsql_district", {{"vacuum_truncate", "off"}}},
  };
  return defaults;
}

StorageParameters storage_parameters_over_defaults(const std::string& text,
                                                   const std::string& where) {
  StorageParameters out = default_storage_parameters();
  for (const std::string& item : split(text, ',')) {
    if (item == kNone) {
      out.clear();
      continue;
    }
    const auto dot = item.find('.');
    const auto eq = item.find('=');
    if (dot == std::string::npos || eq == std::string::npos || eq < dot) {
      fail(where, item, "table.parameter=value (district.autovacuum_vacuum_scale_factor=0.05)");
    }
    const auto table = table_from_short_name(item.substr(0, dot));
    if (!table) {
      fail(where, item, "on a table of the kit (tables: " + std::string(table_short_names()) + ")");
    }
    const std::string name = item.substr(dot + 1, eq - dot - 1);
    const StorageParameter* parameter = find_parameter(name);
    if (!parameter) fail(where, item, "a storage parameter of " + storage_parameter_names());
    const std::string value = item.substr(eq + 1);
    if (value == kDefault) {
      out[*table].erase(name);
      if (out[*table].empty()) out.erase(*table);
    } else {
      out[*table][name] = checked_value(*parameter, value, where + ": " + item.substr(0, eq));
    }
  }
  return out;
}

std::string storage_parameters_text(const StorageParameters& parameters,
                                    const std::string& separator) {
  std::string out;
  for (const auto& [table, by_name] : parameters) {
    for (const auto& [name, value] : by_name) {
      out += (out.empty() ? "" : separator) + table.substr(kTablePrefixLength) + "." + name + "=" +
             value;
    }
  }
  return out.empty() ? kNone : out;
}

std::string storage_parameter_names() {
  std::string out;
  for (const auto& p : kStorageParameters) out += (out.empty() ? "" : ", ") + std::string(p.name);
  return out;
}

// Prepared statements keep the generic plan made at their sixth execution.
// Analysed right after the load, warehouse and district are one page, which
// a sequential scan reads more cheaply than an index; the plan then stayed a
// sequential scan as the tables grew until autovacuum's first visit (W=4:
// 71,598 sequential scans of district in the first minute). Without
// statistics (reltuples -1) the planner takes a table for at least 10 pages
// and picks the primary key from the start (1 sequential scan).
const std::vector<std::string>& tables_left_unanalyzed() {
  static const std::vector<std::string> tables = {"bmsql_warehouse", "bmsql_district"};
  return tables;
}

}  // namespace tpcc
