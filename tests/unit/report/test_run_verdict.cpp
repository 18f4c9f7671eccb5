// A run's verdict (its run rules and input audits) is judged once where the
// run ends and recorded in result.json; tpcc report DIR reads that record
// back rather than judging again, so the page it draws shows the verdict
// the run printed. A result of a tpcc that did not record the audits whole
// is judged once, from the figures read back.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "report/html/html_report.hpp"
#include "report/results/result_read.hpp"
#include "report/rules/run_verdict.hpp"
#include "tests/unit/report/sample_runs.hpp"
#include "tests/unit/support.hpp"
#include "tests/unit/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using tpcc::test::read_file;

void require_same(const tpcc::RunVerdict& read, const tpcc::RunVerdict& written) {
  CHECK(read.judged == written.judged);
  REQUIRE(read.rules.size() == written.rules.size());
  for (std::size_t i = 0; i < read.rules.size(); ++i) {
    const tpcc::RunRule& r = read.rules[i];
    const tpcc::RunRule& w = written.rules[i];
    INFO(w.clause << " " << w.name);
    CHECK(r.clause == w.clause);
    CHECK(r.name == w.name);
    CHECK(r.value == w.value);
    CHECK(r.requirement == w.requirement);
    CHECK(r.verdict == w.verdict);
    CHECK(r.detail == w.detail);
  }
  REQUIRE(read.audits.size() == written.audits.size());
  for (std::size_t i = 0; i < read.audits.size(); ++i) {
    const tpcc::InputAudit& r = read.audits[i];
    const tpcc::InputAudit& w = written.audits[i];
    INFO(w.key);
    CHECK(r.key == w.key);
    CHECK(r.name == w.name);
    CHECK(r.is_percent == w.is_percent);
    CHECK(r.value == w.value);  // exactly: the page prints what the summary printed
    CHECK(r.min == w.min);
    CHECK(r.max == w.max);
    CHECK(r.samples == w.samples);
    CHECK(r.min_samples == w.min_samples);
    CHECK(r.verdict == w.verdict);
    CHECK(r.note == w.note);
  }
}

// A verdict no judging of the files' figures gives: the 5.5 interval rule
// turned around, an audit's value with more digits than result.json used
// to keep. Read back, it can only have come from the record.
tpcc::RunVerdict recorded_verdict(const tpcc::Config& config, const tpcc::test::Run& run) {
  tpcc::RunVerdict verdict = tpcc::judge_run(config, run.info, run.stats);
  for (tpcc::RunRule& rule : verdict.rules) {
    if (rule.clause == "5.5" && rule.name == "measurement interval") {
      REQUIRE(rule.verdict == tpcc::RuleVerdict::Fail);
      rule.verdict = tpcc::RuleVerdict::Pass;
    }
  }
  verdict.audits.front().value = 1.0049999123;
  return verdict;
}

}  // namespace

TEST_CASE("report: a result's verdict is read back from result.json as the run judged it",
          "[report][rules]") {
  const tpcc::test::TempDir scratch;
  tpcc::Config config;
  const tpcc::test::Run run = tpcc::test::sample(600);
  config.result_dir = (scratch.path() / "run").string();
  const tpcc::RunVerdict verdict = recorded_verdict(config, run);
  const std::string dir =
      tpcc::write_result_files(config, run.info, run.stats, verdict, run.intervals);
  const tpcc::RecordedRun read = tpcc::read_result_dir(dir, "tpcc report", true);
  require_same(read.verdict, verdict);
  // The run's page, drawn from its files, is the page of the verdict it judged.
  const std::string page = read_file(fs::path(dir) / tpcc::kReportFile);
  CHECK(page == tpcc::html_report(config, run.info, run.stats, verdict, run.intervals));
  CHECK(page == tpcc::html_run_report(read));
}

TEST_CASE("report: a result.json without its audits whole is judged once from the figures",
          "[report][rules]") {
  const tpcc::test::TempDir scratch;
  tpcc::Config config;
  const tpcc::test::Run run = tpcc::test::sample(600);
  config.result_dir = (scratch.path() / "older").string();
  const std::string dir = tpcc::write_result_files(config, run.info, run.stats,
                                                   recorded_verdict(config, run), run.intervals);
  // As a tpcc that recorded each audit's key and figures only wrote it.
  const fs::path path = fs::path(dir) / "result.json";
  nlohmann::ordered_json result = nlohmann::ordered_json::parse(read_file(path));
  for (auto& audit : result.at("audits")) {
    audit.erase("title");
    audit.erase("note");
  }
  std::ofstream(path, std::ios::binary | std::ios::trunc) << result.dump(2) << "\n";
  const tpcc::RecordedRun read = tpcc::read_result_dir(dir, "tpcc report", true);
  require_same(read.verdict, tpcc::judge_run(read.config, read.info, read.stats));
  CHECK_FALSE(read.verdict.all_pass());  // 5.5's 60 s measured interval
}
