// The options table: several drivers, one result (docs/several-drivers.md):
// the run's --driver, --run-id and --barrier-timeout, and tpcc report's --merge,
// --compare and --out.
#include "config/driver_slice.hpp"
#include "config/settings/table_parts.hpp"
#include "config/settings/values.hpp"
#include "workloads/tpcc/config/tpcc_config.hpp"

namespace tpcc::settings_table {
namespace {

// The barrier's key in the database (a text column): short and printable,
// so that it can be named in messages as given.
constexpr std::size_t kMaxRunIdLength = 63;

std::string checked_run_id(const std::string& v, const Source& src) {
  const bool plain = !v.empty() && v.size() <= kMaxRunIdLength &&
                     v.find_first_not_of(
                         "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                         "0123456789-_.") == std::string::npos;
  if (!plain) {
    throw UsageError(src.where + ": '" + v + "' is not a run id (1 to " +
                     std::to_string(kMaxRunIdLength) + " letters, digits, '-', '_' or '.')");
  }
  return v;
}

}  // namespace

void add_drivers(std::vector<Setting>& s) {
  add(
      s, "driver", "I/N", {"driverSlice"}, kRun | kPrepare, kTpccOnly, kRunSection,
      "Run as driver I of N (1-based) of one run split over N tpcc processes against one "
      "database: this driver's terminals take the I-th of N even slices of the home "
      "warehouses (all W, or --warehouse-from..--warehouse-to), and it waits at a start "
      "barrier held in the database (table tpcc_driver_barrier) until all N drivers of the "
      "same --run-id have arrived; then all warm up and measure the same wall-clock interval. "
      "Merge their result directories with tpcc report --merge. With prepare: load the I-th "
      "of N even slices of the W warehouses (driver 1 also the item table), resumable like "
      "any load; the last driver to finish builds the indexes, foreign keys and statistics, "
      "and tpcc check names the warehouses still missing.",
      [](const std::string& v, const Source& src, ParseState& st) {
        const DriverNumber number = parse_driver_number(v, src.where);
        st.cfg.driver_index = number.index;
        st.cfg.driver_count = number.count;
      },
      [](const Config&) { return std::string("none (the only driver)"); })
      .json = json_none(kJsonRunShape);
  add(
      s, "run-id", "NAME", {"runId"}, kRun, kTpccOnly, kRunSection,
      "The run the drivers of --driver share: every driver of one run gives the same NAME, and "
      "the drivers of runs going on at the same time different ones (letters, digits, '-', "
      "'_', '.').",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.run_id = checked_run_id(v, src);
      },
      [](const Config& c) { return c.run_id; })
      .json = json_none(kJsonRunShape);
  add(
      s, "barrier-timeout", "SEC", {"barrierTimeout"}, kRun, kTpccOnly, kRunSection,
      "How long a driver (--driver) waits at the start barrier for the others; when one has not "
      "arrived by then, the driver exits 3 without measuring, naming the missing drivers.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.barrier_timeout_seconds = parse_int(v, 1, 86400, src.where);
      },
      [](const Config& c) { return std::to_string(c.barrier_timeout_seconds); })
      .json = json_none(kJsonNotYet);
}

void add_report(std::vector<Setting>& s) {
  add(
      s, "merge", "DIR...", {}, kReport, kAllWorkloads, kReportSection,
      "The result directories of the drivers of one run (tpcc run --driver I/N), merged into "
      "one result: tpmC and tpmTOTAL summed, percentiles from the merged histograms, audits and "
      "run rules from the merged counts. Results of different runs, warehouse counts, mixes, "
      "intervals that do not overlap, or overlapping warehouses are refused (exit 2).",
      [](const std::string& v, const Source&, ParseState& st) { st.cfg.merge_dirs.push_back(v); },
      [](const Config&) { return std::string("none"); })
      .json = json_none(kJsonOtherVerb);
  s.back().repeat = Repeat::Many;
  add(
      s, "compare", "DIR...", {}, kReport, kAllWorkloads, kReportSection,
      "Two result directories or more, put side by side on one page: the headline figures "
      "with their ratios to the first run, throughput and latency curves overlaid, and the "
      "configuration differences highlighted. Two repeated sets (tpcc run --repeat) give "
      "each figure's ratio of means with its 95 % confidence interval, within or beyond "
      "noise. Written to --out (default compare.html here).",
      [](const std::string& v, const Source&, ParseState& st) { st.cfg.compare_dirs.push_back(v); },
      [](const Config&) { return std::string("none"); })
      .json = json_none(kJsonOtherVerb);
  s.back().repeat = Repeat::Many;
  add(
      s, "out", "DIR", {}, kReport, kAllWorkloads, kReportSection,
      "Where tpcc report --merge writes the merged result.json, summary.txt, config.json and "
      "report.html (a directory that exists and is not empty is left alone: DIR-2, DIR-3, ... "
      "is used instead). For tpcc report DIR (default: DIR itself) and --compare (default: "
      "the current directory), a directory to write report.html or compare.html into, or a "
      "file name ending in .html.",
      [](const std::string& v, const Source&, ParseState& st) { st.cfg.out_dir = v; },
      [](const Config&) { return std::string("none"); })
      .json = json_none(kJsonOtherVerb);
}

}  // namespace tpcc::settings_table
