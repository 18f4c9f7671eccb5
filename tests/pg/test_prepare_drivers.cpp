// One load split over several tpcc prepare processes (--driver I/N): each
// loads its slice of the warehouses, driver 1 the item table, the last to
// finish the indexes and the completion mark; check names a driver whose
// slice is missing; drivers that slice alike are required; and the split
// load holds the rows one prepare with the same seed writes.
#include <catch2/catch.hpp>

#include <string>
#include <thread>
#include <vector>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/prepare_support.hpp"

namespace {

using tpcc::test::run_tpcc;
using tpcc::test::scalar;

constexpr const char* kSeed = "42";

std::vector<std::string> prepare_args(const std::string& conninfo, int warehouses,
                                      const std::string& driver) {
  std::vector<std::string> args = {
      "prepare", "--conn", conninfo, "--warehouses", std::to_string(warehouses), "--seed", kSeed};
  if (!driver.empty()) {
    args.push_back("--driver");
    args.push_back(driver);
  }
  return args;
}

}  // namespace

TEST_CASE(
    "prepare --driver: a missing driver's slice is named by check, and the last driver to "
    "finish completes the load",
    "[prepare_drivers]") {
  const std::string conninfo = tpcc::test::create_database("tpcc_prepare_drivers_order");
  std::string output;
  // Driver 2 of 2 alone: warehouse 2, no item table, no indexes yet.
  REQUIRE(run_tpcc(prepare_args(conninfo, 2, "2/2"), &output) == 0);
  INFO(output);
  CHECK(output.find("driver 2 of 2 (warehouses 2..2): loading 1 warehouse(s)") !=
        std::string::npos);
  CHECK(output.find("waiting on the others (1 warehouse(s) and the item table still missing)") !=
        std::string::npos);
  CHECK(output.find("not checking: the load is whole once every driver has finished") !=
        std::string::npos);
  CHECK(scalar(conninfo, "select count(*) from bmsql_warehouse") == 1);
  CHECK(scalar(conninfo, "select count(*) from bmsql_item") == 0);
  // The customer key is built after the rows, by the last driver.
  CHECK(scalar(conninfo, "select count(*) from pg_indexes where tablename = 'bmsql_customer'") ==
        0);

  output.clear();
  CHECK(run_tpcc({"check", "--conn", conninfo}, &output) == 1);
  CHECK(output.find("load incomplete: warehouse 1 of the 2 recorded in bmsql_config is missing; "
                    "the load was split over drivers (tpcc prepare --driver I/N), missing from "
                    "driver 1 of 2 (warehouses 1, its whole slice)") != std::string::npos);

  // Another split of the same load is refused before anything is loaded.
  output.clear();
  CHECK(run_tpcc(prepare_args(conninfo, 2, "1/1"), &output) == 2);
  CHECK(output.find("this load is split over 2 drivers (tpcc_load_drivers in bmsql_config)") !=
        std::string::npos);

  // Driver 1 of 2: the last to finish, it builds the indexes; its check passes.
  output.clear();
  REQUIRE(run_tpcc(prepare_args(conninfo, 2, "1/2"), &output) == 0);
  CHECK(output.find("the last driver to finish: every warehouse is loaded") != std::string::npos);
  CHECK(output.find("not checking") == std::string::npos);
  output.clear();
  CHECK(run_tpcc({"check", "--conn", conninfo}, &output) == 0);
  CHECK(scalar(conninfo, "select count(*) from bmsql_item") == 100000);

  // The same rows as one prepare with the same seed.
  const std::string single = tpcc::test::create_database("tpcc_prepare_drivers_single");
  REQUIRE(run_tpcc(prepare_args(single, 2, ""), &output) == 0);
  CHECK(tpcc::test::table_digests(conninfo) == tpcc::test::table_digests(single));
}

TEST_CASE("prepare --driver: drivers started together load disjoint slices and finish once",
          "[prepare_drivers]") {
  const std::string conninfo = tpcc::test::create_database("tpcc_prepare_drivers_together");
  std::string first_output;
  std::string second_output;
  int first = -1;
  int second = -1;
  std::thread one([&] { first = run_tpcc(prepare_args(conninfo, 4, "1/2"), &first_output); });
  std::thread two([&] { second = run_tpcc(prepare_args(conninfo, 4, "2/2"), &second_output); });
  one.join();
  two.join();
  INFO(first_output << "\n----\n" << second_output);
  CHECK(first == 0);
  CHECK(second == 0);
  const std::string both = first_output + second_output;
  // One of them builds the indexes; the other leaves it to it, or finds it done.
  int finishers = 0;
  const std::string finishing = "the last driver to finish: every warehouse is loaded";
  for (std::size_t at = both.find(finishing); at != std::string::npos;
       at = both.find(finishing, at + 1)) {
    ++finishers;
  }
  CHECK(finishers == 1);
  CHECK(first_output.find("warehouses 1..2") != std::string::npos);
  CHECK(second_output.find("warehouses 3..4") != std::string::npos);
  std::string output;
  CHECK(run_tpcc({"check", "--conn", conninfo}, &output) == 0);
  CHECK(scalar(conninfo, "select count(*) from bmsql_warehouse") == 4);
  CHECK(scalar(conninfo, "select count(*) from bmsql_district") == 40);
}
