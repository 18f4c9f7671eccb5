#include "workloads/ingest/ingest_tables.hpp"

#include <cstdint>

#include "schema/schema.hpp"

namespace tpcc {

const char* const kCreateIngestRecordSql =
    "create table if not exists tpcc_ingest_tables ("
    " table_name text primary key,"
    " row_bytes integer not null,"
    " unlogged boolean not null,"
    " tablespace text,"
    " acknowledged_rows bigint not null default 0,"
    " in_doubt_rows bigint not null default 0)";

const char* const kSelectIngestTablesSql =
    "select table_name, row_bytes, unlogged from tpcc_ingest_tables";

const char* const kInsertIngestTableSql =
    "insert into tpcc_ingest_tables (table_name, row_bytes, unlogged, tablespace) "
    "values ($1, $2, $3, $4)";

const char* const kForgetIngestTableSql = "delete from tpcc_ingest_tables where table_name = $1";

const char* const kAddIngestRowsSql =
    "update tpcc_ingest_tables set acknowledged_rows = acknowledged_rows + $2, "
    "in_doubt_rows = in_doubt_rows + $3 where table_name = $1";

const char* const kResetIngestCountsSql =
    "update tpcc_ingest_tables set acknowledged_rows = 0, in_doubt_rows = 0";

const char* const kSelectIngestCountsSql =
    "select table_name, acknowledged_rows, in_doubt_rows from tpcc_ingest_tables "
    "order by substring(table_name from '[0-9]+$')::int";

const char* const kListIngestTablesSql =
    "select relname from pg_class where relname ~ '^tpcc_ingest_[0-9]+$' and relkind = 'r' "
    "and relnamespace = to_regnamespace(current_schema())::oid order by relname";

int ingest_table_count(const IngestOptions& options, int streams) {
  return options.tables > 0 ? options.tables : streams;
}

int ingest_table_of_stream(int stream, int table_count) { return stream % table_count + 1; }

std::string ingest_table_name(int table) { return "tpcc_ingest_" + std::to_string(table); }

std::optional<std::string> ingest_tablespace(int table, const std::vector<std::string>& names) {
  if (names.empty()) return std::nullopt;
  return names[static_cast<std::size_t>(table - 1) % names.size()];
}

int ingest_payload_chars(int row_bytes) { return row_bytes - kIngestRowOverheadBytes; }

std::string ingest_payload(int chars) {
  static const char kHex[] = "0123456789abcdef";
  std::string text;
  text.reserve(static_cast<std::size_t>(chars));
  // splitmix64: digits that look like a digest and compress as badly.
  std::uint64_t state = 0;
  while (static_cast<int>(text.size()) < chars) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    for (int i = 0; i < 16 && static_cast<int>(text.size()) < chars; ++i) {
      text += kHex[(z >> (4 * i)) & 0xf];
    }
  }
  return text;
}

std::vector<std::string> create_ingest_table_statements(int table, const IngestOptions& options,
                                                        const std::optional<std::string>& space) {
  const std::string name = ingest_table_name(table);
  // The payload is hex digits: no quote to escape.
  std::string create = std::string("create ") + (options.unlogged ? "unlogged " : "") + "table " +
                       name + " (crt_time timestamp, info text default '" +
                       ingest_payload(ingest_payload_chars(options.row_bytes)) + "')";
  if (space) create += " tablespace " + quote_identifier(*space, "--tablespace");
  return {create, "alter table " + name + " alter column info set storage plain"};
}

std::string ingest_insert_sql(int table, int rows) {
  std::string sql = "insert into " + ingest_table_name(table) + " (crt_time) values ";
  sql.reserve(sql.size() + static_cast<std::size_t>(rows) * 9);
  for (int i = 0; i < rows; ++i) sql += i == 0 ? "(now())" : ",(now())";
  return sql;
}

std::string ingest_copy_sql(int table) {
  return "copy " + ingest_table_name(table) + " (crt_time) from stdin";
}

std::string ingest_copy_rows(int rows, const std::string& stamp) {
  std::string data;
  data.reserve(static_cast<std::size_t>(rows) * (stamp.size() + 1));
  for (int i = 0; i < rows; ++i) {
    data += stamp;
    data += '\n';
  }
  return data;
}

}  // namespace tpcc
