#include <catch2/catch.hpp>

#include "config/names.hpp"

#include <map>
#include <set>

#include "spec/random.hpp"
#include "workloads/sysbench/oltp_event.hpp"
#include "workloads/sysbench/oltp_statements.hpp"
#include "workloads/sysbench/oltp_workload.hpp"

namespace {

using tpcc::OltpEvent;
using tpcc::OltpOptions;
using tpcc::OltpStatement;
using tpcc::OltpStep;
using tpcc::OltpTest;
using tpcc::Random;

OltpOptions test_options(OltpTest test) {
  OltpOptions options;
  options.test = test;
  options.tables = 3;
  options.table_size = 1000;
  return options;
}

std::map<OltpStatement, int> counts(const OltpEvent& event) {
  std::map<OltpStatement, int> n;
  for (const OltpStep& step : event.steps) ++n[step.statement];
  return n;
}

// What every planned step must satisfy: a table in 1..tables (0 for BEGIN
// and COMMIT), ids by --rand-type in 1..table_size, ranges range_size long,
// strings of the templates' lengths.
void check_steps(const OltpEvent& event, const OltpOptions& options) {
  for (const OltpStep& step : event.steps) {
    if (step.statement == OltpStatement::Begin || step.statement == OltpStatement::Commit) {
      CHECK(step.table == 0);
      continue;
    }
    CHECK(step.table >= 1);
    CHECK(step.table <= options.tables);
    switch (step.statement) {
      case OltpStatement::SimpleRange:
      case OltpStatement::SumRange:
      case OltpStatement::OrderRange:
      case OltpStatement::DistinctRange:
        CHECK(step.id_end == step.id + options.range_size - 1);
        break;
      case OltpStatement::NonIndexUpdate: CHECK(step.c.size() == 119); break;
      case OltpStatement::Insert:
      case OltpStatement::InsertAutoInc:
        CHECK(step.c.size() == 119);
        CHECK(step.pad.size() == 59);
        CHECK(step.k >= 1);
        CHECK(step.k <= options.table_size);
        break;
      default: break;
    }
    if (step.statement != OltpStatement::InsertAutoInc &&
        !(step.statement == OltpStatement::Insert && options.test == OltpTest::Insert)) {
      CHECK(step.id >= 1);
      CHECK(step.id <= options.table_size);
    }
  }
}

OltpEvent plan(const OltpOptions& options, std::uint64_t seed = 5) {
  Random rng(seed);
  const OltpEvent event = tpcc::plan_event(options, rng);
  check_steps(event, options);
  return event;
}

}  // namespace

TEST_CASE(
    "oltp_read_write event: BEGIN, 10 point selects, 4 ranges, 2 updates, a delete and "
    "an insert, COMMIT",
    "[workloads]") {
  const OltpOptions options = test_options(OltpTest::ReadWrite);
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    const OltpEvent event = plan(options, seed);
    CHECK(event.transaction);
    REQUIRE(event.steps.size() == 20);
    CHECK(event.steps.front().statement == OltpStatement::Begin);
    CHECK(event.steps.back().statement == OltpStatement::Commit);
    auto n = counts(event);
    CHECK(n[OltpStatement::PointSelect] == 10);
    CHECK(n[OltpStatement::SimpleRange] == 1);
    CHECK(n[OltpStatement::SumRange] == 1);
    CHECK(n[OltpStatement::OrderRange] == 1);
    CHECK(n[OltpStatement::DistinctRange] == 1);
    CHECK(n[OltpStatement::IndexUpdate] == 1);
    CHECK(n[OltpStatement::NonIndexUpdate] == 1);
    CHECK(n[OltpStatement::Delete] == 1);
    CHECK(n[OltpStatement::Insert] == 1);
    // The delete/insert puts back the row it deleted.
    const OltpStep& remove = event.steps[event.steps.size() - 3];
    const OltpStep& insert = event.steps[event.steps.size() - 2];
    CHECK(remove.statement == OltpStatement::Delete);
    CHECK(insert.statement == OltpStatement::Insert);
    CHECK(insert.id == remove.id);
    CHECK(insert.table == remove.table);
  }
}

TEST_CASE("oltp_read_write event: the counts follow the options", "[workloads]") {
  OltpOptions options = test_options(OltpTest::ReadWrite);
  options.point_selects = 3;
  options.sum_ranges = 2;
  options.index_updates = 4;
  options.delete_inserts = 2;
  auto n = counts(plan(options));
  CHECK(n[OltpStatement::PointSelect] == 3);
  CHECK(n[OltpStatement::SumRange] == 2);
  CHECK(n[OltpStatement::IndexUpdate] == 4);
  CHECK(n[OltpStatement::Delete] == 2);
  CHECK(n[OltpStatement::Insert] == 2);

  options.range_selects = false;
  options.skip_trx = true;
  const OltpEvent bare = plan(options);
  CHECK_FALSE(bare.transaction);
  n = counts(bare);
  CHECK(n[OltpStatement::Begin] == 0);
  CHECK(n[OltpStatement::Commit] == 0);
  CHECK(n[OltpStatement::SimpleRange] + n[OltpStatement::SumRange] + n[OltpStatement::OrderRange] +
            n[OltpStatement::DistinctRange] ==
        0);
  CHECK(bare.steps.size() == 3 + 4 + 1 + 2 * 2);
}

TEST_CASE("oltp_read_only and oltp_write_only events: reads or writes only, in a transaction",
          "[workloads]") {
  auto ro = counts(plan(test_options(OltpTest::ReadOnly)));
  CHECK(ro[OltpStatement::Begin] == 1);
  CHECK(ro[OltpStatement::PointSelect] == 10);
  CHECK(ro[OltpStatement::DistinctRange] == 1);
  CHECK(ro[OltpStatement::IndexUpdate] + ro[OltpStatement::Delete] + ro[OltpStatement::Insert] ==
        0);
  auto wo = counts(plan(test_options(OltpTest::WriteOnly)));
  CHECK(wo[OltpStatement::Commit] == 1);
  CHECK(wo[OltpStatement::PointSelect] + wo[OltpStatement::SimpleRange] == 0);
  CHECK(wo[OltpStatement::IndexUpdate] == 1);
  CHECK(wo[OltpStatement::NonIndexUpdate] == 1);
  CHECK(wo[OltpStatement::Delete] == 1);
  CHECK(wo[OltpStatement::Insert] == 1);
}

TEST_CASE("oltp single-statement events: point select, updates and delete without BEGIN",
          "[workloads]") {
  OltpOptions options = test_options(OltpTest::PointSelect);
  // oltp_point_select.lua sends one select whatever --point_selects says.
  options.point_selects = 10;
  OltpEvent event = plan(options);
  CHECK_FALSE(event.transaction);
  REQUIRE(event.steps.size() == 1);
  CHECK(event.steps[0].statement == OltpStatement::PointSelect);

  options.test = OltpTest::UpdateIndex;
  options.index_updates = 3;
  event = plan(options);
  CHECK_FALSE(event.transaction);
  CHECK(counts(event)[OltpStatement::IndexUpdate] == 3);
  CHECK(event.steps.size() == 3);

  options.test = OltpTest::UpdateNonIndex;
  event = plan(options);
  CHECK(event.steps.size() == 1);
  CHECK(event.steps[0].statement == OltpStatement::NonIndexUpdate);

  options.test = OltpTest::Delete;
  event = plan(options);
  REQUIRE(event.steps.size() == 1);
  CHECK(event.steps[0].statement == OltpStatement::Delete);
}

TEST_CASE("oltp_insert event: --auto_inc leaves the id to the sequence, else a 32-bit id",
          "[workloads]") {
  OltpOptions options = test_options(OltpTest::Insert);
  OltpEvent event = plan(options);
  REQUIRE(event.steps.size() == 1);
  CHECK_FALSE(event.transaction);
  CHECK(event.steps[0].statement == OltpStatement::InsertAutoInc);
  CHECK(tpcc::oltp_statement_sql(OltpStatement::InsertAutoInc, 2) ==
        "INSERT INTO sbtest2 (k, c, pad) VALUES ($1, $2, $3)");

  options.auto_inc = false;
  std::set<std::int64_t> ids;
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    event = plan(options, seed);
    REQUIRE(event.steps.size() == 1);
    CHECK(event.steps[0].statement == OltpStatement::Insert);
    CHECK(event.steps[0].id >= -2147483648LL);
    CHECK(event.steps[0].id <= 2147483647LL);
    ids.insert(event.steps[0].id);
  }
  CHECK(ids.size() == 100);
}

TEST_CASE("oltp events: each group of statements picks its own table in 1..tables", "[workloads]") {
  const OltpOptions options = test_options(OltpTest::ReadWrite);
  std::set<int> tables;
  bool groups_differ = false;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    const OltpEvent event = plan(options, seed);
    // The ten point selects (steps 1..10) share one table.
    for (int i = 2; i <= 10; ++i) CHECK(event.steps[i].table == event.steps[1].table);
    if (event.steps[11].table != event.steps[1].table) groups_differ = true;
    for (const OltpStep& step : event.steps) {
      if (step.table != 0) tables.insert(step.table);
    }
  }
  CHECK(tables == std::set<int>{1, 2, 3});
  CHECK(groups_differ);
}

TEST_CASE("oltp statements: each test registers its kinds, under names of their own",
          "[workloads]") {
  OltpOptions options = test_options(OltpTest::ReadWrite);
  CHECK(tpcc::oltp_test_statements(options).size() == 9);
  options.range_selects = false;
  CHECK(tpcc::oltp_test_statements(options).size() == 5);
  options.test = OltpTest::ReadOnly;
  CHECK(tpcc::oltp_test_statements(options).size() == 1);
  options.test = OltpTest::Delete;
  CHECK(tpcc::oltp_test_statements(options) == std::vector<OltpStatement>{OltpStatement::Delete});
  CHECK(tpcc::oltp_statement_name(OltpStatement::PointSelect, 3) == "sb_point_select_3");
  CHECK(tpcc::oltp_statement_sql(OltpStatement::PointSelect, 3) ==
        "SELECT c FROM sbtest3 WHERE id=$1");
  CHECK(tpcc::oltp_statement_sql(OltpStatement::DistinctRange, 1) ==
        "SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN $1 AND $2 ORDER BY c");
}

TEST_CASE("oltp restarting errors: deadlock, serialization failure and unique violation",
          "[workloads]") {
  CHECK(tpcc::oltp_error_restarts_event("40P01"));
  CHECK(tpcc::oltp_error_restarts_event("40001"));
  CHECK(tpcc::oltp_error_restarts_event("23505"));
  CHECK_FALSE(tpcc::oltp_error_restarts_event("42P01"));
  CHECK_FALSE(tpcc::oltp_error_restarts_event(""));
}

TEST_CASE("oltp workload: one type named transaction, the test's name", "[workloads]") {
  const tpcc::OltpWorkload workload(test_options(OltpTest::PointSelect));
  CHECK(workload.name() == "oltp_point_select");
  REQUIRE(workload.types().size() == 1);
  CHECK(workload.types()[0].name == "transaction");
  CHECK(workload.types()[0].title == "Transaction");
  CHECK_FALSE(workload.deals_decks());
}
