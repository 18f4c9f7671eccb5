// Before a load: the plan takes no memory per warehouse, the estimate and
// the free space are said at once, and a load larger than the free space is
// refused unless --no-space-check.
#include <catch2/catch.hpp>

#include <climits>
#include <string>

#include "config/config.hpp"
#include "loader/load_jobs.hpp"
#include "loader/size_estimate.hpp"
#include "loader/space_check.hpp"

using tpcc::FreeSpace;
using tpcc::LoadJobs;
using tpcc::space_line;
using tpcc::space_refusal;

TEST_CASE("load plan: a billion warehouses are one range, and gaps are skipped in order",
          "[loader][space]") {
  LoadJobs all;
  all.items = true;
  all.add_warehouses(1, 1000000000);
  CHECK(all.warehouse_count() == 1000000000);
  CHECK(all.count() == 1000000001);
  CHECK(all.warehouse_at(0) == 1);
  CHECK(all.warehouse_at(999999999) == 1000000000);

  LoadJobs most;
  most.add_warehouses(1, INT_MAX);
  most.items = true;
  CHECK(most.count() == static_cast<long long>(INT_MAX) + 1);  // no int overflow

  // A resumed load: 2, 3 and 6 of 1..7 already there.
  LoadJobs resumed;
  resumed.add_warehouses(1, 1);
  resumed.add_warehouses(4, 5);
  resumed.add_warehouses(7, 7);
  resumed.add_warehouses(9, 8);  // empty: nothing
  REQUIRE(resumed.warehouse_count() == 4);
  CHECK(resumed.warehouse_at(0) == 1);
  CHECK(resumed.warehouse_at(1) == 4);
  CHECK(resumed.warehouse_at(2) == 5);
  CHECK(resumed.warehouse_at(3) == 7);
  CHECK_THROWS(resumed.warehouse_at(4));
}

namespace {

tpcc::LoadSize warehouses(const tpcc::Config& config, int count) {
  return {tpcc::estimated_load_megabytes(config, count, true),
          std::to_string(count) + " warehouse(s)", "--warehouses", "fewer warehouses"};
}

}  // namespace

TEST_CASE("space check: a load larger than the free space is refused, naming both and the flag",
          "[loader][space]") {
  const tpcc::Config config;
  const tpcc::LoadSize load = warehouses(config, 10000000);
  FreeSpace free;
  free.megabytes = 77e3;  // 77 GB
  free.place = "the file system of the server's data directory /pg/data";
  const auto refusal = space_refusal(load, free, false);
  REQUIRE(refusal);
  CHECK(*refusal ==
        "--warehouses: loading 10000000 warehouse(s) needs about 1.1 PB with indexes, but the "
        "file system of the server's data directory /pg/data has 77 GB free; nothing was "
        "loaded. Load fewer warehouses, free space, or pass --no-space-check (props "
        "no-space-check=true) to load anyway");
  CHECK(space_line(load, free) ==
        "size estimate: about 1.1 PB with indexes for 10000000 warehouse(s); 77 GB free on the "
        "file system of the server's data directory /pg/data");

  // What fits, --no-space-check, and an unknown free space are not refused.
  CHECK_FALSE(space_refusal(warehouses(config, 100), free, false));
  CHECK_FALSE(space_refusal(load, free, true));
  FreeSpace unknown;
  unknown.note = "the server does not run on this machine";
  CHECK_FALSE(space_refusal(load, unknown, false));
  CHECK(space_line(load, unknown) ==
        "size estimate: about 1.1 PB with indexes for 10000000 warehouse(s); free space not "
        "checked: the server does not run on this machine");
}

TEST_CASE("space check: another workload's load is refused naming its own flag and amount",
          "[loader][space]") {
  FreeSpace free;
  free.megabytes = 77e3;
  free.place = "the file system of the server's data directory /pg/data";
  const tpcc::LoadSize load{tpcc::estimated_sbtest_megabytes(2000000000000LL, true),
                            "2000000000000 rows in 1000 sbtest table(s)", "--table-size",
                            "fewer or smaller tables"};
  const auto refusal = space_refusal(load, free, false);
  REQUIRE(refusal);
  CHECK(*refusal ==
        "--table-size: loading 2000000000000 rows in 1000 sbtest table(s) needs about 527 TB "
        "with indexes, but the file system of the server's data directory /pg/data has 77 GB "
        "free; nothing was loaded. Load fewer or smaller tables, free space, or pass "
        "--no-space-check (props no-space-check=true) to load anyway");
}
