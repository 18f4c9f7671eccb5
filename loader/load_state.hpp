// What a database already holds before prepare: nothing, a (partial) load
// of ours that can be resumed, or something incompatible that must not be
// mixed with new rows.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <pqxx/connection>

#include "spec/nurand.hpp"

namespace tpcc {

// bmsql_config keys. The first four are BenchmarkSQL 5's own.
inline constexpr const char* kConfigWarehouses = "warehouses";
inline constexpr const char* kConfigCLast = "nURandCLast";
inline constexpr const char* kConfigCId = "nURandCC_ID";
inline constexpr const char* kConfigItemId = "nURandCI_ID";
inline constexpr const char* kConfigSeed = "tpcc_seed";
inline constexpr const char* kConfigLoadTime = "tpcc_load_time";
inline constexpr const char* kConfigVersion = "tpcc_version";
inline constexpr const char* kConfigLoadComplete = "tpcc_load_complete";
// The layout prepare chose (loader/layout.hpp), so that a later prepare
// cannot add rows under another one. Absent from loads of an older tpcc.
inline constexpr const char* kConfigPartitions = "tpcc_partitions";
inline constexpr const char* kConfigFillfactor = "tpcc_fillfactor";
inline constexpr const char* kConfigTablespace = "tpcc_tablespace";
inline constexpr const char* kConfigForeignKeys = "tpcc_foreign_keys";
inline constexpr const char* kConfigLoadMethod = "tpcc_load_method";
// --distribute: "none" or "citus"; the shards of each distributed table
// ("0" when not distributed).
inline constexpr const char* kConfigDistribution = "tpcc_distribution";
inline constexpr const char* kConfigShards = "tpcc_shards";
// tpcc prepare --driver I/N: the N drivers the load was split over, so that
// every driver slices the warehouses alike and check can name a missing
// driver's slice. Absent from a load of one prepare.
inline constexpr const char* kConfigLoadDrivers = "tpcc_load_drivers";

// Which kit wrote bmsql_config. tpcc writes BenchmarkSQL 5's four keys and
// its own tpcc_* keys, tpcc_load_complete last; BenchmarkSQL 5 writes its
// four only, and has no completion mark: its load is judged by its rows.
enum class LoadKit { Tpcc, BenchmarkSql, Other };

// The prefix of every key tpcc writes beyond BenchmarkSQL's four.
inline constexpr const char* kTpccKeyPrefix = "tpcc_";

// The load recorded in bmsql_config.
struct RecordedLoad {
  LoadKit kit = LoadKit::Tpcc;
  int warehouses = 0;
  NURandConstants c_load;
  std::optional<std::uint64_t> seed;  // absent when another kit loaded it
  std::string load_time;
  bool complete = false;                      // indexes built and analyzed
  std::map<std::string, std::string> values;  // every bmsql_config row, by name
};

struct DatabaseState {
  enum class Kind { Empty, Ours, Incompatible } kind = Kind::Empty;
  std::string incompatibility;  // why, when Incompatible
  RecordedLoad recorded;
  // Warehouses loaded whole. A tpcc load commits each warehouse in one
  // transaction, so its row is enough; another kit's (BenchmarkSQL commits
  // a warehouse in parts) also needs the last rows of its stock, districts,
  // customers, orders and order lines.
  std::set<int> complete_warehouses;
  bool items_loaded = false;
  // Another kit's load: its tables without a primary key (its index step
  // did not run). tpcc's own record this in tpcc_load_complete instead.
  std::vector<std::string> tables_without_key;
};

// The keys bmsql_config holds, as the kit that wrote them: tpcc when any key
// has the tpcc_ prefix, BenchmarkSQL when its four keys are there and none
// of tpcc's, else another kit.
LoadKit load_kit(const std::map<std::string, std::string>& config_values);

// "tpcc", "BenchmarkSQL", "another kit".
const char* load_kit_name(LoadKit kit);

// Who loaded the database, for check's and run's first lines:
// "tpcc 0.1.0 (seed 42, loaded 2026-01-02 03:04:05)" or "BenchmarkSQL
// (bmsql_config holds its keys warehouses, nURandCLast, nURandCC_ID,
// nURandCI_ID and no tpcc_ key)".
std::string describe_load(const RecordedLoad& load);

DatabaseState inspect_database(pqxx::connection& conn);

// inspect_database() for a command that needs a load (run, check): throws
// UsageError if the database holds no tpcc/BenchmarkSQL load.
DatabaseState inspect_loaded_database(pqxx::connection& conn);

// The load constants a run needs; throws as inspect_loaded_database().
RecordedLoad read_recorded_load(pqxx::connection& conn);

}  // namespace tpcc
