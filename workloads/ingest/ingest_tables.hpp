// The ingest workload's tables and the kit's record of them, as pure
// functions of the options: which tables a run writes, which stream writes
// which table, which tablespace each goes to, the row's text payload and
// the statements that make and fill a table.
//
// A table is tpcc_ingest_<n> (crt_time timestamp, info text default
// '<payload>'), the payload stored plain (not compressed, not out of line),
// so that each row takes about --ingest-row-bytes in the table, as the
// pgbench set-up it follows does. Batches give only crt_time; info is the
// default.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "config/workload_options.hpp"

namespace tpcc {

// The kit's record: one row per table prepare created, with the options its
// rows depend on and the rows the runs had acknowledged (recorded at the
// end of each run) and left in doubt (a batch whose connection broke before
// its answer: committed or not). tpcc check compares the tables' rows with
// these; tpcc cleanup drops what it names.
inline constexpr const char* kIngestRecord = "tpcc_ingest_tables";

extern const char* const kCreateIngestRecordSql;
// select table_name, row_bytes, unlogged from tpcc_ingest_tables.
extern const char* const kSelectIngestTablesSql;
// $1 table_name, $2 row_bytes, $3 unlogged, $4 tablespace (or null).
extern const char* const kInsertIngestTableSql;
// $1 table_name: forgets a recorded table that is gone.
extern const char* const kForgetIngestTableSql;
// $1 table_name, $2 rows acknowledged, $3 rows in doubt: added to its record.
extern const char* const kAddIngestRowsSql;
// Every table's acknowledged and in-doubt rows back to 0: its rows emptied
// between repeated runs.
extern const char* const kResetIngestCountsSql;
// select table_name, acknowledged_rows, in_doubt_rows ... order by the table's number.
extern const char* const kSelectIngestCountsSql;
// The tpcc_ingest_<n> tables of the current schema, by name.
extern const char* const kListIngestTablesSql;

// The tables a run writes: --ingest-tables, or one per stream (0).
int ingest_table_count(const IngestOptions& options, int streams);

// The table (1-based) stream `stream` (0-based, the terminal's index)
// writes: streams take the tables round-robin.
int ingest_table_of_stream(int stream, int table_count);

// "tpcc_ingest_3".
std::string ingest_table_name(int table);

// The tablespace of table `table` (1-based): the names round-robin, none
// without names.
std::optional<std::string> ingest_tablespace(int table, const std::vector<std::string>& names);

// The characters of a row's text payload: what --ingest-row-bytes leaves
// after the row's overhead (kIngestRowOverheadBytes).
int ingest_payload_chars(int row_bytes);

// The payload itself: `chars` lowercase hex digits, as md5 strings are
// (the same text for every row: the column's default).
std::string ingest_payload(int chars);

// CREATE [UNLOGGED] TABLE ... [TABLESPACE ...], then the plain storage of
// its payload column. The tablespace is quoted as an identifier.
std::vector<std::string> create_ingest_table_statements(int table, const IngestOptions& options,
                                                        const std::optional<std::string>& space);

// "insert into tpcc_ingest_3 (crt_time) values (now()), (now()), ..." of
// `rows` rows: the statement of one batch.
std::string ingest_insert_sql(int table, int rows);

// "copy tpcc_ingest_3 (crt_time) from stdin", and the data of one batch:
// `rows` lines of the timestamp text `stamp`.
std::string ingest_copy_sql(int table);
std::string ingest_copy_rows(int rows, const std::string& stamp);

}  // namespace tpcc
