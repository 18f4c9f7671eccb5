// sysbench's oltp tests as the engine's workload: one transaction type, the
// test's event (sysbench's "transactions:" line counts events), every
// terminal's next one the same, run on its session with its Random; the
// rows its writes change are counted for the check after the run.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "config/workload_options.hpp"
#include "terminal/engine/workload.hpp"
#include "workloads/sysbench/oltp_row_changes.hpp"
#include "workloads/sysbench/sysbench_random.hpp"

namespace tpcc {

class OltpWorkload : public Workload {
 public:
  explicit OltpWorkload(const OltpOptions& options);

  // The test's sysbench name: "oltp_read_write".
  std::string name() const override;
  const std::vector<WorkloadType>& types() const override { return types_; }
  // The test's statements for every sbtest table.
  void prepare(Session& session) const override;
  TxnIndex next(VirtualTerminal& terminal) const override;
  TxnResult execute(TxnIndex type, Session& session, VirtualTerminal& terminal) const override;
  // sysbench 1.0's --rate: one event generator queues events at
  // exponential intervals for whichever thread is free.
  ArrivalPlan arrivals(const Config& /*group_config*/) const override {
    return {Arrivals::Poisson, 1};
  }

  const OltpOptions& options() const { return options_; }
  // The rows its acknowledged inserts and deletes changed, per table.
  const OltpRowChanges& row_changes() const { return *changes_; }

 private:
  OltpOptions options_;
  SysbenchDistribution ids_;
  // Counted by every terminal's execute (atomic counters).
  std::unique_ptr<OltpRowChanges> changes_;
  std::vector<WorkloadType> types_;
};

}  // namespace tpcc
