// The options table, run part: the options of the run (tpcc run and the run
// of quickstart), with the BenchmarkSQL 5 and 6 keys that set them: its
// length and mix, how it executes, its pacing and --spec; what it writes and
// how it ends are run_output.cpp's.
#include <algorithm>
#include <array>
#include <cmath>

#include "config/names.hpp"
#include "config/settings/table_parts.hpp"
#include "config/settings/values.hpp"
#include "workloads/ingest/config/ingest_config.hpp"
#include "workloads/tpcc/config/tpcc_config.hpp"

namespace tpcc::settings_table {
namespace {

// The props keys of the five mix weights, in TxnIndex order.
constexpr std::array<const char*, kTxnTypes> kWeightKeys = {
    "newOrderWeight", "paymentWeight", "orderStatusWeight", "deliveryWeight", "stockLevelWeight"};

// A set of repeated runs: enough for any confidence interval, few enough
// that a typo (--repeat 1000) is caught rather than run for days.
constexpr int kMaxRepeat = 100;

// BenchmarkSQL gives run lengths in minutes.
int minutes_to_seconds(const std::string& v, const Source& src) {
  return static_cast<int>(std::llround(parse_number(v, 0, false, src.where) * 60));
}

// A warehouse number of useWarehouseFrom/To: BenchmarkSQL writes -1 for
// "not set", which is 0 here.
int warehouse_bound(const std::string& v, const Source& src) {
  const int n = parse_int(v, src.layer == Layer::Props ? -1 : 0, kNoLimit, src.where);
  return std::max(n, 0);
}

void add_length_and_mix(std::vector<Setting>& s) {
  add(
      s, "terminals", "N", {}, kOneRunVerbs | kCapacity | kAcid | kPrepare, kAllWorkloads,
      kRunSection,
      "Virtual terminals (clause 5.2.1: 10 per warehouse for a compliant run). With fixed "
      "warehouses, more than 10 per home warehouse is refused unless --allow-many-terminals "
      "(checked against props warehouses when given, and against the loaded warehouses when "
      "the run starts). tpcc acid --durability runs this many terminals until the crash. "
      "The ingest workload's streams; its prepare takes it for a table per stream "
      "(--ingest-tables 0). tpcc capacity takes it with --search-over rate only: each step's "
      "terminals.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.terminals = parse_int(v, 1, kNoLimit, src.where);
      },
      [](const Config& c) { return std::to_string(c.terminals); })
      .json = json_field<&Config::terminals>("run", "terminals");
  add(
      s, nullptr, "X", {"terminalMultiplier"}, kOneRunVerbs, kTpccOnly, kRunSection,
      "BenchmarkSQL 6: terminals = 10 x warehouses x X (rounded, at least 1); needs the props "
      "key warehouses. --terminals wins over it.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.terminal_multiplier = parse_number(v, 0, true, src.where);
      },
      [](const Config&) -> std::string { return "none"; })
      .json = json_none(kJsonAlias);
  add(
      s, "allow-many-terminals", nullptr, {"allowManyTerminals"}, kRunVerbs, kTpccOnly, kRunSection,
      "Allow more than 10 terminals per warehouse with fixed warehouses (BenchmarkSQL refuses "
      "them: terminals of one warehouse then share districts).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.allow_many_terminals = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.allow_many_terminals); })
      .json = json_field<&Config::allow_many_terminals>("run", "allow_many_terminals");
  add(
      s, "connections", "N", {"sutThreads"}, kRunVerbs, kAllWorkloads, kRunSection,
      "Database connections shared by the terminals, at most --terminals (0: one per terminal; "
      "past 1000 TPC-C terminals paced by keying and think times, a pool sized by the rate "
      "they offer).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.connections = parse_int(v, 0, kNoLimit, src.where);
      },
      [](const Config& c) { return std::to_string(c.connections); })
      .json = json_field<&Config::connections>("run", "connections");
  add(
      s, "jobs", "N", {}, kRunVerbs, kAllWorkloads, kRunSection,
      "Threads that run the terminals (pgbench's -j), 1..1000, when each terminal has a "
      "connection of its own and no keying or think times (refused otherwise: paced and pooled "
      "terminals run on the engine's scheduler): the terminals are dealt out to N "
      "threads as pgbench deals its clients (at most one per terminal), each thread running "
      "its terminals in fibers and waiting once for all their sockets, so a round trip costs no "
      "thread wake-up of its own. Not given: one thread with --workload pgbench (as pgbench), a "
      "thread per terminal otherwise. With pgbench under --rate each thread draws its own "
      "Poisson schedule at rate / N, from which its terminals take the next transaction due.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.jobs = parse_int(v, 1, 1000, src.where);
      },
      [](const Config& c) { return std::to_string(c.jobs); })
      .json = json_none(kJsonNotYet);
  add(
      s, "duration", "SEC", {"runMins"}, kRunVerbs, kAllWorkloads, kRunSection,
      "Measured run time in seconds (props runMins is in minutes).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.duration_seconds = src.key == "runMins" ? minutes_to_seconds(v, src)
                                                       : parse_int(v, 0, kNoLimit, src.where);
      },
      [](const Config& c) { return std::to_string(c.duration_seconds); })
      .json = json_field<&Config::duration_seconds>("run", "duration_seconds");
  add(
      s, "warmup", "SEC", {"rampupMins"}, kRunVerbs, kAllWorkloads, kRunSection,
      "Run this long before measuring; not counted (props rampupMins is in minutes). quickstart "
      "warms up 30 s unless given; --spec at least 60 s.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.warmup_seconds = src.key == "rampupMins" ? minutes_to_seconds(v, src)
                                                        : parse_int(v, 0, kNoLimit, src.where);
      },
      [](const Config& c) { return std::to_string(c.warmup_seconds); })
      .json = json_field<&Config::warmup_seconds>("run", "warmup_seconds");
  add(
      s, "ramp", "SEC", {"rampupTerminalMins"}, kRunVerbs, kAllWorkloads, kRunSection,
      "Start the terminals evenly over this many seconds: terminal i of N starts SEC x i / N "
      "after the run's start (props rampupTerminalMins is in minutes). The ramp counts as "
      "warm-up: a shorter --warmup is extended to it, so every measured interval has all the "
      "terminals; interval lines show the active ones until then.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.ramp_seconds = src.key == "rampupTerminalMins"
                                  ? minutes_to_seconds(v, src)
                                  : parse_int(v, 0, kNoLimit, src.where);
      },
      [](const Config& c) { return std::to_string(c.ramp_seconds); })
      .json = json_field<&Config::ramp_seconds>("run", "ramp_seconds");
  add(
      s, nullptr, "MIN", {"rampupSUTMins"}, kRunVerbs, kAllWorkloads, kRunSection,
      "BenchmarkSQL 6: the minutes over which it opens its connections, beside the terminals' "
      "ramp. tpcc opens every connection before the run starts, so the load ramps with the "
      "terminals alone: accepted up to rampupTerminalMins (--ramp), refused above it.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.ramp_sut_seconds = minutes_to_seconds(v, src);
      },
      [](const Config&) -> std::string { return "0"; })
      .json = json_none(kJsonAlias);
  add(
      s, "repeat", "N", {}, kRun, kAllWorkloads, kRunSection,
      "Run N times into DIR/run-1 ... DIR/run-N, then write DIR/result.json and DIR/report.html "
      "with each figure's median, mean, min, max, coefficient of variation and 95 % confidence "
      "interval (Student's t): TPC-C's figures, or the workload's (tps, qps, rows/s, ...). Each "
      "run restores the snapshot first when --restore is given; the ingest workload empties its "
      "tables before each run after the first.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.repeat = parse_int(v, 1, kMaxRepeat, src.where);
      },
      [](const Config& c) { return std::to_string(c.repeat); })
      .json = json_field<&Config::repeat>("run", "repeat");
  add(
      s, "txns-per-terminal", "N", {"runTxnsPerTerminal"}, kOneRunVerbs, kAllWorkloads, kRunSection,
      "Stop after N transactions per terminal instead of after --duration (0: use --duration).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.txns_per_terminal = parse_long(v, 0, src.where);
      },
      [](const Config& c) { return std::to_string(c.txns_per_terminal); })
      .json = json_field<&Config::txns_per_terminal>("run", "txns_per_terminal");
  add(
      s, "mix", "NO,P,OS,D,SL",
      {kWeightKeys[0], kWeightKeys[1], kWeightKeys[2], kWeightKeys[3], kWeightKeys[4]},
      kRunVerbs | kAcid, kTpccOnly, kRunSection,
      "Transaction mix in percent: New-Order, Payment, Order-Status, Delivery, Stock-Level; "
      "non-negative, summing to 100. Clause 5.2.3 minimums: P 43, OS 4, D 4, SL 4. Without "
      "newOrderWeight (BenchmarkSQL 6) New-Order takes what the other weights leave. tpcc acid "
      "--durability runs this mix until the crash.",
      [](const std::string& v, const Source& src, ParseState& st) {
        const auto key = std::find_if(kWeightKeys.begin(), kWeightKeys.end(),
                                      [&](const char* k) { return src.key == k; });
        if (key == kWeightKeys.end()) {
          st.cfg.mix = parse_mix(v, src.where);
          return;
        }
        st.props_weights[static_cast<std::size_t>(key - kWeightKeys.begin())] =
            parse_number(v, 0, false, src.where);
        if (st.weights_where.empty()) st.weights_where = src.where;
      },
      [](const Config& c) { return format_mix(c.mix) + " (ro profile: 0,0,50,0,50)"; })
      .json = json_none(kJsonOwnShape);
  s.back().props_keys_set_parts = true;
  add(
      s, "profile", "rw|ro", {}, kRunVerbs, kTpccOnly, kRunSection,
      "rw runs the full mix; ro runs only the read-only Order-Status and Stock-Level, "
      "with the mix 0,0,50,0,50 unless --mix says otherwise.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.profile =
            parse_choice(v, {"rw", "ro"}, src.where) == 0 ? Profile::ReadWrite : Profile::ReadOnly;
      },
      [](const Config& c) { return std::string(profile_name(c.profile)); })
      .json = json_enum<&Config::profile, profile_name, Profile::ReadWrite, Profile::ReadOnly>(
      "run", "profile");
}

void add_execution(std::vector<Setting>& s) {
  add(
      s, "mode", "statements|procedures", {"useStoredProcedures", "application"}, kRunVerbs | kAcid,
      kAllWorkloads, kRunSection,
      "statements: the client sends each transaction's prepared statements, pipelined (one or "
      "two round trips per transaction); procedures: one PL/pgSQL function call per "
      "transaction (installed by prepare). Props useStoredProcedures=true|false (BenchmarkSQL "
      "5) and application=Generic|PostgreSQLStoredProc (BenchmarkSQL 6) choose the same.",
      [](const std::string& v, const Source& src, ParseState& st) {
        bool procedures = false;
        if (src.key == "useStoredProcedures") {
          procedures = parse_bool(v, src.where);
        } else if (src.key == "application") {
          procedures = parse_choice(v, {"Generic", "PostgreSQLStoredProc"}, src.where) == 1;
        } else {
          procedures = parse_choice(v, {"statements", "procedures"}, src.where) == 1;
        }
        st.cfg.mode = procedures ? Mode::Procedures : Mode::Statements;
      },
      [](const Config& c) { return std::string(mode_name(c.mode)); })
      .json =
      json_enum<&Config::mode, mode_name, Mode::Statements, Mode::Procedures>("run", "mode");
  add(
      s, "query-mode", "prepared|extended|simple", {"queryMode"}, kRunVerbs, kAllWorkloads,
      kRunSection,
      "How the terminals send statements (--mode statements) and function calls (--mode "
      "procedures): prepared, named statements prepared once per connection; extended, the "
      "extended protocol with the unnamed statement, parsed at every execution; simple, the "
      "simple protocol with the values as quoted literals, one query string per round trip. "
      "pgbench's -M takes the same words; sysbench's --db-ps-mode disable is simple. Through a "
      "transaction pooler (PgBouncer pool_mode=transaction) only extended and simple work: "
      "prepared is refused before the run when a prepared statement does not outlive its "
      "transaction.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.query_mode = kQueryModes[static_cast<std::size_t>(
            parse_choice(v, {"prepared", "extended", "simple"}, src.where))];
      },
      [](const Config& c) { return std::string(query_mode_name(c.query_mode)); })
      .json = json_enum<&Config::query_mode, query_mode_name, QueryMode::Prepared,
                        QueryMode::Extended, QueryMode::Simple>("run", "query_mode");
  add(
      s, "isolation", "rc|rr|serializable", {}, kRunVerbs | kAcid, kTpccOnly, kRunSection,
      "Transaction isolation: read committed, repeatable read or serializable. Serialization "
      "failures are retried and counted.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.isolation = kIsolationLevels[static_cast<std::size_t>(
            parse_choice(v, {"rc", "rr", "serializable"}, src.where))];
      },
      [](const Config& c) { return std::string(isolation_name(c.isolation)); })
      .json = json_enum<&Config::isolation, isolation_name, Isolation::ReadCommitted,
                        Isolation::RepeatableRead, Isolation::Serializable>("run", "isolation");
  add(
      s, "delivery", "sync|deferred", {}, kRunVerbs, kTpccOnly, kRunSection,
      "Delivery (clause 2.7.2): deferred queues each terminal's Delivery, whose response is "
      "the queueing (5 s limit), for background delivery workers that execute it as a "
      "transaction of its own (90% must complete within 80 s; delivery.csv in the result "
      "directory records each one); sync runs it in the terminal's transaction, as most kits "
      "do. Deferred is what the specification requires.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.delivery_mode = parse_choice(v, {"sync", "deferred"}, src.where) == 0
                                   ? DeliveryMode::Sync
                                   : DeliveryMode::Deferred;
      },
      [](const Config& c) { return std::string(delivery_mode_name(c.delivery_mode)); })
      .json = json_enum<&Config::delivery_mode, delivery_mode_name, DeliveryMode::Sync,
                        DeliveryMode::Deferred>("run", "delivery");
  add(
      s, "delivery-workers", "N", {"maxDeliveryBGThreads"}, kRunVerbs, kTpccOnly, kRunSection,
      "Background delivery workers with --delivery deferred, each with its own connection "
      "(1..1000).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.delivery_workers = parse_int(v, 1, 1000, src.where);
      },
      [](const Config& c) { return std::to_string(c.delivery_workers); })
      .json = json_field<&Config::delivery_workers>("run", "delivery_workers");
  add(
      s, "terminal-warehouse-fixed", "true|false", {"terminalWarehouseFixed"}, kRunVerbs, kTpccOnly,
      kRunSection,
      "true: each terminal keeps one home warehouse; false: a new random warehouse for every "
      "transaction (as BenchmarkSQL).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.terminal_warehouse_fixed = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.terminal_warehouse_fixed); })
      .json = json_field<&Config::terminal_warehouse_fixed>("run", "terminal_warehouse_fixed");
  add(
      s, "warehouse-from", "N", {"useWarehouseFrom"}, kOneRunVerbs, kTpccOnly, kRunSection,
      "First home warehouse of the terminals, for several drivers sharing one database "
      "(BenchmarkSQL 6; 0, or -1 in props: warehouse 1). Remote warehouses are drawn from all.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.warehouse_from = warehouse_bound(v, src);
      },
      [](const Config& c) { return std::to_string(c.warehouse_from); })
      .json = json_field<&Config::warehouse_from>("run", "warehouse_from");
  add(
      s, "warehouse-to", "N", {"useWarehouseTo"}, kOneRunVerbs, kTpccOnly, kRunSection,
      "Last home warehouse of the terminals (0, or -1 in props: the last loaded).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.warehouse_to = warehouse_bound(v, src);
      },
      [](const Config& c) { return std::to_string(c.warehouse_to); })
      .json = json_field<&Config::warehouse_to>("run", "warehouse_to");
  add(
      s, "rollback-percent", "N", {"rollbackPercent"}, kRunVerbs | kAcid, kTpccOnly, kRunSection,
      "Percent of New-Orders that order an unused item and roll back, 0..100 (clause 2.4.1.4: "
      "1; any other value is warned about as not compliant).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.rollback_percent = parse_int(v, 0, 100, src.where);
      },
      [](const Config& c) { return std::to_string(c.rollback_percent); })
      .json = json_field<&Config::rollback_percent>("run", "rollback_percent");
}

void add_pacing(std::vector<Setting>& s) {
  add(
      s, "rate", "TPM", {"limitTxnsPerMin"}, kRunVerbs, kAllWorkloads, kRunSection,
      "Limit on transactions per minute over all terminals (0: unlimited). With an oltp "
      "workload (--workload), --rate and the props key rate are sysbench's: events per "
      "second (x 60 here; props limitTxnsPerMin stays per minute).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.rate_tpm = parse_number(v, 0, false, src.where);
      },
      [](const Config& c) { return format_number(c.rate_tpm); })
      .json = json_field<&Config::rate_tpm>("run", "rate_tpm");
  add(
      s, "arrivals", "poisson|fixed", {}, kRunVerbs, kTpccOnly | kIngestOnly, kRunSection,
      "How --rate's transactions arrive, each terminal on a schedule of its own: poisson "
      "(exponentially distributed intervals averaging terminals x 60 / rate seconds, as "
      "pgbench's -R and sysbench's --rate draw them; TPC-C's default) or fixed (exactly that "
      "spacing; the ingest workload's default, a feed that delivers its batches on a clock). "
      "pgbench's and sysbench's workloads arrive as those tools schedule them (docs/pgbench.md).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.arrivals = parse_choice(v, {"poisson", "fixed"}, src.where) == 0 ? Arrivals::Poisson
                                                                                : Arrivals::Fixed;
      },
      [](const Config& c) { return std::string(arrivals_name(c.arrivals)); })
      .json = json_enum<&Config::arrivals, arrivals_name, Arrivals::Poisson, Arrivals::Fixed>(
      "run", "arrivals");
  add(
      s, "keying-think", nullptr, {}, kRunVerbs, kTpccOnly, kRunSection,
      "Apply the keying and think times of clause 5.2.5 (needed for a compliant tpmC; then "
      "about 12.86 tpmC per warehouse is the ceiling). The BenchmarkSQL 6 keys "
      "keyingTimeMultiplier and thinkTimeMultiplier switch it on unless both are 0.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.keying_and_thinking = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.keying_and_thinking); })
      .json = json_field<&Config::keying_and_thinking>("run", "keying_and_thinking");
  add(
      s, "think-multiplier", "X", {"thinkTimeMultiplier"}, kRunVerbs, kTpccOnly, kRunSection,
      "Scale the think times by X (> 0; thinkTimeMultiplier may be 0), and the keying times "
      "too unless --keying-multiplier is given.",
      [](const std::string& v, const Source& src, ParseState& st) {
        const bool bmsql6 = src.key == "thinkTimeMultiplier";
        st.cfg.think_multiplier = parse_number(v, 0, !bmsql6, src.where);
      },
      [](const Config& c) { return format_number(c.think_multiplier); })
      .json = json_field<&Config::think_multiplier>("run", "think_multiplier");
  add(
      s, "keying-multiplier", "X", {"keyingTimeMultiplier"}, kRunVerbs, kTpccOnly, kRunSection,
      "Scale the keying times by X (> 0; keyingTimeMultiplier may be 0).",
      [](const std::string& v, const Source& src, ParseState& st) {
        const bool bmsql6 = src.key == "keyingTimeMultiplier";
        st.cfg.keying_multiplier = parse_number(v, 0, !bmsql6, src.where);
      },
      [](const Config&) -> std::string { return "the think multiplier"; })
      .json = json_field<&Config::keying_multiplier>("run", "keying_multiplier");
}

// --spec: the run rules of record (report/rules/run_rules.hpp), each unless given
// explicitly; config/finish/run_defaults.cpp applies it.
void add_spec(std::vector<Setting>& s) {
  add(
      s, "spec", nullptr, {}, kOneRunVerbs, kTpccOnly, kRunSection,
      "Set everything the TPC-C run rules require, except what is given explicitly: keying "
      "and think times with multipliers 1 (5.2.5), 10 terminals per home warehouse with fixed "
      "home warehouses (4.2.2; from props warehouses, or else from the loaded database), "
      "deferred Delivery (2.7.2), the mix of 5.2.4.2's 23-card deck (10,10,1,1,1: "
      "43.48/43.48/4.35/4.35/4.35%, above every 5.2.3 minimum), a 60 s warm-up (5.5) and a "
      "7200 s (120 minute) measurement interval (5.5). A shorter --duration still wins; the Run "
      "rules verdict then says which "
      "rule fails. A run with --spec claims to be of record: any failing run rule makes it exit "
      "1 (run failed); without --spec the verdict is for information and leaves the exit "
      "status alone.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.spec = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.spec); })
      .json = json_field<&Config::spec>("run", "spec");
  add(
      s, "check-before-after", nullptr, {"checkBeforeAfter"}, kRun, kTpccOnly, kRunSection,
      "The consistency test of clause 3.3.3 around the run: the 3.3.2 conditions of tpcc check "
      "are verified before the run (none is run when they do not hold) and again after it; "
      "both verdicts go into result.json (consistency_test) and the run exits 1 when either "
      "fails. 3.3.3 asks for the reported throughput and the measured interval's mix for at "
      "least 5 minutes: a run measured for less is NOT JUDGED (exit 1 under --spec), and one "
      "whose last 300 s fell below 90% of the tpmC it reports fails.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.check_before_after = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.check_before_after); })
      .json = json_field<&Config::check_before_after>("run", "check_before_after");
}

}  // namespace

void add_run(std::vector<Setting>& s) {
  add_length_and_mix(s);
  add_execution(s);
  add_pacing(s);
  add_spec(s);
  add_run_output(s);
}

}  // namespace tpcc::settings_table
