#include "report/results/histograms_file.hpp"

#include <optional>
#include <stdexcept>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/errors.hpp"
#include "config/json_text.hpp"
#include "config/names.hpp"
#include "spec/audit_tallies.hpp"

namespace tpcc {
namespace {

using Json = nlohmann::ordered_json;

// Every count of TxnStats but the histogram, by its name in the file: a
// field, or one of TPC-C's audit tallies (written for every workload, 0
// where it counts none).
struct CountField {
  const char* name;
  std::int64_t TxnStats::*field = nullptr;  // null: the tally
  std::size_t tally = 0;
  bool added_later = false;  // absent from older files: read as 0
};

constexpr CountField audit_tally(AuditTally index) {
  return {kAuditTallyNames[index], nullptr, index};
}

constexpr CountField kCountFields[] = {
    {"committed", &TxnStats::committed},
    {"rolled_back", &TxnStats::rolled_back},
    {"errors", &TxnStats::errors},
    {"timeouts", &TxnStats::timeouts},
    {"retries", &TxnStats::retries},
    {"unfinished", &TxnStats::unfinished},
    audit_tally(kTallyOrderLines),
    audit_tally(kTallyRemoteOrderLines),
    audit_tally(kTallyRemotePayments),
    audit_tally(kTallyByLastName),
    audit_tally(kTallySkippedDeliveries),
    audit_tally(kTallyDeliveriesWithSkips),
    {"executions_failed", &TxnStats::executions_failed, 0, true},
};

std::int64_t count_of(const TxnStats& t, const CountField& f) {
  return f.field != nullptr ? t.*(f.field) : tally(t, f.tally);
}

std::int64_t& count_slot(TxnStats& t, const CountField& f) {
  return f.field != nullptr ? t.*(f.field) : tally_slot(t, f.tally);
}

Json histogram_json(const LatencyHistogram& h) {
  Json buckets = Json::array();
  const std::vector<std::int64_t>& counts = h.buckets();
  for (std::size_t i = 0; i < counts.size(); ++i) {
    if (counts[i] != 0) buckets.push_back(Json::array({i, counts[i]}));
  }
  Json j = {{"count", h.count()}, {"sum_us", h.sum()}, {"max_us", h.max()}, {"buckets", buckets}};
  // Exact, as the max: the buckets only bound it.
  if (const std::optional<std::int64_t> min = h.min()) j["min_us"] = *min;
  // In decimal text: it outgrows a JSON number's 64 bits.
  const std::string squares = h.sum_squares_text();
  if (!squares.empty()) j["sum_squares_us2"] = squares;
  return j;
}

// 5.2.5.1 pacing: the keying or think times drawn, summed.
Json delays_json(const DelayTotals& d) { return {{"seconds", d.seconds}, {"count", d.count}}; }

DelayTotals delays_from(const Json& j) {
  DelayTotals d;
  d.seconds = j.at("seconds").get<double>();
  d.count = j.at("count").get<std::int64_t>();
  return d;
}

LatencyHistogram histogram_from(const Json& j) {
  std::vector<std::int64_t> counts;
  const Json& buckets = j.at("buckets");
  if (!buckets.empty()) counts.assign(LatencyHistogram::bucket_count(), 0);
  for (const Json& pair : buckets) {
    const auto index = pair.at(0).get<std::size_t>();
    if (index >= counts.size()) throw std::invalid_argument("bucket index out of the layout");
    counts[index] = pair.at(1).get<std::int64_t>();
  }
  LatencyHistogram h = LatencyHistogram::restore(
      std::move(counts), j.at("sum_us").get<std::int64_t>(), j.at("max_us").get<std::int64_t>(),
      j.value("sum_squares_us2", std::string()),
      j.contains("min_us") ? std::optional<std::int64_t>(j.at("min_us").get<std::int64_t>())
                           : std::nullopt);
  if (h.count() != j.at("count").get<std::int64_t>()) {
    throw std::invalid_argument("the count is not the sum of the buckets");
  }
  return h;
}

// One run's counts and histograms: the primary's, or a standby's.
// "transactions" holds the types in their order, by name.
Json stats_json(const RunStats& stats, const std::vector<std::string>& types) {
  if (stats.types() != types.size()) {
    throw std::logic_error(std::string(kHistogramsFile) + ": statistics of " +
                           std::to_string(stats.types()) + " transaction types written as " +
                           std::to_string(types.size()));
  }
  Json j;
  Json transactions;
  for (std::size_t i = 0; i < types.size(); ++i) {
    const TxnStats& t = stats.txn[i];
    Json one;
    for (const CountField& f : kCountFields) one[f.name] = count_of(t, f);
    one["latency"] = histogram_json(t.latency);
    one["keying"] = delays_json(t.keying);
    one["think"] = delays_json(t.think);
    transactions[types[i]] = one;
  }
  j["transactions"] = transactions;
  j["reconnects"] = stats.reconnects;
  j["delivery_completion"] = histogram_json(stats.delivery_completion);
  j["deliveries_not_completed"] = stats.deliveries_not_completed;
  j["whole_deck_completed"] = stats.whole_deck_completed;
  j["whole_decks"] = stats.whole_decks;
  j["decks_touched"] = stats.decks_touched;
  return j;
}

RunStats stats_from(const Json& j) {
  const Json& transactions = j.at("transactions");
  if (!transactions.is_object() || transactions.empty()) {
    throw std::invalid_argument("no transaction types");
  }
  RunStats stats(transactions.size());
  std::size_t i = 0;
  for (const auto& item : transactions.items()) {
    const Json& one = item.value();
    TxnStats& t = stats.txn[i++];
    for (const CountField& f : kCountFields) {
      if (f.added_later && !one.contains(f.name)) continue;
      count_slot(t, f) = one.at(f.name).get<std::int64_t>();
    }
    t.latency = histogram_from(one.at("latency"));
    t.keying = delays_from(one.at("keying"));
    t.think = delays_from(one.at("think"));
  }
  stats.reconnects = j.at("reconnects").get<std::int64_t>();
  stats.delivery_completion = histogram_from(j.at("delivery_completion"));
  stats.deliveries_not_completed = j.at("deliveries_not_completed").get<std::int64_t>();
  // 5.2.4.2 decks: absent from files written before they were counted.
  if (j.contains("whole_decks")) {
    stats.whole_deck_completed = j.at("whole_deck_completed").get<std::vector<std::int64_t>>();
    if (stats.whole_deck_completed.size() != stats.types()) {
      throw std::invalid_argument("whole_deck_completed has " +
                                  std::to_string(stats.whole_deck_completed.size()) +
                                  " types, the file " + std::to_string(stats.types()));
    }
    stats.whole_decks = j.at("whole_decks").get<std::int64_t>();
    stats.decks_touched = j.at("decks_touched").get<std::int64_t>();
  }
  return stats;
}

}  // namespace

std::string histograms_json(const RunStats& stats, const std::vector<RunStats>& standbys,
                            const std::vector<IntervalSample>& intervals,
                            const std::vector<std::string>& types) {
  Json j;
  j["layout"] = LatencyHistogram::layout();
  j["bucket_count"] = LatencyHistogram::bucket_count();
  const Json figures = stats_json(stats, types);
  for (const auto& [key, value] : figures.items()) j[key] = value;
  if (!standbys.empty()) {
    Json all = Json::array();
    for (const RunStats& standby : standbys) all.push_back(stats_json(standby, types));
    j["standbys"] = all;
  }
  if (!intervals.empty()) {
    Json all = Json::array();
    for (const IntervalSample& sample : intervals) {
      all.push_back({{"end_s", sample.end_seconds},
                     {"length_s", sample.length_seconds},
                     {"warmup", sample.warmup},
                     {"figures", stats_json(sample.stats, types)}});
    }
    j["intervals"] = all;
  }
  return json_text(j) + "\n";
}

HistogramsFile read_histograms_file(const std::string& text, const std::string& where) {
  try {
    const Json j = Json::parse(text);
    const std::string layout = j.at("layout").get<std::string>();
    if (layout != LatencyHistogram::layout()) {
      throw UsageError(where + ": histogram layout '" + layout + "', this tpcc's is '" +
                       LatencyHistogram::layout() + "': results of another tpcc version");
    }
    HistogramsFile file;
    file.stats = stats_from(j);
    if (j.contains("standbys")) {
      for (const Json& standby : j.at("standbys")) file.standbys.push_back(stats_from(standby));
    }
    if (j.contains("intervals")) {
      for (const Json& interval : j.at("intervals")) {
        IntervalSample sample;
        sample.end_seconds = interval.at("end_s").get<double>();
        sample.length_seconds = interval.at("length_s").get<double>();
        sample.warmup = interval.at("warmup").get<bool>();
        sample.stats = stats_from(interval.at("figures"));
        file.intervals.push_back(std::move(sample));
      }
    }
    return file;
  } catch (const UsageError&) {
    throw;
  } catch (const std::exception& e) {
    throw UsageError(where + ": not a tpcc histograms file (" + e.what() + ")");
  }
}

RunStats read_histograms_json(const std::string& text, const std::string& where) {
  return read_histograms_file(text, where).stats;
}

}  // namespace tpcc
