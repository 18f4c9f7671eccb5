#include "workloads/sysbench/oltp_workload.hpp"

#include "config/names.hpp"
#include "terminal/engine/worker.hpp"
#include "workloads/sysbench/oltp_event.hpp"
#include "workloads/sysbench/oltp_statements.hpp"

namespace tpcc {

OltpWorkload::OltpWorkload(const OltpOptions& options)
    : options_(options),
      ids_(options),
      changes_(std::make_unique<OltpRowChanges>(options.tables)),
      types_{{"transaction", "Transaction", {}}} {}

std::string OltpWorkload::name() const { return std::string(oltp_test_name(options_.test)); }

void OltpWorkload::prepare(Session& session) const { register_oltp_statements(session, options_); }

TxnIndex OltpWorkload::next(VirtualTerminal&) const { return static_cast<TxnIndex>(0); }

TxnResult OltpWorkload::execute(TxnIndex, Session& session, VirtualTerminal& terminal) const {
  return execute_event(options_, ids_, session, terminal.rng, changes_.get());
}

}  // namespace tpcc
