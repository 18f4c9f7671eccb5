// tpcc sweep over loads on a real server: pgbench's scale=1,2 and an oltp
// test's tables=1,2 each prepare both loads into databases of their own
// (<db>_sweep_scale2), marked as the kit's, restore the load's snapshot
// before each point's run, and name each point's database in the table and
// result.json; the same command continues with the loads it prepared; a
// database of a load's name that the kit did not make exits 2, nothing made.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using tpcc::test::table_header;

Json read_json(const fs::path& path) { return Json::parse(tpcc::test::read_text(path)); }

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The conninfo of another database of the tests' server.
std::string on_database(const std::string& name) {
  return tpcc::test::local_server().conninfo_for(name);
}

// Whether a database of that name exists on the tests' server.
bool database_exists(const std::string& name) {
  return tpcc::test::scalar(tpcc::test::server_conninfo(),
                            "select count(*) from pg_database where datname = '" + name + "'") == 1;
}

// Short points, paced far below what the machine does.
std::vector<std::string> sweep_args(const std::string& conninfo, const std::string& dir,
                                    const std::vector<std::string>& more) {
  std::vector<std::string> args = {
      "sweep", "--conn", conninfo, "--warmup",     "0", "--duration", "2", "--report-interval",
      "1",     "--rate", "3000",   "--result-dir", dir};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// Each point ran on its load's database, restored from that database's
// snapshot just before, and the sweep's result names the database.
void check_points_on_loads(const std::string& dir, const std::vector<std::string>& points,
                           const std::vector<std::string>& databases) {
  const Json sweep = read_json(fs::path(dir) / "result.json");
  REQUIRE(sweep.at("points").size() == points.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Json& point = sweep.at("points")[i];
    INFO(point.dump());
    CHECK(point.at("dir") == points[i]);
    CHECK(point.at("status") == "done");
    CHECK(point.at("database") == databases[i]);
    const Json run = read_json(fs::path(dir) / points[i] / "result.json");
    REQUIRE(run.at("snapshot").is_object());
    CHECK(run.at("snapshot").at("name") == databases[i] + "_tpcc_snapshot");
    CHECK(run.at("snapshot").at("source") == databases[i]);
    CHECK(run.at("snapshot").at("restore_seconds").get<double>() > 0);
    // The kit's mark, given back by each restore.
    CHECK(
        has(tpcc::test::scalar_text(tpcc::test::server_conninfo(),
                                    "select shobj_description(oid, 'pg_database') from pg_database "
                                    "where datname = '" +
                                        databases[i] + "'"),
            "tpcc sweep load"));
  }
}

}  // namespace

TEST_CASE("sweep loads: pgbench over scale=1,2 prepares both, restores each before its point",
          "[sweep]") {
  const std::string conninfo = tpcc::test::create_database("tpcc_loads_pgbench");
  const std::string dir = tpcc::test::scratch_dir("loads_pgbench");
  const std::vector<std::string> args =
      sweep_args(conninfo, dir, {"--workload", "pgbench", "--vary", "scale=1,2"});
  std::string output;
  const int status = tpcc::test::run_tpcc(args, &output);
  INFO(output);
  REQUIRE(status == 0);
  const std::vector<std::string> databases = {"tpcc_loads_pgbench_sweep_scale1",
                                              "tpcc_loads_pgbench_sweep_scale2"};
  CHECK(has(output, "== load 1 of 2 (scale=1): preparing database " + databases[0] + " =="));
  CHECK(has(output, "== load 2 of 2 (scale=2): preparing database " + databases[1] + " =="));
  check_points_on_loads(dir, {"scale=1", "scale=2"}, databases);
  // Each load's database holds its own scale's tables.
  CHECK(tpcc::test::scalar(on_database(databases[0]), "select count(*) from pgbench_branches") ==
        1);
  CHECK(tpcc::test::scalar(on_database(databases[1]), "select count(*) from pgbench_branches") ==
        2);
  CHECK(has(table_header(output, "scale"), "scale | database | status | runs | tps"));
  // The working database was left as it was: empty.
  CHECK(tpcc::test::scalar(conninfo,
                           "select count(*) from pg_tables where tablename like 'pgbench%'") == 0);

  // The same command with a point not finished: both loads reused, the
  // point run again on its own.
  fs::remove_all(fs::path(dir) / "scale=2");
  std::string again;
  REQUIRE(tpcc::test::run_tpcc(args, &again) == 0);
  INFO(again);
  CHECK(has(again, "load 1 of 2 (scale=1): database " + databases[0] + " prepared before, reused"));
  CHECK(has(again, "load 2 of 2 (scale=2): database " + databases[1] + " prepared before, reused"));
  CHECK(!has(again, "preparing database"));
  check_points_on_loads(dir, {"scale=1", "scale=2"}, databases);
}

TEST_CASE("sweep loads: an oltp test over tables=1,2 prepares both, a database each", "[sweep]") {
  const std::string conninfo = tpcc::test::create_database("tpcc_loads_oltp");
  const std::string dir = tpcc::test::scratch_dir("loads_oltp");
  std::string output;
  const int status = tpcc::test::run_tpcc(
      sweep_args(conninfo, dir,
                 {"--workload", "oltp_read_only", "--table-size", "100", "--vary", "tables=1,2"}),
      &output);
  INFO(output);
  REQUIRE(status == 0);
  const std::vector<std::string> databases = {"tpcc_loads_oltp_sweep_tables1",
                                              "tpcc_loads_oltp_sweep_tables2"};
  check_points_on_loads(dir, {"tables=1", "tables=2"}, databases);
  CHECK(tpcc::test::scalar(on_database(databases[0]),
                           "select count(*) from pg_tables where tablename like 'sbtest%'") == 1);
  CHECK(tpcc::test::scalar(on_database(databases[1]),
                           "select count(*) from pg_tables where tablename like 'sbtest%'") == 2);
  CHECK(tpcc::test::scalar(on_database(databases[1]), "select count(*) from sbtest2") == 100);
  CHECK(has(table_header(output, "tables"), "tables | database | status | runs | tps"));
}

TEST_CASE("sweep loads: a database of a load's name the kit did not make exits 2, nothing made",
          "[sweep]") {
  const std::string conninfo = tpcc::test::create_database("tpcc_loads_foreign");
  tpcc::test::create_database("tpcc_loads_foreign_sweep_scale3");
  const std::string dir = tpcc::test::scratch_dir("loads_foreign");
  std::string output;
  const int status = tpcc::test::run_tpcc(
      sweep_args(conninfo, dir, {"--workload", "pgbench", "--vary", "scale=1,3"}), &output);
  INFO(output);
  CHECK(status == 2);
  CHECK(has(output, "tpcc_loads_foreign_sweep_scale3 exists and tpcc did not make it"));
  CHECK(!database_exists("tpcc_loads_foreign_sweep_scale1"));
  CHECK(!fs::exists(dir));
  // An axis the workload does not load by.
  std::string oltp;
  CHECK(tpcc::test::run_tpcc(
            sweep_args(conninfo, dir, {"--workload", "oltp_read_only", "--vary", "warehouses=1,2"}),
            &oltp) == 2);
  CHECK(has(oltp, "--vary warehouses: not a load of oltp_read_only's"));
}
