#include "workloads/tpcc/acknowledged_order.hpp"

namespace tpcc {
namespace {

// The order's fields in CommitKey::fields.
enum OrderKeyField : std::size_t { kWId, kDId, kOId, kCId, kFirstIId, kOlCnt, kOrderKeyFields };
static_assert(kOrderKeyFields <= CommitKey::kFields, "a New-Order's key fits CommitKey");

}  // namespace

CommitKey commit_key(const AcknowledgedOrder& order) {
  CommitKey key;
  key.fields[kWId] = order.w_id;
  key.fields[kDId] = order.d_id;
  key.fields[kOId] = order.o_id;
  key.fields[kCId] = order.c_id;
  key.fields[kFirstIId] = order.first_i_id;
  key.fields[kOlCnt] = order.ol_cnt;
  key.present = true;
  return key;
}

AcknowledgedOrder acknowledged_order(const AcknowledgedCommit& commit) {
  const auto& f = commit.key.fields;
  AcknowledgedOrder order;
  order.w_id = f[kWId];
  order.d_id = f[kDId];
  order.o_id = f[kOId];
  order.c_id = f[kCId];
  order.first_i_id = f[kFirstIId];
  order.ol_cnt = static_cast<std::int16_t>(f[kOlCnt]);
  order.measured = commit.measured;
  return order;
}

std::vector<AcknowledgedOrder> acknowledged_orders(const std::vector<AcknowledgedCommit>& commits) {
  std::vector<AcknowledgedOrder> orders;
  orders.reserve(commits.size());
  for (const AcknowledgedCommit& commit : commits) orders.push_back(acknowledged_order(commit));
  return orders;
}

}  // namespace tpcc
