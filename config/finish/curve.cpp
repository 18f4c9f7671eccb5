// tpcc curve: the ladder's ends and what each step's run may take. Each
// step is a run at a --rate the curve sets, so --rate is refused, as are
// the options that make a step something else than one paced run.
#include "config/finish/finish.hpp"

namespace tpcc {
namespace {

std::string where(const ParseState& st, const char* name, const char* otherwise) {
  const std::optional<Source> given = st.given.source(name);
  return given ? given->where : std::string(otherwise);
}

}  // namespace

void finish_curve(ParseState& st) {
  Config& c = st.cfg;
  if (!c.curve) return;
  c.curve_latency_limit = st.given.source("latency-limit").has_value();
  if (c.curve_from.percent != c.curve_to.percent) {
    st.problem(where(st, "from", "--from") + " and " + where(st, "to", "--to") +
               ": give both as percents of the peak (10%, 110%) or both as rates in --rate's "
               "unit");
  } else if (c.curve_to.value < c.curve_from.value) {
    st.problem(where(st, "to", "--to") + ": below --from; the ladder climbs from --from to --to");
  }
  if (st.given.source("rate")) {
    st.problem(where(st, "rate", "--rate") +
               ": tpcc curve sets each step's rate itself (--from, --to, --steps); leave --rate "
               "out");
  }
  if (c.repeat > 1) {
    st.problem(where(st, "repeat", "--repeat") +
               ": tpcc curve runs each offered rate once; repeat the curve into another "
               "--result-dir instead");
  }
  if (c.driver_count > 0) {
    st.problem(where(st, "driver", "--driver") +
               ": tpcc curve drives each step's run itself; several drivers cannot run a curve "
               "each on their own");
  }
  if (c.spec) {
    st.problem(where(st, "spec", "--spec") +
               ": a curve's steps are short runs at a rate, not runs of record");
  }
  if (c.keying_and_thinking) {
    st.problem(where(st, "keying-think", "the props pacing keys") +
               ": TPC-C's terminals with keying and think times pace themselves; tpcc curve runs "
               "them without, at the ladder's rates");
  }
  if (c.txns_per_terminal > 0) {
    st.problem(where(st, "txns-per-terminal", "--txns-per-terminal") +
               ": each step of tpcc curve runs for --duration at its rate");
  }
}

}  // namespace tpcc
