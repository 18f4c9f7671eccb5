// The options table, connection and load part: where to connect, what
// prepare loads and how, and the options of check and cleanup.
#include <map>
#include <string>
#include <vector>

#include "config/names.hpp"
#include "config/settings/table_parts.hpp"
#include "config/settings/values.hpp"
#include "config/table_storage.hpp"
#include "workloads/ingest/config/ingest_config.hpp"
#include "workloads/pgbench/config/pgbench_config.hpp"
#include "workloads/sysbench/config/sysbench_config.hpp"
#include "workloads/tpcc/config/tpcc_config.hpp"

namespace tpcc::settings_table {
namespace {

std::string per_table_text(const std::map<std::string, int>& m) {
  if (m.empty()) return "none (PostgreSQL's 100)";
  std::string out;
  constexpr std::size_t kTablePrefixLength = sizeof "bmsql_" - 1;
  for (const auto& [table, pct] : m) {
    // As --fillfactor takes it: short names, and "*" as the bare number.
    const std::string name = table == "*" ? "" : table.substr(kTablePrefixLength) + "=";
    out += (out.empty() ? "" : ", ") + name + std::to_string(pct);
  }
  return out;
}

}  // namespace

void add_connection_and_load(std::vector<Setting>& s) {
  // Connection -------------------------------------------------------------
  add(
      s, "conn", "CONNINFO", {}, kDatabaseVerbs, kAllWorkloads, kConnection,
      "Where to connect: libpq conninfo ('host=db1 port=5432 dbname=tpcc'), a postgres:// URI, "
      "or a JDBC URL (jdbc:postgresql://host:port/db; jdbc:opengauss:// and jdbc:polardb:// "
      "alike), which is translated to conninfo. "
      "Props user and password fill in what it leaves out. A password written here is seen "
      "by every user of the machine in ps until tpcc has parsed it (tpcc then overwrites it "
      "with x's): prefer PGPASSWORD, ~/.pgpass or the props key password.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.conn = RawConn{v, src.where, src.layer};
      },
      [](const Config&) -> std::string {
        return "empty (libpq then uses PGHOST, PGPORT, PGUSER, PGDATABASE, PGPASSWORD and "
               "~/.pgpass)";
      })
      .json = json_none(kJsonConninfo);
  add(
      s, nullptr, "NAME", {"user"}, kDatabaseVerbs, kAllWorkloads, kConnection,
      "Database user (BenchmarkSQL key), added to the connection unless it names a user.",
      [](const std::string& v, const Source&, ParseState& st) { st.user = v; },
      [](const Config&) -> std::string { return "none"; })
      .json = json_none(kJsonConninfo);
  add(
      s, nullptr, "SECRET", {"password"}, kDatabaseVerbs, kAllWorkloads, kConnection,
      "Password (BenchmarkSQL key), added to the connection unless it has one. Never printed.",
      [](const std::string& v, const Source&, ParseState& st) { st.password = v; },
      [](const Config&) -> std::string { return "none"; })
      .json = json_none(kJsonConninfo);

  // Load ----------------------------------------------------------------------
  add(
      s, "warehouses", "N", {}, kLoadVerbs, kTpccOnly, kLoad,
      "Warehouses to load (W). In a props file it also tells run the warehouse count, for "
      "terminalMultiplier and the check of --allow-many-terminals.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.warehouses = parse_int(v, 1, kNoLimit, src.where);
      },
      [](const Config& c) { return std::to_string(c.warehouses); })
      .json = json_field<&Config::warehouses>("prepare", "warehouses");
  add(
      s, "load-workers", "N", {"loadWorkers"}, kLoadVerbs, kAllButIngest, kLoad,
      "Parallel loader connections; each loads whole warehouses.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.load_workers = parse_int(v, 1, kNoLimit, src.where);
      },
      [](const Config& c) { return std::to_string(c.load_workers); })
      .json = json_field<&Config::load_workers>("prepare", "load_workers");
  add(
      s, "load-method", "copy|insert", {}, kLoadVerbs, kTpccOnly, kLoad,
      "copy streams rows with COPY (fastest); insert uses multi-row INSERT statements, for "
      "servers without COPY.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.load_method = parse_choice(v, {"copy", "insert"}, src.where) == 0
                                 ? LoadMethod::Copy
                                 : LoadMethod::Insert;
      },
      [](const Config& c) { return std::string(load_method_name(c.load_method)); })
      .json =
      json_enum<&Config::load_method, load_method_name, LoadMethod::Copy, LoadMethod::Insert>(
          "prepare", "load_method");
  add(
      s, "batch-rows", "N", {}, kLoadVerbs, kTpccOnly, kLoad,
      "Rows per INSERT statement with --load-method insert (1..100000).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.insert_batch_rows = parse_int(v, 1, 100000, src.where);
      },
      [](const Config& c) { return std::to_string(c.insert_batch_rows); })
      .json = json_field<&Config::insert_batch_rows>("prepare", "insert_batch_rows");
  add(
      s, "copy-format", "text|binary", {}, kLoadVerbs, kTpccOnly, kLoad,
      "Data format of --load-method copy. binary sends numbers, decimals and timestamps in "
      "PostgreSQL's internal form, which the server stores without parsing text (a sixth less "
      "of COPY's server work in a profile; docs/performance.md, The loader); text sends COPY's "
      "tab-separated text. Both load the same rows. With --distribute citus the default is text: "
      "Citus makes the history key a bigint, which binary rows would have to match.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.copy_format = parse_choice(v, {"text", "binary"}, src.where) == 0
                                 ? CopyFormat::Text
                                 : CopyFormat::Binary;
      },
      [](const Config& c) { return std::string(copy_format_name(c.copy_format)); })
      .json =
      json_enum<&Config::copy_format, copy_format_name, CopyFormat::Text, CopyFormat::Binary>(
          "prepare", "copy_format");
  add(
      s, "seed", "N", {}, kLoadVerbs, kTpccOnly | kOltpOnly, kLoad,
      "Seed of the data generator; the same seed and warehouse count load the same rows.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.seed = parse_u64(v, src.where);
        st.cfg.seed_given = true;
      },
      [](const Config& c) { return std::to_string(c.seed); })
      .json = json_field<&Config::seed>("prepare", "seed");
  add(
      s, "fillfactor", "SPEC", {}, kLoadVerbs, kTpccOnly | kPgbenchOnly, kLoad,
      "Table fillfactor, 10..100: table=percent pairs (stock=80,customer=95) change those "
      "tables and keep the other defaults; one number (80) applies to every table instead of "
      "the defaults; none leaves every table at PostgreSQL's 100. Tables: warehouse, district, "
      "customer, history, new_order, oorder (or order), order_line, item, stock. The defaults "
      "keep throughput steady (docs/performance.md, Steady state).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.fillfactor = fillfactor_over_defaults(v, src.where);
      },
      [](const Config& c) { return per_table_text(c.fillfactor); })
      .json = json_none(kJsonOwnShape);
  s.back().repeat = Repeat::Join;
  // The help names every parameter accepted; it lives as long as the table.
  static const std::string storage_help =
      "Storage parameters of the tables prepare creates, as table.parameter=value pairs "
      "(new_order.autovacuum_vacuum_scale_factor=0.05); table.parameter=default drops one "
      "default, none drops them all. Parameters: " +
      storage_parameter_names() +
      ". The defaults keep throughput steady (docs/performance.md, Steady state).";
  add(
      s, "storage-parameters", "SPEC", {}, kLoadVerbs, kTpccOnly, kLoad, storage_help.c_str(),
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.storage_parameters = storage_parameters_over_defaults(v, src.where);
      },
      [](const Config& c) { return storage_parameters_text(c.storage_parameters, ", "); })
      .json = json_none(kJsonOwnShape);
  s.back().repeat = Repeat::Join;
  add(
      s, "analyze-all-tables", nullptr, {}, kLoadVerbs, kTpccOnly, kLoad,
      "VACUUM ANALYZE warehouse and district after the load too. By default they are left "
      "without statistics, so that the planner takes them for 10 pages and the prepared "
      "statements' plans use their primary keys from the start rather than sequential scans "
      "as they grow (docs/performance.md, Steady state).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.analyze_all_tables = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.analyze_all_tables); })
      .json = json_field<&Config::analyze_all_tables>("prepare", "analyze_all_tables");
  add(
      s, "analyze-payload-columns", nullptr, {}, kLoadVerbs, kTpccOnly, kLoad,
      "Gather statistics on the text payload columns too (stock's s_dist_01..10 and s_data, "
      "customer's address, phone, credit and c_data, ol_dist_info, i_name, i_data, h_data). By "
      "default their statistics target is 0: no statement of the kit filters, joins or sorts on "
      "them, and sorting their samples was most of the load's ANALYZE (docs/performance.md, The "
      "loader). "
      "Under --distribute citus every column keeps the server's default: Citus does not take "
      "SET STATISTICS.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.analyze_payload_columns = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.analyze_payload_columns); })
      .json = json_field<&Config::analyze_payload_columns>("prepare", "analyze_payload_columns");
  add(
      s, "tablespace", "SPEC", {}, kLoadVerbs, kTpccOnly | kIngestOnly, kLoad,
      "Tablespace for the tables: one name for every table (ts1), or "
      "table=name pairs (customer=ts2,stock=ts3). Names match [A-Za-z_][A-Za-z0-9_$]{0,62}. "
      "The ingest workload takes a list of names (ts1,ts2,ts3): its tables go to them "
      "round-robin.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.tablespace = parse_tablespace(v, src.where);
        st.cfg.tablespace_names.clear();
        for (const std::string& item : split(v, ',')) {
          if (item.find('=') == std::string::npos) st.cfg.tablespace_names.push_back(item);
        }
      },
      [](const Config& c) -> std::string {
        if (c.tablespace.empty()) return "none (the database default)";
        std::string out;
        for (const auto& [t, ts] : c.tablespace) out += (out.empty() ? "" : ",") + t + "=" + ts;
        return out;
      })
      .json = json_none(kJsonOwnShape);
  s.back().repeat = Repeat::Join;
  add(
      s, "foreign-keys", nullptr, {}, kLoadVerbs, kTpccOnly, kLoad,
      "Create BenchmarkSQL's foreign keys after the load.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.foreign_keys = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.foreign_keys); })
      .json = json_field<&Config::foreign_keys>("prepare", "foreign_keys");
  add(
      s, "ch", nullptr, {}, kLoadVerbs, kTpccOnly, kLoad,
      "Also load CH-benCHmark's tables: bmsql_supplier (10,000 rows), bmsql_nation (62) and "
      "bmsql_region (5), each created, loaded and recorded in one transaction; on a database "
      "already loaded, only the tables missing are added. tpcc check covers them and tpcc "
      "cleanup drops them (docs/ch.md).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.ch = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.ch); })
      .json = json_field<&Config::ch>("prepare", "ch");
  add(
      s, "partitions", "N", {}, kLoadVerbs, kTpccOnly | kPgbenchOnly, kLoad,
      "Partition the large tables by warehouse into N partitions "
      "(0..1024; 0 or 1: not partitioned). With --workload pgbench, pgbench's --partitions: "
      "pgbench_accounts partitioned by aid into N partitions pgbench_accounts_1..N (0: not "
      "partitioned; see --partition-method).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.partitions = parse_int(v, 0, 1024, src.where);
      },
      [](const Config& c) { return std::to_string(c.partitions); })
      .json = json_field<&Config::partitions>("prepare", "partitions");
  add(
      s, "no-check", nullptr, {}, kLoadVerbs, kAllWorkloads, kLoad,
      "Skip the consistency check that follows the load.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.no_check = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.no_check); })
      .json = json_field<&Config::no_check>("prepare", "no_check");
  add(
      s, "no-space-check", nullptr, {}, kLoadVerbs, kAllButIngest, kLoad,
      "Load even when the size estimate is more than the free space of the file system of the "
      "server's data directory. Without it such a load is refused before anything is created. "
      "The free space is read only where the server runs on this machine and its "
      "data_directory is visible (superuser or pg_read_all_settings); elsewhere prepare says "
      "that it did not check.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.no_space_check = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.no_space_check); })
      .json = json_field<&Config::no_space_check>("prepare", "no_space_check");

  // Check ---------------------------------------------------------------------
  add(
      s, "after-load", nullptr, {}, kCheck, kTpccOnly, kCheckSection,
      "Also check condition 11 (3.3.2.11), which holds only on a freshly loaded database.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.after_load = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.after_load); })
      .json = json_field<&Config::after_load>("check", "after_load");

  // Cleanup -------------------------------------------------------------------
  add(
      s, "cascade", nullptr, {}, kCleanup, kAllWorkloads, kCleanupSection,
      "Drop, with the kit's tables, the objects of others that depend on them (views, foreign "
      "keys, ...). Without it cleanup refuses and lists them.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.cascade = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.cascade); })
      .json = json_field<&Config::cascade>("cleanup", "cascade");
}

}  // namespace tpcc::settings_table
