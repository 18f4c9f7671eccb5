// The seam between the engine and what it runs. The engine keeps what every
// workload shares: scheduling, sessions and reconnects, pacing and rate
// limits, intervals, statistics, faults and downtime, the standby clock,
// drivers and the stop. A workload keeps what is its own: its transaction
// types, how a terminal picks its next one, the statements a session
// registers, what one transaction does, and the work its terminals hand off
// to workers of its own (background.hpp). TPC-C is one workload
// (workloads/tpcc/tpcc_workload.hpp), sysbench's oltp tests another
// (workloads/sysbench/).
//
// A workload's types are the slots of the per-type statistics
// (RunStats::txn), which the engine sizes to them when it builds the run:
// TPC-C's five in their kTransactions order, another workload's in the
// order of its types() (one per pgbench script).
#pragma once

#include <any>
#include <memory>
#include <string>
#include <vector>

#include "spec/transactions.hpp"
#include "terminal/engine/arrivals.hpp"
#include "terminal/engine/background.hpp"
#include "terminal/engine/pacing.hpp"
#include "terminal/engine/transaction.hpp"

namespace tpcc {

class Session;
struct VirtualTerminal;

// One kind of transaction of a workload.
struct WorkloadType {
  std::string name;   // result.json's key: "new_order", "event"
  std::string title;  // the console's and the report's: "New-Order"
  // Its keying and mean think times, waited under --keying-and-thinking
  // (5.2.5): TPC-C's; none for the others.
  TypeDelays delays;
};

class Workload {
 public:
  virtual ~Workload() = default;

  // What result.json and the console call it: "tpcc", "oltp_read_write".
  virtual std::string name() const = 0;

  // Its transaction types, slot by slot; next() returns one of them.
  virtual const std::vector<WorkloadType>& types() const = 0;

  // What terminal `index` (from 0) of a group run with group_config is
  // bound to, which the engine keeps as the terminal's binding and hands
  // back to execute() without looking inside (TPC-C: its TpccTerminal, the
  // home warehouse and district of 5.2.2, its isolation and mode); the
  // default binds it to nothing.
  virtual std::any bind(int /*index*/, const Config& /*group_config*/) const { return {}; }

  // Registers the statements of every type on a new session; the session
  // prepares them again after a reconnect.
  virtual void prepare(Session& session) const = 0;

  // The slot of the terminal's next transaction (TPC-C: the next card of
  // its deck, 5.2.4.2).
  virtual TxnIndex next(VirtualTerminal& terminal) const = 0;

  // Runs one transaction of slot `type` for `terminal` on `session`,
  // drawing its inputs from the terminal's Random, and retries what the
  // workload retries. Throws ConnectionLost; any other exception fails
  // this transaction only.
  virtual TxnResult execute(TxnIndex type, Session& session, VirtualTerminal& terminal) const = 0;

  // How many tallies its transactions count (TxnResult::tallies, at most
  // kMaxTallies), which the statistics sum per type (TxnStats::tallies):
  // TPC-C's input audits (spec/audit_tallies.hpp); none by default.
  virtual std::size_t tally_count() const { return 0; }

  // Whether its terminals deal their transactions from a deck (5.2.4.2),
  // whose whole decks the statistics count: TPC-C's do.
  virtual bool deals_decks() const { return false; }

  // How the transactions of its terminals, run with group_config, arrive
  // under --rate (arrivals.hpp): by default each terminal on a schedule of
  // its own, Poisson or fixed as --arrivals says.
  virtual ArrivalPlan arrivals(const Config& group_config) const {
    return {group_config.arrivals, 0};
  }

  // The work the terminals of group `group_number` (0: the primary, k:
  // standby k), run with group_config, hand off to background workers;
  // none (the default) when they hand off nothing. Called once per group
  // as the run is built; the engine owns what it returns.
  virtual std::unique_ptr<BackgroundWork> background(const Config& /*group_config*/,
                                                     int /*group_number*/) const {
    return nullptr;
  }
};

}  // namespace tpcc
