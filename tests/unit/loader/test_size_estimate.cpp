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

TEST_CASE(
    "size estimate: an sbtest row takes about 264 bytes with its key and k index, as measured") {
  // 221.5 bytes of heap, 22.49 of key and 19.73 of k index a row.
  CHECK(tpcc::estimated_sbtest_megabytes(1000000, true) == Approx(263.72).epsilon(0.001));
  CHECK(tpcc::estimated_sbtest_megabytes(1000000, false) == Approx(243.99).epsilon(0.001));
  // 1000 tables of 2*10^9 rows: far beyond any disk, and no overflow.
  CHECK(tpcc::estimated_sbtest_megabytes(2000000000000LL, true) == Approx(527.44e6).epsilon(0.001));
  CHECK(tpcc::estimated_sbtest_megabytes(0, true) == 0);
}

TEST_CASE(
    "size estimate: pgbench takes about 15.7 MB per unit of scale, its heap grown by the "
    "fillfactor") {
  const auto scale = [](long long s) { return tpcc::PgbenchRows{100000 * s, 10 * s, s}; };
  // Measured: pgbench -i -s 10 loads 134.4 MB of accounts heap and 22.5 MB of key.
  CHECK(tpcc::estimated_pgbench_megabytes(scale(10), 100) == Approx(156.86).epsilon(0.001));
  CHECK(tpcc::estimated_pgbench_megabytes(scale(100000000), 100) ==
        Approx(1.5686e9).epsilon(0.001));
  // -F 50: the heaps double, the keys do not.
  CHECK(tpcc::estimated_pgbench_megabytes(scale(10), 50) -
            tpcc::estimated_pgbench_megabytes(scale(10), 100) ==
        Approx(134.37).epsilon(0.001));
  // A resumed load: only the rows still to load.
  CHECK(tpcc::estimated_pgbench_megabytes({100000, 0, 0}, 100) == Approx(15.686).epsilon(0.001));
}
