#include "workloads/tpcc/config/tpcc_config.hpp"

#include "config/finish/finish.hpp"

namespace tpcc {
namespace {

// tpcc capacity: the rules a step is judged by assume 5.2.5's keying and
// think times and a mix whose whole decks clear 5.2.3's minimums, as --spec
// does; and a step needs a warm-up, since a paced terminal's first
// New-Order completes only after its 18 s keying time. Each only where
// nothing was given; the terminals and their homes are the search's.
constexpr int kCapacityWarmupSeconds = 30;

void capacity_defaults(ParseState& st) {
  Config& c = st.cfg;
  if (!st.given.source("keying-think") && !bmsql6_pacing_given(st) && !c.search_over_rate) {
    c.keying_and_thinking = true;
  }
  if (!st.given.source("mix") && c.profile != Profile::ReadOnly) c.mix = kSpecDeckMix;
  if (!st.given.source("warmup")) c.warmup_seconds = kCapacityWarmupSeconds;
  if (c.profile == Profile::ReadOnly) {
    st.problem(st.given.source("profile")->where +
               ": tpcc capacity measures tpmC, the New-Orders of the rw profile; ro runs none");
  }
}

}  // namespace

const WorkloadConfig& tpcc_config() {
  static const WorkloadConfig config = [] {
    WorkloadConfig w;
    w.kind = WorkloadKind::Tpcc;
    w.name = "tpcc";
    w.owner = "TPC-C's";
    w.tpmc = true;
    w.capacity_defaults = capacity_defaults;
    w.procedures = true;
    w.load_axes = {"warehouses"};
    return w;
  }();
  return config;
}

}  // namespace tpcc
