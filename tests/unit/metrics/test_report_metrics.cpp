#include <catch2/catch.hpp>

#include <string>

#include "metrics/stats.hpp"
#include "report/rules/audits.hpp"
#include "spec/audit_tallies.hpp"

namespace {

using tpcc::RunStats;

RunStats new_orders(std::int64_t committed, std::int64_t rolled_back, std::int64_t errors = 0) {
  RunStats s(tpcc::kTxnTypes);
  s.txn[tpcc::kNewOrder].committed = committed;
  s.txn[tpcc::kNewOrder].rolled_back = rolled_back;
  s.txn[tpcc::kNewOrder].errors = errors;
  return s;
}

const tpcc::InputAudit& audit(const std::vector<tpcc::InputAudit>& audits, const std::string& key) {
  for (const auto& a : audits) {
    if (a.key == key) return a;
  }
  FAIL("no audit " << key);
  return audits.front();
}

}  // namespace

TEST_CASE("5.4 tpmC: 600 New-Orders in 60 measured seconds is 600 tpmC", "[report]") {
  CHECK(tpcc::tpmc(new_orders(600, 0), 60.0) == Approx(600));
  CHECK(tpcc::tpmc(new_orders(600, 0), 120.0) == Approx(300));
  CHECK(tpcc::tpmc(new_orders(50, 0), 5.0) == Approx(600));
  // No measured time: no rate, rather than a division by zero.
  CHECK(tpcc::tpmc(new_orders(600, 0), 0.0) == 0);
}

TEST_CASE("5.4 tpmC over the measured window excludes the warm-up", "[report]") {
  // What the warm-up produced is kept apart and never merged into the
  // measured stats; tpmC is the measured count over the measured seconds.
  RunStats warmup = new_orders(300, 3);
  RunStats measured = new_orders(594, 6);
  CHECK(tpcc::tpmc(measured, 60.0) == Approx(600));
  RunStats both = warmup;
  both.merge(measured);
  CHECK(tpcc::tpmc(both, 60.0) != Approx(600));  // what counting the warm-up would give
}

TEST_CASE("5.4.2 with 2.4.2.3 rolled-back New-Orders count toward tpmC, errors do not",
          "[report]") {
  CHECK(tpcc::tpmc(new_orders(594, 6), 60.0) == Approx(600));
  CHECK(tpcc::tpmc(new_orders(594, 6, 40), 60.0) == Approx(600));
  CHECK(tpcc::tpmc(new_orders(0, 60), 60.0) == Approx(60));
}

TEST_CASE("report tpmTOTAL counts every completed transaction, not errors", "[report]") {
  RunStats s = new_orders(450, 5, 7);
  s.txn[tpcc::kPayment].committed = 430;
  s.txn[tpcc::kPayment].errors = 3;
  s.txn[tpcc::kOrderStatus].committed = 40;
  s.txn[tpcc::kDelivery].committed = 40;
  s.txn[tpcc::kStockLevel].committed = 35;
  // 455 + 430 + 40 + 40 + 35 = 1000 in 30 s.
  CHECK(tpcc::completed_total(s) == 1000);
  CHECK(tpcc::tpm_total(s, 30.0) == Approx(2000));
  CHECK(tpcc::errors_total(s) == 10);
}

TEST_CASE("5.2.5 efficiency is tpmC over 12.86 per warehouse, in percent", "[report]") {
  CHECK(tpcc::efficiency(128.6, 10) == Approx(100));
  CHECK(tpcc::efficiency(643, 100) == Approx(50));
  CHECK(tpcc::efficiency(1286, 1) == Approx(10000));
  CHECK(tpcc::efficiency(100, 0) == 0);
}

TEST_CASE("report merge adds counters, audits and histograms", "[report]") {
  RunStats a = new_orders(10, 1, 2);
  a.txn[tpcc::kNewOrder].retries = 3;
  tpcc::tally_slot(a.txn[tpcc::kNewOrder], tpcc::kTallyOrderLines) = 100;
  tpcc::tally_slot(a.txn[tpcc::kNewOrder], tpcc::kTallyRemoteOrderLines) = 1;
  a.txn[tpcc::kNewOrder].latency.record(1000);
  tpcc::tally_slot(a.txn[tpcc::kPayment], tpcc::kTallyRemotePayments) = 4;
  tpcc::tally_slot(a.txn[tpcc::kPayment], tpcc::kTallyByLastName) = 6;
  tpcc::tally_slot(a.txn[tpcc::kDelivery], tpcc::kTallySkippedDeliveries) = 2;
  tpcc::tally_slot(a.txn[tpcc::kDelivery], tpcc::kTallyDeliveriesWithSkips) = 1;
  a.reconnects = 1;
  RunStats b = a;
  b.txn[tpcc::kNewOrder].latency.record(9000);
  b.reconnects = 2;
  a.merge(b);
  const auto& no = a.txn[tpcc::kNewOrder];
  CHECK(no.committed == 20);
  CHECK(no.rolled_back == 2);
  CHECK(no.errors == 4);
  CHECK(no.retries == 6);
  CHECK(tpcc::tally(no, tpcc::kTallyOrderLines) == 200);
  CHECK(tpcc::tally(no, tpcc::kTallyRemoteOrderLines) == 2);
  CHECK(no.latency.count() == 3);
  CHECK(no.latency.max() == 9000);
  CHECK(tpcc::tally(a.txn[tpcc::kPayment], tpcc::kTallyRemotePayments) == 8);
  CHECK(tpcc::tally(a.txn[tpcc::kPayment], tpcc::kTallyByLastName) == 12);
  CHECK(tpcc::tally(a.txn[tpcc::kDelivery], tpcc::kTallySkippedDeliveries) == 4);
  CHECK(tpcc::tally(a.txn[tpcc::kDelivery], tpcc::kTallyDeliveriesWithSkips) == 2);
  CHECK(a.reconnects == 3);
}

TEST_CASE("5.2.5.3 p90 within limit", "[report]") {
  tpcc::TxnStats t;
  for (int i = 0; i < 95; ++i) t.latency.record(100000);   // 0.1 s
  for (int i = 0; i < 5; ++i) t.latency.record(30000000);  // 30 s
  CHECK(tpcc::p90_within(t, 5.0));
  for (int i = 0; i < 20; ++i) t.latency.record(6000000);  // 6 s
  CHECK_FALSE(tpcc::p90_within(t, 5.0));
  CHECK(tpcc::p90_within(t, 20.0));
}

TEST_CASE("9.2.2.5 input audits judge rates against their ranges", "[report]") {
  RunStats s(tpcc::kTxnTypes);
  auto& no = s.txn[tpcc::kNewOrder];
  no.committed = 99000;
  no.rolled_back = 1000;                                       // 1.00%
  tpcc::tally_slot(no, tpcc::kTallyOrderLines) = 1000000;      // 10.0 per order
  tpcc::tally_slot(no, tpcc::kTallyRemoteOrderLines) = 10000;  // 1.00%
  auto& pay = s.txn[tpcc::kPayment];
  pay.committed = 10000;
  tpcc::tally_slot(pay, tpcc::kTallyRemotePayments) = 1300;  // 13%: below 14
  tpcc::tally_slot(pay, tpcc::kTallyByLastName) = 6000;      // 60%
  auto& os = s.txn[tpcc::kOrderStatus];
  os.committed = 100;  // too few for a 57-63% band
  tpcc::tally_slot(os, tpcc::kTallyByLastName) = 70;

  const auto audits = tpcc::input_audits(s, 10);
  REQUIRE(audits.size() == 6);  // 2.7.4.2 skipped districts are a disclosure, not an audit
  CHECK(audit(audits, "new_order_rollbacks").verdict == tpcc::AuditVerdict::Pass);
  CHECK(audit(audits, "new_order_rollbacks").value == Approx(1.0));
  CHECK(audit(audits, "average_ol_cnt").value == Approx(10.0));
  CHECK(audit(audits, "average_ol_cnt").verdict == tpcc::AuditVerdict::Pass);
  CHECK(audit(audits, "remote_order_lines").verdict == tpcc::AuditVerdict::Pass);
  CHECK(audit(audits, "remote_payments").verdict == tpcc::AuditVerdict::Fail);
  CHECK(audit(audits, "payment_by_last_name").verdict == tpcc::AuditVerdict::Pass);
  CHECK(audit(audits, "order_status_by_last_name").verdict == tpcc::AuditVerdict::TooFew);
}

TEST_CASE("2.7.4.2 skipped deliveries are reported above 1% of Deliveries or one", "[report]") {
  RunStats s(tpcc::kTxnTypes);
  auto& del = s.txn[tpcc::kDelivery];
  del.committed = 1000;  // --delivery sync: the completed Deliveries
  // 20 Deliveries skipped one district each: 2% of the transactions, 0.2%
  // of the districts.
  tpcc::tally_slot(del, tpcc::kTallySkippedDeliveries) = 20;
  tpcc::tally_slot(del, tpcc::kTallyDeliveriesWithSkips) = 20;
  tpcc::SkippedDistricts skipped = tpcc::skipped_districts(s);
  CHECK(skipped.deliveries == 1000);
  CHECK(skipped.districts == 10000);
  CHECK(skipped.deliveries_percent() == Approx(2.0));
  CHECK(skipped.districts_percent() == Approx(0.2));
  CHECK(skipped.reportable());
  // 10 transactions, each skipping all ten districts: 1%, not more.
  tpcc::tally_slot(del, tpcc::kTallySkippedDeliveries) = 100;
  tpcc::tally_slot(del, tpcc::kTallyDeliveriesWithSkips) = 10;
  CHECK_FALSE(tpcc::skipped_districts(s).reportable());
  // "or in more than one, whichever is greater": one skip in 20 is not
  // reported, two are.
  del.committed = 20;
  tpcc::tally_slot(del, tpcc::kTallyDeliveriesWithSkips) = 1;
  CHECK_FALSE(tpcc::skipped_districts(s).reportable());
  tpcc::tally_slot(del, tpcc::kTallyDeliveriesWithSkips) = 2;
  CHECK(tpcc::skipped_districts(s).reportable());
  // Deferred (2.7.2): the executions are counted, not the queueings.
  for (int i = 0; i < 200; ++i) s.delivery_completion.record(1000);
  s.deliveries_not_completed = 5;
  CHECK(tpcc::skipped_districts(s).deliveries == 200);
  CHECK(tpcc::skipped_districts(s).districts == 2000);
}

TEST_CASE("9.2.2.5 small counts are not failed, remote audits need two warehouses", "[report]") {
  // 3 rollbacks in 100 New-Orders is 3%, but 100 is far too few to tell.
  RunStats s = new_orders(97, 3);
  tpcc::tally_slot(s.txn[tpcc::kNewOrder], tpcc::kTallyOrderLines) = 1000;
  s.txn[tpcc::kPayment].committed = 100;
  const auto audits = tpcc::input_audits(s, 1);
  CHECK(audit(audits, "new_order_rollbacks").verdict == tpcc::AuditVerdict::TooFew);
  CHECK_FALSE(audit(audits, "new_order_rollbacks").note.empty());
  CHECK(audit(audits, "remote_order_lines").verdict == tpcc::AuditVerdict::NotApplicable);
  CHECK(audit(audits, "remote_payments").verdict == tpcc::AuditVerdict::NotApplicable);
  // Empty runs judge nothing.
  for (const auto& a : tpcc::input_audits(RunStats(tpcc::kTxnTypes), 10)) {
    INFO(a.key);
    CHECK(a.verdict == tpcc::AuditVerdict::TooFew);
  }
}
