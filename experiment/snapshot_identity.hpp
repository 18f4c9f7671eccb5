// The identity a snapshot carries as its database comment (whose load and
// what was loaded, the row counts of its tables and their digest): taken from the
// working database, written as the comment's JSON, read back from it.
#pragma once

#include <optional>
#include <string>

#include <pqxx/pqxx>

#include "loader/load_state.hpp"
#include "metrics/experiment.hpp"
#include "metrics/workload_tables.hpp"

namespace tpcc {

// The comment's text: JSON marked as tpcc's.
std::string identity_text(const SnapshotIdentity& id);

// The identity in a snapshot's comment; nullopt when the comment is not
// tpcc's (the database was not made by tpcc snapshot).
std::optional<SnapshotIdentity> parse_identity(const std::string& text);

// The snapshot database's comment; nullopt when there is no such database.
std::optional<std::string> snapshot_comment(pqxx::connection& conn, const std::string& snapshot);

// The identity of a snapshot of `database` taken now: the load's record and
// the ten tables' row counts, counted on conn (connected to `database`).
SnapshotIdentity take_identity(pqxx::connection& conn, const RecordedLoad& load,
                               const std::string& database);

// The same of another workload's load: its record's rows as the layout,
// the row counts of the tables it names.
SnapshotIdentity take_identity(pqxx::connection& conn, const WorkloadTables& load,
                               const std::string& database);

// "pgbench's load" ("TPC-C's load" for tpcc): how messages name a load.
std::string load_name(const std::string& workload);

}  // namespace tpcc
