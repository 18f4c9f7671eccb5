#include "workloads/sysbench/oltp_workload.hpp"

#include "config/names.hpp"

#include <utility>

#include "terminal/engine/worker.hpp"
#include "workloads/sysbench/oltp_event.hpp"
#include "workloads/sysbench/oltp_statements.hpp"

namespace tpcc {
namespace {

constexpr std::pair<OltpTest, const char*> kTestNames[] = {
    {OltpTest::ReadWrite, "oltp_read_write"},
    {OltpTest::ReadOnly, "oltp_read_only"},
    {OltpTest::WriteOnly, "oltp_write_only"},
    {OltpTest::PointSelect, "oltp_point_select"},
    {OltpTest::UpdateIndex, "oltp_update_index"},
    {OltpTest::UpdateNonIndex, "oltp_update_non_index"},
    {OltpTest::Insert, "oltp_insert"},
    {OltpTest::Delete, "oltp_delete"},
};

constexpr const char* kLuaSuffix = ".lua";

}  // namespace

OltpWorkload::OltpWorkload(const OltpOptions& options)
    : options_(options), ids_(options), types_{{"transaction", "Transaction"}} {}

std::string OltpWorkload::name() const { return std::string(oltp_test_name(options_.test)); }

void OltpWorkload::prepare(Session& session) const { register_oltp_statements(session, options_); }

TxnIndex OltpWorkload::next(VirtualTerminal&) const { return static_cast<TxnIndex>(0); }

TxnResult OltpWorkload::execute(TxnIndex, Session& session, VirtualTerminal& terminal) const {
  return execute_event(options_, ids_, session, terminal.rng);
}

std::optional<OltpTest> parse_oltp_test(const std::string& name) {
  std::string base = name;
  const auto slash = base.find_last_of('/');
  if (slash != std::string::npos) base = base.substr(slash + 1);
  const std::string suffix = kLuaSuffix;
  if (base.size() > suffix.size() &&
      base.compare(base.size() - suffix.size(), suffix.size(), suffix) == 0) {
    base.resize(base.size() - suffix.size());
  } else if (slash != std::string::npos) {
    return std::nullopt;  // a path names a script: it ends in .lua
  }
  for (const auto& [test, test_name] : kTestNames) {
    if (base == test_name) return test;
  }
  return std::nullopt;
}

}  // namespace tpcc
