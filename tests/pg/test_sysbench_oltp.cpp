// sysbench's oltp tests on tpcc: prepare makes the sbtest tables sysbench's
// own prepare makes (compared with real sysbench's, when it is installed),
// the engine runs the events with the statement counts the test defines,
// check judges the tables, a killed prepare resumes, and cleanup drops
// only what tpcc created. The workload's options are set on the Config
// directly.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "config/config.hpp"
#include "config/errors.hpp"
#include "db/session.hpp"
#include "pgserver/process.hpp"
#include "terminal/engine/engine.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "workloads/sysbench/oltp_check.hpp"
#include "workloads/sysbench/oltp_cleanup.hpp"
#include "workloads/sysbench/oltp_event.hpp"
#include "workloads/sysbench/oltp_prepare.hpp"
#include "workloads/sysbench/oltp_row_changes.hpp"
#include "workloads/sysbench/oltp_workload.hpp"

namespace {

using tpcc::test::scalar;
using tpcc::test::scalar_text;

tpcc::Config oltp_config(const std::string& conninfo, int tables, long long table_size) {
  tpcc::Config config;
  config.conninfo = conninfo;
  config.workload = tpcc::WorkloadKind::SysbenchOltp;
  config.oltp.tables = tables;
  config.oltp.table_size = table_size;
  config.load_workers = 2;
  return config;
}

// Each sbtest table's columns (name, type, length, nullability, default)
// and indexes (name, definition), one line each, in order.
std::string table_definitions(const std::string& conninfo) {
  pqxx::connection conn(conninfo);
  pqxx::nontransaction tx(conn);
  std::string out;
  for (const auto& row :
       tx.exec("select table_name, column_name, data_type, coalesce(character_maximum_length, 0), "
               "is_nullable, coalesce(column_default, '') from information_schema.columns "
               "where table_name ~ '^sbtest[0-9]+$' order by table_name, ordinal_position")) {
    for (const auto& field : row) out += field.c_str() + std::string(" ");
    out += "\n";
  }
  for (const auto& row : tx.exec("select tablename, indexname, indexdef from pg_indexes "
                                 "where tablename ~ '^sbtest[0-9]+$' order by 1, 2")) {
    for (const auto& field : row) out += field.c_str() + std::string(" ");
    out += "\n";
  }
  return out;
}

// Rows of sbtest<n> whose c and pad are not of the templates' shape.
long long misshapen_rows(const std::string& conninfo, int table) {
  return scalar(conninfo, "select count(*) from sbtest" + std::to_string(table) +
                              " where c::text !~ '^[0-9]{11}(-[0-9]{11}){9}$' "
                              "or pad::text !~ '^[0-9]{11}(-[0-9]{11}){4}$' "
                              "or k not between 1 and 1000");
}

// The share of k in the special distribution's hot window (1000 ids: t =
// 999, the window 1 + [494.5 .. 505.5]), in percent.
long long hot_k_percent(const std::string& conninfo) {
  return scalar(conninfo,
                "select (100 * count(*) filter (where k between 495 and 506) / count(*))::bigint "
                "from sbtest1");
}

// The statements one event of the options' test sends, as the server
// counts them (read / write / other), from one planned event.
tpcc::StatementCounts statements_per_event(const tpcc::OltpOptions& options) {
  tpcc::Random rng(1);
  tpcc::StatementCounts counts;
  for (const tpcc::OltpStep& step : tpcc::plan_event(options, rng).steps) {
    switch (step.statement) {
      case tpcc::OltpStatement::Begin:
      case tpcc::OltpStatement::Commit: ++counts.other; break;
      case tpcc::OltpStatement::PointSelect:
      case tpcc::OltpStatement::SimpleRange:
      case tpcc::OltpStatement::SumRange:
      case tpcc::OltpStatement::OrderRange:
      case tpcc::OltpStatement::DistinctRange: ++counts.reads; break;
      default: ++counts.writes; break;
    }
  }
  return counts;
}

// A run through the engine, its row changes recorded as `tpcc run` records
// them for check.
tpcc::EngineResult run_recorded(const tpcc::Config& config, const tpcc::OltpWorkload& workload,
                                tpcc::EngineSetup setup, std::ostream& out) {
  pqxx::connection conn(config.conninfo);
  tpcc::mark_oltp_run_open(conn, config.oltp.tables);
  setup.workload = &workload;
  const tpcc::EngineResult result = tpcc::run_engine(config, setup, out);
  tpcc::record_oltp_row_changes(conn, workload.row_changes());
  return result;
}

int check_status(const tpcc::Config& config, bool after_load, std::string* output) {
  tpcc::Config check = config;
  check.after_load = after_load;
  std::ostringstream out;
  const int status = tpcc::check_oltp_tables(check, out);
  *output = out.str();
  return status;
}

}  // namespace

TEST_CASE("sysbench oltp prepare: sysbench's tables, indexes and rows, and check passes",
          "[sysbench_oltp]") {
  const std::string ours = tpcc::test::create_database("tpcc_sb_ours");
  const tpcc::Config config = oltp_config(ours, 2, 1000);
  std::ostringstream out;
  const tpcc::PrepareOutcome outcome = tpcc::prepare_oltp_tables(config, out);
  INFO(out.str());
  CHECK(outcome.status == 0);
  CHECK_FALSE(outcome.was_complete);
  for (int table = 1; table <= 2; ++table) {
    const std::string name = "sbtest" + std::to_string(table);
    CHECK(scalar(ours, "select count(*) from " + name) == 1000);
    CHECK(scalar(ours, "select min(id) from " + name) == 1);
    CHECK(scalar(ours, "select max(id) from " + name) == 1000);
    CHECK(misshapen_rows(ours, table) == 0);
    // The next id the sequence gives is 1001, as after sysbench's inserts.
    CHECK(scalar(ours, "select last_value from " + name + "_id_seq") == 1000);
  }
  // --rand-type special: about 75% of the k in the hot 1% window.
  CHECK(hot_k_percent(ours) >= 68);
  CHECK(hot_k_percent(ours) <= 84);
  std::string report;
  CHECK(check_status(config, true, &report) == 0);
  INFO(report);
  CHECK(report.find("FAIL") == std::string::npos);
  CHECK(report.find("PASS  sbtest2  1000 rows (prepared") != std::string::npos);
  CHECK(report.find("PASS  sbtest2  ids 1..1000") != std::string::npos);

  // Again: nothing to load.
  std::ostringstream again;
  CHECK(tpcc::prepare_oltp_tables(config, again).was_complete);
  CHECK(again.str().find("nothing to load") != std::string::npos);

  const std::string sysbench = tpcc::find_in_path("sysbench");
  if (sysbench.empty()) {
    WARN("sysbench is not installed: the comparison with its prepare is skipped");
    return;
  }
  const std::string theirs = tpcc::test::create_database("tpcc_sb_theirs");
  const tpcc::test::ServerInfo& server = tpcc::test::local_server();
  std::string output;
  const int status = tpcc::run_process(
      {sysbench, "oltp_read_write", "--db-driver=pgsql", "--pgsql-host=" + server.socket_dir(),
       "--pgsql-port=" + std::to_string(server.port()), "--pgsql-user=postgres",
       "--pgsql-db=tpcc_sb_theirs", "--tables=2", "--table-size=1000", "prepare"},
      {}, &output);
  INFO(output);
  REQUIRE(status == 0);
  CHECK(table_definitions(ours) == table_definitions(theirs));
  for (int table = 1; table <= 2; ++table) {
    const std::string name = "sbtest" + std::to_string(table);
    CHECK(scalar(theirs, "select count(*) from " + name) == 1000);
    CHECK(misshapen_rows(theirs, table) == 0);
    CHECK(scalar(theirs, "select last_value from " + name + "_id_seq") == 1000);
  }
  CHECK(hot_k_percent(theirs) >= 68);
  CHECK(hot_k_percent(theirs) <= 84);
  // Both store c as CHAR(120): 119 characters and a blank.
  CHECK(scalar(ours, "select octet_length(c) from sbtest1 where id = 1") ==
        scalar(theirs, "select octet_length(c) from sbtest1 where id = 1"));
}

TEST_CASE("sysbench oltp run: events through the engine, their statements as the test defines",
          "[sysbench_oltp]") {
  const std::string conninfo = tpcc::test::create_database("tpcc_sb_run");
  tpcc::Config config = oltp_config(conninfo, 2, 1000);
  std::ostringstream prepare_out;
  REQUIRE(tpcc::prepare_oltp_tables(config, prepare_out).status == 0);
  config.terminals = 2;
  config.duration_seconds = 3;
  config.warmup_seconds = 0;
  config.report_interval_seconds = 1;

  // oltp_read_write: BEGIN, 10 point selects and 4 ranges (14 reads), two
  // updates, a delete and an insert (4 writes), COMMIT.
  const tpcc::OltpWorkload read_write(config.oltp);
  tpcc::EngineSetup setup;
  std::ostringstream run_out;
  const tpcc::EngineResult result = run_recorded(config, read_write, setup, run_out);
  INFO(run_out.str());
  const tpcc::TxnStats& events = result.stats.txn[0];
  CHECK(events.committed > 0);
  CHECK(events.errors == 0);
  // A restarted event sent statements too; without restarts the counts are exact.
  const tpcc::StatementCounts& statements = result.stats.statements;
  CHECK(statements.reads >= 14 * events.committed);
  CHECK(statements.writes >= 4 * events.committed);
  if (events.retries == 0) {
    CHECK(statements.reads == 14 * events.committed);
    CHECK(statements.writes == 4 * events.committed);
    CHECK(statements.other == 2 * events.committed);
  }
  std::string report;
  CHECK(check_status(config, false, &report) == 0);
  INFO(report);

  // oltp_insert (--auto_inc): one INSERT per event, the ids from the sequence.
  tpcc::Config insert_config = config;
  insert_config.oltp.test = tpcc::OltpTest::Insert;
  insert_config.duration_seconds = 1;
  const long long before = scalar(conninfo, "select count(*) from sbtest1") +
                           scalar(conninfo, "select count(*) from sbtest2");
  const tpcc::OltpWorkload insert(insert_config.oltp);
  const tpcc::EngineResult inserted = run_recorded(insert_config, insert, setup, run_out);
  CHECK(inserted.stats.txn[0].committed > 0);
  CHECK(inserted.stats.txn[0].errors == 0);
  CHECK(inserted.stats.statements.writes == inserted.stats.txn[0].committed);
  CHECK(inserted.stats.statements.other == 0);
  const long long after = scalar(conninfo, "select count(*) from sbtest1") +
                          scalar(conninfo, "select count(*) from sbtest2");
  CHECK(after - before >= inserted.stats.txn[0].committed);
  CHECK(scalar(conninfo, "select max(id) from sbtest1") > 1000);

  // check: the tables hold the rows prepare loaded plus the acknowledged
  // inserts; only the after-prepare ids 1..1000 fail.
  CHECK(check_status(config, false, &report) == 0);
  CHECK(check_status(config, true, &report) == 1);
  CHECK(report.find("FAIL  sbtest1  ids 1..1000") != std::string::npos);
  CHECK(report.find("PASS  sbtest1  " +
                    std::to_string(scalar(conninfo, "select count(*) from sbtest1")) +
                    " rows (prepared") != std::string::npos);
  // Without its k index a table fails; with it back, passes again.
  tpcc::test::execute(conninfo, "drop index k_2");
  CHECK(check_status(config, false, &report) == 1);
  CHECK(report.find("FAIL  sbtest2  index k_2 on k") != std::string::npos);
  tpcc::test::execute(conninfo, "create index k_2 on sbtest2(k)");
  CHECK(check_status(config, false, &report) == 0);
}

TEST_CASE(
    "sysbench oltp prepare: resumes a killed load, refuses tables it did not create, and "
    "cleanup drops only its own",
    "[sysbench_oltp]") {
  const std::string conninfo = tpcc::test::create_database("tpcc_sb_resume");
  // Three ranges of ids (50,000, 50,000 and 20,000).
  tpcc::Config config = oltp_config(conninfo, 1, 120000);
  std::ostringstream out;
  REQUIRE(tpcc::prepare_oltp_tables(config, out).status == 0);
  const std::string before = scalar_text(conninfo,
                                         "select md5(string_agg(c || pad || k, ',' "
                                         "order by id)) from sbtest1");
  // What a prepare killed after its first range committed leaves: that
  // range's rows and record, the table without key or indexes, its record
  // incomplete.
  tpcc::test::execute(conninfo,
                      "alter table sbtest1 drop constraint sbtest1_pkey; drop index k_1; "
                      "delete from sbtest1 where id > 50000; "
                      "delete from tpcc_sysbench_chunks where first_id > 1; "
                      "update tpcc_sysbench_tables set complete = false");
  std::string report;
  CHECK(check_status(config, true, &report) == 1);
  CHECK(report.find("FAIL  sbtest1  prepared by tpcc and complete") != std::string::npos);
  std::ostringstream resumed;
  REQUIRE(tpcc::prepare_oltp_tables(config, resumed).status == 0);
  CHECK(resumed.str().find("resuming sbtest1: 1 range(s) of ids already loaded") !=
        std::string::npos);
  CHECK(resumed.str().find("loading 70000 rows") != std::string::npos);
  // The same rows as the first prepare wrote (the same seed).
  CHECK(scalar_text(conninfo,
                    "select md5(string_agg(c || pad || k, ',' order by id)) "
                    "from sbtest1") == before);
  CHECK(check_status(config, true, &report) == 0);
  // Without its primary key the table fails the check.
  tpcc::test::execute(conninfo, "alter table sbtest1 drop constraint sbtest1_pkey");
  CHECK(check_status(config, false, &report) == 1);
  CHECK(report.find("FAIL  sbtest1  primary key on id") != std::string::npos);
  tpcc::test::execute(conninfo, "alter table sbtest1 add primary key (id)");
  CHECK(check_status(config, false, &report) == 0);

  // Another table size than the recorded one is refused, naming the option.
  tpcc::Config bigger = oltp_config(conninfo, 1, 2000);
  CHECK_THROWS_WITH(tpcc::prepare_oltp_tables(bigger, out),
                    Catch::Contains("--table-size 2000") && Catch::Contains("sbtest1"));
  // An sbtest table tpcc did not create is refused, named.
  tpcc::test::execute(conninfo, "create table sbtest2 (id integer)");
  tpcc::Config two = oltp_config(conninfo, 2, 120000);
  CHECK_THROWS_AS(tpcc::prepare_oltp_tables(two, out), tpcc::UsageError);
  CHECK_THROWS_WITH(tpcc::prepare_oltp_tables(two, out), Catch::Contains("sbtest2"));
  // Refused before anything was created: sbtest3 is not there.
  tpcc::test::execute(conninfo, "drop table sbtest2");
  tpcc::test::execute(conninfo, "create table sbtest3 (id integer)");
  tpcc::Config three = oltp_config(conninfo, 3, 120000);
  CHECK_THROWS_WITH(tpcc::prepare_oltp_tables(three, out), Catch::Contains("sbtest3"));
  CHECK(scalar(conninfo, "select count(*) from pg_class where relname = 'sbtest2'") == 0);

  std::ostringstream cleanup;
  CHECK(tpcc::cleanup_oltp_tables(config, cleanup) == 0);
  CHECK(cleanup.str().find("dropped 1 sbtest table(s)") != std::string::npos);
  CHECK(cleanup.str().find("left sbtest3") != std::string::npos);
  CHECK(scalar(conninfo,
               "select count(*) from pg_class where relname in ('sbtest1', "
               "'tpcc_sysbench_tables', 'tpcc_sysbench_chunks')") == 0);
  CHECK(scalar(conninfo, "select count(*) from pg_class where relname = 'sbtest3'") == 1);
  tpcc::test::execute(conninfo, "drop table sbtest3");
  CHECK(scalar(conninfo, "select count(*) from pg_class where relname ~ '^sbtest'") == 0);
}

TEST_CASE("sysbench oltp check: with --secondary the id index is not unique, and an id twice fails",
          "[sysbench_oltp]") {
  const std::string conninfo = tpcc::test::create_database("tpcc_sb_secondary");
  tpcc::Config config = oltp_config(conninfo, 1, 100);
  config.oltp.secondary = true;
  std::ostringstream out;
  REQUIRE(tpcc::prepare_oltp_tables(config, out).status == 0);
  std::string report;
  CHECK(check_status(config, true, &report) == 0);
  CHECK(report.find("PASS  sbtest1  index xid_1 on id") != std::string::npos);
  CHECK(scalar(conninfo,
               "select count(*) from pg_index i join pg_class x on x.oid = "
               "i.indexrelid where x.relname = 'xid_1' and not i.indisunique") == 1);
  // A row whose id another row has: the check fails, naming it.
  tpcc::test::execute(conninfo,
                      "insert into sbtest1 (id, k, c, pad) select id, k, c, pad "
                      "from sbtest1 where id = 7");
  CHECK(check_status(config, false, &report) == 1);
  CHECK(report.find("FAIL  sbtest1  no id twice (found: 1 row(s) repeat an id)") !=
        std::string::npos);
  tpcc::test::execute(conninfo, "drop index xid_1");
  CHECK(check_status(config, false, &report) == 1);
  CHECK(report.find("FAIL  sbtest1  index xid_1 on id") != std::string::npos);
  std::ostringstream cleanup;
  CHECK(tpcc::cleanup_oltp_tables(config, cleanup) == 0);
  CHECK(scalar(conninfo, "select count(*) from pg_class where relname ~ '^sbtest'") == 0);
}

TEST_CASE("sysbench oltp run: every test's event runs, with the statements it defines",
          "[sysbench_oltp]") {
  const std::string conninfo = tpcc::test::create_database("tpcc_sb_tests");
  tpcc::Config config = oltp_config(conninfo, 2, 1000);
  std::ostringstream out;
  REQUIRE(tpcc::prepare_oltp_tables(config, out).status == 0);
  config.terminals = 2;
  config.duration_seconds = 1;
  config.report_interval_seconds = 1;
  struct Case {
    tpcc::OltpTest test;
    bool auto_inc;
    bool skip_trx;
  };
  for (const Case& c :
       {Case{tpcc::OltpTest::ReadOnly, true, false}, Case{tpcc::OltpTest::WriteOnly, true, true},
        Case{tpcc::OltpTest::PointSelect, true, false},
        Case{tpcc::OltpTest::UpdateIndex, true, false},
        Case{tpcc::OltpTest::UpdateNonIndex, true, false},
        Case{tpcc::OltpTest::Insert, false, false}, Case{tpcc::OltpTest::Delete, true, false}}) {
    tpcc::Config run = config;
    run.oltp.test = c.test;
    run.oltp.auto_inc = c.auto_inc;
    run.oltp.skip_trx = c.skip_trx;
    const tpcc::OltpWorkload workload(run.oltp);
    std::ostringstream run_out;
    const tpcc::EngineResult result = run_recorded(run, workload, tpcc::EngineSetup{}, run_out);
    INFO(workload.name() << "\n" << run_out.str());
    const tpcc::TxnStats& events = result.stats.txn[0];
    CHECK(events.committed > 0);
    CHECK(events.errors == 0);
    const tpcc::StatementCounts per_event = statements_per_event(run.oltp);
    if (events.retries == 0) {
      CHECK(result.stats.statements.reads == per_event.reads * events.committed);
      CHECK(result.stats.statements.writes == per_event.writes * events.committed);
      CHECK(result.stats.statements.other == per_event.other * events.committed);
    }
  }
  // oltp_delete deleted rows, oltp_insert added ids of its own: no id twice.
  std::string report;
  CHECK(check_status(config, false, &report) == 0);
}

TEST_CASE("sysbench oltp event: restarted on an ignorable error as often as it takes",
          "[sysbench_oltp]") {
  const std::string conninfo = tpcc::test::create_database("tpcc_sb_restarts");
  tpcc::Config config = oltp_config(conninfo, 1, 100);
  std::ostringstream out;
  REQUIRE(tpcc::prepare_oltp_tables(config, out).status == 0);
  // The test's own trigger: the first 12 index updates meet a
  // serialization failure (40001), as sysbench's ignorable errors.
  tpcc::test::execute(conninfo,
                      "create sequence test_failures; "
                      "create function test_fail_first() returns trigger language plpgsql as $$ "
                      "begin if nextval('test_failures') <= 12 then "
                      "raise exception 'test failure' using errcode = '40001'; end if; "
                      "return new; end $$; "
                      "create trigger test_fail_first before update on sbtest1 "
                      "for each row execute function test_fail_first()");
  config.oltp.test = tpcc::OltpTest::UpdateIndex;
  const tpcc::SysbenchDistribution ids(config.oltp);
  tpcc::Session session(conninfo);
  tpcc::OltpWorkload(config.oltp).prepare(session);
  tpcc::Random rng(7);
  const tpcc::TxnResult result = tpcc::execute_event(config.oltp, ids, session, rng);
  INFO(result.error);
  // sysbench calls event() again until it succeeds: 12 restarts, no error.
  CHECK(result.outcome == tpcc::Outcome::Committed);
  CHECK(result.retries == 12);
  CHECK(scalar(conninfo, "select last_value from test_failures") == 13);
}
