// The standbys of a combined primary + standby run: their connections (flags
// replace the props file's), terminals and mix.
#include <cmath>

#include "config/finish/finish.hpp"
#include "config/settings/values.hpp"

namespace tpcc {
namespace {

// standbyOrderStatusWeight / standbyStockLevelWeight: both must sum to 100;
// one alone leaves the rest to the other.
std::array<double, 2> props_standby_mix(const ParseState& st) {
  const auto& w = st.standby_weights;
  if (w[0] && w[1]) {
    if (std::fabs(*w[0] + *w[1] - 100.0) >= 1e-6) {
      throw UsageError(st.standby_weights_where +
                       ": the standby weights (standbyOrderStatusWeight, "
                       "standbyStockLevelWeight) are " +
                       format_number(*w[0]) + "," + format_number(*w[1]) + " and sum to " +
                       format_number(*w[0] + *w[1]) + ", not 100");
    }
    return {*w[0], *w[1]};
  }
  const double given = w[0] ? *w[0] : *w[1];
  if (given > 100.0) {
    throw UsageError(st.standby_weights_where + ": '" + format_number(given) +
                     "' is more than 100 percent");
  }
  return w[0] ? std::array<double, 2>{given, 100.0 - given}
              : std::array<double, 2>{100.0 - given, given};
}

std::array<double, 2> standby_mix(const ParseState& st) {
  if (st.standby_mix && st.given.source("standby-mix")->layer == Layer::Flag)
    return *st.standby_mix;
  if (st.standby_weights[0] || st.standby_weights[1]) return props_standby_mix(st);
  if (st.standby_mix) return *st.standby_mix;
  return {50, 50};
}

}  // namespace

void finish_standbys(ParseState& st) {
  std::vector<RawConn> conns = st.standby_flags;
  if (conns.empty()) {
    for (const auto& [number, conn] : st.standby_props) conns.push_back(conn);
  }
  if (conns.empty()) {
    if (const std::optional<Source> given = st.given.source("standby-terminals")) {
      st.problem(given->where +
                 ": standby terminals need a standby connection (--standby-conn, props "
                 "standbyConn)");
    }
    return;
  }
  std::array<double, 2> mix{50, 50};
  st.collect([&] { mix = standby_mix(st); });
  const int terminals = st.standby_terminals.value_or(st.cfg.terminals);
  for (const auto& raw : conns) {
    st.collect([&] {
      if (raw.text.empty()) throw UsageError(raw.where + ": the standby connection is empty");
      StandbyTarget target;
      target.conninfo = resolve_conninfo(raw, st);
      target.terminals = terminals;
      target.mix = {0, 0, mix[0], 0, mix[1]};
      st.cfg.standbys.push_back(std::move(target));
    });
  }
}

}  // namespace tpcc
