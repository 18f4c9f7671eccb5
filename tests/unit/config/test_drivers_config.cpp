// Several drivers, one result (docs/several-drivers.md): the warehouse
// slice of driver I of N, and the options --driver, --run-id,
// --barrier-timeout and tpcc report --merge/--out.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "config/driver_slice.hpp"
#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

namespace {

using tpcc::WarehouseRange;
using tpcc::test::parse;
using tpcc::test::usage_error;

// Every slice of range for count drivers, in driver order.
std::vector<WarehouseRange> slices(const WarehouseRange& range, int count) {
  std::vector<WarehouseRange> out;
  for (int i = 1; i <= count; ++i) out.push_back(tpcc::driver_slice(range, i, count));
  return out;
}

// The slices cover range exactly once, in order, and differ in size by one at most.
void check_partition(const WarehouseRange& range, int count) {
  const auto parts = slices(range, count);
  int next = range.first;
  int smallest = range.count();
  int largest = 0;
  for (const auto& part : parts) {
    CHECK(part.first == next);
    CHECK(part.count() >= 1);
    next = part.last + 1;
    smallest = std::min(smallest, part.count());
    largest = std::max(largest, part.count());
  }
  CHECK(next == range.last + 1);
  CHECK(largest - smallest <= 1);
}

}  // namespace

TEST_CASE("drivers: driver I of N takes the I-th of N even slices of the warehouses", "[drivers]") {
  const auto two = slices({1, 4}, 2);
  CHECK(two[0].first == 1);
  CHECK(two[0].last == 2);
  CHECK(two[1].first == 3);
  CHECK(two[1].last == 4);
  // 10 over 3: the larger slices first.
  const auto three = slices({1, 10}, 3);
  CHECK(three[0].count() == 4);
  CHECK(three[1].first == 5);
  CHECK(three[1].last == 7);
  CHECK(three[2].first == 8);
  CHECK(three[2].last == 10);
  for (int w = 1; w <= 13; ++w) {
    for (int n = 1; n <= w; ++n) check_partition({1, w}, n);
  }
}

TEST_CASE("drivers: the slices of an explicit useWarehouseFrom..useWarehouseTo stay within it",
          "[drivers]") {
  const auto parts = slices({11, 20}, 4);
  CHECK(parts.front().first == 11);
  CHECK(parts.back().last == 20);
  check_partition({11, 20}, 4);
  tpcc::Config config;
  config.warehouse_from = 3;
  config.warehouse_to = 6;
  config.driver_index = 2;
  config.driver_count = 2;
  const WarehouseRange homes = tpcc::home_range(config, 10);
  CHECK(homes.first == 5);
  CHECK(homes.last == 6);
  config.driver_count = 0;  // the only driver: the whole range
  CHECK(tpcc::home_range(config, 10).count() == 4);
}

TEST_CASE("drivers: more drivers than warehouses is refused naming --driver", "[drivers]") {
  CHECK_THROWS_WITH(tpcc::driver_slice({1, 2}, 1, 3),
                    Catch::Contains("--driver 1/3") && Catch::Contains("3 drivers for 2"));
  tpcc::Config config;
  config.driver_index = 3;
  config.driver_count = 3;
  CHECK_THROWS_AS(tpcc::home_range(config, 2), tpcc::UsageError);
  // With props warehouses the refusal comes before connecting.
  tpcc::test::TempDir dir;
  const auto props = dir.write("w.props", "warehouses=2\nterminals=2\n");
  CHECK_THAT(usage_error({"run", props, "--driver", "1/3"}), Catch::Contains("3 drivers for 2"));
}

TEST_CASE("drivers: 4.2.2 --spec gives a driver ten terminals per warehouse of its slice",
          "[drivers]") {
  tpcc::test::TempDir dir;
  const auto props = dir.write("w.props", "warehouses=5\n");
  CHECK(parse({"run", props, "--spec", "--driver", "1/2"}).terminals == 30);
  CHECK(parse({"run", props, "--spec", "--driver", "2/2"}).terminals == 20);
  CHECK(parse({"run", props, "--spec"}).terminals == 50);
}

TEST_CASE("drivers: --driver I/N is 1-based with I within 1..N", "[drivers]") {
  const tpcc::Config c = parse({"run", "--driver", "2/3"});
  CHECK(c.driver_index == 2);
  CHECK(c.driver_count == 3);
  CHECK_THAT(usage_error({"run", "--driver", "3/2"}), Catch::Contains("I must be within 1..2"));
  CHECK_THAT(usage_error({"run", "--driver", "0/2"}), Catch::Contains("--driver (I of I/N)"));
  CHECK_THAT(usage_error({"run", "--driver", "1/0"}), Catch::Contains("--driver (N of I/N)"));
  CHECK_THAT(usage_error({"run", "--driver", "2"}), Catch::Contains("is not I/N"));
  CHECK(parse({"run"}).driver_count == 0);
}

TEST_CASE(
    "drivers: props driverSlice, runId and barrierTimeout, while BenchmarkSQL's driver "
    "key stays the JDBC driver's",
    "[drivers]") {
  tpcc::test::TempDir dir;
  const auto props = dir.write("d.props",
                               "driver=org.postgresql.Driver\ndriverSlice=2/2\nrunId=night-7\n"
                               "barrierTimeout=30\n");
  std::string warnings;
  const tpcc::Config c = parse({"run", props}, &warnings);
  CHECK(c.driver_index == 2);
  CHECK(c.driver_count == 2);
  CHECK(c.run_id == "night-7");
  CHECK(c.barrier_timeout_seconds == 30);
  CHECK(warnings.find("driver") == std::string::npos);
  CHECK_THAT(usage_error({"run", "--run-id", "a b"}), Catch::Contains("is not a run id"));
  CHECK_THAT(usage_error({"run", "--barrier-timeout", "0"}), Catch::Contains("--barrier-timeout"));
}

TEST_CASE("drivers: tpcc report takes DIR, --merge DIR... --out DIR or --compare DIR DIR...",
          "[drivers]") {
  const tpcc::Config c = parse({"report", "--merge", "a", "b", "c", "--out", "m"});
  CHECK(c.verb == tpcc::Verb::Report);
  CHECK(c.merge_dirs == std::vector<std::string>{"a", "b", "c"});
  CHECK(c.out_dir == "m");
  CHECK(parse({"report", "results/x"}).report_dir == "results/x");
  CHECK(parse({"report", "--compare", "a", "b", "--out", "c.html"}).compare_dirs ==
        std::vector<std::string>{"a", "b"});
  CHECK_THAT(usage_error({"report"}), Catch::Contains("needs a result directory"));
  CHECK_THAT(usage_error({"report", "x", "--compare", "a", "b"}), Catch::Contains("give one of"));
  CHECK_THAT(usage_error({"report", "--compare", "a"}), Catch::Contains("two result directories"));
  CHECK_THAT(usage_error({"report", "--merge", "a", "--out", "m"}),
             Catch::Contains("two drivers or more"));
  CHECK_THAT(usage_error({"report", "--merge", "a", "b"}), Catch::Contains("--out"));
  CHECK_THAT(usage_error({"report", "--merge", "a", "b", "--out", "m", "--terminals", "3"}),
             Catch::Contains("not for 'tpcc report'"));
}
