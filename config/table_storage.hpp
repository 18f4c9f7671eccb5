// What prepare gives the hot tables by default so that throughput holds for
// a whole run: fillfactor, storage parameters (autovacuum
// and vacuum settings per table) and which tables are left without
// statistics after the load. Each default is overridable (--fillfactor,
// --storage-parameters, --analyze-all-tables); docs/performance.md "Steady state" shows
// the measurement behind each.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace tpcc {

// Table ("bmsql_district") -> percent; "*" applies to every table.
using FillfactorMap = std::map<std::string, int>;
// Table -> storage parameter name -> value as PostgreSQL takes it.
using StorageParameters = std::map<std::string, std::map<std::string, std::string>>;

// The fillfactor prepare gives each table unless --fillfactor says otherwise.
const FillfactorMap& default_fillfactor();

// --fillfactor over the defaults: table=percent pairs replace those tables'
// entries and keep the other defaults; a bare number applies to every table
// and drops the defaults; "none" drops them (PostgreSQL's 100 everywhere);
// "default" keeps them ("default,stock=80" is how a layout is recorded).
FillfactorMap fillfactor_over_defaults(const std::string& text, const std::string& where);

// The storage parameters prepare gives the tables it creates.
const StorageParameters& default_storage_parameters();

// --storage-parameters over the defaults: "table.parameter=value" items set
// one parameter (tables by short name, parameters of kStorageParameterNames,
// values checked against PostgreSQL's ranges); "table.parameter=default"
// drops that default; "none" drops them all.
StorageParameters storage_parameters_over_defaults(const std::string& text,
                                                   const std::string& where);

// "district.vacuum_truncate=off,..." (short table names) with items
// joined by `separator`, or "none".
std::string storage_parameters_text(const StorageParameters& parameters,
                                    const std::string& separator = ",");

// The storage parameters --storage-parameters accepts, for help and messages.
std::string storage_parameter_names();

// Tables prepare leaves without statistics after the load unless
// --analyze-all-tables: the planner then takes them for at least 10 pages
// and picks their primary keys (see the .cpp for the measurement).
const std::vector<std::string>& tables_left_unanalyzed();

}  // namespace tpcc
