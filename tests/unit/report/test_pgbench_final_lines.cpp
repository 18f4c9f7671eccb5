// pgbench 15's final block, line by line (workloads/pgbench/report/
// pgbench_summary.cpp): the latency lines with and without -P, -R and -L,
// -t's processed of planned, the skipped of each script under -R -L, the
// failures' "(including failures)", and a run whose every client aborted;
// and the histogram's exact stddev they print (metrics/histogram.cpp).
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "metrics/latency_stddev.hpp"
#include "workloads/pgbench/report/pgbench_summary.hpp"

namespace {

// Script 0: 200 of 2.000 ms and 200 of 2.010 ms (stddev 5 µs, within one
// histogram bucket); script 1: 100 of 2.000 ms, and `failed` failed.
tpcc::RunStats two_scripts(std::int64_t failed = 0) {
  tpcc::RunStats stats(2);
  for (int i = 0; i < 200; ++i) stats.txn[0].latency.record(2000);
  for (int i = 0; i < 200; ++i) stats.txn[0].latency.record(2010);
  stats.txn[0].committed = 400;
  for (int i = 0; i < 100; ++i) stats.txn[1].latency.record(2000);
  stats.txn[1].committed = 100;
  stats.txn[1].errors = failed;
  return stats;
}

tpcc::PgbenchRunFacts facts_of(std::size_t scripts) {
  tpcc::PgbenchRunFacts facts;
  facts.script_titles = {"<builtin: select only>", "<builtin: simple update>"};
  facts.script_weights = {3, 1};
  facts.script_titles.resize(scripts);
  facts.script_weights.resize(scripts);
  facts.query_mode = "simple";
  facts.clients = 4;
  facts.duration_seconds = 10;
  return facts;
}

tpcc::RunInfo ten_seconds() {
  tpcc::RunInfo info;
  info.measured_seconds = 10;
  return info;
}

// The block's lines that start at a line's start (not a script part's).
bool has_line(const std::string& block, const std::string& text) {
  return block.rfind(text, 0) == 0 || block.find("\n" + text) != std::string::npos;
}

}  // namespace

TEST_CASE("pgbench final block: no -P, -R or -L: the average from the run's time, no stddev",
          "[pgbench]") {
  tpcc::RunStats one(1);
  one.txn[0] = two_scripts().txn[0];
  const std::string block = tpcc::pgbench_final_block(facts_of(1), ten_seconds(), one);
  INFO(block);
  // 1000 × 10 s × 4 clients / 400 transactions.
  CHECK(has_line(block, "latency average = 100.000 ms\n"));
  CHECK_FALSE(has_line(block, "latency stddev"));
  CHECK(has_line(block, "duration: 10 s\nnumber of transactions actually processed: 400\n"));
}

TEST_CASE("pgbench final block: -P prints the measured average and the exact stddev", "[pgbench]") {
  tpcc::PgbenchRunFacts facts = facts_of(1);
  facts.progress = true;
  tpcc::RunStats one(1);
  one.txn[0] = two_scripts().txn[0];
  const std::string block = tpcc::pgbench_final_block(facts, ten_seconds(), one);
  INFO(block);
  // 2.000 and 2.010 ms share a histogram bucket: only the exact sum of
  // squares gives 5 µs.
  CHECK(has_line(block, "latency average = 2.005 ms\nlatency stddev = 0.005 ms\n"));
}

TEST_CASE("pgbench final block: -t says the processed of the clients' planned", "[pgbench]") {
  tpcc::PgbenchRunFacts facts = facts_of(2);
  facts.transactions_per_client = 130;
  const std::string block = tpcc::pgbench_final_block(facts, ten_seconds(), two_scripts());
  INFO(block);
  CHECK(has_line(block,
                 "number of transactions per client: 130\n"
                 "number of transactions actually processed: 500/520\n"));
  CHECK_FALSE(has_line(block, "duration:"));
}

TEST_CASE("pgbench final block: -R -L with two scripts: each script's skipped", "[pgbench]") {
  tpcc::PgbenchRunFacts facts = facts_of(2);
  facts.rate_limited = true;
  facts.latency_limit_ms = 1;
  tpcc::RunStats stats = two_scripts(5);
  stats.txn[0].skipped = 100;
  stats.txn[0].late = 400;
  stats.txn[1].late = 100;
  const std::string block = tpcc::pgbench_final_block(facts, ten_seconds(), stats);
  INFO(block);
  CHECK(has_line(block,
                 "number of failed transactions: 5 (0.826%)\n"
                 "number of transactions skipped: 100 (16.529%)\n"
                 "number of transactions above the 1.0 ms latency limit: 500/500 "
                 "(100.000%)\nlatency average = 2.004 ms\nlatency stddev = "));
  CHECK(block.find(" - 400 transactions (80.0% of total, tps = 40.000000)\n"
                   " - number of failed transactions: 0 (0.000%)\n"
                   " - number of transactions skipped: 100 (20.000%)\n"
                   " - latency average = 2.005 ms\n - latency stddev = 0.005 ms\n") !=
        std::string::npos);
  CHECK(block.find(" - number of failed transactions: 5 (4.762%)\n"
                   " - number of transactions skipped: 0 (0.000%)\n"
                   " - latency average = 2.000 ms\n") != std::string::npos);

  facts.rate_limited = false;  // -L alone skips nothing: no skipped lines
  const std::string limit_only = tpcc::pgbench_final_block(facts, ten_seconds(), stats);
  INFO(limit_only);
  CHECK(limit_only.find("skipped") == std::string::npos);
}

TEST_CASE("pgbench final block: failures are in the average, which says so", "[pgbench]") {
  const std::string block = tpcc::pgbench_final_block(facts_of(2), ten_seconds(), two_scripts(5));
  INFO(block);
  // 1000 × 10 s × 4 clients / (500 processed + 5 failed).
  CHECK(has_line(block, "latency average = 79.208 ms (including failures)\n"));
  CHECK_FALSE(has_line(block, "latency stddev"));
  const std::string clean = tpcc::pgbench_final_block(facts_of(2), ten_seconds(), two_scripts());
  CHECK(has_line(clean, "latency average = 80.000 ms\n"));
}

TEST_CASE("pgbench final block: nothing processed ends after the failed, of none", "[pgbench]") {
  const std::string block =
      tpcc::pgbench_final_block(facts_of(1), ten_seconds(), tpcc::RunStats(1));
  INFO(block);
  CHECK(has_line(block,
                 "number of transactions actually processed: 0\n"
                 "number of failed transactions: 0 (NaN%)\n"));
  CHECK(block.find("latency") == std::string::npos);
  CHECK(block.find("tps =") == std::string::npos);
}

TEST_CASE("latency histogram: the exact stddev, merged and read back without loss", "[pgbench]") {
  tpcc::LatencyHistogram whole;
  tpcc::LatencyHistogram left;
  tpcc::LatencyHistogram right;
  // Values whose squares outgrow 64 bits when summed: 2^32 µs each.
  const std::int64_t big = std::int64_t{1} << 32;
  for (int i = 0; i < 1000; ++i) {
    const std::int64_t v = i % 2 == 0 ? big : big + 10;
    whole.record(v);
    (i < 300 ? left : right).record(v);
  }
  left.merge(right);
  REQUIRE(whole.stddev().has_value());
  CHECK(*whole.stddev() == Approx(5.0).margin(1e-6));
  CHECK(*left.stddev() == *whole.stddev());
  CHECK(left.sum_squares_text() == whole.sum_squares_text());
  CHECK(whole.sum_squares_text().size() > 20);  // past 2^64

  const tpcc::LatencyHistogram back = tpcc::LatencyHistogram::restore(
      whole.buckets(), whole.sum(), whole.max(), whole.sum_squares_text());
  CHECK(back.stddev() == whole.stddev());
  // Without its squares, a histogram falls back to its buckets' middles.
  const tpcc::LatencyHistogram bare =
      tpcc::LatencyHistogram::restore(whole.buckets(), whole.sum(), whole.max());
  CHECK_FALSE(bare.stddev().has_value());
  tpcc::LatencyHistogram merged = whole;
  merged.merge(bare);
  CHECK_FALSE(merged.stddev().has_value());
  CHECK(tpcc::latency_stddev(bare) >= 0);
}
