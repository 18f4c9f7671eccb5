#include "report/rules/audits.hpp"

#include <algorithm>
#include <cmath>

#include "report/views/format.hpp"
#include "spec/audit_tallies.hpp"

namespace tpcc {
namespace {

// Samples needed before a proportion expected to be p is judged against a
// band of +/- half_width: the band must span two standard errors.
std::int64_t samples_for(double p, double half_width) {
  return static_cast<std::int64_t>(std::ceil(4.0 * p * (1.0 - p) / (half_width * half_width)));
}

// OL_CNT is uniform in 5..15: variance (11² − 1) / 12 = 10. Two standard
// errors of the mean must fit in the half-width 0.5.
constexpr std::int64_t kOrderLineCountSamples = 160;

void judge(InputAudit& audit) {
  if (audit.verdict == AuditVerdict::NotApplicable) return;
  if (audit.samples < audit.min_samples || audit.samples == 0) {
    audit.verdict = AuditVerdict::TooFew;
    audit.note =
        std::to_string(audit.samples) + " of " + std::to_string(audit.min_samples) + " needed";
    return;
  }
  // Compare at the precision the range is written in, so that 1.1000001%
  // from floating point does not fail a 1.1% bound.
  const double eps = 1e-9;
  audit.verdict = audit.value >= audit.min - eps && audit.value <= audit.max + eps
                      ? AuditVerdict::Pass
                      : AuditVerdict::Fail;
}

InputAudit rate_audit(std::string key, std::string name, std::int64_t part, std::int64_t whole,
                      double expected, double min, double max) {
  InputAudit a;
  a.key = std::move(key);
  a.name = std::move(name);
  a.value = percent(part, whole);
  a.min = min;
  a.max = max;
  a.samples = whole;
  a.min_samples = samples_for(expected / 100.0, (max - min) / 200.0);
  return a;
}

}  // namespace

const char* verdict_text(AuditVerdict verdict) {
  switch (verdict) {
    case AuditVerdict::Pass: return "PASS";
    case AuditVerdict::Fail: return "FAIL";
    case AuditVerdict::TooFew: return "too few to judge";
    case AuditVerdict::NotApplicable: return "n/a";
  }
  return "?";
}

std::vector<InputAudit> input_audits(const RunStats& stats, int warehouses) {
  const TxnStats& no = tpcc_type(stats, kNewOrder);
  const TxnStats& pay = tpcc_type(stats, kPayment);
  const TxnStats& os = tpcc_type(stats, kOrderStatus);
  const std::int64_t new_orders = completed(no);
  const std::int64_t payments = completed(pay);
  const bool one_warehouse = warehouses <= 1;

  std::vector<InputAudit> audits;
  // 2.4.1.4 / 2.4.2.3: 1% of New-Orders roll back on an unused item number.
  audits.push_back(rate_audit("new_order_rollbacks", "New-Order rollbacks", no.rolled_back,
                              new_orders, 1.0, 0.9, 1.1));

  InputAudit ol;
  ol.key = "average_ol_cnt";
  ol.name = "Average OL_CNT";
  ol.is_percent = false;
  ol.value = new_orders > 0 ? static_cast<double>(tally(no, kTallyOrderLines)) / new_orders : 0.0;
  ol.min = 9.5;
  ol.max = 10.5;
  ol.samples = new_orders;
  ol.min_samples = kOrderLineCountSamples;
  audits.push_back(ol);

  // 2.4.1.5: 1% of order lines come from a remote warehouse.
  audits.push_back(rate_audit("remote_order_lines", "Remote order lines",
                              tally(no, kTallyRemoteOrderLines), tally(no, kTallyOrderLines), 1.0,
                              0.95, 1.05));
  // 2.5.1.2: 15% of payments are for a customer of a remote warehouse.
  audits.push_back(rate_audit("remote_payments", "Remote payments",
                              tally(pay, kTallyRemotePayments), payments, 15.0, 14.0, 16.0));
  if (one_warehouse) {
    for (auto i : {2, 3}) {
      audits[static_cast<std::size_t>(i)].verdict = AuditVerdict::NotApplicable;
      audits[static_cast<std::size_t>(i)].note = "one warehouse: nothing is remote";
    }
  }
  // 2.5.1.2 / 2.6.1.2: 60% select the customer by last name.
  audits.push_back(rate_audit("payment_by_last_name", "Payment by last name",
                              tally(pay, kTallyByLastName), payments, 60.0, 57.0, 63.0));
  audits.push_back(rate_audit("order_status_by_last_name", "Order-Status by last name",
                              tally(os, kTallyByLastName), completed(os), 60.0, 57.0, 63.0));

  for (auto& a : audits) judge(a);
  return audits;
}

}  // namespace tpcc

namespace tpcc {

std::string audit_range_text(const InputAudit& a) {
  const std::string unit = a.is_percent ? "%" : "";
  if (a.min <= 0 && a.is_percent) return "<= " + fixed(a.max, 2) + unit;
  return fixed(a.min, 2) + "-" + fixed(a.max, 2) + unit;
}

}  // namespace tpcc
