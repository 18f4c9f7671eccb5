// Terminals against warehouses: the home warehouses of this driver, the
// terminal count BenchmarkSQL 6's terminalMultiplier gives, and the
// checks of terminals, connections and warehouse ranges against them.
#include "config/finish/finish.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "config/driver_slice.hpp"
#include "config/errors.hpp"
#include "config/names.hpp"
#include "config/settings/values.hpp"

namespace tpcc {
namespace {

std::string warehouses_where(const ParseState& st) {
  const std::optional<Source> given = st.given.source("warehouses");
  return given ? given->where : "--warehouses (default 1)";
}

std::string terminals_where(const ParseState& st) {
  const std::optional<Source> given = st.given.source("terminals");
  return given ? given->where : "--terminals (default 10)";
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

void check_connections(const ParseState& st) {
  const Config& c = st.cfg;
  if (c.connections > c.terminals) {
    throw UsageError(st.given.source("connections")->where + ": " + std::to_string(c.connections) +
                     " connections is more than the " + std::to_string(c.terminals) + " terminals");
  }
}

// --jobs deals terminals that each hold a connection out to threads. Paced
// terminals (keying and think times) and terminals sharing a smaller pool
// of connections run on the engine's scheduler instead, where --jobs would
// change nothing: refused rather than ignored.
void check_jobs(ParseState& st) {
  const std::optional<Source> given = st.given.source("jobs");
  if (!given) return;
  const Config& c = st.cfg;
  if (c.keying_and_thinking) {
    st.problem(given->where +
               ": --jobs is for terminals without keying and think times; these have them "
               "(--keying-think, --spec or the props pacing keys), and the scheduler that paces "
               "them runs on threads of its own: leave --jobs out");
  } else if (c.connections > 0 && c.connections < c.terminals) {
    st.problem(given->where + ": --jobs is for terminals with a connection each; " +
               std::to_string(c.terminals) + " terminals share " + std::to_string(c.connections) +
               " connections (" + st.given.source("connections")->where +
               "), a pool the scheduler serves on threads of its own: leave --jobs or "
               "--connections out");
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

}  // namespace

bool warehouses_known(const ParseState& st) {
  return st.given.source("warehouses").has_value() || st.cfg.verb == Verb::Quickstart;
}

WarehouseRange known_homes(const Config& c) {
  WarehouseRange range{c.warehouse_from > 0 ? c.warehouse_from : 1,
                       c.warehouse_to > 0 ? c.warehouse_to : c.warehouses};
  if (c.driver_count == 0 || range.first > range.last || range.last > c.warehouses ||
      c.driver_count > range.count()) {
    return range;
  }
  return driver_slice(range, c.driver_index, c.driver_count);
}

void finish_terminal_count(ParseState& st) {
  st.collect([&] { check_driver_slice(st); });
  st.collect([&] { finish_terminal_multiplier(st); });
}

void check_terminals(ParseState& st) {
  st.collect([&] { check_connections(st); });
  check_jobs(st);
  check_warehouse_range(st);
  check_terminals_per_warehouse(st);
}

}  // namespace tpcc
