// The DDL of schema/*.sql with the user's table options applied:
// fillfactor, tablespaces and declarative partitioning by warehouse.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <pqxx/connection>

#include "config/config.hpp"

namespace tpcc {

// The tables partitioned by warehouse when --partitions > 1.
extern const std::vector<std::string> kPartitionedTables;
// Every table prepare creates, in creation order.
extern const std::vector<std::string> kAllTables;
// The tables that hold rows per warehouse or item (all but bmsql_config):
// the ones fillfactor and tablespace options apply to.
extern const std::vector<std::string> kDataTables;

// Tables tpcc run creates when asked, not prepare: the start barrier of
// several drivers (driver_barrier.sql). Cleanup drops and inspects them too.
extern const std::vector<std::string> kRunTables;

// Names as an array literal ("{bmsql_config,...}") for a $n::text[]
// parameter; the kit's names are plain identifiers, so no quoting is needed.
std::string names_array(const std::vector<std::string>& names);
// kAllTables as such a literal.
std::string all_tables_array();

// The fillfactor / tablespace the options give `table`: its own entry,
// else the "*" entry, else none.
std::optional<int> fillfactor_for(const Config& config, const std::string& table);
std::optional<std::string> tablespace_for(const Config& config, const std::string& table);

// One schema/*.sql file as it is, for a file run as one script.
const std::string& embedded_sql_file(const std::string& file_name);

// Statements of one schema/*.sql file, comments removed, placeholders as is.
std::vector<std::string> sql_file_statements(const std::string& file_name);

// CREATE TABLE (and partition) statements with the options applied.
std::vector<std::string> create_table_statements(const Config& config);

// Primary keys and indexes; independent of each other. With --distribute
// citus, the keys of citus_keys.sql replace those of the same name.
std::vector<std::string> index_statements(const Config& config);

std::vector<std::string> foreign_key_statements();

// The statistics targets of the text payload columns
// (payload_statistics.sql): 0 unless --analyze-payload-columns, which sets
// them back to the server's default (-1). One statement per table; none
// under --distribute citus, which does not take SET STATISTICS.
std::vector<std::string> payload_statistics_statements(const Config& config);

// schema/procedures.sql as one script (its function bodies hold semicolons):
// the functions of --mode procedures, created or replaced.
const std::string& procedures_script();

std::vector<std::string> drop_statements();

// Checks what the options name against the server (tablespaces exist)
// before anything is created; throws UsageError naming the flag.
void validate_against_server(pqxx::connection& conn, const Config& config);

// "name" quoted as an SQL identifier after checking it is a plain one.
std::string quote_identifier(const std::string& name, const std::string& what);

}  // namespace tpcc
