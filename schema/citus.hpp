// --distribute citus: the Citus side of the schema. prepare distributes the
// tables (schema/citus_distribute.sql) and the functions of --mode
// procedures (schema/citus_functions.sql); keys Citus cannot take as they
// are have their own statements (schema/citus_keys.sql); foreign keys that
// cross warehouses are left out.
#pragma once

#include <string>
#include <vector>

#include <pqxx/connection>
#include <pqxx/transaction_base>

namespace tpcc {

// Throws UsageError (exit 2) unless the database has the citus extension
// and at least one node that takes shards, saying how to get there.
void require_citus(pqxx::connection& conn);

// The server's citus.shard_count: the shard count when --shards is not given.
int server_shard_count(pqxx::connection& conn);

// Distributes the freshly created, empty tables: `shards` per table.
void distribute_tables(pqxx::transaction_base& tx, int shards);

// Replaces New-Order and Payment of procedures.sql with the versions of
// citus_procedures.sql (one table of one warehouse per statement), then
// makes the five functions distributed functions.
void distribute_functions(pqxx::transaction_base& tx);

// `statement` of indexes.sql, or its replacement from citus_keys.sql when
// it creates a key Citus cannot take.
std::string citus_key_statement(const std::string& statement);

// A foreign key of foreign_keys.sql Citus cannot enforce: one that does not
// join two colocated tables on their distribution columns (nor points at a
// reference table). Such a key links two warehouses, whose rows can be on
// two workers.
bool crosses_warehouses(const std::string& foreign_key_statement);

// Bytes of the distributed and reference tables over all nodes (each
// shard placement counted), for prepare's summary: the coordinator's
// pg_database_size holds little more than the catalog.
double distributed_bytes(pqxx::connection& conn);

// The workers of the cluster the connection's coordinator knows (active,
// primary nodes that take shards, the coordinator excluded).
int active_worker_count(pqxx::connection& conn);

}  // namespace tpcc
