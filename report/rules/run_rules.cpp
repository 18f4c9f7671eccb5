#include "report/rules/run_rules.hpp"

#include <algorithm>
#include <cmath>

#include "config/driver_slice.hpp"
#include "metrics/delivery_completion.hpp"
#include "report/rules/audits.hpp"
#include "report/rules/run_rules_parts.hpp"
#include "report/views/format.hpp"
#include "spec/transactions.hpp"

namespace tpcc {
namespace {

// A percent with enough decimals to tell it from the bound it is judged
// against: 42.999% must not print as a failing "43.00%".
std::string percent_text(double value, double bound) {
  int decimals = 2;
  while (decimals < 6 && value != bound && fixed(value, decimals) == fixed(bound, decimals)) {
    ++decimals;
  }
  return fixed(value, decimals) + "%";
}

// A weight's share of the configured mix, in percent.
double configured_share(const Config& config, TxnIndex index) {
  double sum = 0;
  for (const double w : config.mix) sum += w;
  return sum > 0 ? 100.0 * config.mix[static_cast<std::size_t>(index)] / sum : 0.0;
}

// 5.2.3: the minimum share of each transaction but New-Order, realised over
// every transaction completed in the measured interval, the decks its start
// and end cut included: the clause asks it of the interval, not of the
// decks (5.2.4.2) that deal it. A mix whose share sits exactly on a minimum
// is said so: the decks cut at both ends can take it either way.
void add_mix(std::vector<RunRule>& rules, const Config& config, const RunStats& stats) {
  std::int64_t all = 0;
  for (const auto& type : kTransactions) all += completed(tpcc_type(stats, type.index));
  for (const auto& type : kTransactions) {
    if (type.min_mix_percent <= 0) continue;
    const std::int64_t done = completed(tpcc_type(stats, type.index));
    const std::string requirement = ">= " + fixed(type.min_mix_percent, 0) + "% of completed";
    const std::string name = std::string(type.title) + " share of the mix";
    if (all == 0) {
      rules.push_back(
          rule("5.2.3", name, "no transaction completed", requirement, RuleVerdict::NotApplicable));
      continue;
    }
    const double share = percent(done, all);
    std::string value = percent_text(share, type.min_mix_percent) + " (" + std::to_string(done) +
                        " of " + std::to_string(all) + ")";
    const double weight = configured_share(config, type.index);
    if (std::fabs(weight - type.min_mix_percent) < 1e-9) {
      value += "; at its minimum by design (--mix " + fixed(weight, 0) + ")";
    }
    rules.push_back(rule("5.2.3", name, value, requirement, pass_if(share >= type.min_mix_percent),
                         "every transaction completed in the measured interval"));
  }
}

// 5.2.3 / 5.2.4.2: the mix of the whole decks alone, disclosed beside the
// rule: what the decks dealt, apart from the ones the interval cut.
RunRule whole_deck_mix(const RunStats& stats) {
  const std::string name = "mix of the whole decks";
  const std::string requirement = "disclosed (5.2.3 is judged over every transaction)";
  const std::int64_t partial = std::max<std::int64_t>(stats.decks_touched - stats.whole_decks, 0);
  std::int64_t all = 0;
  for (const std::int64_t done : stats.whole_deck_completed) all += done;
  if (stats.whole_decks <= 0 || all == 0) {
    return rule("5.2.3", name,
                "no terminal dealt a whole deck inside the measured interval (" +
                    std::to_string(partial) + " partial)",
                requirement, RuleVerdict::Disclosure);
  }
  std::string value;
  for (const auto& type : kTransactions) {
    const auto index = static_cast<std::size_t>(type.index);
    value += (value.empty() ? "" : ", ") + std::string(type.title) + " " +
             fixed(percent(stats.whole_deck_completed.at(index), all), 2) + "%";
  }
  value += " over " + std::to_string(stats.whole_decks) + " whole decks (" + std::to_string(all) +
           " transactions), " + std::to_string(partial) + " partial";
  return rule("5.2.3", name, value, requirement, RuleVerdict::Disclosure,
              "the transactions completed from the terminals' decks (5.2.4.2) dealt wholly "
              "inside the measured interval");
}

// 5.2.5.3: the 90th percentile response time of each type, the
// transactions that errored or timed out counted as over the limit (their
// latencies are not recorded: a timeout below the limit must not keep it).
void add_response_times(std::vector<RunRule>& rules, const RunStats& stats) {
  for (const auto& type : kTransactions) {
    const TxnStats& t = tpcc_type(stats, type.index);
    const std::string name = std::string(type.title) + " 90th percentile response time";
    const std::string requirement = "<= " + limit_text(type.p90_limit_seconds);
    const std::int64_t failed = failed_responses(t);
    if (t.latency.count() == 0 && failed == 0) {
      rules.push_back(
          rule("5.2.5.3", name, "none completed", requirement, RuleVerdict::NotApplicable));
      continue;
    }
    std::string value =
        ms_value(t.latency.percentile(90)) + " ms over " + std::to_string(t.latency.count());
    if (failed > 0) value += ", " + std::to_string(failed) + " failed counted as over";
    rules.push_back(
        rule("5.2.5.3", name, value, requirement, pass_if(p90_within(t, type.p90_limit_seconds))));
  }
}

// 2.4.2.3: the only transactions allowed to fail are New-Order's rollbacks
// on an unused item; an error or a timeout of any transaction (a deferred
// Delivery's execution included) fails a run of record.
RunRule errors_rule(const RunStats& stats) {
  const std::int64_t errors = errors_total(stats);
  const std::string value = std::to_string(errors) + " error(s), " +
                            std::to_string(timeouts_total(stats)) + " of them timeouts, in " +
                            std::to_string(completed_total(stats) + errors);
  return rule("2.4.2.3", kErrorsRuleName, value, "none (the 1% New-Order rollbacks only)",
              pass_if(errors == 0));
}

// 5.5: the measurement interval is uninterrupted: the server unreachable
// for any part of it fails a run of record.
RunRule downtime_rule(const RunInfo& info) {
  double downtime = 0;
  for (const IntervalThroughput& line : info.measured_lines) downtime += line.downtime_seconds;
  // Without the interval lines, the run's own total (warm-up included).
  if (info.measured_lines.empty()) downtime = info.health.downtime_seconds;
  return rule("5.5", kDowntimeRuleName, fixed(downtime, 1) + " s unreachable", "no downtime",
              pass_if(downtime <= 0));
}

// 2.7.2: Delivery is deferred (2.7.2.1 requires it); 2.7.2.2: of the
// Deliveries queued, 90% complete within 80 s, the ones never completed
// counted as later than that (metrics/delivery_completion.hpp).
RunRule delivery_completion_rule(const Config& config, const RunStats& stats) {
  const std::string name = "deferred Delivery completion";
  const std::string requirement = fixed(kDeliveryCompletionPercent, 0) + "% within " +
                                  fixed(kDeliveryCompletionLimitSeconds, 0) + " s of queueing";
  if (config.delivery_mode == DeliveryMode::Sync) {
    return rule("2.7.2", "Delivery deferred", "synchronous (--delivery sync)",
                "deferred execution (2.7.2.1)", RuleVerdict::Fail);
  }
  const DeliveryCompletion c = delivery_completion(stats);
  if (!c.judged()) {
    return rule("2.7.2.2", name, "no Delivery was queued", requirement, RuleVerdict::NotApplicable);
  }
  const std::string counts = " (" + std::to_string(c.completed) + " completed, " +
                             std::to_string(c.not_completed) + " not)";
  if (!c.reached) {
    return rule("2.7.2.2", name, "fewer than 90% completed" + counts, requirement,
                RuleVerdict::Fail);
  }
  return rule("2.7.2.2", name, "90th percentile " + seconds_text(c.p90_micros / 1e6) + counts,
              requirement, pass_if(c.within_limit()));
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

// 5.5: the measurement starts after the ramp-up, in steady state; its
// length.
void add_interval(std::vector<RunRule>& rules, const RunInfo& info) {
  rules.push_back(steady_state_rule(info));
  rules.push_back(rule("5.5", "measurement interval", seconds_text(info.measured_seconds),
                       ">= " + seconds_text(kMinMeasuredSeconds),
                       pass_if(info.measured_seconds >= kMinMeasuredSeconds)));
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// 9.2.2.5: any audit that fails fails the rule; while any is too few to
// judge, it is not judged.
RunRule audits_rule(const std::vector<InputAudit>& audits) {
  std::vector<std::string> failed;
  std::vector<std::string> too_few;
  int passed = 0;
  for (const auto& a : audits) {
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

// 2.7.4.2: skipping a district is to be reported when more than 1% of the
// Deliveries, or more than one, whichever is greater, skipped one. The
// clause sets no limit a run can break: the line discloses the counts and
// says whether they must be reported.
RunRule skipped_rule(const RunStats& stats) {
  const SkippedDistricts s = skipped_districts(stats);
  const std::string name = "Deliveries that skipped a district";
  const std::string requirement = "reported when > 1% of Deliveries, or > one";
  if (s.deliveries == 0) {
    return rule("2.7.4.2", name, "no Delivery completed", requirement, RuleVerdict::NotApplicable);
  }
  const std::string value =
      std::to_string(s.deliveries_with_skips) + " of " + std::to_string(s.deliveries) + " (" +
      fixed(s.deliveries_percent(), 2) + "%), " + std::to_string(s.districts_skipped) + " of " +
      std::to_string(s.districts) + " districts (" + fixed(s.districts_percent(), 2) + "%)";
  const std::string detail = s.reportable()
                                 ? "above the threshold: the skipped deliveries are to be reported"
                                 : "within the threshold: no report required";
  return rule("2.7.4.2", name, value, requirement, RuleVerdict::Disclosure, detail);
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
    {RuleVerdict::Disclosure, "DISCLOSURE", "disclosure"},
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
  return judge_run_rules(config, info, stats, input_audits(stats, info.warehouses));
}

std::vector<RunRule> judge_run_rules(const Config& config, const RunInfo& info,
                                     const RunStats& stats, const std::vector<InputAudit>& audits) {
  std::vector<RunRule> rules;
  rules.push_back(delivery_completion_rule(config, stats));
  rules.push_back(skipped_rule(stats));
  rules.push_back(terminals_rule(config, info));
  add_mix(rules, config, stats);
  rules.push_back(whole_deck_mix(stats));
  rules.push_back(pacing_rule(config));
  add_response_times(rules, stats);
  for (const auto& type : kTransactions) {
    rules.push_back(pacing_means_rule(config, type, tpcc_type(stats, type.index)));
  }
  add_interval(rules, info);
  rules.push_back(downtime_rule(info));
  rules.push_back(errors_rule(stats));
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
