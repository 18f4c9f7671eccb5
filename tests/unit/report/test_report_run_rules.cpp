// The run rules as a whole: a compliant run passes every rule, and the verdicts
// reach the summary, result.json and report.html.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/console/summary.hpp"
#include "report/console/text_table.hpp"
#include "report/html/html_report.hpp"
#include "report/results/result_json.hpp"
#include "tests/unit/report/run_rules_support.hpp"
#include "tests/unit/report/verdict_of.hpp"

using tpcc::RuleVerdict;
using tpcc::test::Compliant;
using tpcc::test::delays;
using tpcc::test::describe;
using tpcc::test::find;

TEST_CASE("run rules: a compliant run passes every rule it can judge", "[report][rules]") {
  const Compliant run;
  const auto rules = run.rules();
  INFO(describe(rules));
  CHECK(tpcc::all_rules_pass(rules));
  CHECK(tpcc::rules_overall_line(rules).rfind("this run satisfies every rule tpcc can judge", 0) ==
        0);
  for (const auto& r : rules) {
    INFO(r.clause << " " << r.name);
    CHECK(r.verdict != RuleVerdict::Fail);
  }
  CHECK(find(rules, "5.2.3", "Payment").verdict == RuleVerdict::Pass);
  CHECK(find(rules, "9.2.2.5", "input audits").verdict == RuleVerdict::Pass);
  CHECK(find(rules, "5.5.2.2", "checkpoints").verdict == RuleVerdict::Pass);
  CHECK(find(rules, "5.5.2.2", "checkpoints").value == "4 in 120.0 min; timeout 30.0 min");
  CHECK(find(rules, "5.5.2.2", "checkpoints").requirement ==
        ">= 4 (1 per 30.0 min), timeout <= 30.0 min");
  for (const char* type : {"New-Order", "Payment", "Order-Status", "Delivery", "Stock-Level"}) {
    CHECK(find(rules, "5.2.5.7", type).verdict == RuleVerdict::Pass);
  }
  CHECK(find(rules, "2.7.2.2", "Delivery").verdict == RuleVerdict::Pass);
}

TEST_CASE("run rules appear in the summary, result.json and report.html", "[report][rules]") {
  Compliant run;
  run.info.measured_seconds = 20;
  run.info.checkpoints.at_end.reset();
  run.info.checkpoints.problem =
      "cannot read the checkpoint counters at the end of the measured "
      "interval: timeout expired";
  std::ostringstream out;
  tpcc::print_summary(out, run.config, run.info, run.stats,
                      tpcc::test::verdict_of(run.config, run.info, run.stats));
  const std::string text = out.str();
  INFO(text);
  CHECK(text.find("Run rules: 1 rule(s) fail: 5.5 measurement interval") != std::string::npos);
  CHECK(text.find("NOT APPLICABLE") != std::string::npos);

  const auto j = nlohmann::json::parse(tpcc::result_json(
      run.config, run.info, run.stats, tpcc::test::verdict_of(run.config, run.info, run.stats)));
  const auto& rr = j.at("run_rules");
  CHECK(rr.at("all_pass") == false);
  REQUIRE(rr.at("rules").is_array());
  bool found = false;
  for (const auto& r : rr.at("rules")) {
    for (const char* key : {"clause", "name", "value", "requirement", "verdict"}) {
      CHECK(r.contains(key));
    }
    CHECK(r.contains("detail"));
    if (r.at("clause") == "5.5.2.2") {
      CHECK(r.at("verdict") == "not_applicable");
      CHECK(r.at("detail").get<std::string>().find("timeout expired") != std::string::npos);
    }
    if (r.at("name") == "measurement interval") {
      found = true;
      CHECK(r.at("clause") == "5.5");
      CHECK(r.at("verdict") == "fail");
      CHECK(r.at("value") == "20.0 s");
    }
  }
  CHECK(found);
  CHECK(rr.at("checkpoints").at("at_start").at("timed") == 10);
  CHECK(rr.at("checkpoints").at("at_end").is_null());
  CHECK(rr.at("checkpoints").at("in_interval").is_null());
  const auto& keying = j.at("transactions").at("new_order").at("keying_time");
  CHECK(keying.at("mean_s") == 18.0);
  CHECK(keying.at("count") == 45000);
  CHECK(j.at("transactions").at("delivery").at("think_time").at("mean_s") == 5.0);

  const std::string html = tpcc::html_report(
      run.config, run.info, run.stats, tpcc::test::verdict_of(run.config, run.info, run.stats), {});
  CHECK(html.find("<h2>Run rules</h2>") != std::string::npos);
  CHECK(html.find("1 rule(s) fail: 5.5 measurement interval") != std::string::npos);
}

TEST_CASE("run rules: the summary's table fits 100 columns", "[report][rules]") {
  Compliant run;
  run.info.measured_seconds = 20;
  run.info.warmup_seconds = 0;
  run.config.delivery_mode = tpcc::DeliveryMode::Sync;
  run.stats.delivery_completion = tpcc::LatencyHistogram();
  run.stats.txn[tpcc::kPayment].think = delays(10000, 6);
  std::ostringstream out;
  tpcc::print_summary(out, run.config, run.info, run.stats,
                      tpcc::test::verdict_of(run.config, run.info, run.stats));
  const std::string text = out.str();
  INFO(text);
  const std::size_t from = text.find("Run rules:");
  const std::size_t to = text.find("Reconnects:");
  REQUIRE(from != std::string::npos);
  REQUIRE(to != std::string::npos);
  std::istringstream section(text.substr(from, to - from));
  int lines = 0;
  for (std::string line; std::getline(section, line); ++lines) {
    INFO(line);
    CHECK(line.size() <= 100);
  }
  CHECK(lines > 20);
  // Wrapped, nothing lost: the long value is there in pieces.
  CHECK(text.find("synchronous (--delivery") != std::string::npos);
}

TEST_CASE("run rules: a run that is not a run of record ends with the short block",
          "[report][rules]") {
  Compliant run;
  run.config.keying_and_thinking = false;  // unpaced, no --spec
  run.info.measured_seconds = 20;
  const auto summary = [&run] {
    std::ostringstream out;
    tpcc::print_summary(out, run.config, run.info, run.stats,
                        tpcc::test::verdict_of(run.config, run.info, run.stats));
    const std::string text = out.str();
    return text.substr(text.find("Run rules:"),
                       text.find("\nReconnects:") - text.find("Run rules:"));
  };
  const std::size_t rules = tpcc::test::verdict_of(run.config, run.info, run.stats).rules.size();
  const std::string block = summary();
  INFO(block);
  CHECK(block == "Run rules: " + std::to_string(rules - 3) + " of " + std::to_string(rules) +
                     " not judged: not a run of record (no --spec, no keying and think times);\n"
                     "  --rules full prints them all\n"
                     "  5.5      PASS  warm-up excluded, steady state: 60.0 s warm-up; first fifth "
                     "100.0%, last fifth\n"
                     "                 100.0% of 375.0 tpmC; 0 of 0 lines off\n"
                     "  5.5      PASS  server reachable throughout the measurement: 0.0 s "
                     "unreachable\n"
                     "  2.4.2.3  PASS  transactions failed other than New-Order rollbacks: 0 "
                     "error(s), 0 of them timeouts,\n"
                     "                 in 100000\n");
  for (std::size_t from = 0, to = 0; to != std::string::npos; from = to + 1) {
    to = block.find('\n', from);
    CHECK(block.substr(from, to == std::string::npos ? to : to - from).size() <= 100);
  }
  // --rules full, --spec or keying and think times: the whole table.
  run.config.rules_shown = tpcc::RulesShown::Full;
  CHECK_THAT(summary(), Catch::StartsWith("Run rules: ") && Catch::Contains("  clause   rule"));
  run.config.rules_shown = tpcc::RulesShown::Short;
  run.config.spec = true;
  CHECK_THAT(summary(), Catch::Contains("rule(s) fail") && Catch::Contains("  clause   rule"));
  run.config.spec = false;
  run.config.keying_and_thinking = true;
  CHECK_THAT(summary(), Catch::Contains("  clause   rule"));
}

TEST_CASE("text table: cells wider than their column wrap at spaces", "[report]") {
  CHECK(tpcc::wrap_words("a bb ccc dddd", 6) == std::vector<std::string>{"a bb", "ccc", "dddd"});
  CHECK(tpcc::wrap_words("abcdefgh", 3) == std::vector<std::string>{"abc", "def", "gh"});
  CHECK(tpcc::wrap_words("", 5) == std::vector<std::string>{""});
  tpcc::TextTable table({"k", "v"}, 2);
  table.set_max_width(1, 5);
  table.add_row({"x", "one two three"});
  std::ostringstream out;
  table.print(out);
  CHECK(out.str() == "k  v\nx  one\n   two\n   three\n");
}
