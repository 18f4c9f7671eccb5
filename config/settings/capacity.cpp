// The options table, capacity part: tpcc capacity's bracketing search for
// the largest load that passes the run rules a short run can judge
// (app/capacity_command.cpp, docs/experiments.md). The steps themselves
// take the run's options (--duration, --warmup, --keying-think, ...).
#include "config/settings/table_parts.hpp"
#include "config/settings/values.hpp"
#include "workloads/tpcc/config/tpcc_config.hpp"

namespace tpcc::settings_table {

void add_capacity(std::vector<Setting>& s) {
  add(
      s, "efficiency-floor", "PCT", {"efficiencyFloor"}, kCapacity, kAllWorkloads, kCapacitySection,
      "With keying and think times: a step passes only when its tpmC is at least PCT percent "
      "of the 12.86 tpmC per active warehouse that the 5.2.5 pacing allows (0..100; 0: not "
      "judged). Not a clause of the specification: the usual reading that a system keeping "
      "up with its terminals reaches most of the ceiling (CockroachDB's passing efficiency "
      "is 85). With --search-over rate, for every workload (another workload takes it only "
      "then): a step passes only when it completed at least PCT percent of its rate.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.efficiency_floor = parse_number_in(v, 0, 100, src.where);
      },
      [](const Config& c) { return format_number(c.efficiency_floor); })
      .json = json_none(kJsonOtherVerb);
  add(
      s, "latency-limit", "MS", {"latencyLimit"}, kCapacity | kRun, kAllWorkloads, kCapacitySection,
      "tpcc capacity without keying and think times (--keying-think=off): a step passes when "
      "its New-Order 90th percentile response time is at most MS milliseconds (> 0; the "
      "errored and timed out counted as over it), and the search looks for the terminal count "
      "with the highest tpmC that keeps it (5.2.5.3's New-Order limit is 5000). tpcc capacity "
      "of another workload: a step passes when its 99th percentile (oltp: --percentile, 99 "
      "unless given; ingest: the statements') is at most MS and the run is clean, and the "
      "answer is the most terminals that pass. tpcc curve (any workload): the answer "
      "\"max rate with p99 <= MS\", the highest achieved rate of a step whose p99 from the "
      "due time is at most MS (not asked unless given). tpcc run "
      "--workload pgbench (and each step of its curve): pgbench's -L, the transactions slower "
      "than MS counted as late, and with --rate those already MS behind their schedule "
      "skipped, not sent (no limit unless given).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.latency_limit_ms = parse_number(v, 0, true, src.where);
      },
      [](const Config& c) { return format_number(c.latency_limit_ms); })
      .json = json_none(kJsonOtherVerb);
  add(
      s, "search-over", "WHAT", {"searchOver"}, kCapacity, kAllWorkloads, kCapacitySection,
      "What the search varies: terminals (the default; active warehouses with keying and think "
      "times) or rate: each step runs --terminals at a --rate (per minute; an oltp test's per "
      "second) from --search-start up to --search-max, which it needs, and passes when its "
      "latency stays within --latency-limit and it completed at least --efficiency-floor "
      "percent of that rate. For every workload; TPC-C's without keying and think times "
      "(the default then). Not with --rate, --confirm or --keying-think.",
      [](const std::string& v, const Source& src, ParseState& st) {
        if (v != "terminals" && v != "rate") fail(src.where, v, "terminals or rate");
        st.cfg.search_over_rate = v == "rate";
      },
      [](const Config& c) { return std::string(c.search_over_rate ? "rate" : "terminals"); })
      .json = json_none(kJsonOtherVerb);
  add(
      s, "search-start", "N", {"searchStart"}, kCapacity, kAllWorkloads, kCapacitySection,
      "The first step's active warehouses (terminals without keying and think times; the "
      "rate with --search-over rate); the "
      "search doubles it while steps pass, then bisects between the last that passed and "
      "the first that failed. Beyond the loaded warehouses (10 terminals per warehouse "
      "unpaced) it starts there.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.search_start = parse_int(v, 1, kNoLimit, src.where);
      },
      [](const Config& c) { return std::to_string(c.search_start); })
      .json = json_none(kJsonOtherVerb);
  add(
      s, "search-max", "N", {"searchMax"}, kCapacity, kAllWorkloads, kCapacitySection,
      "The most active warehouses (terminals without keying and think times, or of another "
      "workload; the rate with --search-over rate, which needs it) a step tries; the search's "
      "upper bound. Without it: the loaded warehouses (10 "
      "terminals per warehouse unpaced); for another workload, the connections the server "
      "takes (max_connections less superuser_reserved_connections and those open).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.search_max = parse_int(v, 1, kNoLimit, src.where);
      },
      [](const Config& c) {
        return c.search_max == 0 ? std::string("the load's, or the server's connections")
                                 : std::to_string(c.search_max);
      })
      .json = json_none(kJsonOtherVerb);
  add(
      s, "confirm", nullptr, {}, kCapacity, kTpccOnly, kCapacitySection,
      "After the search, one full-length run at the answer into DIR/confirm, of "
      "--confirm-duration seconds, judged by every run rule as a run with --spec is; its "
      "failing makes the exit status 1.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.confirm = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.confirm); })
      .json = json_none(kJsonOtherVerb);
  add(
      s, "confirm-duration", "SEC", {"confirmDuration"}, kCapacity, kTpccOnly, kCapacitySection,
      "The measured interval of the --confirm run in seconds (5.5: at least 7200, 120 "
      "minutes, for a result of record).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.confirm_duration_seconds = parse_int(v, 1, kNoLimit, src.where);
      },
      [](const Config& c) { return std::to_string(c.confirm_duration_seconds); })
      .json = json_none(kJsonOtherVerb);
}

}  // namespace tpcc::settings_table
