#include "config/finish/finish.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <utility>

#include "config/conn/conninfo.hpp"
#include "config/conn/jdbc.hpp"
#include "config/conn/mask.hpp"
#include "config/driver_slice.hpp"
#include "config/errors.hpp"
#include "config/names.hpp"
#include "config/settings/values.hpp"

namespace tpcc {
namespace {

constexpr std::array<double, kTxnTypes> kReadOnlyMix = {0, 0, 50, 0, 50};
// 5.2.1 / BenchmarkSQL: with fixed warehouses each terminal of a warehouse
// has its own district, so ten per warehouse at most.
constexpr int kTerminalsPerWarehouse = 10;

bool runs_terminals(Verb v) {
  return v == Verb::Run || v == Verb::Quickstart || v == Verb::Capacity;
}

// Whether the warehouse count is known before connecting: a props
// `warehouses` key, or quickstart, which loads that many itself.
bool warehouses_known(const ParseState& st) {
  return st.given.source("warehouses").has_value() || st.cfg.verb == Verb::Quickstart;
}

std::string warehouses_where(const ParseState& st) {
  const std::optional<Source> given = st.given.source("warehouses");
  return given ? given->where : "--warehouses (default 1)";
}

std::string terminals_where(const ParseState& st) {
  const std::optional<Source> given = st.given.source("terminals");
  return given ? given->where : "--terminals (default 10)";
}

// The home warehouses of this driver when the warehouse count is known:
// warehouse_from..warehouse_to, and with --driver its slice (a range or
// slice problem is reported apart: the range as given then).
WarehouseRange known_homes(const Config& c) {
  WarehouseRange range{c.warehouse_from > 0 ? c.warehouse_from : 1,
                       c.warehouse_to > 0 ? c.warehouse_to : c.warehouses};
  if (c.driver_count == 0 || range.first > range.last || range.last > c.warehouses ||
      c.driver_count > range.count()) {
    return range;
  }
  return driver_slice(range, c.driver_index, c.driver_count);
}

// --driver I/N against a known warehouse count (a prepare's is the load's,
// given or not): N drivers need N home warehouses at least.
void check_driver_slice(const ParseState& st) {
  const Config& c = st.cfg;
  if (c.driver_count == 0 || (!warehouses_known(st) && c.verb != Verb::Prepare)) return;
  const WarehouseRange range = known_homes(c);
  if (range.first > range.last || range.last > c.warehouses) return;  // reported apart
  driver_slice(range, c.driver_index, c.driver_count);
}

// tpcc report: one of DIR (redraw), --merge or --compare.
void check_report(const ParseState& st) {
  const Config& c = st.cfg;
  const int forms = (c.report_dir.empty() ? 0 : 1) + (c.merge_dirs.empty() ? 0 : 1) +
                    (c.compare_dirs.empty() ? 0 : 1);
  if (forms == 0) {
    throw UsageError(
        "tpcc report needs a result directory (tpcc report DIR), --merge DIR... "
        "--out DIR or --compare DIR DIR...");
  }
  if (forms > 1) {
    throw UsageError("tpcc report: give one of a result directory (DIR), --merge or --compare");
  }
  if (!c.compare_dirs.empty() && c.compare_dirs.size() < 2) {
    throw UsageError("--compare: give two result directories or more (got " +
                     std::to_string(c.compare_dirs.size()) + ")");
  }
  if (c.merge_dirs.empty()) return;
  if (c.merge_dirs.size() < 2) {
    throw UsageError("--merge: give the result directories of two drivers or more (got " +
                     std::to_string(c.merge_dirs.size()) + ")");
  }
  if (c.out_dir.empty()) throw UsageError("--out: tpcc report --merge needs --out DIR");
}

// BenchmarkSQL weights: with newOrderWeight given, the five must sum to 100;
// without it (BenchmarkSQL 6), New-Order takes what the others leave.
void finish_props_weights(ParseState& st) {
  const bool any = std::any_of(st.props_weights.begin(), st.props_weights.end(),
                               [](const auto& w) { return w.has_value(); });
  const std::optional<Source> mix_given = st.given.source("mix");
  if (!any || (mix_given && mix_given->layer == Layer::Flag)) return;
  auto mix = st.cfg.mix;
  for (std::size_t i = 0; i < mix.size(); ++i) {
    if (st.props_weights[i]) mix[i] = *st.props_weights[i];
  }
  double sum = 0;
  for (const double w : mix) sum += w;
  const std::string keys =
      "newOrderWeight, paymentWeight, orderStatusWeight, deliveryWeight, stockLevelWeight";
  if (!st.props_weights[kNewOrder]) {
    mix[kNewOrder] = 100.0 - (sum - mix[kNewOrder]);
    if (mix[kNewOrder] < -1e-9) {
      throw UsageError(st.weights_where + ": the mix weights (" + keys + ") leave " +
                       format_number(mix[kNewOrder]) +
                       " for New-Order; the others must sum to 100 or less");
    }
    mix[kNewOrder] = std::max(0.0, mix[kNewOrder]);
  } else if (!mix_sums_to_100(mix)) {
    throw UsageError(st.weights_where + ": the mix weights (" + keys + ") are " + format_mix(mix) +
                     " and sum to " + format_number(sum) + ", not 100");
  }
  st.cfg.mix = mix;
  st.given.record("mix", Source{Layer::Props, "newOrderWeight", st.weights_where});
}

void finish_profile(ParseState& st) {
  if (st.cfg.profile != Profile::ReadOnly) return;
  // A mix counts only from the profile's layer or above: --profile ro beats
  // the weights of a BenchmarkSQL props file.
  const std::optional<Source> mix_given = st.given.source("mix");
  const std::optional<Source> profile_given = st.given.source("profile");
  const bool mix_applies =
      mix_given && (mix_given->layer == Layer::Flag || profile_given->layer == Layer::Props);
  if (!mix_applies) {
    st.cfg.mix = kReadOnlyMix;
    return;
  }
  const auto& m = st.cfg.mix;
  if (m[kNewOrder] > 0 || m[kPayment] > 0 || m[kDelivery] > 0) {
    throw UsageError(profile_given->where + ": profile ro runs only Order-Status and " +
                     "Stock-Level, but the mix from " + mix_given->where + " is " + format_mix(m) +
                     " (give New-Order, Payment and Delivery weight 0)");
  }
}

// BenchmarkSQL 6's keyingTimeMultiplier or thinkTimeMultiplier was given
// (BenchmarkSQL 6 always paces), even when a flag set the multiplier after.
bool bmsql6_pacing_given(const ParseState& st) {
  return st.given.key_given("keyingTimeMultiplier") || st.given.key_given("thinkTimeMultiplier");
}

// Keying times follow --think-multiplier unless given apart; the BenchmarkSQL
// 6 multipliers switch pacing on (BenchmarkSQL 6 always paces) unless both
// are 0 or keying-think says otherwise.
void finish_pacing(ParseState& st) {
  Config& c = st.cfg;
  const std::optional<Source> think_given = st.given.source("think-multiplier");
  const bool think_from_bmsql6 = think_given && think_given->key == "thinkTimeMultiplier";
  if (!st.given.source("keying-multiplier") && !think_from_bmsql6)
    c.keying_multiplier = c.think_multiplier;
  if (bmsql6_pacing_given(st) && !st.given.source("keying-think")) {
    c.keying_and_thinking = c.keying_multiplier > 0 || c.think_multiplier > 0;
  }
}

// BenchmarkSQL 6 terminalMultiplier: terminals = 10 x W x multiplier.
void finish_terminal_multiplier(ParseState& st) {
  if (!st.terminal_multiplier) return;
  const Source src = *st.given.source("terminalMultiplier");
  const std::optional<Source> terminals_given = st.given.source("terminals");
  if (terminals_given && terminals_given->layer == Layer::Flag) return;
  if (terminals_given) {
    throw UsageError(src.where + ": give terminals or terminalMultiplier, not both (" +
                     terminals_given->where + ")");
  }
  if (!warehouses_known(st)) {
    throw UsageError(src.where +
                     ": terminalMultiplier needs the warehouse count; add the props key "
                     "warehouses");
  }
  const double terminals = std::round(
      kTerminalsPerWarehouse * static_cast<double>(st.cfg.warehouses) * *st.terminal_multiplier);
  if (terminals > std::numeric_limits<int>::max()) {
    throw UsageError(src.where + ": " + format_number(terminals) + " terminals is too many");
  }
  st.cfg.terminals = std::max(1, static_cast<int>(terminals));
  st.given.record("terminals", src);
}

// --spec: what the run rules (report/rules/run_rules.hpp) require, each only
// where the user gave nothing explicitly (a flag or a props key), so that
// an explicit choice, a shorter --duration included, always wins.
constexpr int kSpecWarmupSeconds = 60;          // 5.5: a ramp-up before measuring
constexpr int kSpecDurationSeconds = 120 * 60;  // 5.5: the minimum measurement interval

// 5.2.4.2's example deck: 10 New-Order, 10 Payment and one of each of the
// others in 23 cards, as percents. Every whole deck then clears each 5.2.3
// minimum (Payment 43.48% >= 43%, the others 4.35% >= 4%), where the
// default 45,43,4,4,4 sits exactly on them and a realised share falls
// below as often as above.
constexpr std::array<double, kTxnTypes> kSpecDeckMix = {1000.0 / 23, 1000.0 / 23, 100.0 / 23,
                                                        100.0 / 23, 100.0 / 23};

void finish_spec(ParseState& st) {
  Config& c = st.cfg;
  if (!c.spec) return;
  if (!st.given.source("mix") && c.profile != Profile::ReadOnly) c.mix = kSpecDeckMix;
  // 5.2.5: keying and think times; the multipliers keep their default 1
  // unless given (finish_pacing has already tied keying to think).
  if (!st.given.source("keying-think") && !bmsql6_pacing_given(st)) c.keying_and_thinking = true;
  if (!st.given.source("terminal-warehouse-fixed")) c.terminal_warehouse_fixed = true;  // 2.4.1.1
  if (!st.given.source("delivery")) c.delivery_mode = DeliveryMode::Deferred;           // 2.7.2
  if (!st.given.source("warmup")) c.warmup_seconds = std::max(c.warmup_seconds, kSpecWarmupSeconds);
  if (!st.given.source("duration") && !st.given.source("txns-per-terminal"))
    c.duration_seconds = kSpecDurationSeconds;
  // 4.2.2: ten terminals per home warehouse.
  if (st.given.source("terminals")) return;
  if (!warehouses_known(st)) {
    c.terminals_from_load = true;
    return;
  }
  c.terminals = kTerminalsPerWarehouse * std::max(1, known_homes(c).count());
  st.given.record("terminals", Source{Layer::Props, "spec", "--spec (10 per home warehouse)"});
}

// quickstart: a short warm-up unless one is given, so that the run it
// measures starts after the ramp-up and its 5.5 line can pass: half a
// minute is enough for a throwaway server with a small load to fill its
// caches and reach a steady rate (and one interval line of the default 10 s
// is not enough to tell).
constexpr int kQuickstartWarmupSeconds = 30;

// tpcc capacity: the rules a step is judged by assume 5.2.5's keying and
// think times and a mix whose whole decks clear 5.2.3's minimums, as --spec
// does; and a step needs a warm-up, since a paced terminal's first
// New-Order completes only after its 18 s keying time. Each only where
// nothing was given; the terminals and their homes are the search's.
constexpr int kCapacityWarmupSeconds = 30;

void finish_capacity(ParseState& st) {
  Config& c = st.cfg;
  if (c.verb != Verb::Capacity) return;
  if (!st.given.source("keying-think") && !bmsql6_pacing_given(st)) c.keying_and_thinking = true;
  if (!st.given.source("mix") && c.profile != Profile::ReadOnly) c.mix = kSpecDeckMix;
  if (!st.given.source("warmup")) c.warmup_seconds = kCapacityWarmupSeconds;
  if (c.profile == Profile::ReadOnly) {
    st.problem(st.given.source("profile")->where +
               ": tpcc capacity measures tpmC, the New-Orders of the rw profile; ro runs none");
  }
}

void finish_quickstart_warmup(ParseState& st) {
  if (st.cfg.verb != Verb::Quickstart || st.given.source("warmup")) return;
  st.cfg.warmup_seconds = kQuickstartWarmupSeconds;
}

// --ramp (rampupTerminalMins): the terminals' start counts as warm-up, so
// no measured interval runs with fewer than all of them: a shorter warm-up
// is extended to the ramp (the setup lines say so). rampupSUTMins is
// BenchmarkSQL 6's launch of its connections beside the terminals' ramp;
// tpcc opens every connection before the start, which matches it only
// while the connections come no slower than the terminals that use them.
void finish_ramp(ParseState& st) {
  Config& c = st.cfg;
  if (c.ramp_sut_seconds > c.ramp_seconds) {
    const std::optional<Source> sut = st.given.source("rampupSUTMins");
    st.problem((sut ? sut->where : std::string("rampupSUTMins")) +
               ": BenchmarkSQL 6 would open its connections over " +
               std::to_string(c.ramp_sut_seconds) +
               " s, longer than the terminals' ramp (rampupTerminalMins, --ramp: " +
               std::to_string(c.ramp_seconds) +
               " s), so terminals would wait for connections; tpcc opens every connection "
               "before the run starts and has no such wait: give rampupSUTMins at most "
               "rampupTerminalMins, or leave it out");
  }
  if (c.ramp_seconds > c.warmup_seconds) {
    c.warmup_seconds = c.ramp_seconds;
    c.warmup_extended_for_ramp = true;
  }
}

void check_run_length(ParseState& st) {
  Config& c = st.cfg;
  const std::optional<Source> dur = st.given.source("duration");
  const std::optional<Source> txns = st.given.source("txns-per-terminal");
  if (dur && txns && dur->layer == txns->layer && c.duration_seconds > 0 &&
      c.txns_per_terminal > 0) {
    throw UsageError(dur->where +
                     ": give either a run duration or a transaction count per "
                     "terminal (" +
                     txns->where + "), not both");
  }
  // A duration on the command line overrides a props transaction count.
  if (dur && dur->layer == Layer::Flag && (!txns || txns->layer == Layer::Props)) {
    c.txns_per_terminal = 0;
  }
  if (c.txns_per_terminal == 0 && c.duration_seconds <= 0) {
    throw UsageError((dur ? dur->where : std::string("--duration")) +
                     ": the run needs a duration > 0 or a transaction count per terminal "
                     "(--txns-per-terminal, props runTxnsPerTerminal)");
  }
}

void check_connections(const ParseState& st) {
  const Config& c = st.cfg;
  if (c.connections > c.terminals) {
    throw UsageError(st.given.source("connections")->where + ": " + std::to_string(c.connections) +
                     " connections is more than the " + std::to_string(c.terminals) + " terminals");
  }
}

void check_warehouse_range(ParseState& st) {
  const Config& c = st.cfg;
  if (c.warehouse_from > 0 && c.warehouse_to > 0 && c.warehouse_from > c.warehouse_to) {
    st.problem(st.given.source("warehouse-from")->where + ": warehouse " +
               std::to_string(c.warehouse_from) + " is after the last home warehouse " +
               std::to_string(c.warehouse_to) + " (" + st.given.source("warehouse-to")->where +
               ")");
  }
  if (!st.given.source("warehouses")) return;
  for (const auto& [n, src] : {std::pair{c.warehouse_from, st.given.source("warehouse-from")},
                               std::pair{c.warehouse_to, st.given.source("warehouse-to")}}) {
    if (n > c.warehouses) {
      st.problem(src->where + ": warehouse " + std::to_string(n) + " is beyond the " +
                 std::to_string(c.warehouses) + " warehouses (" + warehouses_where(st) + ")");
    }
  }
}

// BenchmarkSQL's rule: with fixed warehouses, more than ten terminals per
// home warehouse would share districts; refused unless explicitly allowed.
void check_terminals_per_warehouse(ParseState& st) {
  const Config& c = st.cfg;
  if (!c.terminal_warehouse_fixed || c.allow_many_terminals || !warehouses_known(st)) return;
  const WarehouseRange range = known_homes(c);
  const int first = range.first;
  const int last = range.last;
  if (first > last || last > c.warehouses) return;  // a range problem, reported apart
  const long long most = static_cast<long long>(kTerminalsPerWarehouse) * (last - first + 1);
  if (c.terminals <= most) return;
  const std::string homes =
      last - first + 1 == c.warehouses
          ? std::to_string(c.warehouses) + (c.warehouses == 1 ? " warehouse (" : " warehouses (") +
                warehouses_where(st) + ")"
          : "home warehouses " + std::to_string(first) + ".." + std::to_string(last);
  st.problem(terminals_where(st) + ": " + std::to_string(c.terminals) + " terminals for " + homes +
             " is more than 10 per warehouse; with terminalWarehouseFixed=true they "
             "would share districts (BenchmarkSQL refuses this too). Use at most " +
             std::to_string(most) +
             " terminals, more warehouses, terminalWarehouseFixed=false, or "
             "--allow-many-terminals (props allow-many-terminals=true)");
}

void warn_rollback_percent(const ParseState& st) {
  const std::optional<Source> given = st.given.source("rollback-percent");
  if (!given || st.cfg.rollback_percent == 1) return;
  st.warn(given->where,
          std::to_string(st.cfg.rollback_percent) +
              "% of New-Orders rolling back is not TPC-C compliant (clause 2.4.1.4: 1%)");
}

}  // namespace

std::string translate_conninfo(const RawConn& raw, ParseState& st) {
  std::string conninfo = raw.text;
  if (is_jdbc_url(raw.text)) {
    const auto t = jdbc_to_conninfo(raw.text, raw.where);
    // Listed once, on one line.
    std::string names;
    for (const auto& p : t.ignored_parameters) {
      names += (names.empty() ? "'" : ", '") + mask_key(p) + "'";
    }
    if (t.ignored_parameters.size() == 1) {
      st.warn(raw.where, "JDBC parameter " + names + " has no libpq equivalent; ignored");
    } else if (!names.empty()) {
      st.warn(raw.where, "JDBC parameters " + names + " have no libpq equivalent; ignored");
    }
    conninfo = t.conninfo;
  }
  return conninfo;
}

std::string resolve_conninfo(const RawConn& raw, ParseState& st) {
  return add_credentials(translate_conninfo(raw, st), st.user, st.password);
}

// cleanup drops tables and prepare writes them: such a verb goes only where
// it was told. A props line that was meant as conn but could not be read
// (an invisible byte-order mark or zero-width space in the key, "Conn"), or
// an empty conn, would otherwise leave the target to the PG* environment or
// libpq's defaults: another database than the one the file names.
void check_destructive_target(const ParseState& st) {
  const Verb verb = st.cfg.verb;
  // snapshot and run --restore create and drop whole databases: they go
  // only where a conn names, never to the environment's database.
  const bool drops_databases =
      verb == Verb::Snapshot || ((verb == Verb::Run || verb == Verb::Capacity) && st.cfg.restore);
  if (verb != Verb::Cleanup && verb != Verb::Prepare && !drops_databases) return;
  // sysbench's --pgsql-host or --pgsql-db name the target themselves.
  const auto& parts = st.sysbench.connection;
  if (parts.count("host") != 0 || parts.count("dbname") != 0) return;
  // Only run and capacity take --restore.
  const std::string what = std::string(verb_name(verb)) + (st.cfg.restore ? " --restore" : "");
  const std::string tail = "; 'tpcc " + what +
                           "' does not fall back to the PG* environment or libpq's defaults "
                           "when the connection it was given cannot be read: nothing was done";
  if (drops_databases && !st.conn && st.unread_conn_keys.empty()) {
    throw UsageError("'tpcc " + what +
                     "' creates and drops databases, so it needs --conn (props conn) naming the "
                     "database; it never takes the PG* environment's or libpq's default: nothing "
                     "was done");
  }
  if (st.conn) {
    if (st.conn->text.find_first_not_of(" \t\r\n") == std::string::npos) {
      throw UsageError(st.conn->where + ": the connection is empty" + tail +
                       " (leave conn out to use the environment on purpose)");
    }
    return;
  }
  if (st.unread_conn_keys.empty()) return;
  std::string keys;
  for (const auto& key : st.unread_conn_keys) keys += (keys.empty() ? "" : ", ") + key;
  throw UsageError(keys +
                   " is not 'conn' (other characters in the key), so no connection was read" +
                   tail + ". Write the key as conn=...");
}

// 3.5.3: the durability test crashes a server, and --condition restart
// restarts one, so only the one whose data directory the user named; the
// directory means nothing without one of them.
void check_durability(const ParseState& st) {
  const bool datadir = !st.cfg.server_datadir.empty();
  const bool command = !st.cfg.crash_command.empty();
  if (st.cfg.durability && !datadir && !command) {
    throw UsageError(
        "--durability (props durability) crashes the server: name its data directory with "
        "--server-datadir DIR (props serverDataDir), or give your own way to crash it with "
        "--crash-command CMD (props crashCommand); tpcc crashes no server it was not given");
  }
  if (datadir && command) {
    throw UsageError(
        "--crash-command (props crashCommand) and --server-datadir (props serverDataDir) are two "
        "ways to crash the server: give one");
  }
  const bool restart = std::find(st.cfg.condition.begin(), st.cfg.condition.end(),
                                 ConditionStep::Restart) != st.cfg.condition.end();
  if (restart && !datadir) {
    throw UsageError(
        "--condition restart restarts the server: name its data directory with --server-datadir "
        "DIR (props serverDataDir); tpcc restarts no server it was not given");
  }
  if (!st.cfg.durability && !restart && datadir) {
    throw UsageError(
        "--server-datadir (props serverDataDir) is only for --durability and --condition "
        "restart");
  }
  if (!st.cfg.durability && command) {
    throw UsageError("--crash-command (props crashCommand) is only for --durability");
  }
  // The other ACID tests run their own transactions; only the durability
  // test's load is the run's. A props file shared with run may set them.
  if (st.cfg.verb == Verb::Acid && !st.cfg.durability) {
    for (const char* option : {"terminals", "mix", "rollback-percent"}) {
      const std::optional<Source> source = st.given.source(option);
      if (source && source->layer == Layer::Flag) {
        throw UsageError(source->where +
                         ": tpcc acid uses it only with --durability (the load at the crash)");
      }
    }
  }
}

void finish_config(ParseState& st) {
  st.collect([&] {
    const RawConn raw = st.conn.value_or(RawConn{});
    st.cfg.conninfo = with_pgsql_flags(translate_conninfo(raw, st), raw.layer, st);
  });
  st.collect([&] { check_destructive_target(st); });
  finish_workload(st);
  finish_sysbench(st);
  st.collect([&] { finish_props_weights(st); });
  st.collect([&] { finish_profile(st); });
  finish_pacing(st);
  finish_citus(st);
  finish_oltp(st);
  finish_ingest(st);
  st.collect([&] { check_durability(st); });
  if (st.cfg.verb == Verb::Report) st.collect([&] { check_report(st); });
  if (!runs_terminals(st.cfg.verb)) return;
  st.collect([&] { check_driver_slice(st); });
  st.collect([&] { finish_terminal_multiplier(st); });
  finish_spec(st);
  finish_capacity(st);
  finish_quickstart_warmup(st);
  finish_ramp(st);
  st.collect([&] { check_run_length(st); });
  st.collect([&] { check_connections(st); });
  check_warehouse_range(st);
  check_terminals_per_warehouse(st);
  warn_rollback_percent(st);
  if (st.cfg.verb == Verb::Run) finish_standbys(st);
  if (st.cfg.verb == Verb::Run) finish_hosts(st);
  // Each driver would drop the database under the others' terminals.
  if (st.cfg.verb == Verb::Run && st.cfg.restore && st.cfg.driver_count > 0) {
    st.problem(
        "--restore (props restore) with --driver: the drivers of one run share the database, "
        "and each would drop it under the others; restore it once, in a run of its own without "
        "--driver, before the drivers start");
  }
}

}  // namespace tpcc
