// The kit's safeguards, row by row against each workload (TPC-C, sysbench's
// oltp_read_write, pgbench's scripts, the ingest): a verb that drops, given
// a props file that names no conn, refuses with exit 2 naming conn and
// leaves the PG* environment's database as it was; --restore without a
// snapshot of the workload's load refuses with exit 2 naming --restore; a
// password given in --conn, in the props file or held in the server's
// primary_conninfo (a promoted standby keeps the one pg_basebackup -R
// wrote) appears in no file of the result directory nor in the output.
// (Cleanup's refusal while a view of others depends on a workload's table
// is test_workload_cleanup's table.)
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "pgserver/local_server.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"
#include "tests/pg/standby_fixture.hpp"
#include "tests/pg/workload_table.hpp"

namespace {

namespace fs = std::filesystem;
using Args = std::vector<std::string>;
using tpcc::test::read_text;
using tpcc::test::run_tpcc;
using tpcc::test::scalar;
using tpcc::test::table_of;
using tpcc::test::Workload;

const std::vector<Workload>& workloads() {
  static const std::vector<Workload> all = tpcc::test::workload_table("tpcc_safeguards");
  return all;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// `tpcc VERB` of w (its run's options or only its load's), then `more`.
Args line(const std::string& verb, const Args& selects, const Args& more) {
  Args args = {verb};
  args.insert(args.end(), selects.begin(), selects.end());
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// A short run's options into dir.
Args short_run(const std::string& dir) {
  return {"--terminals",       "2", "--duration",   "2", "--warmup", "0",
          "--report-interval", "1", "--result-dir", dir};
}

// Whether w's table is there, and its rows (an ingest table starts empty).
long long rows_of(const std::string& conninfo, const Workload& w) {
  if (scalar(conninfo, "select count(*) from pg_class where relname = '" + table_of(w) + "'") ==
      0) {
    return -1;
  }
  return scalar(conninfo, "select count(*) from " + table_of(w));
}

// Every file under dir that holds text.
std::vector<fs::path> files_holding(const std::string& dir, const std::string& text) {
  std::vector<fs::path> found;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    if (entry.is_regular_file() && has(read_text(entry.path()), text))
      found.push_back(entry.path());
  }
  return found;
}

}  // namespace

TEST_CASE(
    "safeguards: a verb that drops, given a props file that names no conn, refuses naming conn "
    "and leaves the environment's database alone, for every workload",
    "[safeguards]") {
  for (const Workload& w : workloads()) {
    DYNAMIC_SECTION(w.name) {
      const std::string db = w.database();
      // The PG* environment points at the workload's load: a verb that fell
      // back to it would drop it.
      const tpcc::EnvChanges env = {{"PGDATABASE", w.prefix + "_" + w.suffix}};
      const long long before = rows_of(db, w);
      REQUIRE(before >= 0);
      const std::string props = tpcc::test::scratch_dir("safeguards_" + w.suffix + ".props");
      std::ofstream(props) << "terminals=2\nconnection=" << db << "\n";
      const std::string dir = tpcc::test::scratch_dir("safeguards_noconn_" + w.suffix);
      const Args restore = {props, "--restore", "--duration", "1", "--result-dir", dir};
      for (const Args& args : {line("cleanup", w.load, {props}), line("snapshot", w.load, {props}),
                               line("run", w.args, restore), line("capacity", w.args, restore)}) {
        std::string output;
        CHECK(run_tpcc(args, &output, env) == 2);
        INFO(args.front() << ": " << output);
        CHECK(has(output, "needs conn: props file '" + props + "' names no conn"));
        CHECK(has(output, "nothing was done"));
        CHECK(rows_of(db, w) == before);
        CHECK_FALSE(fs::exists(dir));
      }
    }
  }
}

TEST_CASE("safeguards: --restore without a snapshot of the load refuses naming --restore",
          "[safeguards]") {
  for (const Workload& w : workloads()) {
    DYNAMIC_SECTION(w.name) {
      const std::string db = w.database();
      const long long before = rows_of(db, w);
      REQUIRE(before >= 0);
      const std::string dir = tpcc::test::scratch_dir("safeguards_restore_" + w.suffix);
      Args args = line("run", w.args, short_run(dir));
      args.insert(args.end(), {"--conn", db, "--restore"});
      std::string output;
      CHECK(run_tpcc(args, &output) == 2);
      INFO(output);
      CHECK(has(output, "--restore: database " + w.prefix + "_" + w.suffix + " has no snapshot"));
      CHECK(has(output, "nothing was done"));
      // Nothing ran: the result says so, and the load is as it was.
      CHECK(has(output, "the run measured nothing (not_started)"));
      CHECK(rows_of(db, w) == before);
    }
  }
}

TEST_CASE(
    "safeguards: a password in --conn, in the props file or in the server's primary_conninfo "
    "is in no result file and not in the output, for every workload",
    "[safeguards]") {
  const std::string conn_secret = "Pw-conn-81c";
  const std::string props_secret = "Pw-props-4e2";
  const std::string replication_secret = "Pw-repl-07d";
  // A standby promoted after a failover keeps the primary_conninfo that
  // pg_basebackup -R wrote, with the replication password when there was one.
  tpcc::test::StandbyPair pair("tpcc_safeguards_standby");
  const tpcc::LocalServer& server = pair.standby();
  const std::string conninfo = tpcc::test::scalar_text(server.conninfo(), "show primary_conninfo") +
                               " password=" + replication_secret;
  std::string literal;  // as an SQL string literal holds it: ' doubled
  for (const char c : conninfo) literal += c == '\'' ? std::string("''") : std::string(1, c);
  tpcc::test::execute_outside_transaction(server.conninfo(),
                                          "alter system set primary_conninfo = '" + literal + "'");
  pair.promote_standby();
  tpcc::test::execute_outside_transaction(server.conninfo(), "select pg_reload_conf()");
  REQUIRE(
      has(tpcc::test::scalar_text(server.conninfo(), "show primary_conninfo"), replication_secret));

  for (const Workload& w : workloads()) {
    DYNAMIC_SECTION(w.name) {
      const std::string name = "tpcc_safeguards_pw_" + w.suffix;
      tpcc::test::execute_outside_transaction(server.conninfo(), "create database " + name);
      const std::string db = w.prepare(server.conninfo_for(name));
      const std::string props = tpcc::test::scratch_dir("safeguards_pw_" + w.suffix + ".props");
      std::ofstream(props) << "conn=" << db << "\npassword=" << props_secret << "\n";
      const std::string by_conn = tpcc::test::scratch_dir("safeguards_pw_conn_" + w.suffix);
      const std::string by_props = tpcc::test::scratch_dir("safeguards_pw_props_" + w.suffix);
      Args with_conn = line("run", w.args, short_run(by_conn));
      with_conn.insert(with_conn.end(), {"--conn", db + " password=" + conn_secret});
      Args with_props = line("run", w.args, short_run(by_props));
      with_props.push_back(props);
      for (const auto& [args, dir] :
           {std::pair{with_conn, by_conn}, std::pair{with_props, by_props}}) {
        std::string output;
        const int status = run_tpcc(args, &output);
        INFO(output);
        REQUIRE(status == 0);
        REQUIRE(fs::exists(fs::path(dir) / "result.json"));
        REQUIRE(fs::exists(fs::path(dir) / "config.json"));
        REQUIRE(fs::exists(fs::path(dir) / "report.html"));
        // The server's settings are recorded, primary_conninfo among them.
        CHECK(has(read_text(fs::path(dir) / "result.json"), "primary_conninfo"));
        for (const std::string& secret : {conn_secret, props_secret, replication_secret}) {
          INFO(secret);
          CHECK_FALSE(has(output, secret));
          CHECK(files_holding(dir, secret).empty());
        }
      }
    }
  }
}
