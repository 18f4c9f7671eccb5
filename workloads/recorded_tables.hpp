// What the workloads' own tables share (sysbench's sbtest tables, the
// ingest tables): whether a relation is in the schema the kit creates in,
// and cleanup's drop of the tables a record of the kit's names.
#pragma once

#include <string>
#include <vector>

#include <pqxx/transaction_base>

namespace tpcc {

// Whether a relation of that name is in the current schema ($1 name).
extern const char* const kRelationExistsSql;

bool relation_exists(pqxx::transaction_base& tx, const std::string& name);

// Drops each of `names` that exists, in tx: the names are the kit's own,
// read from its record. Returns how many were dropped.
int drop_recorded_tables(pqxx::transaction_base& tx, const std::vector<std::string>& names);

// The first column of the rows `sql` returns, joined with ", ": the tables
// of a workload's names that cleanup leaves because the kit did not make them.
std::string joined_names(pqxx::transaction_base& tx, const char* sql);

}  // namespace tpcc
