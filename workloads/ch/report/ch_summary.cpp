#include "workloads/ch/report/ch_summary.hpp"

#include <cstdio>
#include <optional>

#include "report/views/format.hpp"
#include "workloads/ch/report/ch_servers.hpp"

namespace tpcc {

std::string ch_final_block(const ChFigures& f) {
  std::string out = "ch: " + std::to_string(f.queries) + " queries in " + fixed(f.seconds, 1) +
                    " s, " + std::to_string(f.streams) + " stream(s)" +
                    (f.on.empty() ? std::string() : " on the " + f.on + ", not counted in tpmC") +
                    "\n";
  out += "    QphH:  " + fixed(f.qphh, 1) + " (queries x 3600 / measured seconds)\n";
  char line[160];
  std::snprintf(line, sizeof line, "    %-5s %7s %10s %7s %9s %8s %10s %10s %10s\n", "query",
                "count", "rows", "errors", "conflicts", "cancels", "p50 ms", "p90 ms", "max ms");
  out += line;
  for (const ChQueryFigures& q : f.per_query) {
    std::snprintf(line, sizeof line,
                  "    %-5s %7lld %10lld %7lld %9lld %8lld %10.1f %10.1f %10.1f\n", q.name.c_str(),
                  static_cast<long long>(q.count), static_cast<long long>(q.rows),
                  static_cast<long long>(q.errors), static_cast<long long>(q.recovery_conflicts),
                  static_cast<long long>(q.cancels), q.p50_ms, q.p90_ms, q.max_ms);
    out += line;
  }
  out += ch_servers_lines(f);
  return out;
}

namespace {

// "1100.2 (6.0 s)"
std::string rate_over(double per_minute, double seconds) {
  return fixed(per_minute, 1) + " (" + fixed(seconds, 1) + " s)";
}

// ": 89.1 % of alone", or why there is none.
std::string percent_of_alone(const std::optional<double>& ratio) {
  return ratio ? ": " + fixed(*ratio * 100, 1) + " % of alone"
               : std::string(": no ratio (nothing alone, or no mixed part)");
}

}  // namespace

std::string ch_interference_block(const ChFigures& f) {
  if (!f.interference) return "";
  const ChInterference& i = *f.interference;
  const std::string with = ", with " + std::to_string(f.streams) + " analytic stream(s): ";
  std::string out = "interference: TPC-C alone for the measured interval's first " +
                    fixed(i.alone_seconds, 1) +
                    " s, then beside the streams (the tpmC above is the whole interval's)\n";
  out += "    tpmC alone: " + rate_over(i.tpmc_alone, i.alone_seconds) + with +
         rate_over(i.tpmc_mixed, i.mixed_seconds) + percent_of_alone(i.ratio) + "\n";
  out += "    tpmTOTAL alone: " + rate_over(i.tpm_total_alone, i.alone_seconds) + with +
         rate_over(i.tpm_total_mixed, i.mixed_seconds) + percent_of_alone(i.total_ratio) + "\n";
  return out;
}

}  // namespace tpcc
