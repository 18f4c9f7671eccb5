#include "workloads/ch/metrics/ch_freshness.hpp"

namespace tpcc {

ChRecoveryConflicts conflicts_delta(const ChRecoveryConflicts& start,
                                    const ChRecoveryConflicts& end) {
  return {end.snapshot - start.snapshot, end.lock - start.lock, end.bufferpin - start.bufferpin,
          end.deadlock - start.deadlock, end.tablespace - start.tablespace};
}

std::int64_t conflicts_total(const ChRecoveryConflicts& c) {
  return c.snapshot + c.lock + c.bufferpin + c.deadlock + c.tablespace;
}

}  // namespace tpcc
