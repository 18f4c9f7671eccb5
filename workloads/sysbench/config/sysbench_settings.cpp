// The options table, sysbench part: sysbench-tpcc's command-line flags, so that
// its prepare, run and cleanup lines work with only the program name
// changed. Each flag only records its value here; finish_sysbench()
// (workloads/sysbench/config/sysbench_finish.cpp) maps it onto tpcc's own option once every
// layer is in, and refuses a disagreement with that option.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "config/settings/table_parts.hpp"
#include "config/settings/values.hpp"
#include "workloads/pgbench/config/pgbench_config.hpp"
#include "workloads/sysbench/config/sysbench_config.hpp"
#include "workloads/tpcc/config/tpcc_config.hpp"

namespace tpcc::settings_table {
namespace {

constexpr VerbSet kSysbenchVerbs = kPrepare | kRun | kCheck | kCleanup;

// The highest TCP port number.
constexpr long long kMaxPort = 65535;

std::string none(const Config&) { return "none"; }

// --pgsql-host and the rest: one libpq keyword each. A value that libpq
// would read as "not set" is refused, so that no flag is silently lost.
template <const char* Keyword>
void apply_connection_part(const std::string& v, const Source& src, ParseState& st) {
  const std::string keyword = Keyword;
  std::string value = v;
  if (keyword == "port") {
    value = std::to_string(parse_int(v, 1, kMaxPort, src.where));
  } else if (keyword != "password" && v.empty()) {
    throw UsageError(src.where + ": needs a value");
  }
  st.sysbench.connection[keyword] = Given<std::string>{value, src};
}

// A count flag (--threads, --tables, --scale, --time): a positive integer
// into Field, effective for the verbs in Effective.
template <std::optional<Given<int>> SysbenchFlags::*Field, VerbSet Effective>
void apply_count(const std::string& v, const Source& src, ParseState& st) {
  st.sysbench.*Field = Given<int>{parse_int(v, 1, kNoLimit, src.where), src};
  note_without_effect(src, st, Effective);
}

constexpr char kHost[] = "host";
constexpr char kPort[] = "port";
constexpr char kUser[] = "user";
constexpr char kPassword[] = "password";
constexpr char kDbname[] = "dbname";

void add_connection(std::vector<Setting>& s) {
  add(s, "pgsql-host", "HOST", {}, kDatabaseVerbs, kAllWorkloads, kSysbenchSection,
      "sysbench's name for the server's host or Unix-socket directory (libpq host; /tmp for "
      "a local socket). The --pgsql-* flags go into the connection with a flag's precedence: "
      "they override the props file's conn, user and password, and a --conn flag that names "
      "the same part with another value is refused. What none of them names comes from the "
      "PG* environment, not from sysbench's defaults (localhost, 5432, sbtest).",
      apply_connection_part<kHost>, none)
      .json = json_none(kJsonConninfo);
  add(s, "pgsql-port", "PORT", {}, kDatabaseVerbs, kAllWorkloads, kSysbenchSection,
      "sysbench's name for the server's port (libpq port, 1..65535).", apply_connection_part<kPort>,
      none)
      .json = json_none(kJsonConninfo);
  add(s, "pgsql-user", "NAME", {}, kDatabaseVerbs, kAllWorkloads, kSysbenchSection,
      "sysbench's name for the database user (libpq user).", apply_connection_part<kUser>, none)
      .json = json_none(kJsonConninfo);
  add(s, "pgsql-password", "SECRET", {}, kDatabaseVerbs, kAllWorkloads, kSysbenchSection,
      "sysbench's name for the password (libpq password; empty: none). Masked wherever the "
      "configuration is shown or saved, and overwritten in the command line once parsed; "
      "PGPASSWORD or ~/.pgpass keep it out of ps altogether.",
      apply_connection_part<kPassword>, none)
      .json = json_none(kJsonConninfo);
  add(s, "pgsql-db", "NAME", {}, kDatabaseVerbs, kAllWorkloads, kSysbenchSection,
      "sysbench's name for the database (libpq dbname).", apply_connection_part<kDbname>, none)
      .json = json_none(kJsonConninfo);
  add(
      s, "db-driver", "pgsql", {}, kDatabaseVerbs, kAllWorkloads, kSysbenchSection,
      "sysbench's database driver: accepted as pgsql only, since tpcc drives PostgreSQL only.",
      [](const std::string& v, const Source& src, ParseState&) {
        if (v != "pgsql") {
          throw UsageError(src.where + ": '" + v +
                           "' is not supported; tpcc drives PostgreSQL only (pgsql)");
        }
      },
      [](const Config&) -> std::string { return "pgsql"; })
      .json = json_none(kJsonConninfo);
}

void add_workload(std::vector<Setting>& s) {
  add(s, "threads", "N", {}, kSysbenchVerbs, kAllWorkloads, kSysbenchSection,
      "sysbench's threads: the terminals of run (--terminals) and the load workers of "
      "prepare (--load-workers); cleanup accepts it without effect. Refused beside "
      "--terminals or --load-workers with another value.",
      apply_count<&SysbenchFlags::threads, kPrepare | kRun>, none)
      .json = json_none(kJsonAlias);
  add(s, "tables", "N", {}, kSysbenchVerbs | kCheck | kCapacity, kTpccOnly | kOltpOnly,
      kSysbenchSection,
      "sysbench-tpcc's number of table sets. tpcc keeps one set of tables with all the "
      "warehouses in it: prepare loads --tables x --scale warehouses (the output says so), "
      "and run checks that the database holds that many. A missing one of the two takes "
      "sysbench-tpcc's default (tables 1, scale 10). Refused beside another warehouse count "
      "given at the same level (prepare's warehouses flag, or the props key warehouses); "
      "check and cleanup accept it without effect. With an oltp workload (--workload) it is "
      "sysbench's number of sbtest tables, sbtest1..sbtestN, for prepare, run and check.",
      apply_count<&SysbenchFlags::tables, kPrepare | kRun | kCapacity>, none)
      .json = json_none(kJsonAlias);
  add(s, "scale", "N", {}, kSysbenchVerbs, kTpccOnly | kPgbenchOnly, kSysbenchSection,
      "sysbench-tpcc's warehouses per table set (see --tables); refused with an oltp "
      "workload, whose tables have --table-size rows. With --workload pgbench, pgbench's "
      "scale (its -s): prepare loads N branches, 10N tellers and 100000N accounts, and run's "
      ":scale is N (default: the prepared tables').",
      apply_count<&SysbenchFlags::scale, kPrepare | kRun>, none)
      .json = json_none(kJsonAlias);
  add(
      s, "time", "SEC", {}, kSysbenchVerbs, kAllWorkloads, kSysbenchSection,
      "sysbench's run time in seconds: run's --duration. sysbench's 0, no limit, is taken "
      "only beside --events (a run needs an end). Refused beside --duration with another "
      "value; prepare and cleanup accept it without effect.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.sysbench.time = Given<int>{parse_int(v, 0, kNoLimit, src.where), src};
        note_without_effect(src, st, kRun);
      },
      none)
      .json = json_none(kJsonAlias);
  add(
      s, "events", "N", {}, kSysbenchVerbs, kAllWorkloads, kSysbenchSection,
      "sysbench's limit on events over all threads (0: none): run stops each terminal after "
      "N / terminals transactions (--txns-per-terminal), so N must be a multiple of the "
      "terminals (--threads); sysbench's threads share one count instead, so a fast thread "
      "may run more than its share there. Without --time, or with --time=0, the run ends "
      "by the count alone; beside a --time above 0 it is refused (sysbench stops at "
      "whichever comes first, tpcc at one of them). prepare and cleanup accept it without "
      "effect.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.sysbench.events = Given<long>{parse_long(v, 0, src.where), src};
        note_without_effect(src, st, kRun);
      },
      none)
      .json = json_none(kJsonAlias);
  add(
      s, "warmup-time", "SEC", {}, kSysbenchVerbs, kAllWorkloads, kSysbenchSection,
      "sysbench 1.1's warm-up before the statistics count: run's --warmup. Refused beside "
      "--warmup with another value; prepare and cleanup accept it without effect.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.sysbench.warmup_time = Given<int>{parse_int(v, 0, kNoLimit, src.where), src};
        note_without_effect(src, st, kRun);
      },
      none)
      .json = json_none(kJsonAlias);
  s.back().twin = "warmup_time";
  Setting& seed = add(
      s, "rand-seed", "N", {}, kSysbenchVerbs, kAllWorkloads, kSysbenchSection,
      "sysbench's random seed (0: from the clock). run draws its transactions' inputs from "
      "it, so that two runs with one seed draw alike; prepare takes it as --seed, the data "
      "generator's (0 keeps --seed's default). Refused beside --seed with another value; "
      "cleanup accepts it without effect.",
      [](const std::string& v, const Source& src, ParseState& st) {
        const std::uint64_t seed = parse_u64(v, src.where);
        st.sysbench.rand_seed = Given<std::uint64_t>{seed, src};
        st.cfg.rand_seed = seed;
        note_without_effect(src, st, kPrepare | kRun);
      },
      [](const Config& c) { return std::to_string(c.rand_seed) + " (from the clock)"; });
  seed.twin = "rand_seed";
  seed.json = json_field<&Config::rand_seed>("run", "rand_seed");
  add(
      s, "percentile", "P", {}, kSysbenchVerbs | kCapacity, kTpccOnly | kOltpOnly, kSysbenchSection,
      "The latency percentile of sysbench's lines (--report-format sysbench): the interval "
      "lines' 'lat (ms,95%)' and the final latency block's '95th percentile' (1..100; 0: "
      "none shown, as sysbench). prepare and cleanup accept it without effect.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.sysbench_percentile = parse_int(v, 0, 100, src.where);
        note_without_effect(src, st, kRun | kCapacity);
      },
      [](const Config& c) { return std::to_string(c.sysbench_percentile); })
      .json = json_field<&Config::sysbench_percentile>("run", "sysbench_percentile");
  add(
      s, "histogram", nullptr, {}, kSysbenchVerbs, kOltpOnly, kSysbenchSection,
      "Print sysbench's latency histogram after the final report (--histogram alone or "
      "=on; off, as sysbench, by default). prepare and cleanup accept it without effect.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.sysbench_histogram = parse_bool(v, src.where);
        note_without_effect(src, st, kRun);
      },
      [](const Config& c) { return std::string(c.sysbench_histogram ? "on" : "off"); })
      .json = json_field<&Config::sysbench_histogram>("run", "sysbench_histogram");
  add(
      s, "trx_level", "RC|RR|SER", {}, kSysbenchVerbs, kTpccOnly, kSysbenchSection,
      "sysbench-tpcc's isolation level: RC, RR and SER are run's --isolation rc, rr and "
      "serializable. Refused beside --isolation with another level; prepare and cleanup "
      "accept it without effect.",
      [](const std::string& v, const Source& src, ParseState& st) {
        const auto level = kIsolationLevels[static_cast<std::size_t>(
            parse_choice(v, {"RC", "RR", "SER"}, src.where))];
        st.sysbench.trx_level = Given<Isolation>{level, src};
        note_without_effect(src, st, kRun);
      },
      none)
      .json = json_none(kJsonAlias);
  add(
      s, "db-ps-mode", "auto|disable", {}, kSysbenchVerbs, kAllWorkloads, kSysbenchSection,
      "sysbench's prepared-statement mode: auto is run's --query-mode prepared (statements "
      "prepared once per session); disable, no server-side prepared statements, is "
      "--query-mode simple (the values sent as quoted literals, as sysbench's client-side "
      "emulation does). Refused beside --query-mode with another mode; prepare and cleanup "
      "accept it without effect.",
      [](const std::string& v, const Source& src, ParseState& st) {
        const bool disable = parse_choice(v, {"auto", "disable"}, src.where) == 1;
        st.sysbench.ps_mode =
            Given<QueryMode>{disable ? QueryMode::Simple : QueryMode::Prepared, src};
        note_without_effect(src, st, kRun);
      },
      [](const Config&) -> std::string { return "auto"; })
      .json = json_none(kJsonAlias);
}

}  // namespace

void note_without_effect(const Source& src, ParseState& st, VerbSet effective) {
  // A props file serves every verb: its keys are not remarked upon.
  if (src.layer == Layer::Flag && (effective & verb_bit(st.cfg.verb)) == 0) {
    st.sysbench.without_effect.push_back(src.where);
  }
}

void add_sysbench(std::vector<Setting>& s) {
  add_connection(s);
  add_workload(s);
}

}  // namespace tpcc::settings_table
