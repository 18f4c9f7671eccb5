// tpcc capacity's options: the run's options for its steps with the
// pacing, mix and warm-up the search's rules assume, its own options, and
// the run options it sets itself refused.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/unit/config_test_support.hpp"

namespace {

using tpcc::test::parse;
using tpcc::test::usage_error;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("capacity: paced by 5.2.5 with the deck's mix and a warm-up unless given",
          "[config][capacity]") {
  const tpcc::Config c = parse({"capacity", "--conn", "dbname=t"});
  CHECK(c.verb == tpcc::Verb::Capacity);
  CHECK(c.keying_and_thinking);
  CHECK(c.mix[tpcc::kPayment] == Approx(1000.0 / 23));
  CHECK(c.warmup_seconds == 30);
  CHECK(c.duration_seconds == 60);
  CHECK(c.efficiency_floor == 85);
  CHECK(c.search_start == 1);
  CHECK_FALSE(c.confirm);
  const tpcc::Config unpaced =
      parse({"capacity", "--conn", "dbname=t", "--keying-think=off", "--latency-limit", "250",
             "--warmup", "5", "--mix", "45,43,4,4,4", "--confirm", "--confirm-duration", "600"});
  CHECK_FALSE(unpaced.keying_and_thinking);
  CHECK(unpaced.latency_limit_ms == 250);
  CHECK(unpaced.warmup_seconds == 5);
  CHECK(unpaced.mix[tpcc::kNewOrder] == 45);
  CHECK(unpaced.confirm);
  CHECK(unpaced.confirm_duration_seconds == 600);
}

TEST_CASE("capacity: the terminals and their home warehouses are the search's",
          "[config][capacity]") {
  for (const char* flag : {"--warehouse-to", "--warehouse-from"}) {
    CHECK(has(usage_error({"capacity", "--conn", "dbname=t", flag, "2"}),
              "is not for 'tpcc capacity'"));
  }
  CHECK(has(usage_error({"capacity", "--conn", "dbname=t", "--terminals", "2"}),
            "--terminals: tpcc capacity searches the terminals itself; it takes --terminals with "
            "--search-over rate"));
  CHECK(
      has(usage_error({"capacity", "--conn", "dbname=t", "--spec"}), "is not for 'tpcc capacity'"));
  CHECK(has(usage_error({"capacity", "--conn", "dbname=t", "--efficiency-floor", "101"}),
            "--efficiency-floor"));
  CHECK(has(usage_error({"capacity", "--conn", "dbname=t", "--latency-limit", "0"}),
            "--latency-limit"));
  CHECK(has(usage_error({"capacity", "--conn", "dbname=t", "--search-start", "0"}),
            "--search-start"));
  CHECK(has(usage_error({"capacity", "--conn", "dbname=t", "--profile", "ro"}),
            "tpcc capacity measures tpmC"));
  // tpcc run takes a latency limit for pgbench's scripts only.
  CHECK(has(usage_error({"run", "--conn", "dbname=t", "--latency-limit", "5"}),
            "--latency-limit: tpcc run takes it with --workload pgbench"));
}

TEST_CASE("capacity: another workload searches its terminals unpaced, judged by its p99",
          "[config][capacity]") {
  const tpcc::Config oltp = parse({"capacity", "--conn", "dbname=t", "--workload", "oltp_read_only",
                                   "--tables", "1", "--table-size", "1000"});
  CHECK(oltp.verb == tpcc::Verb::Capacity);
  CHECK_FALSE(oltp.keying_and_thinking);
  CHECK(oltp.sysbench_percentile == 99);
  CHECK(oltp.oltp.table_size == 1000);
  CHECK(parse({"capacity", "--conn", "dbname=t", "--workload", "oltp_read_only", "--percentile",
               "95"})
            .sysbench_percentile == 95);
  CHECK(has(usage_error({"capacity", "--conn", "dbname=t", "--workload", "oltp_read_only",
                         "--percentile", "0"}),
            "--percentile 0: tpcc capacity judges each step by its latency percentile"));
  const tpcc::Config pgbench = parse({"capacity", "--conn", "dbname=t", "--workload", "pgbench",
                                      "--builtin", "select-only", "--latency-limit", "20"});
  CHECK_FALSE(pgbench.keying_and_thinking);
  CHECK(pgbench.latency_limit_ms == 20);
  CHECK(pgbench.pgbench.latency_limit_ms == 0);  // the search's limit, not pgbench's -L
  CHECK_FALSE(
      parse({"capacity", "--conn", "dbname=t", "--workload", "ingest"}).keying_and_thinking);
  CHECK(has(usage_error({"capacity", "--conn", "dbname=t", "--workload", "ingest", "--confirm"}),
            "--confirm is TPC-C's; --workload ingest does not take it"));
}

TEST_CASE("capacity: --search-over rate holds the terminals and needs the rate's bound",
          "[config][capacity]") {
  const tpcc::Config c =
      parse({"capacity", "--conn", "dbname=t", "--search-over", "rate", "--terminals", "4",
             "--search-start", "600", "--search-max", "6000"});
  CHECK(c.search_over_rate);
  CHECK(c.terminals == 4);
  CHECK(c.search_max == 6000);
  CHECK_FALSE(c.keying_and_thinking);  // TPC-C's steps unpaced unless asked
  CHECK(c.efficiency_floor == 85);
  CHECK_FALSE(parse({"capacity", "--conn", "dbname=t"}).search_over_rate);
  const tpcc::Config pgbench =
      parse({"capacity", "--conn", "dbname=t", "--workload", "pgbench", "--search-over", "rate",
             "--search-max", "6000", "--efficiency-floor", "95"});
  CHECK(pgbench.efficiency_floor == 95);

  CHECK(has(usage_error({"capacity", "--conn", "dbname=t", "--search-over", "rates"}),
            "--search-over"));
  CHECK(has(usage_error({"capacity", "--conn", "dbname=t", "--search-over", "rate"}),
            "--search-over rate needs --search-max"));
  CHECK(has(usage_error({"capacity", "--conn", "dbname=t", "--search-over", "rate", "--search-max",
                         "600", "--rate", "60"}),
            "--rate: --search-over rate sets each step's rate itself"));
  CHECK(has(usage_error({"capacity", "--conn", "dbname=t", "--search-over", "rate", "--search-max",
                         "600", "--keying-think"}),
            "--search-over rate: TPC-C's terminals with keying and think times pace themselves"));
  CHECK(has(usage_error({"capacity", "--conn", "dbname=t", "--search-over", "rate", "--search-max",
                         "600", "--keying-think=off", "--confirm"}),
            "--confirm: not with --search-over rate"));
  // Over the terminals, another workload has no floor to hold.
  CHECK(has(usage_error({"capacity", "--conn", "dbname=t", "--workload", "pgbench",
                         "--efficiency-floor", "90"}),
            "--efficiency-floor: pgbench has no tpmC to hold to a floor"));
}
