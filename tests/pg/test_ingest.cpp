// The ingest workload end to end through the tpcc binary: prepare makes the
// tables (a table per stream, shared tables, unlogged), a run appends
// batches by INSERT and by COPY and reports rows/s, check finds the rows
// the run acknowledged (and fails once rows are deleted by hand), cleanup
// drops only what the kit recorded, and a table the kit did not make is
// refused.
#include <catch2/catch.hpp>

#include <chrono>
#include <fstream>
#include <future>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "tests/pg/pg_fixture.hpp"

namespace {

using Args = std::vector<std::string>;
using tpcc::test::scalar;
using tpcc::test::scalar_text;

int tpcc_ingest(const std::string& verb, const std::string& conninfo, const Args& extra,
                std::string* output) {
  Args args = {verb, "--conn", conninfo, "--workload", "ingest"};
  args.insert(args.end(), extra.begin(), extra.end());
  return tpcc::test::run_tpcc(args, output);
}

nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

long long rows_of(const std::string& conninfo, int table) {
  return scalar(conninfo, "select count(*) from tpcc_ingest_" + std::to_string(table));
}

}  // namespace

TEST_CASE("ingest: a table per stream, INSERT batches, check and cleanup", "[ingest]") {
  const std::string db = tpcc::test::create_database("tpcc_ingest_own");
  std::string output;
  REQUIRE(tpcc_ingest("prepare", db, {"--terminals", "2"}, &output) == 0);
  INFO(output);
  CHECK(scalar(db, "select count(*) from tpcc_ingest_tables") == 2);
  CHECK(rows_of(db, 1) == 0);

  const std::string dir = tpcc::test::scratch_dir("ingest-own");
  REQUIRE(tpcc_ingest("run", db,
                      {"--terminals", "2", "--duration", "3", "--report-interval", "1",
                       "--ingest-rows", "50", "--result-dir", dir},
                      &output) == 0);
  INFO(output);
  CHECK(output.find(" rows/s: ") != std::string::npos);
  CHECK(output.find("server WAL MB/s:") != std::string::npos);
  const nlohmann::json result = read_json(dir + "/result.json");
  const nlohmann::json& ingest = result.at("ingest");
  CHECK(ingest.at("rows").get<long long>() > 0);
  CHECK(ingest.at("rows").get<long long>() % 50 == 0);
  CHECK(ingest.at("rows_per_second").get<double>() > 0);
  CHECK(ingest.at("stream_rows_per_second").at("min").get<double>() > 0);
  CHECK(ingest.at("wal_mb_per_second").get<double>() > 0);
  CHECK(ingest.at("payload_bytes").get<int>() == 320);

  // Each stream wrote its own table, and the record holds what it acknowledged.
  const long long first = rows_of(db, 1);
  const long long second = rows_of(db, 2);
  CHECK(first > 0);
  CHECK(second > 0);
  CHECK(scalar(db, "select sum(acknowledged_rows) from tpcc_ingest_tables") == first + second);
  // A row is about --ingest-row-bytes in its table: the tuple and its line pointer.
  CHECK(scalar(db, "select round(avg(pg_column_size(t.*)))::bigint + 4 from tpcc_ingest_1 t") ==
        Approx(360).margin(8));

  REQUIRE(tpcc_ingest("check", db, {}, &output) == 0);
  CHECK(output.find("2 of 2 ingest checks hold") != std::string::npos);

  // Rows deleted by hand: the table holds fewer than the run acknowledged.
  tpcc::test::execute(db,
                      "delete from tpcc_ingest_2 where ctid in "
                      "(select ctid from tpcc_ingest_2 limit 3)");
  CHECK(tpcc_ingest("check", db, {}, &output) == 1);
  CHECK(output.find("PASS  tpcc_ingest_1") != std::string::npos);
  CHECK(output.find("FAIL  tpcc_ingest_2") != std::string::npos);
  CHECK(output.find("found: " + std::to_string(second - 3) + " rows") != std::string::npos);

  REQUIRE(tpcc_ingest("cleanup", db, {}, &output) == 0);
  CHECK(scalar(db, "select count(*) from pg_class where relname ~ '^tpcc_ingest'") == 0);
}

TEST_CASE("ingest: shared unlogged tables, COPY batches", "[ingest]") {
  const std::string db = tpcc::test::create_database("tpcc_ingest_shared");
  std::string output;
  REQUIRE(tpcc_ingest("prepare", db, {"--ingest-tables", "2", "--unlogged"}, &output) == 0);
  INFO(output);
  CHECK(scalar_text(db,
                    "select string_agg(relpersistence::text, '' order by relname) from "
                    "pg_class where relname ~ '^tpcc_ingest_[0-9]+$'") == "uu");

  const std::string dir = tpcc::test::scratch_dir("ingest-shared");
  REQUIRE(tpcc_ingest("run", db,
                      {"--terminals", "4", "--ingest-tables", "2", "--duration", "3",
                       "--ingest-method", "copy", "--ingest-rows", "200", "--result-dir", dir},
                      &output) == 0);
  INFO(output);
  const nlohmann::json ingest = read_json(dir + "/result.json").at("ingest");
  CHECK(ingest.at("tables").get<int>() == 2);
  CHECK(ingest.at("streams").get<int>() == 4);
  CHECK(ingest.at("rows").get<long long>() % 200 == 0);
  // Four streams into two tables: each table took two streams' batches.
  CHECK(rows_of(db, 1) > 0);
  CHECK(rows_of(db, 2) > 0);
  CHECK(rows_of(db, 1) % 200 == 0);
  CHECK(scalar(db, "select count(*) from tpcc_ingest_1 where crt_time is null") == 0);
  REQUIRE(tpcc_ingest("check", db, {}, &output) == 0);

  // A run of more tables than were prepared is refused before it starts.
  CHECK(tpcc_ingest("run", db, {"--terminals", "3", "--duration", "1"}, &output) == 2);
  CHECK(output.find("tpcc_ingest_3 was not prepared here") != std::string::npos);
  REQUIRE(tpcc_ingest("cleanup", db, {}, &output) == 0);
}

TEST_CASE("ingest: a table the kit did not make is refused and left", "[ingest]") {
  const std::string db = tpcc::test::create_database("tpcc_ingest_theirs");
  tpcc::test::execute(db,
                      "create table tpcc_ingest_2 (x int); insert into tpcc_ingest_2 values (1)");
  std::string output;
  CHECK(tpcc_ingest("prepare", db, {"--ingest-tables", "3"}, &output) == 2);
  INFO(output);
  CHECK(output.find("tpcc_ingest_2: the table exists and tpcc did not create it") !=
        std::string::npos);
  // Nothing was made: the refusal came first.
  CHECK(scalar(db,
               "select count(*) from pg_class where relname in ('tpcc_ingest_1', "
               "'tpcc_ingest_3')") == 0);
  REQUIRE(tpcc_ingest("prepare", db, {"--ingest-tables", "1"}, &output) == 0);
  REQUIRE(tpcc_ingest("cleanup", db, {}, &output) == 0);
  CHECK(output.find("left tpcc_ingest_2 (not created by tpcc)") != std::string::npos);
  CHECK(scalar(db, "select count(*) from tpcc_ingest_2") == 1);
  CHECK(scalar(db, "select count(*) from pg_class where relname = 'tpcc_ingest_1'") == 0);
}

TEST_CASE("ingest: tables go to the tablespaces round-robin; a missing one is refused",
          "[ingest]") {
  const std::string db = tpcc::test::create_database("tpcc_ingest_spaces");
  const std::vector<std::string> spaces = {"ts_ingest_a", "ts_ingest_b"};
  for (const std::string& space : spaces) {
    const std::string dir = tpcc::test::local_server().directory() + "/" + space;
    tpcc::test::make_directory_for_server(dir);
    tpcc::test::execute_outside_transaction(
        db, "create tablespace " + space + " location '" + dir + "'");
  }
  std::string output;
  CHECK(tpcc_ingest("prepare", db,
                    {"--ingest-tables", "3", "--tablespace", "ts_ingest_a,no_such_ts"},
                    &output) == 2);
  CHECK(output.find("--tablespace: tablespace 'no_such_ts' does not exist") != std::string::npos);
  CHECK(scalar(db, "select count(*) from pg_class where relname ~ '^tpcc_ingest_[0-9]'") == 0);

  REQUIRE(tpcc_ingest("prepare", db,
                      {"--ingest-tables", "3", "--tablespace", "ts_ingest_a,ts_ingest_b"},
                      &output) == 0);
  INFO(output);
  CHECK(scalar_text(db,
                    "select string_agg(c.relname || ':' || t.spcname, ' ' order by c.relname) "
                    "from pg_class c join pg_tablespace t on t.oid = c.reltablespace "
                    "where c.relname ~ '^tpcc_ingest_[0-9]+$'") ==
        "tpcc_ingest_1:ts_ingest_a tpcc_ingest_2:ts_ingest_b tpcc_ingest_3:ts_ingest_a");
  REQUIRE(tpcc_ingest("cleanup", db, {}, &output) == 0);
  for (const std::string& space : spaces) {
    tpcc::test::execute_outside_transaction(db, "drop tablespace " + space);
  }
}

TEST_CASE("ingest: batches cut off by terminated backends are in doubt, and check allows them",
          "[ingest]") {
  const std::string db = tpcc::test::create_database("tpcc_ingest_cut");
  std::string output;
  REQUIRE(tpcc_ingest("prepare", db, {"--ingest-tables", "2"}, &output) == 0);
  // The future's destructor waits for the run, whatever happens below.
  std::future<int> run = std::async(std::launch::async, [&] {
    return tpcc_ingest("run", db,
                       {"--terminals", "4", "--ingest-tables", "2", "--duration", "6",
                        "--report-interval", "1", "--ingest-rows", "1000"},
                       &output);
  });
  pqxx::connection admin{tpcc::test::server_conninfo()};
  const std::string backends =
      "from pg_stat_activity where datname = 'tpcc_ingest_cut' and backend_type = 'client "
      "backend' and application_name = 'tpcc' and pid <> pg_backend_pid()";
  // Terminate the streams' sessions, mid-batch or between two, three times.
  int terminated = 0;
  for (int round = 0; round < 3; ++round) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    terminated += static_cast<int>(
        tpcc::test::scalar(admin, "select count(pg_terminate_backend(pid)) " + backends));
  }
  const int status = run.get();
  INFO(output);
  CHECK(terminated >= 4);
  CHECK((status == 0 || status == 1));
  CHECK(scalar(db, "select sum(in_doubt_rows) from tpcc_ingest_tables") >= 1000);
  // Each table holds its acknowledged rows and at most the rows in doubt besides.
  CHECK(tpcc_ingest("check", db, {}, &output) == 0);
  INFO(output);
  CHECK(output.find("in doubt") != std::string::npos);
}
