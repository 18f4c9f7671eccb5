// tpcc report --merge (docs/several-drivers.md): histograms saved in full
// and read back, merged bucket by bucket, and the checks that refuse
// results that are not the drivers of one run.
#include <catch2/catch.hpp>

#include <functional>
#include <random>
#include <string>
#include <vector>

#include "config/errors.hpp"
#include "report/results/histograms_file.hpp"
#include "report/results/merge.hpp"
#include "spec/audit_tallies.hpp"

namespace {

using tpcc::DriverResult;
using tpcc::RunStats;

// Records n latencies (a long tail) into stats' transaction type and counts
// them as committed.
void record(RunStats& stats, int type, int n, std::uint64_t seed,
            std::vector<std::int64_t>* all = nullptr) {
  std::mt19937_64 gen(seed);
  std::lognormal_distribution<double> latency(8.0, 1.2);
  auto& t = stats.txn[static_cast<std::size_t>(type)];
  for (int i = 0; i < n; ++i) {
    const auto micros = static_cast<std::int64_t>(latency(gen));
    t.latency.record(micros);
    ++t.committed;
    if (all != nullptr) all->push_back(micros);
  }
  tpcc::tally_slot(t, tpcc::kTallyOrderLines) += 10 * n;
  tpcc::tally_slot(t, tpcc::kTallyRemoteOrderLines) += n / 10;
}

// Driver index of count, warehouses first..last of 4, measured 8 s from start_ms.
DriverResult driver(int index, int count, int first, int last, std::int64_t start_ms = 1000000) {
  DriverResult r;
  r.stats = RunStats(tpcc::kTxnTypes);
  r.dir = "results/driver" + std::to_string(index);
  r.config.terminals = 10 * (last - first + 1);
  r.info.warehouses = 4;
  r.info.terminals = r.config.terminals;
  r.info.measured_seconds = 8;
  r.info.warmup_seconds = 2;
  r.info.measured_start_ms = start_ms;
  r.info.measured_end_ms = start_ms + 8000;
  r.info.driver = tpcc::DriverRun{"default", index, count, first, last, ""};
  r.info.c_run = tpcc::NURandConstants{208, 37, 7911};  // the one the barrier handed every driver
  record(r.stats, tpcc::kNewOrder, 400 + 50 * index, 7 + static_cast<std::uint64_t>(index));
  record(r.stats, tpcc::kPayment, 380 + 40 * index, 70 + static_cast<std::uint64_t>(index));
  return r;
}

std::vector<DriverResult> two_drivers() { return {driver(1, 2, 1, 2), driver(2, 2, 3, 4)}; }

std::string refusal(const std::vector<DriverResult>& results) {
  try {
    tpcc::check_mergeable(results);
  } catch (const tpcc::UsageError& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace

TEST_CASE("drivers: histograms.json keeps every bucket and count, read back unchanged",
          "[drivers][report]") {
  RunStats stats(tpcc::kTxnTypes);
  record(stats, tpcc::kNewOrder, 2000, 1);
  record(stats, tpcc::kStockLevel, 30, 2);
  tpcc::tally_slot(stats.txn[tpcc::kDelivery], tpcc::kTallySkippedDeliveries) = 3;
  stats.delivery_completion.record(1234567);
  stats.reconnects = 2;
  stats.txn[tpcc::kPayment].keying.add(3.0);
  stats.txn[tpcc::kPayment].think.add(12.5);
  const RunStats back = tpcc::read_histograms_json(tpcc::histograms_json(stats), "h.json");
  for (std::size_t i = 0; i < stats.txn.size(); ++i) {
    CHECK(back.txn[i].committed == stats.txn[i].committed);
    CHECK(tpcc::tally(back.txn[i], tpcc::kTallyOrderLines) ==
          tpcc::tally(stats.txn[i], tpcc::kTallyOrderLines));
    CHECK(back.txn[i].latency.buckets() == stats.txn[i].latency.buckets());
    CHECK(back.txn[i].latency.sum() == stats.txn[i].latency.sum());
    CHECK(back.txn[i].latency.max() == stats.txn[i].latency.max());
    CHECK(back.txn[i].latency.min() == stats.txn[i].latency.min());
  }
  CHECK(back.txn[tpcc::kNewOrder].latency.min() > 0);
  CHECK(tpcc::tally(back.txn[tpcc::kDelivery], tpcc::kTallySkippedDeliveries) == 3);
  CHECK(back.txn[tpcc::kPayment].keying.count == 1);
  CHECK(back.txn[tpcc::kPayment].keying.seconds == 3.0);
  CHECK(back.txn[tpcc::kPayment].think.mean() == 12.5);
  CHECK(back.delivery_completion.max() == 1234567);
  CHECK(back.reconnects == 2);
}

TEST_CASE("drivers: histograms of another layout or inconsistent counts are refused",
          "[drivers][report]") {
  RunStats stats(tpcc::kTxnTypes);
  record(stats, tpcc::kNewOrder, 100, 3);
  const std::string text = tpcc::histograms_json(stats);
  std::string other = text;
  other.replace(other.find("log-linear-us-v1"), 16, "log-linear-us-v0");
  CHECK_THROWS_WITH(tpcc::read_histograms_json(other, "h.json"),
                    Catch::Contains("h.json: histogram layout"));
  // The count of new_order's latency no longer the sum of its buckets.
  std::string miscounted = text;
  const auto at = miscounted.find("\"count\":100");
  REQUIRE(at != std::string::npos);
  miscounted.replace(at, 11, "\"count\":101");
  CHECK_THROWS_WITH(tpcc::read_histograms_json(miscounted, "h.json"),
                    Catch::Contains("not the sum of the buckets"));
  CHECK_THROWS_WITH(tpcc::read_histograms_json("{}", "h.json"),
                    Catch::Contains("not a tpcc histograms file"));
}

TEST_CASE("drivers: the merged percentiles are those of all the values in one histogram",
          "[drivers][report]") {
  std::vector<std::int64_t> values;
  RunStats a(tpcc::kTxnTypes);
  RunStats b(tpcc::kTxnTypes);
  record(a, tpcc::kNewOrder, 3000, 11, &values);
  record(b, tpcc::kNewOrder, 1000, 12, &values);
  tpcc::LatencyHistogram direct;
  for (const auto v : values) direct.record(v);
  RunStats merged = tpcc::read_histograms_json(tpcc::histograms_json(a), "a");
  merged.merge(tpcc::read_histograms_json(tpcc::histograms_json(b), "b"));
  const auto& m = merged.txn[tpcc::kNewOrder].latency;
  for (const double p : {50.0, 90.0, 95.0, 99.0, 100.0})
    CHECK(m.percentile(p) == direct.percentile(p));
  CHECK(m.count() == direct.count());
  // The merge is no average of the two drivers' percentiles.
  const double mean_p99 = (a.txn[0].latency.percentile(99) + b.txn[0].latency.percentile(99)) / 2;
  CHECK(m.percentile(99) != mean_p99);
}

TEST_CASE("drivers: the merged tpmC is the sum of the drivers' over the common interval",
          "[drivers][report]") {
  auto results = two_drivers();
  results[1].info.measured_start_ms += 40;  // started 40 ms later
  results[1].info.measured_end_ms += 40;
  results[0].info.checkpoints = {tpcc::CheckpointCounters{11, 0, 300},
                                 tpcc::CheckpointCounters{14, 0, 300}, ""};
  results[1].info.checkpoints = {tpcc::CheckpointCounters{12, 0, 300},
                                 tpcc::CheckpointCounters{15, 0, 300}, ""};
  tpcc::check_mergeable(results);
  const tpcc::MergedRun merged = tpcc::merge_results(results, "out");
  const double sum = tpcc::tpmc(results[0].stats, 8) + tpcc::tpmc(results[1].stats, 8);
  CHECK(tpcc::tpmc(merged.stats, merged.info.measured_seconds) == Approx(sum).epsilon(1e-12));
  CHECK(merged.info.terminals == 40);
  CHECK(merged.info.measured_start_ms == results[1].info.measured_start_ms);
  CHECK(merged.info.measured_end_ms == results[0].info.measured_end_ms);
  CHECK(merged.config.warehouse_from == 1);
  CHECK(merged.config.warehouse_to == 4);
  CHECK(merged.config.driver_count == 0);
  CHECK(tpcc::tally(merged.stats.txn[tpcc::kNewOrder], tpcc::kTallyOrderLines) ==
        tpcc::tally(results[0].stats.txn[0], tpcc::kTallyOrderLines) +
            tpcc::tally(results[1].stats.txn[0], tpcc::kTallyOrderLines));
  CHECK(merged.info.merged_from.size() == 2);
  // 5.5.2.2 over the common interval: the later start's and the earlier end's readings.
  CHECK(merged.info.checkpoints.at_start->timed == 12);
  CHECK(merged.info.checkpoints.at_end->timed == 14);
}

TEST_CASE("drivers: a merge of results that are not the drivers of one run is refused",
          "[drivers][report]") {
  CHECK(refusal(two_drivers()) == "accepted");
  auto r = two_drivers();
  r[1].info.driver.reset();
  CHECK_THAT(refusal(r), Catch::Contains("results/driver2 is not the result of a driver"));
  r = two_drivers();
  r[1].info.driver->run_id = "other";
  CHECK_THAT(refusal(r), Catch::Contains("different run id: results/driver1 has default, "
                                         "results/driver2 has other"));
  r = two_drivers();
  r[1].info.warehouses = 8;
  CHECK_THAT(refusal(r), Catch::Contains("different warehouse count"));
  r = two_drivers();
  r[1].config.mix = {44, 44, 4, 4, 4};
  CHECK_THAT(refusal(r), Catch::Contains("different mix (NO,P,OS,D,SL): results/driver1 has "
                                         "45,43,4,4,4, results/driver2 has 44,44,4,4,4"));
  r = two_drivers();
  r[1].config.mode = tpcc::Mode::Procedures;
  CHECK_THAT(refusal(r), Catch::Contains("different mode"));
  // Every run setting of the table, each on its own.
  const std::vector<std::pair<const char*, std::function<void(tpcc::Config&)>>> settings = {
      {"different profile", [](tpcc::Config& c) { c.profile = tpcc::Profile::ReadOnly; }},
      {"different isolation", [](tpcc::Config& c) { c.isolation = tpcc::Isolation::Serializable; }},
      {"different delivery", [](tpcc::Config& c) { c.delivery_mode = tpcc::DeliveryMode::Sync; }},
      {"different keying and think times", [](tpcc::Config& c) { c.keying_and_thinking = true; }},
  };
  for (const auto& [message, change] : settings) {
    r = two_drivers();
    change(r[1].config);
    CHECK_THAT(refusal(r), Catch::Contains(message));
  }
  r = two_drivers();
  r[1].info.driver->index = 3;
  CHECK_THAT(refusal(r), Catch::Contains("results/driver2 is driver 3 of 2, not a driver number"));
  r = two_drivers();
  r[1].info.driver->count = 3;
  CHECK_THAT(refusal(r), Catch::Contains("different driver count"));
  r = {driver(1, 3, 1, 1), driver(2, 3, 2, 3)};
  CHECK_THAT(refusal(r), Catch::Contains("driver(s) 3 of 3 missing"));
  r = {driver(1, 2, 1, 2), driver(1, 2, 3, 4)};
  CHECK_THAT(refusal(r), Catch::Contains("driver 1 of 2 given twice"));
  r = {driver(1, 2, 1, 3), driver(2, 2, 3, 4)};
  CHECK_THAT(refusal(r), Catch::Contains("overlapping warehouses: results/driver1 drove 1..3, "
                                         "results/driver2 3..4"));
  r = {driver(1, 2, 1, 2), driver(2, 2, 3, 4, 1000000 + 8000)};
  CHECK_THAT(refusal(r), Catch::Contains("measured intervals do not overlap"));
  r = two_drivers();
  r[1].info.measured_seconds = 5;
  r[1].info.measured_end_ms = r[1].info.measured_start_ms + 5000;
  CHECK_THAT(refusal(r), Catch::Contains("measured lengths differ"));
  r = two_drivers();
  r[0].info.measured_start_ms = 0;
  CHECK_THAT(refusal(r), Catch::Contains("records no measured interval"));
  CHECK_THAT(refusal({driver(1, 2, 1, 2)}), Catch::Contains("two drivers or more"));
}

namespace {

// Interval lines every 5 s ending at `first_end` + 5 k, the first a warm-up
// line, each with n New-Orders recorded from seed.
std::vector<tpcc::IntervalSample> lines(int count, double first_end, int n, std::uint64_t seed) {
  std::vector<tpcc::IntervalSample> out;
  for (int k = 0; k < count; ++k) {
    tpcc::IntervalSample s;
    s.stats = tpcc::RunStats(tpcc::kTxnTypes);
    s.end_seconds = first_end + 5 * k;
    s.length_seconds = 5;
    s.warmup = k == 0;
    record(s.stats, tpcc::kNewOrder, n + k, seed + static_cast<std::uint64_t>(k));
    out.push_back(s);
  }
  return out;
}

}  // namespace

TEST_CASE("drivers: histograms.json keeps each interval line's figures, read back unchanged",
          "[drivers][report]") {
  const std::vector<tpcc::IntervalSample> intervals = lines(3, 5.01, 40, 11);
  const tpcc::HistogramsFile back = tpcc::read_histograms_file(
      tpcc::histograms_json(RunStats(tpcc::kTxnTypes), {}, intervals), "h.json");
  REQUIRE(back.intervals.size() == 3);
  for (std::size_t i = 0; i < 3; ++i) {
    CHECK(back.intervals[i].end_seconds == intervals[i].end_seconds);
    CHECK(back.intervals[i].length_seconds == 5);
    CHECK(back.intervals[i].warmup == (i == 0));
    CHECK(back.intervals[i].stats.txn[tpcc::kNewOrder].latency.buckets() ==
          intervals[i].stats.txn[tpcc::kNewOrder].latency.buckets());
  }
  CHECK(tpcc::read_histograms_file(tpcc::histograms_json(RunStats(tpcc::kTxnTypes)), "h.json")
            .intervals.empty());
}

TEST_CASE("drivers: the merged interval lines add the drivers' counts and merge their histograms",
          "[drivers][report]") {
  std::vector<DriverResult> r = two_drivers();
  r[0].intervals = lines(4, 5.002, 100, 21);
  r[1].intervals = lines(4, 5.010, 300, 41);
  std::string why;
  const std::vector<tpcc::IntervalSample> merged = tpcc::merged_intervals(r, &why);
  CHECK(why.empty());
  REQUIRE(merged.size() == 4);
  for (std::size_t i = 0; i < 4; ++i) {
    const tpcc::LatencyHistogram& a = r[0].intervals[i].stats.txn[tpcc::kNewOrder].latency;
    const tpcc::LatencyHistogram& b = r[1].intervals[i].stats.txn[tpcc::kNewOrder].latency;
    const tpcc::LatencyHistogram& m = merged[i].stats.txn[tpcc::kNewOrder].latency;
    CHECK(merged[i].end_seconds == r[0].intervals[i].end_seconds);
    CHECK(merged[i].warmup == (i == 0));
    CHECK(merged[i].stats.txn[tpcc::kNewOrder].committed == static_cast<std::int64_t>(400 + 2 * i));
    CHECK(m.count() == a.count() + b.count());
    CHECK(m.max() == std::max(a.max(), b.max()));
    CHECK(m.percentile(90) >= std::min(a.percentile(90), b.percentile(90)));
    CHECK(m.percentile(90) <= std::max(a.percentile(90), b.percentile(90)));
  }
  CHECK(tpcc::merged_intervals(r, &why).size() == 4);

  // Lines that do not match: none merged, and why names the driver.
  std::vector<DriverResult> shorter = r;
  shorter[1].intervals.pop_back();
  CHECK(tpcc::merged_intervals(shorter, &why).empty());
  CHECK_THAT(why, Catch::Contains("results/driver2 (driver 2) has 3 interval lines"));
  std::vector<DriverResult> late = r;
  late[1].intervals[2].end_seconds += 2;
  CHECK(tpcc::merged_intervals(late, &why).empty());
  CHECK_THAT(why, Catch::Contains("interval line 3 of results/driver2 (driver 2) ends at"));
  std::vector<DriverResult> older = r;
  older[0].intervals.clear();
  CHECK(tpcc::merged_intervals(older, &why).empty());
  CHECK_THAT(why, Catch::Contains("results/driver1 (driver 1) has no interval figures"));
}

TEST_CASE("2.1.6 drivers that used different C-Run values are not merged", "[drivers][report]") {
  std::vector<DriverResult> results = two_drivers();
  CHECK(refusal(results) == "accepted");
  results[1].info.c_run->c_id = 38;
  CHECK(refusal(results) ==
        "tpcc report --merge: different C-Run (2.1.6: one C per field for every terminal of a "
        "run): driver 1 (results/driver1) used C_LAST 208, C_ID 37, OL_I_ID 7911, driver 2 "
        "(results/driver2) C_LAST 208, C_ID 38, OL_I_ID 7911; nothing was written");
  // A result of a tpcc that did not record its C-Run cannot show it used the same.
  results[1].info.c_run.reset();
  CHECK(refusal(results) ==
        "tpcc report --merge: driver 2 (results/driver2) records no C-Run (written by a tpcc "
        "whose drivers each drew their own, which 2.1.6 does not allow); nothing was written");
  const tpcc::MergedRun merged = tpcc::merge_results(two_drivers(), "out");
  REQUIRE(merged.info.c_run.has_value());
  CHECK(tpcc::nurand_constants_text(*merged.info.c_run) == "C_LAST 208, C_ID 37, OL_I_ID 7911");
}
