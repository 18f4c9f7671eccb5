#include "report/results/delivery_file.hpp"

#include <ctime>

#include "config/local_time.hpp"
#include "report/views/format.hpp"

namespace tpcc {
namespace {

// Local time to the millisecond: 2026-11-30T21:03:45.123+0000.
std::string wall_time(std::chrono::system_clock::time_point t) {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch());
  const std::time_t seconds = static_cast<std::time_t>(ms.count() / 1000);
  const int millis = static_cast<int>(ms.count() % 1000);
  std::string text = format_local_time(seconds, "%Y-%m-%dT%H:%M:%S.");
  text += std::to_string(1000 + millis).substr(1);
  return text + format_local_time(seconds, "%z");
}

// Quoted for CSV: the outcome may hold a server message.
std::string csv_text(const std::string& text) {
  std::string quoted = "\"";
  for (const char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

}  // namespace

std::string delivery_csv_header() {
  std::string header = "queued_at,w_id,o_carrier_id,completed_at,completion_ms";
  for (int d = 1; d <= kDistrictsPerWarehouse; ++d) header += ",d" + std::to_string(d) + "_o_id";
  return header + ",outcome\n";
}

std::string delivery_csv_row(const DeliveryRecord& record) {
  const bool completed = record.outcome == "completed";
  std::string row = wall_time(record.queued_at) + "," + std::to_string(record.w_id) + "," +
                    std::to_string(record.carrier_id) + ",";
  if (completed) {
    const double ms =
        std::chrono::duration<double, std::milli>(record.completed_at - record.queued_at).count();
    row += wall_time(record.completed_at) + "," + fixed(ms, 3);
  } else {
    row += ",";
  }
  for (const int o_id : record.o_id) {
    row += ",";
    if (completed) row += o_id == 0 ? std::string("skipped") : std::to_string(o_id);
  }
  return row + "," + csv_text(record.outcome) + "\n";
}

std::string delivery_completion_text(const RunStats& stats) {
  const LatencyHistogram& completion = stats.delivery_completion;
  const DeliveryCompletion judged = delivery_completion(stats);
  if (!judged.judged()) return {};
  const auto seconds = [](double micros) { return fixed(micros / 1e6, 3) + " s"; };
  std::string text =
      "Delivery (deferred, 2.7.2): " + std::to_string(completion.count()) + " completed";
  if (completion.count() > 0) {
    text += ", completion p50 " + seconds(completion.percentile(50)) + " p90 " +
            seconds(completion.percentile(90)) + " max " +
            seconds(static_cast<double>(completion.max()));
  }
  if (stats.deliveries_not_completed > 0) {
    text += "; " + std::to_string(stats.deliveries_not_completed) +
            " queued but not completed by the end (counted as late)";
  }
  return text + " (90% within " + limit_text(kDeliveryCompletionLimitSeconds) + ": " +
         (judged.within_limit() ? "PASS" : "FAIL") + ")";
}

std::string skipped_districts_text(const RunStats& stats) {
  const SkippedDistricts s = skipped_districts(stats);
  if (s.deliveries == 0) return {};
  return "Delivery skipped districts (2.7.4.2): " + std::to_string(s.deliveries_with_skips) +
         " of " + std::to_string(s.deliveries) + " Deliveries (" +
         fixed(s.deliveries_percent(), 2) + "%) skipped a district, " +
         std::to_string(s.districts_skipped) + " of " + std::to_string(s.districts) +
         " districts (" + fixed(s.districts_percent(), 2) + "%); " +
         (s.reportable() ? "more than 1% or one: to be reported"
                         : "within 1% or one: no report required");
}

}  // namespace tpcc
