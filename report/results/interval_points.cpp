#include "report/results/interval_points.hpp"

#include <array>
#include <sstream>
#include <stdexcept>

#include "config/errors.hpp"
#include "config/names.hpp"
#include "report/views/format.hpp"

namespace tpcc {
namespace {

// Decimals of the file's columns: rates to 1/100 per minute, latencies to
// the microsecond, elapsed time to 1/10 s (as intervals.csv).
constexpr int kSecondsDecimals = 1;
constexpr int kRateDecimals = 2;
constexpr int kMsDecimals = 3;
constexpr std::size_t kLeadColumns = 6;
constexpr std::size_t kTypeColumns = 4;

double rounded(double v, int decimals) { return std::stod(fixed(v, decimals)); }

constexpr const char* kLeadHeader = "elapsed_s,length_s,warmup,tpmC,tpmTOTAL,errors";
constexpr std::array<const char*, kTypeColumns> kTypeSuffixes = {"_count", "_p50_ms", "_p90_ms",
                                                                 "_p99_ms"};

std::string header(const std::vector<std::string>& types) {
  std::string h = kLeadHeader;
  for (const std::string& name : types) {
    for (const char* col : kTypeSuffixes) h += "," + name + col;
  }
  return h;
}

bool ends_with(const std::string& text, const std::string& end) {
  return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> cells;
  std::string cell;
  std::istringstream in(line);
  while (std::getline(in, cell, ',')) cells.push_back(cell);
  if (!line.empty() && line.back() == ',') cells.emplace_back();
  return cells;
}

}  // namespace

std::vector<IntervalPoint> interval_points(const std::vector<IntervalSample>& samples) {
  std::vector<IntervalPoint> points;
  for (const IntervalSample& s : samples) {
    IntervalPoint p;
    p.end_seconds = rounded(s.end_seconds, kSecondsDecimals);
    p.length_seconds = rounded(s.length_seconds, kSecondsDecimals);
    p.warmup = s.warmup;
    p.tpmc = rounded(tpmc(s.stats, s.length_seconds), kRateDecimals);
    p.tpm_total = rounded(tpm_total(s.stats, s.length_seconds), kRateDecimals);
    p.errors = errors_total(s.stats);
    p.txn.resize(s.stats.types());
    for (std::size_t i = 0; i < p.txn.size(); ++i) {
      const TxnStats& t = s.stats.txn[i];
      TypePoint& tp = p.txn[i];
      tp.count = completed(t);
      tp.p50_ms = rounded(t.latency.percentile(50) / 1000.0, kMsDecimals);
      tp.p90_ms = rounded(t.latency.percentile(90) / 1000.0, kMsDecimals);
      tp.p99_ms = rounded(t.latency.percentile(99) / 1000.0, kMsDecimals);
    }
    points.push_back(p);
  }
  return points;
}

std::string intervals_by_type_csv(const std::vector<IntervalPoint>& points,
                                  const std::vector<std::string>& types) {
  std::string csv = header(types) + "\n";
  for (const IntervalPoint& p : points) {
    if (p.txn.size() != types.size()) {
      throw std::logic_error(
          std::string(kIntervalsByTypeFile) + ": a line of " + std::to_string(p.txn.size()) +
          " transaction types under a header of " + std::to_string(types.size()));
    }
    csv += fixed(p.end_seconds, kSecondsDecimals) + "," +
           fixed(p.length_seconds, kSecondsDecimals) + (p.warmup ? ",1," : ",0,") +
           fixed(p.tpmc, kRateDecimals) + "," + fixed(p.tpm_total, kRateDecimals) + "," +
           std::to_string(p.errors);
    for (const TypePoint& t : p.txn) {
      csv += "," + std::to_string(t.count) + "," + fixed(t.p50_ms, kMsDecimals) + "," +
             fixed(t.p90_ms, kMsDecimals) + "," + fixed(t.p99_ms, kMsDecimals);
    }
    csv += "\n";
  }
  return csv;
}

std::vector<IntervalPoint> read_intervals_by_type_csv(const std::string& text,
                                                      const std::string& where) {
  std::istringstream in(text);
  std::string line;
  if (!std::getline(in, line)) {
    throw UsageError(where + ": line 1 is not the header of " + kIntervalsByTypeFile);
  }
  // The header names the types: lead columns, then each type's four.
  const std::vector<std::string> head = split(line);
  const std::size_t types =
      head.size() > kLeadColumns && (head.size() - kLeadColumns) % kTypeColumns == 0
          ? (head.size() - kLeadColumns) / kTypeColumns
          : 0;
  std::vector<std::string> names;
  for (std::size_t i = 0; i < types; ++i) {
    const std::string& count = head[kLeadColumns + kTypeColumns * i];
    names.push_back(ends_with(count, kTypeSuffixes[0])
                        ? count.substr(0, count.size() - std::string(kTypeSuffixes[0]).size())
                        : count);
  }
  if (types == 0 || line != header(names)) {
    throw UsageError(where + ": line 1 is not the header of " + kIntervalsByTypeFile);
  }
  const std::size_t columns = kLeadColumns + kTypeColumns * types;
  std::vector<IntervalPoint> points;
  for (int number = 2; std::getline(in, line); ++number) {
    if (line.empty()) continue;
    const std::vector<std::string> c = split(line);
    if (c.size() != columns) {
      throw UsageError(where + ": line " + std::to_string(number) + " has " +
                       std::to_string(c.size()) + " columns, the header " +
                       std::to_string(columns));
    }
    try {
      IntervalPoint p;
      p.end_seconds = std::stod(c[0]);
      p.length_seconds = std::stod(c[1]);
      p.warmup = c[2] == "1";
      p.tpmc = std::stod(c[3]);
      p.tpm_total = std::stod(c[4]);
      p.errors = std::stoll(c[5]);
      p.txn.resize(types);
      for (std::size_t i = 0; i < p.txn.size(); ++i) {
        const std::size_t at = kLeadColumns + kTypeColumns * i;
        p.txn[i] = {std::stoll(c[at]), std::stod(c[at + 1]), std::stod(c[at + 2]),
                    std::stod(c[at + 3])};
      }
      points.push_back(p);
    } catch (const std::logic_error&) {
      throw UsageError(where + ": line " + std::to_string(number) +
                       " holds a value that is not a number");
    }
  }
  return points;
}

}  // namespace tpcc
