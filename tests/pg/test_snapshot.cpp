// Experiments from one loaded state (docs/experiments.md): tpcc snapshot
// keeps the loaded database as a template copy, tpcc run --restore puts it
// back (the same rows afterwards, the database's settings kept, the
// snapshot's identity in result.json), --condition runs its steps before
// the terminals, and result.json's environment shows the server's settings.
// Every way it cannot work is refused with exit 2 before anything changes.
// Another workload's load (pgbench's here) is snapshotted and restored the
// same way, and its snapshot refused for another workload's run.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "pgserver/local_server.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/pgbench_support.hpp"
#include "tests/pg/result_files.hpp"

namespace {

using tpcc::test::read_result;

namespace fs = std::filesystem;
using Json = nlohmann::json;
using tpcc::test::run_tpcc;
using tpcc::test::scalar;
using tpcc::test::scalar_text;
using tpcc::test::scratch_dir;

// The rows a run changes, as one text: every warehouse and district row
// (their YTDs and next order ids), the orders, new orders, order lines and
// history by content, and the row counts of all ten tables.
constexpr const char* kStateSql =
    "select concat_ws(' ', "
    "(select md5(string_agg(w::text, ',' order by w_id)) from bmsql_warehouse w), "
    "(select md5(string_agg(d::text, ',' order by d_w_id, d_id)) from bmsql_district d), "
    "(select md5(string_agg(o::text, ',' order by o_w_id, o_d_id, o_id)) from bmsql_oorder o), "
    "(select md5(string_agg(n::text, ',' order by no_w_id, no_d_id, no_o_id)) "
    " from bmsql_new_order n), "
    "(select sum(hashtext(l::text)::bigint) from bmsql_order_line l), "
    "(select sum(hashtext(c.c_id || ' ' || c.c_balance || ' ' || c.c_payment_cnt)::bigint) "
    " from bmsql_customer c), "
    "(select count(*) from bmsql_config), (select count(*) from bmsql_item), "
    "(select count(*) from bmsql_stock), (select count(*) from bmsql_history), "
    "(select count(*) from bmsql_order_line))";

std::string state(const std::string& conninfo) { return scalar_text(conninfo, kStateSql); }

long long databases_named(const std::string& name) {
  return scalar(tpcc::test::server_conninfo(),
                "select count(*) from pg_database where datname = '" + name + "'");
}

// A short read-only run: Order-Status and Stock-Level change no rows, so
// the state after it is the state it started from.
std::vector<std::string> read_only_run(const std::string& conninfo, const std::string& dir) {
  return {"run", conninfo,     "--profile", "ro",           "--terminals",
          "2",   "--duration", "2",         "--result-dir", dir};
}

std::vector<std::string> with(std::vector<std::string> args, std::vector<std::string> more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

}  // namespace

TEST_CASE(
    "tpcc snapshot, a run that changes the data, run --restore: the same rows as at the "
    "snapshot, the database's settings kept, the snapshot's identity in result.json",
    "[snapshot]") {
  const std::string name = "tpcc_snap_restore";
  const std::string snapshot = name + "_tpcc_snapshot";
  const std::string db = tpcc::test::prepared_database(name, 1);
  const std::string conn = "--conn=" + db;
  std::string output;
  REQUIRE(run_tpcc({"snapshot", conn}, &output) == 0);
  INFO(output);
  CHECK(output.find("snapshot " + snapshot + " of " + name) != std::string::npos);
  CHECK(output.find("STRATEGY FILE_COPY") != std::string::npos);  // W=1 is over 64 MB
  CHECK(databases_named(snapshot) == 1);
  const std::string loaded = state(db);

  // A second snapshot would hide which state a restore goes back to.
  std::string again;
  CHECK(run_tpcc({"snapshot", conn}, &again) == 2);
  CHECK(again.find("exists already") != std::string::npos);

  std::string run_output;
  REQUIRE(run_tpcc({"run", conn, "--terminals", "4", "--duration", "3", "--result-dir",
                    scratch_dir("changing_run")},
                   &run_output) == 0);
  INFO(run_output);
  REQUIRE(state(db) != loaded);

  // A database setting, which dropping the database would lose, and which
  // the environment must list.
  tpcc::test::execute_outside_transaction(db, "alter database " + name + " set work_mem = '7MB'");
  const std::string dir = scratch_dir("restored_run");
  std::string restored;
  const int status = run_tpcc(with(read_only_run(conn, dir),
                                   {"--restore", "--condition", "prewarm,checkpoint,analyze,vacuum",
                                    "--label", "point-1", "--notes", "restored"}),
                              &restored);
  INFO(restored);
  REQUIRE(status == 0);
  CHECK(restored.find("restored " + name + " from snapshot " + snapshot) != std::string::npos);
  CHECK(state(db) == loaded);
  CHECK(scalar_text(db, "show work_mem") == "7MB");

  const Json result = read_result(dir);
  const Json& snap = result.at("snapshot");
  CHECK(snap.at("name") == snapshot);
  CHECK(snap.at("source") == name);
  CHECK(snap.at("row_digest").get<std::string>().size() == 32);
  CHECK(output.find(snap.at("row_digest").get<std::string>()) != std::string::npos);
  CHECK(snap.at("layout").at("warehouses") == "1");
  CHECK(snap.at("row_counts").at("bmsql_item") == 100000);
  CHECK(snap.at("restore_seconds").get<double>() > 0);

  // --condition: every step, in the order they always run, each timed.
  const Json& steps = result.at("conditioning");
  REQUIRE(steps.size() == 4);
  CHECK(steps[0].at("step") == "vacuum");
  CHECK(steps[1].at("step") == "analyze");
  CHECK(steps[2].at("step") == "checkpoint");
  CHECK(steps[3].at("step") == "prewarm");
  CHECK(steps[3].at("detail").get<std::string>().find("blocks of the kit's tables") !=
        std::string::npos);
  CHECK(restored.find("condition prewarm: ") != std::string::npos);

  // The environment: the setting the test changed, where it came from.
  const Json& env = result.at("environment");
  bool found = false;
  for (const Json& s : env.at("server").at("settings")) {
    if (s.at("name") == "work_mem") {
      found = true;
      CHECK(s.at("setting") == "7168");
      CHECK(s.at("unit") == "kB");
      CHECK(s.at("source") == "database");
    }
  }
  CHECK(found);
  CHECK(env.at("server").at("version").get<std::string>().rfind("PostgreSQL", 0) == 0);
  CHECK(env.at("server").at("extensions").contains("pg_prewarm"));
  CHECK(env.at("server").at("database_bytes").get<std::int64_t>() > 0);
  CHECK(env.at("client").at("cpus").get<int>() > 0);
  CHECK(env.at("client").at("memory_kb").get<std::int64_t>() > 0);
  CHECK(env.at("label") == "point-1");
  CHECK(env.at("notes") == "restored");

  // Without --restore a result names no snapshot.
  tpcc::test::execute_outside_transaction(db, "alter database " + name + " set work_mem = '9MB'");
  const std::string plain = scratch_dir("plain_run");
  std::string plain_output;
  REQUIRE(run_tpcc(read_only_run(conn, plain), &plain_output) == 0);
  CHECK(read_result(plain).at("snapshot").is_null());

  // tpcc report --compare says first how the two runs started differently.
  std::string compared;
  const std::string compare_page = scratch_dir("compare") + ".html";
  REQUIRE(run_tpcc({"report", "--compare", dir, plain, "--out", compare_page}, &compared) == 0);
  INFO(compared);
  // One table: a column per run, a row per item that differs.
  const auto row = [&compared](const std::string& key) {
    const std::size_t at = compared.find("\n  " + key + " ");
    if (at == std::string::npos) return std::string();
    return compared.substr(at + 1, compared.find('\n', at + 1) - at - 1);
  };
  CHECK(compared.find("A: point-1") != std::string::npos);  // its label
  CHECK(compared.find("B: " + plain) != std::string::npos);
  CHECK(row("snapshot").find(snapshot.substr(0, 20)) != std::string::npos);
  CHECK(row("conditioning").find("vacuum,analyze,checkpoint,prewarm") != std::string::npos);
  CHECK(row("conditioning").find("none") != std::string::npos);
  CHECK(row("server.setting.work_mem").find("7168 kB (database)") != std::string::npos);
  CHECK(row("server.setting.work_mem").find("9216 kB (database)") != std::string::npos);
  CHECK(compared.find("server.setting.application_name") == std::string::npos);
  CHECK(compared.find("client.cpus") == std::string::npos);  // the same host
  // The page shows them too, first and highlighted.
  std::ifstream page_in(compare_page);
  const std::string page((std::istreambuf_iterator<char>(page_in)),
                         std::istreambuf_iterator<char>());
  CHECK(page.find("<tr class=\"diff\"><td>server.setting.work_mem</td><td>7168 kB (database)</td>"
                  "<td>9216 kB (database)</td></tr>") != std::string::npos);
  CHECK(page.find("<h2>Start and environment</h2>") < page.find("<h2>Configuration differences"));

  std::string dropped;
  CHECK(run_tpcc({"snapshot", conn, "--drop"}, &dropped) == 0);
  CHECK(databases_named(snapshot) == 0);
  CHECK(databases_named(name) == 1);
}

TEST_CASE(
    "tpcc snapshot and run --restore refuse, exit 2 with nothing changed: another session "
    "connected, no snapshot, a snapshot tpcc did not make, a database tpcc did not load, no "
    "conn",
    "[snapshot]") {
  const std::string name = "tpcc_snap_refuse";
  const std::string snapshot = name + "_tpcc_snapshot";
  // Loaded once: no section changes it, and each leaves no snapshot behind.
  const std::string& db = tpcc::test::loaded_database(name, 1);
  const std::string conn = "--conn=" + db;
  const std::string dir = scratch_dir("refused");

  SECTION("no snapshot") {
    std::string output;
    CHECK(run_tpcc(with(read_only_run(conn, dir), {"--restore"}), &output) == 2);
    INFO(output);
    CHECK(output.find("has no snapshot") != std::string::npos);
    CHECK(output.find("tpcc snapshot") != std::string::npos);
    // Like every run that measured nothing, it leaves a result saying why.
    const Json result = read_result(dir);
    CHECK(result.at("measured") == false);
    CHECK(result.at("stop_reason") == "not_started");
    CHECK(result.at("stop_detail").get<std::string>().find("has no snapshot") != std::string::npos);
    std::string drop;
    CHECK(run_tpcc({"snapshot", conn, "--drop"}, &drop) == 2);
    CHECK(drop.find("has no snapshot") != std::string::npos);
  }
  SECTION("another session connected") {
    std::string taken;
    REQUIRE(run_tpcc({"snapshot", conn}, &taken) == 0);
    const std::string loaded = state(db);
    {
      pqxx::connection other(db);
      std::string output;
      CHECK(run_tpcc(with(read_only_run(conn, dir), {"--restore"}), &output) == 2);
      INFO(output);
      CHECK(output.find("1 other session(s) are connected to database " + name) !=
            std::string::npos);
      std::string snap;
      std::string dropped;
      CHECK(run_tpcc({"snapshot", conn, "--drop"}, &dropped) == 0);
      CHECK(run_tpcc({"snapshot", conn}, &snap) == 2);
      CHECK(snap.find("other session(s)") != std::string::npos);
      CHECK(databases_named(snapshot) == 0);
    }
    CHECK(state(db) == loaded);
  }
  SECTION("a database named like the snapshot that tpcc did not make") {
    tpcc::test::execute_outside_transaction(tpcc::test::server_conninfo(),
                                            "create database " + snapshot);
    std::string output;
    CHECK(run_tpcc(with(read_only_run(conn, dir), {"--restore"}), &output) == 2);
    INFO(output);
    CHECK(output.find("not one tpcc made") != std::string::npos);
    std::string drop;
    CHECK(run_tpcc({"snapshot", conn, "--drop"}, &drop) == 2);
    CHECK(drop.find("nothing was dropped") != std::string::npos);
    CHECK(databases_named(snapshot) == 1);
    CHECK(databases_named(name) == 1);
    tpcc::test::execute_outside_transaction(tpcc::test::server_conninfo(),
                                            "drop database " + snapshot);
  }
  SECTION("a database without tpcc's load") {
    const std::string empty = tpcc::test::create_database("tpcc_snap_empty");
    std::string output;
    CHECK(run_tpcc({"snapshot", "--conn", empty}, &output) == 2);
    CHECK(databases_named("tpcc_snap_empty_tpcc_snapshot") == 0);
  }
  SECTION("no conn: never the environment's database") {
    std::string output;
    CHECK(run_tpcc({"snapshot"}, &output) == 2);
    CHECK(output.find("needs --conn") != std::string::npos);
    std::string run;
    CHECK(run_tpcc(with({"run", "--profile", "ro", "--duration", "2", "--result-dir", dir},
                        {"--restore"}),
                   &run) == 2);
    CHECK(run.find("needs --conn") != std::string::npos);
  }
  SECTION("--condition restart is refused, naming the flag") {
    std::string output;
    CHECK(run_tpcc(with(read_only_run(conn, dir), {"--condition", "vacuum,restart"}), &output) ==
          2);
    CHECK(output.find("--condition") != std::string::npos);
    CHECK(output.find("restart") != std::string::npos);
  }
}

TEST_CASE(
    "run --condition restart restarts the server of --server-datadir before the terminals, "
    "then prewarms; a directory that is not the connection's server is refused untouched",
    "[snapshot]") {
  // A server of its own: the suite's is shared with the other test files.
  tpcc::LocalServerOptions options;
  options.quiet = true;
  const auto server = tpcc::LocalServer::start(options);
  tpcc::test::execute_outside_transaction(server->conninfo(), "create database tpcc");
  const std::string db = server->conninfo_for("tpcc");
  std::string loaded;
  REQUIRE(run_tpcc({"prepare", "--conn", db, "--warehouses", "1", "--no-check"}, &loaded) == 0);
  const std::string conn = "--conn=" + db;
  constexpr const char* kStartedSql = "select pg_postmaster_start_time()::text";
  const std::string started = scalar_text(db, kStartedSql);

  const std::string dir = scratch_dir("restart_run");
  std::string output;
  const int status =
      run_tpcc(with(read_only_run(conn, dir),
                    {"--condition", "prewarm,restart", "--server-datadir", server->data_dir()}),
               &output);
  INFO(output);
  REQUIRE(status == 0);
  CHECK(scalar_text(db, kStartedSql) != started);
  CHECK(output.find("condition restart: ") != std::string::npos);
  const Json steps = read_result(dir).at("conditioning");
  REQUIRE(steps.size() == 2);
  CHECK(steps[0].at("step") == "restart");
  CHECK(steps[0].at("detail").get<std::string>().find("pg_ctl stop -m fast and start") !=
        std::string::npos);
  CHECK(steps[1].at("step") == "prewarm");
  CHECK(fs::exists(fs::path(dir) / "server-restart.log"));

  // The suite's server is not the connection's: refused, neither touched.
  const std::string restarted = scalar_text(db, kStartedSql);
  const std::string shared = tpcc::test::local_server().data_dir();
  const std::string shared_started = scalar_text(tpcc::test::server_conninfo(), kStartedSql);
  std::string refused;
  CHECK(run_tpcc(with(read_only_run(conn, scratch_dir("restart_refused")),
                      {"--condition", "restart", "--server-datadir", shared}),
                 &refused) == 2);
  INFO(refused);
  CHECK(refused.find("--server-datadir " + shared) != std::string::npos);
  CHECK(scalar_text(db, kStartedSql) == restarted);
  CHECK(scalar_text(tpcc::test::server_conninfo(), kStartedSql) == shared_started);
}

TEST_CASE(
    "tpcc snapshot --workload pgbench keeps pgbench's load, run --restore puts it back; an oltp "
    "run refuses it, and so does a pgbench run once the load is another",
    "[snapshot]") {
  const std::string db = tpcc::test::pgbench_database("tpcc_snapshot_pgbench");
  std::string output;
  REQUIRE(run_tpcc({"snapshot", "--conn", db, "--workload", "pgbench"}, &output) == 0);
  INFO(output);
  constexpr const char* kBalancesSql =
      "select sum(abalance) + (select sum(bbalance) from pgbench_branches) from pgbench_accounts";
  constexpr const char* kHistorySql = "select count(*) from pgbench_history";
  const long long balances = scalar(db, kBalancesSql);
  tpcc::test::execute(db, "update pgbench_accounts set abalance = abalance + 7 where aid = 1");

  // Its own run: back to the snapshot's rows before its terminals start.
  const std::string dir = scratch_dir("snapshot_pgbench_run");
  std::string ran;
  const int status = run_tpcc(
      tpcc::test::pgbench_line("run", db,
                               {"--builtin", "select-only", "--terminals", "1", "--duration", "1",
                                "--warmup", "0", "--restore", "--result-dir", dir}),
      &ran);
  INFO(ran);
  REQUIRE(status == 0);
  CHECK(scalar(db, kBalancesSql) == balances);  // select-only changes nothing
  CHECK(scalar(db, kHistorySql) == 0);
  const Json snapshot = read_result(dir).at("snapshot");
  REQUIRE(snapshot.is_object());
  CHECK(snapshot.at("workload") == "pgbench");
  CHECK(snapshot.at("row_counts").at("pgbench_accounts") == 100000);

  // An oltp run on the same database (its sbtest tables beside pgbench's):
  // refused, naming both loads, and nothing restored.
  std::string oltp;
  REQUIRE(run_tpcc({"prepare", "--conn", db, "--workload", "oltp_read_write", "--tables", "1",
                    "--table-size", "100"},
                   &oltp) == 0);
  tpcc::test::execute(db, "update pgbench_accounts set abalance = abalance + 7 where aid = 1");
  std::string refused;
  CHECK(run_tpcc({"run", "--conn", db, "--workload", "oltp_read_write", "--duration", "1",
                  "--restore", "--result-dir", scratch_dir("snapshot_pgbench_oltp")},
                 &refused) == 2);
  INFO(refused);
  CHECK_THAT(refused, Catch::Contains("pgbench's load") && Catch::Contains("oltp_read_write"));
  CHECK(scalar(db, kBalancesSql) == balances + 7);

  // pgbench prepared again at another scale: not the snapshot's load.
  std::string cleaned;
  REQUIRE(run_tpcc(tpcc::test::pgbench_line("cleanup", db), &cleaned) == 0);
  REQUIRE(run_tpcc(tpcc::test::pgbench_line("prepare", db, {"--scale", "2"}), &cleaned) == 0);
  std::string other;
  CHECK(run_tpcc(tpcc::test::pgbench_line("run", db,
                                          {"--duration", "1", "--restore", "--result-dir",
                                           scratch_dir("snapshot_pgbench_scale")}),
                 &other) == 2);
  INFO(other);
  CHECK_THAT(other, Catch::Contains("scale=1") && Catch::Contains("scale=2"));
  CHECK(scalar(db, "select count(*) from pgbench_branches") == 2);
  std::string dropped;
  CHECK(run_tpcc({"snapshot", "--conn", db, "--workload", "pgbench", "--drop"}, &dropped) == 0);
}
