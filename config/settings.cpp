#include "config/settings.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "config/errors.hpp"
#include "config/names.hpp"
#include "config/values.hpp"

namespace tpcc {
namespace {

constexpr VerbSet kPrepare = verb_bit(Verb::Prepare);
constexpr VerbSet kRun = verb_bit(Verb::Run);
constexpr VerbSet kCheck = verb_bit(Verb::Check);
constexpr VerbSet kQuickstart = verb_bit(Verb::Quickstart);
constexpr VerbSet kDatabaseVerbs = kAllVerbs & ~kQuickstart;  // quickstart brings its own server

constexpr const char* kConnection = "Connection";
constexpr const char* kLoad = "Load";
constexpr const char* kCheckSection = "Check";
constexpr const char* kRunSection = "Run";
constexpr const char* kQuickstartSection = "Quickstart";

using Apply = void (*)(const std::string&, const Source&, ParseState&);
using Show = std::string (*)(const Config&);

std::string yes_no(bool b) { return b ? "true" : "false"; }

// The props keys of the five mix weights, in TxnIndex order.
constexpr std::array<const char*, kTxnTypes> kWeightKeys = {
    "newOrderWeight", "paymentWeight", "orderStatusWeight", "deliveryWeight", "stockLevelWeight"};

std::string per_table_text(const std::map<std::string, int>& m) {
  if (m.empty()) return "none (PostgreSQL's 100)";
  std::string out;
  for (const auto& [table, pct] : m) {
    out += (out.empty() ? "" : ",") + table + "=" + std::to_string(pct);
  }
  return out;
}

std::vector<Setting> build() {
  std::vector<Setting> s;
  const auto add = [&s](const char* flag, const char* value_name,
                        std::vector<const char*> props_keys, VerbSet verbs, const char* section,
                        const char* help, Apply apply, Show show) {
    s.push_back({flag, value_name, std::move(props_keys), verbs, section, help, apply, show});
  };

  // Connection -------------------------------------------------------------
  add("conn", "CONNINFO", {}, kDatabaseVerbs, kConnection,
      "Where to connect: libpq conninfo ('host=db1 port=5432 dbname=tpcc'), a postgres:// URI, "
      "or a PgJDBC URL (jdbc:postgresql://host:port/db), which is translated to conninfo. "
      "Props user and password fill in what it leaves out.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.conn = v;
        st.conn_where = src.where;
      },
      [](const Config&) -> std::string {
        return "empty (libpq then uses PGHOST, PGPORT, PGUSER, PGDATABASE, PGPASSWORD and "
               "~/.pgpass)";
      });
  add(nullptr, "NAME", {"user"}, kDatabaseVerbs, kConnection,
      "Database user (BenchmarkSQL key), added to the connection unless it names a user.",
      [](const std::string& v, const Source&, ParseState& st) { st.user = v; },
      [](const Config&) -> std::string { return "none"; });
  add(nullptr, "SECRET", {"password"}, kDatabaseVerbs, kConnection,
      "Password (BenchmarkSQL key), added to the connection unless it has one. Never printed.",
      [](const std::string& v, const Source&, ParseState& st) { st.password = v; },
      [](const Config&) -> std::string { return "none"; });

  // Load ----------------------------------------------------------------------
  const VerbSet load = kPrepare | kQuickstart;
  add("warehouses", "N", {}, load, kLoad, "Warehouses to load (W).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.warehouses = parse_int(v, 1, kNoLimit, src.where);
      },
      [](const Config& c) { return std::to_string(c.warehouses); });
  add("load-workers", "N", {"loadWorkers"}, load, kLoad,
      "Parallel loader connections; each loads whole warehouses.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.load_workers = parse_int(v, 1, kNoLimit, src.where);
      },
      [](const Config& c) { return std::to_string(c.load_workers); });
  add("load-method", "copy|insert", {}, load, kLoad,
      "copy streams rows with COPY (fastest); insert uses multi-row INSERT statements, for "
      "servers without COPY.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.load_method =
            parse_choice(v, {"copy", "insert"}, src.where) == 0 ? LoadMethod::Copy
                                                                : LoadMethod::Insert;
      },
      [](const Config& c) { return std::string(load_method_name(c.load_method)); });
  add("batch-rows", "N", {}, load, kLoad,
      "Rows per INSERT statement with --load-method insert (1..100000).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.insert_batch_rows = parse_int(v, 1, 100000, src.where);
      },
      [](const Config& c) { return std::to_string(c.insert_batch_rows); });
  add("seed", "N", {}, load, kLoad,
      "Seed of the data generator; the same seed and warehouse count load the same rows.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.seed = parse_u64(v, src.where);
        st.cfg.seed_given = true;
      },
      [](const Config& c) { return std::to_string(c.seed); });
  add("fillfactor", "SPEC", {}, load, kLoad,
      "Table fillfactor, 10..100: one number for every table (80), or table=percent pairs "
      "(stock=80,customer=90). Tables: warehouse, district, customer, history, new_order, "
      "oorder (or order), order_line, item, stock.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.fillfactor = parse_fillfactor(v, src.where);
      },
      [](const Config& c) { return per_table_text(c.fillfactor); });
  add("tablespace", "SPEC", {}, load, kLoad,
      "Tablespace for the tables: one name for every table (ts1), or "
      "table=name pairs (customer=ts2,stock=ts3). Names match [A-Za-z_][A-Za-z0-9_$]{0,62}.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.tablespace = parse_tablespace(v, src.where);
      },
      [](const Config& c) -> std::string {
        if (c.tablespace.empty()) return "none (the database default)";
        std::string out;
        for (const auto& [t, ts] : c.tablespace) out += (out.empty() ? "" : ",") + t + "=" + ts;
        return out;
      });
  add("foreign-keys", nullptr, {}, load, kLoad,
      "Create BenchmarkSQL's foreign keys after the load.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.foreign_keys = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.foreign_keys); });
  add("partitions", "N", {}, load, kLoad,
      "Partition the large tables by warehouse into N partitions "
      "(0..1024; 0 or 1: not partitioned).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.partitions = parse_int(v, 0, 1024, src.where);
      },
      [](const Config& c) { return std::to_string(c.partitions); });
  add("no-check", nullptr, {}, load, kLoad,
      "Skip the consistency check that follows the load.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.no_check = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.no_check); });

  // Check ---------------------------------------------------------------------
  add("after-load", nullptr, {}, kCheck, kCheckSection,
      "Also check condition 11 (3.3.2.11), which holds only on a freshly loaded database.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.after_load = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.after_load); });

  // Run -----------------------------------------------------------------------
  const VerbSet run = kRun | kQuickstart;
  add("terminals", "N", {}, run, kRunSection,
      "Virtual terminals (clause 5.2.1: 10 per warehouse for a compliant run).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.terminals = parse_int(v, 1, kNoLimit, src.where);
      },
      [](const Config& c) { return std::to_string(c.terminals); });
  add("connections", "N", {}, run, kRunSection,
      "Database connections shared by the terminals, at most --terminals (0: one per terminal).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.connections = parse_int(v, 0, kNoLimit, src.where);
        st.connections_source = src;
      },
      [](const Config& c) { return std::to_string(c.connections); });
  add("duration", "SEC", {"runMins"}, run, kRunSection,
      "Measured run time in seconds (props runMins is in minutes).",
      [](const std::string& v, const Source& src, ParseState& st) {
        if (src.key == "runMins") {
          st.cfg.duration_seconds =
              static_cast<int>(std::llround(parse_number(v, 0, false, src.where) * 60));
        } else {
          st.cfg.duration_seconds = parse_int(v, 0, kNoLimit, src.where);
        }
        st.duration_source = src;
      },
      [](const Config& c) { return std::to_string(c.duration_seconds); });
  add("warmup", "SEC", {"rampupMins"}, run, kRunSection,
      "Run this long before measuring; not counted (props rampupMins is in minutes).",
      [](const std::string& v, const Source& src, ParseState& st) {
        if (src.key == "rampupMins") {
          st.cfg.warmup_seconds =
              static_cast<int>(std::llround(parse_number(v, 0, false, src.where) * 60));
        } else {
          st.cfg.warmup_seconds = parse_int(v, 0, kNoLimit, src.where);
        }
      },
      [](const Config& c) { return std::to_string(c.warmup_seconds); });
  add("txns-per-terminal", "N", {"runTxnsPerTerminal"}, run, kRunSection,
      "Stop after N transactions per terminal instead of after --duration (0: use --duration).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.txns_per_terminal = parse_long(v, 0, src.where);
        st.txns_source = src;
      },
      [](const Config& c) { return std::to_string(c.txns_per_terminal); });
  add("mix", "NO,P,OS,D,SL",
      {kWeightKeys[0], kWeightKeys[1], kWeightKeys[2], kWeightKeys[3], kWeightKeys[4]}, run,
      kRunSection,
      "Transaction mix in percent: New-Order, Payment, Order-Status, Delivery, Stock-Level; "
      "non-negative, summing to 100. Clause 5.2.3 minimums: P 43, OS 4, D 4, SL 4.",
      [](const std::string& v, const Source& src, ParseState& st) {
        const auto key = std::find_if(kWeightKeys.begin(), kWeightKeys.end(),
                                      [&](const char* k) { return src.key == k; });
        if (key == kWeightKeys.end()) {
          st.cfg.mix = parse_mix(v, src.where);
          st.mix_source = src;
          return;
        }
        st.props_weights[static_cast<std::size_t>(key - kWeightKeys.begin())] =
            parse_number(v, 0, false, src.where);
        if (st.weights_where.empty()) st.weights_where = src.where;
      },
      [](const Config& c) { return format_mix(c.mix) + " (ro profile: 0,0,50,0,50)"; });
  add("profile", "rw|ro", {}, run, kRunSection,
      "rw runs the full mix; ro runs only the read-only Order-Status and Stock-Level, "
      "with the mix 0,0,50,0,50 unless --mix says otherwise.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.profile = parse_choice(v, {"rw", "ro"}, src.where) == 0 ? Profile::ReadWrite
                                                                        : Profile::ReadOnly;
        st.profile_source = src;
      },
      [](const Config& c) { return std::string(profile_name(c.profile)); });
  add("mode", "statements|procedures", {}, run, kRunSection,
      "statements pipelines each transaction's prepared statements from the client (one or "
      "two round trips per transaction). procedures (one server-side function per "
      "transaction) is not available in this version.",
      [](const std::string& v, const Source& src, ParseState& st) {
        if (parse_choice(v, {"statements", "procedures"}, src.where) == 1) {
          throw UsageError(src.where + ": 'procedures' is not available in this version; use "
                                       "statements");
        }
        st.cfg.mode = Mode::Statements;
      },
      [](const Config& c) { return std::string(mode_name(c.mode)); });
  add("isolation", "rc|rr|serializable", {}, run, kRunSection,
      "Transaction isolation: read committed, repeatable read or serializable. Serialization "
      "failures are retried and counted.",
      [](const std::string& v, const Source& src, ParseState& st) {
        static constexpr std::array<Isolation, 3> kLevels = {
            Isolation::ReadCommitted, Isolation::RepeatableRead, Isolation::Serializable};
        st.cfg.isolation = kLevels[static_cast<std::size_t>(
            parse_choice(v, {"rc", "rr", "serializable"}, src.where))];
      },
      [](const Config& c) { return std::string(isolation_name(c.isolation)); });
  add("terminal-warehouse-fixed", "true|false", {"terminalWarehouseFixed"}, run, kRunSection,
      "true: each terminal keeps one home warehouse; false: a new random warehouse for every "
      "transaction (as BenchmarkSQL).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.terminal_warehouse_fixed = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.terminal_warehouse_fixed); });
  add("rate", "TPM", {"limitTxnsPerMin"}, run, kRunSection,
      "Limit on transactions per minute over all terminals (0: unlimited).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.rate_tpm = parse_number(v, 0, false, src.where);
      },
      [](const Config& c) { return format_number(c.rate_tpm); });
  add("keying-think", nullptr, {}, run, kRunSection,
      "Apply the keying and think times of clause 5.2.5 (needed for a compliant tpmC; then "
      "about 12.86 tpmC per warehouse is the ceiling).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.keying_and_thinking = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.keying_and_thinking); });
  add("think-multiplier", "X", {}, run, kRunSection,
      "Scale the keying and think times by X (> 0).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.think_multiplier = parse_number(v, 0, true, src.where);
      },
      [](const Config& c) { return format_number(c.think_multiplier); });
  add("report-interval", "SEC", {"reportIntervalSecs"}, run, kRunSection,
      "Seconds between progress lines during the run (1..86400).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.report_interval_seconds = parse_int(v, 1, 86400, src.where);
      },
      [](const Config& c) { return std::to_string(c.report_interval_seconds); });
  add("result-dir", "DIR", {"resultDirectory"}, run, kRunSection,
      "Directory for result.json, intervals.csv, config.json and report.html. BenchmarkSQL's "
      "%tY %tm %td %tH %tM %tS are replaced with the start time.",
      [](const std::string& v, const Source&, ParseState& st) { st.cfg.result_dir = v; },
      [](const Config& c) {
        return c.result_dir.empty() ? std::string("results/<start time>/") : c.result_dir;
      });
  add("json", "FILE", {}, run, kRunSection, "Also write result.json to FILE.",
      [](const std::string& v, const Source&, ParseState& st) { st.cfg.json_file = v; },
      [](const Config& c) { return c.json_file.empty() ? std::string("none") : c.json_file; });
  // A combined primary + standby run is not built yet; say so instead of
  // accepting the flags and ignoring them.
  add("standby-conn", "CONNINFO", {}, kRun, kRunSection,
      "Not available in this version. For a hot standby, run a second tpcc run with --profile "
      "ro and --conn pointing at the standby, alongside the primary's run.",
      [](const std::string&, const Source& src, ParseState&) {
        throw UsageError(src.where + ": a combined primary + standby run is not available in this "
                                     "version; run 'tpcc run --profile ro --conn <standby>' "
                                     "alongside the primary's run");
      },
      [](const Config&) -> std::string { return "none"; });
  add("standby-terminals", "N", {}, kRun, kRunSection,
      "Not available in this version (see --standby-conn).",
      [](const std::string&, const Source& src, ParseState&) {
        throw UsageError(src.where + ": a combined primary + standby run is not available in this "
                                     "version (see --standby-conn)");
      },
      [](const Config&) -> std::string { return "none"; });

  // Quickstart ----------------------------------------------------------------
  add("keep", nullptr, {}, kQuickstart, kQuickstartSection,
      "Leave the throwaway server running afterwards and print how to connect to it.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.keep = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.keep); });
  return s;
}

}  // namespace

const std::vector<Setting>& settings() {
  static const std::vector<Setting> table = build();
  return table;
}

const Setting* setting_for_props_key(const std::string& key) {
  for (const auto& s : settings()) {
    if (s.flag != nullptr && key == s.flag) return &s;
    for (const char* k : s.props_keys) {
      if (key == k) return &s;
    }
  }
  return nullptr;
}

bool is_ignored_props_key(const std::string& key) {
  // BenchmarkSQL 5 and 6 keys for its JDBC driver, CSV loader, OS collector
  // and SUT thread model, which have no counterpart here.
  static constexpr std::array<const char*, 25> kIgnored = {
      "db",
      "driver",
      "application",
      "osCollectorScript",
      "osCollectorInterval",
      "osCollectorSSHAddr",
      "osCollectorDevices",
      "fileLocation",
      "csvNullValue",
      "monkeys",
      "sutThreads",
      "maxDeliveryBGThreads",
      "maxDeliveryBGPerWarehouse",
      "rampupSUTMins",
      "rampupTerminalMins",
      "resultIntervalSecs",
      "restartSUTThreadProbability",
      "transWaitTime",
      "keyingTimeMultiplier",
      "thinkTimeMultiplier",
      "terminalMultiplier",
      "traceTerminalIO",
      "useWarehouseFrom",
      "useWarehouseTo",
      "rollbackPercent",
  };
  return std::any_of(kIgnored.begin(), kIgnored.end(),
                     [&](const char* k) { return key == k; });
}

const std::vector<const char*>& sections() {
  static const std::vector<const char*> list = {kConnection, kLoad, kCheckSection, kRunSection,
                                                kQuickstartSection};
  return list;
}

}  // namespace tpcc
