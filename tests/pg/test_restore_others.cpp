// run --restore drops the working database and creates it again from its
// snapshot: an object there that tpcc did not create would go with it. The
// restore refuses (exit 2, nothing done) listing them, unless
// --restore-drop-others; the kit's own tables, records and sequences never
// count as others.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/pgbench_support.hpp"

namespace {

using tpcc::test::run_tpcc;
using tpcc::test::scalar;
using tpcc::test::scratch_dir;

constexpr const char* kDatabase = "tpcc_restore_others";

constexpr const char* kUserObjects =
    "create table my_notes (id int primary key, note text); "
    "insert into my_notes values (1, 'keep me'); "
    "create view my_view as select count(*) from my_notes; "
    "create function my_fn() returns int language sql as 'select 1'; "
    "create schema my_schema; "
    "select 1";

constexpr const char* kNotesSql =
    "select count(*) from pg_class where relname = 'my_notes' and relkind = 'r'";

std::vector<std::string> restored_run(const std::string& db, std::vector<std::string> more = {}) {
  std::vector<std::string> args = {"--builtin",
                                   "select-only",
                                   "--terminals",
                                   "1",
                                   "--duration",
                                   "1",
                                   "--warmup",
                                   "0",
                                   "--restore",
                                   "--result-dir",
                                   scratch_dir("restore_others")};
  args.insert(args.end(), more.begin(), more.end());
  return tpcc::test::pgbench_line("run", db, args);
}

}  // namespace

TEST_CASE(
    "run --restore refuses while the database holds objects tpcc did not create, listing them; "
    "--restore-drop-others drops them with it",
    "[restore_others]") {
  const std::string db = tpcc::test::pgbench_database(kDatabase);
  std::string output;
  REQUIRE(run_tpcc({"snapshot", "--conn", db, "--workload", "pgbench"}, &output) == 0);

  // The kit's own tables (pgbench's, its record and prepare's chunks) are
  // not others: a restore of the load alone goes ahead.
  std::string clean;
  CHECK(run_tpcc(restored_run(db), &clean) == 0);
  INFO(clean);
  CHECK(clean.find("restored " + std::string(kDatabase)) != std::string::npos);

  tpcc::test::execute(db, kUserObjects);
  std::string refused;
  CHECK(run_tpcc(restored_run(db), &refused) == 2);
  INFO(refused);
  CHECK(refused.find("--restore: database " + std::string(kDatabase) +
                     " holds 4 object(s) tpcc did not create") != std::string::npos);
  for (const char* object : {"function public.my_fn()", "schema my_schema", "table public.my_notes",
                             "view public.my_view"}) {
    CHECK(refused.find(object) != std::string::npos);
  }
  CHECK(refused.find("--restore-drop-others") != std::string::npos);
  CHECK(scalar(db, "select count(*) from my_notes") == 1);

  std::string dropped;
  CHECK(run_tpcc(restored_run(db, {"--restore-drop-others"}), &dropped) == 0);
  INFO(dropped);
  CHECK(dropped.find("--restore-drop-others: dropped with " + std::string(kDatabase) +
                     " 4 object(s) tpcc did not create: function public.my_fn()") !=
        std::string::npos);
  CHECK(scalar(db, kNotesSql) == 0);

  std::string drop;
  CHECK(run_tpcc({"snapshot", "--conn", db, "--workload", "pgbench", "--drop"}, &drop) == 0);
}
