#include "report/console/summary.hpp"

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include "config/names.hpp"
#include "metrics/run.hpp"
#include "report/console/text_table.hpp"
#include "report/results/delivery_file.hpp"
#include "report/rules/rules_shown.hpp"
#include "report/rules/run_verdict.hpp"
#include "report/views/format.hpp"
#include "report/views/health.hpp"
#include "report/views/host_table.hpp"
#include "report/views/lag_text.hpp"
#include "report/views/schedule_lag_text.hpp"
#include "report/views/transaction_table.hpp"
#include "spec/transactions.hpp"

namespace tpcc {
namespace {

std::string seconds_text(double s) { return fixed(s, 1) + " s"; }

void print_transactions(std::ostream& out, const RunStats& stats) {
  const TableRows rows = transaction_rows(stats);
  TextTable table(rows.header);
  for (const auto& row : rows.rows) table.add_row(row);
  table.print(out, "  ");
}

void print_audits(std::ostream& out, const std::vector<InputAudit>& audits) {
  out << "Input audits (9.2.2.5):\n";
  TextTable table({"audit", "value", "range", "over", "verdict"});
  for (const auto& a : audits) {
    std::string verdict = verdict_text(a.verdict);
    if (!a.note.empty()) verdict += " (" + a.note + ")";
    table.add_row({a.name, fixed(a.value, 2) + (a.is_percent ? "%" : ""), audit_range_text(a),
                   std::to_string(a.samples), verdict});
  }
  table.print(out, "  ");
}

// The run-rules table's widest columns, wrapped so that the table fits a
// 100-column terminal (clause 7 and verdict 14 wide, 2 of indent, 2
// between columns); report.html and result.json have each rule's detail.
constexpr std::size_t kSummaryWidth = 98;  // and 2 of indent on a continued line
constexpr std::size_t kRuleNameWidth = 24;
constexpr std::size_t kRuleValueWidth = 24;
constexpr std::size_t kRuleRequirementWidth = 21;

// The verdict on the run rules: one line that says whether every rule tpcc
// can judge passes, then each rule; for a run that is not a run of record,
// the short block (rules_shown.hpp).
void print_run_rules(std::ostream& out, const Config& config, const RunVerdict& verdict) {
  if (short_rules_block(config)) {
    const std::vector<std::string> head =
        wrap_words(short_rules_line(verdict.rules), kSummaryWidth);
    for (std::size_t i = 0; i < head.size(); ++i) out << (i > 0 ? "  " : "") << head[i] << '\n';
    // "  5.5      PASS  warm-up excluded, steady state: 10.0 s warm-up; ...",
    // continued under the rule's name.
    for (const RunRule& r : rules_of_the_figures(verdict.rules)) {
      std::string prefix = r.clause;
      prefix.resize(std::max<std::size_t>(prefix.size() + 1, 9), ' ');
      prefix += std::string(rule_verdict_text(r.verdict)) + "  ";
      const std::vector<std::string> text =
          wrap_words(r.name + ": " + r.value, kSummaryWidth - prefix.size());
      for (std::size_t i = 0; i < text.size(); ++i) {
        out << "  " << (i > 0 ? std::string(prefix.size(), ' ') : prefix) << text[i] << '\n';
      }
    }
    return;
  }
  const std::vector<std::string> lines =
      wrap_words("Run rules: " + verdict.overall_line(), kSummaryWidth);
  for (std::size_t i = 0; i < lines.size(); ++i) out << (i > 0 ? "  " : "") << lines[i] << '\n';
  TextTable table({"clause", "rule", "value", "requirement", "verdict"}, 5);
  table.set_max_width(1, kRuleNameWidth);
  table.set_max_width(2, kRuleValueWidth);
  table.set_max_width(3, kRuleRequirementWidth);
  for (const RunRule& r : verdict.rules) {
    table.add_row({r.clause, r.name, r.value, r.requirement, rule_verdict_text(r.verdict)});
  }
  table.print(out, "  ");
}

void print_efficiency(std::ostream& out, const Config& config, double tpmc_value, int warehouses) {
  out << "  efficiency: ";
  if (!config.keying_and_thinking) {
    out << "not meaningful (no keying and think times)\n";
  } else if (!efficiency_meaningful(config)) {
    out << "not meaningful (keying and think times scaled by " << fixed(config.keying_multiplier, 2)
        << " and " << fixed(config.think_multiplier, 2) << ")\n";
  } else {
    out << fixed(efficiency(tpmc_value, warehouses), 2) << "% of " << fixed(kMaxTpmcPerWarehouse, 2)
        << " tpmC per warehouse\n";
  }
}

void print_standby(std::ostream& out, int number, const StandbyRun& standby, double seconds) {
  out << "\nStandby " << number << " (read-only, " << standby.target << "), " << standby.terminals
      << " terminals:\n";
  for (const std::string& line : standby_health_lines(number, standby)) {
    out << "  " << line << '\n';
  }
  out << "  tpmTOTAL: " << fixed(tpm_total(standby.stats, seconds), 1)
      << "    reconnects: " << standby.stats.reconnects << '\n';
  print_lag(out, standby.lag);
  out << '\n';
  print_transactions(out, standby.stats);
}

}  // namespace

RunInfo standby_side(const RunInfo& info, const StandbyRun& standby) {
  RunInfo side = info;
  side.terminal_totals = standby.terminal_totals;
  side.health = standby.health;
  side.health.stop = info.health.stop;
  side.standbys.clear();
  return side;
}

void print_lag(std::ostream& out, const LagFigures& lag) {
  out << "  replication lag over " << lag.samples << " samples (p50 / p99 / max)";
  if (!lag.application_name.empty()) {
    out << ", pg_stat_replication row " << lag.application_name;
    if (!lag.client_addr.empty()) out << " from " << lag.client_addr;
  }
  out << ":\n";
  TextTable table({"measure", "p50 / p99 / max"});
  table.add_row({"write lag", format_lag_summary(lag.write_lag_ms, false)});
  table.add_row({"flush lag", format_lag_summary(lag.flush_lag_ms, false)});
  table.add_row({"replay lag", format_lag_summary(lag.replay_lag_ms, false)});
  table.add_row({"bytes behind", format_lag_summary(lag.bytes_behind, true)});
  table.add_row({"last replay age", format_lag_summary(lag.replay_delay_ms, false)});
  table.print(out, "    ");
}

void print_hosts(std::ostream& out, const Config& config, const RunInfo& info,
                 const RunStats& stats) {
  const TableRows rows = host_rows(config, info, stats);
  if (rows.rows.empty()) return;
  out << "Per host (--host-policy " << host_policy_name(config.host_policy) << "):\n";
  TextTable table(rows.header);
  for (const auto& row : rows.rows) table.add_row(row);
  table.print(out, "  ");
}

void print_summary(std::ostream& out, const Config& config, const RunInfo& info,
                   const RunStats& stats, const RunVerdict& verdict) {
  const double seconds = info.measured_seconds;
  const double tpmc_value = tpmc(stats, seconds);
  const TxnStats& no = tpcc_type(stats, kNewOrder);

  out << "\nSummary: " << info.warehouses
      << (info.warehouses == 1 ? " warehouse, " : " warehouses, ") << info.terminals
      << " terminals, measured " << seconds_text(seconds) << " after "
      << seconds_text(info.warmup_seconds) << " of warm-up (not counted)\n";
  for (const std::string& line : health_lines(info, stats)) out << "  " << line << '\n';
  out << "  tpmC: " << fixed(tpmc_value, 1)
      << "    tpmTOTAL: " << fixed(tpm_total(stats, seconds), 1) << '\n';
  print_efficiency(out, config, tpmc_value, info.warehouses);
  if (const std::string lag = schedule_lag_text(stats); !lag.empty()) {
    out << "  schedule lag (sent after due): " << lag << '\n';
  }
  out << "  New-Orders: " << no.committed << " committed, " << no.rolled_back
      << " rolled back (unused item, 2.4.2.3); tpmC counts both (5.4.2)\n\n";
  print_transactions(out, stats);
  print_hosts(out, config, info, stats);
  if (const std::string deferred = delivery_completion_text(stats); !deferred.empty()) {
    out << "  " << deferred << '\n';
  }
  if (const std::string skipped = skipped_districts_text(stats); !skipped.empty()) {
    out << "  " << skipped << '\n';
  }
  out << '\n';
  print_audits(out, verdict.audits);
  out << '\n';
  print_run_rules(out, config, verdict);
  out << "\nReconnects: " << stats.reconnects << '\n';
  for (std::size_t i = 0; i < info.standbys.size(); ++i) {
    print_standby(out, static_cast<int>(i + 1), info.standbys[i], seconds);
  }
}

}  // namespace tpcc
