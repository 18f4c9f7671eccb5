#include "workloads/ingest/ingest_check.hpp"

#include <pqxx/nontransaction>
#include <pqxx/result>
#include <pqxx/transaction>

#include "config/errors.hpp"
#include "db/connect.hpp"
#include "workloads/ingest/ingest_tables.hpp"
#include "workloads/recorded_tables.hpp"

namespace tpcc {
namespace {

constexpr const char* kRecordedSql = "select 1 from tpcc_ingest_tables where table_name = $1";

void require_record(pqxx::transaction_base& tx) {
  if (!relation_exists(tx, kIngestRecord)) {
    throw UsageError(
        "no ingest tables of tpcc's in this database (tpcc_ingest_tables is missing): run tpcc "
        "prepare --workload ingest with the same --ingest-tables (or --terminals) first");
  }
}

}  // namespace

void refuse_unprepared_ingest_tables(const Config& config, int count) {
  auto conn = connect(config.conninfo);
  pqxx::nontransaction tx(*conn);
  require_record(tx);
  for (int table = 1; table <= count; ++table) {
    const std::string name = ingest_table_name(table);
    if (tx.exec_params(kRecordedSql, name).empty() || !relation_exists(tx, name)) {
      throw UsageError(name + " was not prepared here, and the run writes " +
                       std::to_string(count) +
                       " table(s): run tpcc prepare --workload ingest with the same "
                       "--ingest-tables (or --terminals) first");
    }
  }
}

void record_ingest_counts(pqxx::connection_base& conn, const IngestCounters& counters) {
  pqxx::work tx(conn);
  for (int table = 1; table <= counters.tables(); ++table) {
    tx.exec_params(kAddIngestRowsSql, ingest_table_name(table), counters.table_rows(table),
                   counters.table_in_doubt(table));
  }
  tx.commit();
}

std::vector<TableCheckResult> run_ingest_checks(const Config& config) {
  auto conn = connect(config.conninfo);
  pqxx::nontransaction tx(*conn);
  require_record(tx);
  std::vector<TableCheckResult> results;
  for (const auto& row : tx.exec(kSelectIngestCountsSql)) {
    const std::string name = row[0].as<std::string>();
    const long long acknowledged = row[1].as<long long>();
    const long long in_doubt = row[2].as<long long>();
    if (!relation_exists(tx, name)) {
      results.push_back({name, "the table prepare made is there", false, "the table is gone"});
      continue;
    }
    // The name is the kit's own (tpcc_ingest_<n>), from its record.
    const long long rows =
        tx.exec("select count(*) from " + tx.quote_name(name))[0][0].as<long long>();
    const bool held = rows >= acknowledged && rows <= acknowledged + in_doubt;
    std::string what = std::to_string(acknowledged) + " rows acknowledged";
    if (in_doubt > 0) what += " (and up to " + std::to_string(in_doubt) + " in doubt)";
    results.push_back({name, what, held, std::to_string(rows) + " rows"});
  }
  return results;
}

int check_ingest_tables(const Config& config, std::ostream& out) {
  return print_table_checks(run_ingest_checks(config), "ingest", "", out);
}

}  // namespace tpcc
