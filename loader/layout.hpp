// The table layout of a load: partitions, fillfactor, tablespaces, foreign
// keys and load method. prepare records it in bmsql_config with the schema;
// a later prepare (a resume, or one after a run) must ask for the same one,
// because rows added under another layout would make a database that no
// single prepare describes.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <pqxx/connection>

#include "config/config.hpp"
#include "loader/load_state.hpp"

namespace tpcc {

// One recorded setting in its canonical text: partitions "0" (not
// partitioned) or N; fillfactor and tablespace "none", one value for every
// table ("80"), or short-name pairs ("customer=90,stock=80"); foreign keys
// "yes"/"no"; load method "copy"/"insert".
struct LayoutSetting {
  const char* key;   // bmsql_config cfg_name
  const char* flag;  // the option that sets it
  std::string value;
};

// What `config` asks for, in bmsql_config key order. config.shards must be
// resolved (prepare does) when config.distribution is Citus.
std::vector<LayoutSetting> requested_layout(const Config& config);

// The distribution bmsql_config records; None for a load without the key.
Distribution recorded_distribution(const RecordedLoad& recorded);

// "citus, 32 shards per table" / "none (one server)", for run's report.
std::string describe_distribution(const RecordedLoad& recorded);

// Throws UsageError (exit 2) naming each setting in which `config` differs
// from the recorded load, and how to get the new layout. A load made before
// these keys existed is compared with what the catalog says where that is
// cheap and exact (partitions, fillfactor); its other settings are accepted.
void require_recorded_layout(pqxx::connection& conn, const Config& config,
                             const RecordedLoad& recorded);

}  // namespace tpcc
