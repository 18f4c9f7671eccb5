// The databases tpcc sweep prepares its loads into (<db>_sweep_scale2, see
// config/sweep_grid.hpp): created by the kit with its mark as their
// comment, so that a database of such a name the kit did not create is
// never prepared into or dropped (docs/experiments.md).
#pragma once

#include <string>

namespace tpcc {

enum class LoadDatabaseState { Absent, Kit, NotKit };

// Whether the database `name` exists on the server of `conninfo` (the
// working database's), and whether the kit made it as a sweep's load.
LoadDatabaseState load_database_state(const std::string& conninfo, const std::string& name);

// Whether the load database is the kit's and its snapshot (the kit's) was
// taken: a load a sweep continued can run on again.
bool load_database_ready(const std::string& conninfo, const std::string& name);

// The database's name is not too long for PostgreSQL, nor is its
// snapshot's; UsageError naming the axis values (`load`) otherwise.
void require_load_database_name(const std::string& name, const std::string& load);

// CREATE DATABASE name, with the kit's mark (the source database and the
// load) as its comment. UsageError when the role may not create databases.
void create_load_database(const std::string& conninfo, const std::string& name,
                          const std::string& source, const std::string& load);

// Drops the load database and its snapshot, each only when the kit made it.
void drop_load_database(const std::string& conninfo, const std::string& name);

}  // namespace tpcc
