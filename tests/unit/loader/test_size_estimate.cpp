// What prepare says before a load: how much disk it will take.
#include <catch2/catch.hpp>

#include <string>

#include "config/config.hpp"
#include "loader/size_estimate.hpp"

TEST_CASE(
    "size estimate: about 106 MB per warehouse and 13 MB for the items at fillfactor 100, as "
    "measured") {
  tpcc::Config config;
  config.fillfactor.clear();  // --fillfactor none
  CHECK(tpcc::estimated_load_megabytes(config, 1, false) == Approx(106.0).epsilon(0.01));
  CHECK(tpcc::estimated_load_megabytes(config, 0, true) == Approx(12.9).epsilon(0.01));
  CHECK(tpcc::estimated_load_megabytes(config, 1000, true) ==
        Approx(1000 * 106.0 + 12.9).epsilon(0.01));
}

TEST_CASE(
    "size estimate: the default fillfactors (customer and order_line 90) add about 5.7 MB per "
    "warehouse") {
  // Measured: 2 warehouses load 236 MB with the defaults, 225 MB at 100.
  const tpcc::Config config;
  CHECK(tpcc::estimated_load_megabytes(config, 1, false) == Approx(111.7).epsilon(0.01));
  CHECK(tpcc::estimated_load_megabytes(config, 0, true) == Approx(12.9).epsilon(0.01));
}

TEST_CASE("size estimate: a fillfactor of 50 doubles the heap of the tables it names only") {
  tpcc::Config config;
  const double plain = tpcc::estimated_load_megabytes(config, 10, false);
  config.fillfactor["bmsql_stock"] = 50;
  // bmsql_stock's heap: 35.62 MB per warehouse, measured.
  CHECK(tpcc::estimated_load_megabytes(config, 10, false) - plain == Approx(356.2).epsilon(0.001));
}

TEST_CASE("size estimate: megabytes read in the largest unit that keeps three digits") {
  CHECK(tpcc::format_megabytes(119.3) == "119 MB");
  CHECK(tpcc::format_megabytes(999.4) == "999 MB");
  CHECK(tpcc::format_megabytes(999.6) == "1.0 GB");
  CHECK(tpcc::format_megabytes(1500) == "1.5 GB");
  CHECK(tpcc::format_megabytes(106013) == "106 GB");
  CHECK(tpcc::format_megabytes(1.1e6) == "1.1 TB");
}
