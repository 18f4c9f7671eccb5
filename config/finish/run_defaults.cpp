// The run's length and warm-up: what --spec, tpcc capacity and quickstart
// give where nothing was given, the warm-up extended to the ramp, and a
// duration or a transaction count per terminal.
#include "config/finish/finish.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include "config/errors.hpp"
#include "config/names.hpp"
#include "config/settings/values.hpp"
#include "config/workload_config.hpp"

namespace tpcc {
namespace {

// --spec: what the run rules (report/rules/run_rules.hpp) require, each only
// where the user gave nothing explicitly (a flag or a props key), so that
// an explicit choice, a shorter --duration included, always wins.
constexpr int kSpecWarmupSeconds = 60;          // 5.5: a ramp-up before measuring
constexpr int kSpecDurationSeconds = 120 * 60;  // 5.5: the minimum measurement interval

void finish_spec(ParseState& st) {
  Config& c = st.cfg;
  if (!c.spec) return;
  if (!st.given.source("mix") && c.profile != Profile::ReadOnly) c.mix = kSpecDeckMix;
  // 5.2.5: keying and think times; the multipliers keep their default 1
  // unless given (finish_pacing has already tied keying to think).
  if (!st.given.source("keying-think") && !bmsql6_pacing_given(st) && !c.search_over_rate) {
    c.keying_and_thinking = true;
  }
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

// tpcc capacity --search-over rate: each step a --rate at the --terminals
// given, held to --efficiency-floor percent of it; over the terminals the
// search sets the terminals itself and only TPC-C's tpmC has a floor.
void finish_rate_search(ParseState& st) {
  const Config& c = st.cfg;
  const auto where = [&st](const char* name) { return st.given.source(name)->where; };
  if (!c.search_over_rate) {
    // A props file's terminals are its runs'; the search goes past them.
    const std::optional<Source> terminals = st.given.source("terminals");
    if (terminals && terminals->layer == Layer::Flag) {
      st.problem(terminals->where +
                 ": tpcc capacity searches the terminals itself; it takes --terminals with "
                 "--search-over rate");
    }
    if (!workload_config(c.workload).tpmc && st.given.source("efficiency-floor")) {
      st.problem(where("efficiency-floor") + ": " + std::string(workload_name(c)) +
                 " has no tpmC to hold to a floor; it takes --efficiency-floor with "
                 "--search-over rate, the share of the rate a step completes");
    }
    return;
  }
  const std::string over = where("search-over") + " rate";
  if (c.search_max == 0) {
    st.problem(over +
               " needs --search-max, the highest rate a step tries (the rate has no "
               "bound of its own; --rate's unit), and --search-start near where to begin");
  }
  if (c.rate_tpm > 0) {
    st.problem(where("rate") + ": " + over + " sets each step's rate itself; leave --rate out");
  }
  if (c.confirm) {
    st.problem(where("confirm") + ": not with " + over +
               " (it confirms TPC-C's answer by its run rules, at a count of warehouses or "
               "terminals)");
  }
  if (c.keying_and_thinking) {
    st.problem(over +
               ": TPC-C's terminals with keying and think times pace themselves; the rate "
               "search runs them without (leave --keying-think and the props pacing keys out)");
  }
}

void finish_capacity(ParseState& st) {
  if (st.cfg.verb != Verb::Capacity) return;
  finish_rate_search(st);
  const WorkloadConfig& workload = workload_config(st.cfg.workload);
  if (workload.capacity_defaults != nullptr) workload.capacity_defaults(st);
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

}  // namespace

void finish_run_defaults(ParseState& st) {
  finish_spec(st);
  finish_capacity(st);
  finish_quickstart_warmup(st);
  finish_ramp(st);
  st.collect([&] { check_run_length(st); });
}

}  // namespace tpcc
