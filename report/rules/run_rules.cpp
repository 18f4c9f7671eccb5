#include "report/rules/run_rules.hpp"

#include <algorithm>
#include <cmath>

#include "config/driver_slice.hpp"
#include "report/results/delivery_file.hpp"
#include "report/rules/audits.hpp"
#include "report/rules/run_rules_parts.hpp"
#include "report/views/format.hpp"
#include "spec/transactions.hpp"

namespace tpcc {
namespace {

// 2.7.2.2: 90% of deferred Deliveries complete within 80 seconds
// (kDeliveryCompletionLimitSeconds).
constexpr double kDeliveryCompletionPercent = 90;

// A percent with enough decimals to tell it from the bound it is judged
// against: 42.999% must not print as a failing "43.00%".
std::string percent_text(double value, double bound) {
  int decimals = 2;
  while (decimals < 6 && value != bound && fixed(value, decimals) == fixed(bound, decimals)) {
    ++decimals;
  }
  return fixed(value, decimals) + "%";
}

// 5.2.3: the minimum share of each transaction but New-Order, as realised
// over the completed transactions of the measured interval.
void add_mix(std::vector<RunRule>& rules, const RunStats& stats) {
  const std::int64_t all = completed_total(stats);
  for (const auto& type : kTransactions) {
    if (type.min_mix_percent <= 0) continue;
    const std::int64_t done = completed(stats.txn[static_cast<std::size_t>(type.index)]);
    const std::string requirement = ">= " + fixed(type.min_mix_percent, 0) + "% of completed";
    const std::string name = std::string(type.title) + " share of the mix";
    if (all == 0) {
      rules.push_back(
          rule("5.2.3", name, "no transaction completed", requirement, RuleVerdict::NotApplicable));
      continue;
    }
    const double share = percent(done, all);
    rules.push_back(rule("5.2.3", name,
                         percent_text(share, type.min_mix_percent) + " (" + std::to_string(done) +
                             " of " + std::to_string(all) + ")",
                         requirement, pass_if(share >= type.min_mix_percent)));
  }
}

// 5.2.5.3: the 90th percentile response time of each type.
void add_response_times(std::vector<RunRule>& rules, const RunStats& stats) {
  for (const auto& type : kTransactions) {
    const TxnStats& t = stats.txn[static_cast<std::size_t>(type.index)];
    const std::string name = std::string(type.title) + " 90th percentile response time";
    const std::string requirement = "<= " + limit_text(type.p90_limit_seconds);
    if (t.latency.count() == 0) {
      rules.push_back(
          rule("5.2.5.3", name, "none completed", requirement, RuleVerdict::NotApplicable));
      continue;
    }
    rules.push_back(
        rule("5.2.5.3", name,
             ms_value(t.latency.percentile(90)) + " ms over " + std::to_string(t.latency.count()),
             requirement, pass_if(p90_within(t, type.p90_limit_seconds))));
  }
}

// 2.7.2.2: of the Deliveries queued for deferred execution, 90% complete
// within 80 s; the ones never completed count as later than that.
RunRule delivery_completion_rule(const Config& config, const RunStats& stats) {
  const LatencyHistogram& h = stats.delivery_completion;
  const std::int64_t queued = h.count() + stats.deliveries_not_completed;
  const std::string name = "deferred Delivery completion";
  const std::string requirement = fixed(kDeliveryCompletionPercent, 0) + "% within " +
                                  fixed(kDeliveryCompletionLimitSeconds, 0) + " s of queueing";
  if (queued == 0) {
    return rule("2.7.2.2", name,
                config.delivery_mode == DeliveryMode::Sync
                    ? "Delivery ran synchronously (--delivery sync)"
                    : "no Delivery was queued",
                requirement, RuleVerdict::NotApplicable);
  }
  const auto rank = static_cast<std::int64_t>(
      std::ceil(kDeliveryCompletionPercent / 100.0 * static_cast<double>(queued)));
  const std::string counts = " (" + std::to_string(h.count()) + " completed, " +
                             std::to_string(stats.deliveries_not_completed) + " not)";
  if (rank > h.count()) {
    return rule("2.7.2.2", name, "fewer than 90% completed" + counts, requirement,
                RuleVerdict::Fail);
  }
  // The rank-th completion time: half a rank below it, so that the
  // percentile's own rounding up lands on it.
  const double micros =
      h.percentile((static_cast<double>(rank) - 0.5) * 100.0 / static_cast<double>(h.count()));
  return rule("2.7.2.2", name, "90th percentile " + seconds_text(micros / 1e6) + counts,
              requirement, pass_if(micros <= kDeliveryCompletionLimitSeconds * 1e6));
}

// 5.2.5: keying and think times on, unscaled, as configured (the realised
// means are judged per type, 5.2.5.7).
RunRule pacing_rule(const Config& config) {
  const std::string requirement = "on, keying and think times x 1";
  std::string value = "off";
  if (config.keying_and_thinking) {
    value = "on, keying x " + fixed(config.keying_multiplier, 2) + ", think x " +
            fixed(config.think_multiplier, 2);
  }
  return rule("5.2.5", "keying and think times", value, requirement,
              pass_if(efficiency_meaningful(config)));
}

// 4.2.2: ten terminals per warehouse; 2.4.1.1: each with one home warehouse
// for the whole measurement interval.
RunRule terminals_rule(const Config& config, const RunInfo& info) {
  const std::string name = "terminals per warehouse";
  const std::string requirement = "10 per home warehouse, home warehouse fixed";
  if (info.warehouses <= 0) {
    return rule("4.2.2", name, "warehouse count unknown", requirement, RuleVerdict::NotApplicable);
  }
  // This driver's slice with --driver (config/driver_slice.hpp).
  const int homes = home_range(config, info.warehouses).count();
  const std::string value = std::to_string(info.terminals) + " for " + std::to_string(homes) +
                            (homes == 1 ? " home warehouse, " : " home warehouses, ") +
                            (config.terminal_warehouse_fixed ? "fixed" : "random per transaction");
  const bool ok = homes > 0 && info.terminals == kSpecTerminalsPerWarehouse * homes &&
                  config.terminal_warehouse_fixed;
  return rule("4.2.2", name, value, requirement, pass_if(ok));
}

// 5.5: the measurement starts after the ramp-up; its length.
void add_interval(std::vector<RunRule>& rules, const RunInfo& info) {
  rules.push_back(rule("5.5", "warm-up (ramp-up) excluded",
                       info.warmup_seconds > 0 ? seconds_text(info.warmup_seconds) + " excluded"
                                               : "none: the measurement includes ramp-up",
                       "a warm-up before the measured interval", pass_if(info.warmup_seconds > 0)));
  rules.push_back(rule("5.5", "measurement interval", seconds_text(info.measured_seconds),
                       ">= " + seconds_text(kMinMeasuredSeconds),
                       pass_if(info.measured_seconds >= kMinMeasuredSeconds)));
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// 9.2.2.5 (all but skipped deliveries, a rule of its own): any audit that
// fails fails the rule; while any is too few to judge, it is not judged.
RunRule audits_rule(const std::vector<InputAudit>& audits) {
  std::vector<std::string> failed;
  std::vector<std::string> too_few;
  int passed = 0;
  for (const auto& a : audits) {
    if (a.key == "skipped_deliveries") continue;
    if (a.verdict == AuditVerdict::Fail) failed.push_back(a.name);
    if (a.verdict == AuditVerdict::TooFew) too_few.push_back(a.name);
    if (a.verdict == AuditVerdict::Pass) ++passed;
  }
  const std::string name = "input audits";
  const std::string requirement = "every rate within its range";
  if (!failed.empty())
    return rule("9.2.2.5", name, "fail: " + joined(failed), requirement, RuleVerdict::Fail);
  if (!too_few.empty()) {
    return rule("9.2.2.5", name, "too few to judge: " + joined(too_few), requirement,
                RuleVerdict::NotApplicable);
  }
  return rule("9.2.2.5", name, std::to_string(passed) + " pass", requirement, RuleVerdict::Pass);
}

RunRule skipped_rule(const std::vector<InputAudit>& audits) {
  const auto it = std::find_if(audits.begin(), audits.end(),
                               [](const InputAudit& a) { return a.key == "skipped_deliveries"; });
  const std::string name = "Deliveries that skipped a district";
  const std::string requirement = "<= 1% of Deliveries, or one";
  if (it == audits.end() || it->verdict == AuditVerdict::TooFew ||
      it->verdict == AuditVerdict::NotApplicable) {
    return rule("2.7.4.2", name, "no Delivery completed", requirement, RuleVerdict::NotApplicable);
  }
  return rule("2.7.4.2", name, fixed(it->value, 2) + "% of " + std::to_string(it->samples),
              requirement, pass_if(it->verdict == AuditVerdict::Pass));
}

struct VerdictNames {
  RuleVerdict verdict;
  const char* text;  // the summary's
  const char* key;   // result.json's
};

constexpr VerdictNames kVerdictNames[] = {
    {RuleVerdict::Pass, "PASS", "pass"},
    {RuleVerdict::Fail, "FAIL", "fail"},
    {RuleVerdict::NotApplicable, "NOT APPLICABLE", "not_applicable"},
};

const VerdictNames& names_of(RuleVerdict verdict) {
  for (const auto& names : kVerdictNames) {
    if (names.verdict == verdict) return names;
  }
  return kVerdictNames[2];
}

}  // namespace

const char* rule_verdict_text(RuleVerdict verdict) { return names_of(verdict).text; }

const char* rule_verdict_key(RuleVerdict verdict) { return names_of(verdict).key; }

std::vector<RunRule> judge_run_rules(const Config& config, const RunInfo& info,
                                     const RunStats& stats) {
  const std::vector<InputAudit> audits = input_audits(stats, info.warehouses);
  std::vector<RunRule> rules;
  rules.push_back(delivery_completion_rule(config, stats));
  rules.push_back(skipped_rule(audits));
  rules.push_back(terminals_rule(config, info));
  add_mix(rules, stats);
  rules.push_back(pacing_rule(config));
  add_response_times(rules, stats);
  for (const auto& type : kTransactions) {
    rules.push_back(
        pacing_means_rule(config, type, stats.txn[static_cast<std::size_t>(type.index)]));
  }
  add_interval(rules, info);
  rules.push_back(checkpoint_rule(info.checkpoints, info.measured_seconds));
  rules.push_back(audits_rule(audits));
  rules.push_back(isolation_disclosure(config));
  return rules;
}

bool all_rules_pass(const std::vector<RunRule>& rules) {
  return std::none_of(rules.begin(), rules.end(),
                      [](const RunRule& r) { return r.verdict == RuleVerdict::Fail; });
}

std::string rules_overall_line(const std::vector<RunRule>& rules) {
  std::vector<std::string> failed;
  std::int64_t not_applicable = 0;
  for (const auto& r : rules) {
    if (r.verdict == RuleVerdict::Fail) failed.push_back(r.clause + " " + r.name);
    if (r.verdict == RuleVerdict::NotApplicable) ++not_applicable;
  }
  if (failed.empty()) {
    return "this run satisfies every rule tpcc can judge (" + std::to_string(not_applicable) +
           " not applicable)";
  }
  return std::to_string(failed.size()) + " rule(s) fail: " + joined(failed);
}

}  // namespace tpcc
