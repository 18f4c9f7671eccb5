// sysbench 1.0's "Threads fairness" from each terminal's measured events
// and their time (metrics/terminal_totals.hpp): the mean over the
// terminals and the population standard deviation, as sysbench.c's
// sb_report_cumulative computes them.
#include <catch2/catch.hpp>

#include <optional>

#include "metrics/terminal_totals.hpp"

TEST_CASE("threads fairness: the terminals' mean and population stddev of events and time",
          "[terminal_totals]") {
  tpcc::TerminalTotals totals;
  totals.events = {90, 86, 100, 96};
  totals.busy_micros = {2000000, 2010000, 1990000, 2020000};
  const std::optional<tpcc::Fairness> f = tpcc::fairness_of(totals);
  REQUIRE(f.has_value());
  // (90 + 86 + 100 + 96) / 4 = 93; deviations -3 -7 7 3: sqrt(116 / 4).
  CHECK(f->events_avg == Approx(93.0));
  CHECK(f->events_stddev == Approx(5.385164807));
  CHECK(f->seconds_avg == Approx(2.005));
  // deviations -5 5 -15 15 ms: sqrt(500 / 4) ms.
  CHECK(f->seconds_stddev == Approx(0.0111803399));
}

TEST_CASE("threads fairness: one terminal has no spread, and none without terminals",
          "[terminal_totals]") {
  tpcc::TerminalTotals one;
  one.events = {7};
  one.busy_micros = {1500000};
  const std::optional<tpcc::Fairness> f = tpcc::fairness_of(one);
  REQUIRE(f.has_value());
  CHECK(f->events_avg == 7);
  CHECK(f->events_stddev == 0);
  CHECK(f->seconds_avg == Approx(1.5));
  CHECK_FALSE(tpcc::fairness_of(tpcc::TerminalTotals{}).has_value());
  tpcc::TerminalTotals uneven;
  uneven.events = {1, 2};
  uneven.busy_micros = {1};
  CHECK_FALSE(tpcc::fairness_of(uneven).has_value());
}
