// What a database already holds before prepare: nothing, a (partial) load
// of ours that can be resumed, or something incompatible that must not be
// mixed with new rows.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>

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

// The load recorded in bmsql_config.
struct RecordedLoad {
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
  std::set<int> complete_warehouses;  // warehouse rows present
  bool items_loaded = false;
};

DatabaseState inspect_database(pqxx::connection& conn);

// inspect_database() for a command that needs a load (run, check): throws
// UsageError if the database holds no tpcc/BenchmarkSQL load.
DatabaseState inspect_loaded_database(pqxx::connection& conn);

// The load constants a run needs; throws as inspect_loaded_database().
RecordedLoad read_recorded_load(pqxx::connection& conn);

}  // namespace tpcc
