// CH-benCHmark's analytic streams on the engine (docs/ch.md): 22 types, Q1
// .. Q22; each terminal is one query stream, which runs the 22 back to back
// in its order of TPC-H's permutation table (ch_queries.hpp) and starts
// again. A query's rows are its tally; its errors are the engine's, with
// the recovery conflicts of a hot standby and the cancels (57014) counted
// apart per query here.
#pragma once

#include <array>
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "terminal/engine/workload.hpp"
#include "workloads/ch/ch_queries.hpp"

namespace tpcc {

// Index of the rows a query returned among its TxnResult::tallies.
inline constexpr std::size_t kChRowsTally = 0;

// Whether a server error is a cancel (57014, statement timeout or cancel);
// a hot standby's recovery conflict is db/recovery_conflict.hpp's.
bool is_cancel(const std::string& sqlstate);

// The recovery conflicts and cancels of each query, counted as they end
// (from every worker); the run takes the warm-up's away.
class ChErrorCounters {
 public:
  struct Counts {
    std::array<long long, kChQueryCount> recovery_conflicts{};
    std::array<long long, kChQueryCount> cancels{};
  };
  void recovery_conflict(int query) { add(recovery_conflicts_, query); }
  void cancel(int query) { add(cancels_, query); }
  Counts counts() const;

 private:
  using Slots = std::array<std::atomic<long long>, kChQueryCount>;
  static void add(Slots& slots, int query) {
    slots[static_cast<std::size_t>(query - 1)].fetch_add(1, std::memory_order_relaxed);
  }
  Slots recovery_conflicts_{};
  Slots cancels_{};
};

class FreshnessSamples;

class ChWorkload : public Workload {
 public:
  // With freshness (a mixed run's, outliving the workload), each query
  // runs in a repeatable read, read only transaction that reads the
  // heartbeat first (mixed/heartbeat.hpp): its freshness goes there, under
  // the server its stream runs on.
  explicit ChWorkload(FreshnessSamples* freshness = nullptr);

  std::string name() const override { return "ch"; }
  const std::vector<WorkloadType>& types() const override { return types_; }
  // A terminal is its stream: its number and where it is in its order.
  std::any bind(int index, const Config& group_config) const override;
  void prepare(Session& session) const override;
  TxnIndex next(VirtualTerminal& terminal) const override;
  TxnResult execute(TxnIndex type, Session& session, VirtualTerminal& terminal) const override;
  std::size_t tally_count() const override { return 1; }

  const ChErrorCounters& errors() const { return *errors_; }

  // A load distributed by Citus (bmsql_config tpcc_distribution): each
  // query runs after the session setting of ch_citus.hpp.
  void set_citus(bool citus) { citus_ = citus; }
  bool citus() const { return citus_; }

 private:
  std::vector<WorkloadType> types_;
  std::unique_ptr<ChErrorCounters> errors_;
  FreshnessSamples* freshness_;
  bool citus_ = false;
};

// The query (1..22) of type slot `type`.
int ch_query_of(TxnIndex type);

}  // namespace tpcc
