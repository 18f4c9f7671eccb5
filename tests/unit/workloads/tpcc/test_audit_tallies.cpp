// TPC-C's side of the engine's tallies and ledger keys: its input audit
// (9.2.2.5) as tallies at its own indices, and a New-Order's ledger entry
// through the engine's commit key and back.
#include <catch2/catch.hpp>

#include "spec/audit_tallies.hpp"
#include "workloads/tpcc/acknowledged_order.hpp"
#include "workloads/tpcc/txn_audit.hpp"

TEST_CASE("9.2.2.5 a transaction's audit as tallies at TPC-C's indices", "[audit_tallies]") {
  tpcc::TxnAudit audit;
  audit.order_lines = 12;
  audit.remote_order_lines = 2;
  audit.remote_payment = true;
  audit.by_last_name = true;
  audit.skipped_deliveries = 3;
  const tpcc::TxnTallies tallies = tpcc::audit_tallies(audit);
  CHECK(tallies[tpcc::kTallyOrderLines] == 12);
  CHECK(tallies[tpcc::kTallyRemoteOrderLines] == 2);
  CHECK(tallies[tpcc::kTallyRemotePayments] == 1);
  CHECK(tallies[tpcc::kTallyByLastName] == 1);
  CHECK(tallies[tpcc::kTallySkippedDeliveries] == 3);
  CHECK(tallies[tpcc::kTallyDeliveriesWithSkips] == 1);
  CHECK(tallies[tpcc::kAuditTallies] == 0);

  const tpcc::TxnTallies none = tpcc::audit_tallies(tpcc::TxnAudit{});
  for (std::size_t i = 0; i < tpcc::kAuditTallies; ++i) CHECK(none[i] == 0);
}

TEST_CASE("failover ledger: a New-Order's entry through the commit key and back",
          "[audit_tallies]") {
  tpcc::AcknowledgedOrder order;
  order.w_id = 7;
  order.d_id = 3;
  order.o_id = 3012;
  order.c_id = 2290;
  order.first_i_id = 99871;
  order.ol_cnt = 15;
  const tpcc::CommitKey key = tpcc::commit_key(order);
  CHECK(key.present);
  const std::vector<tpcc::AcknowledgedOrder> back =
      tpcc::acknowledged_orders({{key, true}, {key, false}});
  REQUIRE(back.size() == 2);
  order.measured = true;
  CHECK(back[0] == order);
  CHECK(back[0].c_id == 2290);
  CHECK(back[0].first_i_id == 99871);
  CHECK(back[0].ol_cnt == 15);
  CHECK(back[0].measured);
  CHECK_FALSE(back[1].measured);
}
