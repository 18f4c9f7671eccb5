#include "report/results/workload_result_json.hpp"

#include <sstream>
#include <stdexcept>
#include <vector>

#include "config/errors.hpp"

namespace tpcc {
namespace {

using Json = nlohmann::json;

// The fields of a line, empty ones (a server metric not read) kept.
std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> cells(1);
  for (const char c : line) {
    if (c == ',') {
      cells.emplace_back();
    } else {
      cells.back() += c;
    }
  }
  return cells;
}

// A whole field as a number; throws std::invalid_argument on any other text.
double number_in(const std::string& field) {
  std::size_t used = 0;
  const double value = std::stod(field, &used);
  if (used != field.size()) throw std::invalid_argument(field);
  return value;
}

// The column named name, or the first whose name starts with prefix
// ("lat_p"): its index; throws UsageError when the header has none.
std::size_t column(const std::vector<std::string>& header, const std::string& prefix,
                   const std::string& where) {
  for (std::size_t k = 0; k < header.size(); ++k) {
    if (header[k].rfind(prefix, 0) == 0) return k;
  }
  throw UsageError(where + ": line 1 has no column " + prefix +
                   " (not a workload's intervals.csv)");
}

}  // namespace

RunStats workload_totals_from_json(const Json& result) {
  // One slot holds the totals: the health lines read only their sums.
  RunStats stats(1);
  TxnStats& totals = stats.txn[0];
  totals.errors = result.at("errors").get<std::int64_t>();
  totals.retries = result.at("retries").get<std::int64_t>();
  totals.timeouts = result.at("timeouts").get<std::int64_t>();
  totals.unfinished = result.at("unfinished_at_end").get<std::int64_t>();
  stats.reconnects = result.at("reconnects").get<std::int64_t>();
  return stats;
}

WorkloadPoints read_workload_intervals_csv(const std::string& text, const std::string& where) {
  std::istringstream in(text);
  std::string line;
  if (!std::getline(in, line)) throw UsageError(where + ": empty (no header line)");
  const std::vector<std::string> header = split(line);
  const std::size_t elapsed = column(header, "elapsed_s", where);
  const std::size_t warmup = column(header, "warmup", where);
  const std::size_t tps = column(header, "tps", where);
  const std::size_t qps = column(header, "qps", where);
  const std::size_t latency = column(header, "lat_p", where);
  WorkloadPoints points;
  try {
    // lat_p95_ms: the percentile between "lat_p" and "_ms".
    points.percentile = std::stoi(header[latency].substr(5));
    for (int number = 2; std::getline(in, line); ++number) {
      if (line.empty()) continue;
      const std::vector<std::string> c = split(line);
      if (c.size() < header.size()) {
        throw UsageError(where + ": line " + std::to_string(number) + " has " +
                         std::to_string(c.size()) + " columns, the header " +
                         std::to_string(header.size()));
      }
      points.points.push_back({number_in(c[elapsed]), c[warmup] == "1", number_in(c[tps]),
                               number_in(c[qps]), number_in(c[latency])});
    }
  } catch (const std::logic_error&) {
    throw UsageError(where + ": holds a value that is not a number");
  }
  return points;
}

}  // namespace tpcc
