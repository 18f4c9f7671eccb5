// The ingest workload once every layer is in (workloads/ingest/config/ingest_settings.cpp
// holds its options): --tablespace a list of names rather than table=name
// pairs, --terminals at prepare only for its table-per-stream layout,
// --ingest-checkpoint with --repeat, the run unpaced. Which options it
// takes is their rows' (config/finish/workload_taken.cpp).
#include <string>

#include "config/finish/finish.hpp"
#include "config/names.hpp"

namespace tpcc {
namespace {

// --terminals at prepare: the ingest tables' count when each stream has one.
void check_prepare_terminals(ParseState& st) {
  if (st.cfg.verb != Verb::Prepare) return;
  const std::optional<Source> given = st.given.source("terminals");
  // A props file serves every verb: its terminals key is the run's.
  if (!given || given->layer != Layer::Flag) return;
  if (st.cfg.workload == WorkloadKind::Ingest && st.cfg.ingest.tables == 0) return;
  st.problem(given->where +
             ": prepare takes the terminals only for the ingest workload's table per stream "
             "(--workload ingest, --ingest-tables 0)");
}

// The checkpoint follows the truncate between repeated runs: none without them.
void check_checkpoint(ParseState& st) {
  const std::optional<Source> given = st.given.source("ingest-checkpoint");
  if (!given || st.cfg.repeat > 1) return;
  st.problem(given->where +
             ": the CHECKPOINT after the truncate between repeated runs; give --repeat N "
             "(N at least 2)");
}

void check_tablespaces(ParseState& st) {
  const Config& c = st.cfg;
  const std::optional<Source> given = st.given.source("tablespace");
  if (!given) return;
  if (c.workload != WorkloadKind::Ingest) {
    if (c.tablespace_names.size() > 1) {
      st.problem(given->where +
                 ": several names without a table; a list of tablespaces is the ingest "
                 "workload's (--workload ingest), TPC-C takes one name or table=name pairs");
    }
    return;
  }
  if (c.tablespace.size() > c.tablespace.count("*")) {
    st.problem(given->where +
               ": table=name pairs name TPC-C's tables; the ingest workload takes a list of "
               "tablespace names (ts1,ts2,ts3), used round-robin");
  }
}

}  // namespace

void finish_ingest(ParseState& st) {
  Config& c = st.cfg;
  st.collect([&] { check_prepare_terminals(st); });
  check_tablespaces(st);
  if (c.workload != WorkloadKind::Ingest) return;
  check_checkpoint(st);
  // Batches go back to back; keying and think times are TPC-C's 5.2.5.
  c.keying_and_thinking = false;
  // Under --rate, a feed's batches come on a clock rather than at random.
  if (!st.given.source("arrivals")) c.arrivals = Arrivals::Fixed;
}

}  // namespace tpcc
