#include "app/consistency_test_run.hpp"

#include <ctime>
#include <exception>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/run_command.hpp"
#include "check/consistency_test.hpp"
#include "check/runner.hpp"
#include "config/errors.hpp"
#include "config/json_text.hpp"
#include "db/connect.hpp"
#include "loader/load_state.hpp"
#include "metrics/stats.hpp"
#include "report/result_sink.hpp"
#include "report/results/result_read.hpp"

namespace tpcc {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// The 3.3.2 conditions that hold at any time (3.3.2.11 holds only right
// after the load, so it is left out both times).
std::vector<ConditionResult> verify(const Config& config, const char* when, std::ostream& out) {
  out << "3.3.3 consistency test: the 3.3.2 conditions " << when << " the run\n";
  const auto conn = connect(config.conninfo);
  // A clear message, not a missing-relation error, on an empty database.
  inspect_loaded_database(*conn);
  std::vector<ConditionResult> results = run_consistency_checks(*conn, false, &out);
  out << when << " the run: " << format_summary_line(results) << "\n";
  return results;
}

// A resolved directory as a --result-dir pattern: its '%' kept literal.
std::string as_pattern(const std::string& dir) {
  std::string pattern;
  for (const char c : dir) pattern += c == '%' ? std::string("%%") : std::string(1, c);
  return pattern;
}

Json conditions_json(const std::vector<ConditionResult>& results) {
  if (results.empty()) return nullptr;
  Json failing = Json::array();
  for (const ConditionResult& r : results) {
    if (!r.skipped && r.violations != 0) {
      failing.push_back({{"clause", r.condition->clause}, {"violations", r.violations}});
    }
  }
  return {{"passed", all_passed(results)},
          {"summary", format_summary_line(results)},
          {"failing", failing}};
}

const char* verdict_key(ConsistencyVerdict verdict) {
  switch (verdict) {
    case ConsistencyVerdict::Pass: return "pass";
    case ConsistencyVerdict::Fail: return "fail";
    case ConsistencyVerdict::NotJudged: return "not_judged";
  }
  return "fail";
}

Json test_json(const ConsistencyTest& test, const std::string& line) {
  return {{"clause", "3.3.3"},
          {"passed", consistency_test_passed(test)},
          {"verdict", verdict_key(consistency_test_verdict(test))},
          {"reported_tpmC", test.reported_tpmc},
          {"held_seconds", test.held_seconds},
          {"held_new_orders", test.held_new_orders},
          {"line", line},
          {"before", conditions_json(test.before)},
          {"after", conditions_json(test.after)},
          {"run_problem", test.run_problem},
          {"measured_seconds", test.measured_seconds},
          {"min_seconds", kConsistencyTestMinSeconds}};
}

// result.json (and the --json copy) with the test added. Throws
// std::runtime_error naming a file that cannot be read or written.
void record(const std::string& file, const Json& test) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read " + file);
  Json result = Json::parse(in);
  in.close();
  result["consistency_test"] = test;
  std::ofstream out(file, std::ios::trunc);
  out << json_text(result, 2) << "\n";
  if (!out) throw std::runtime_error("cannot write " + file);
}

// 3.3.3: how long the run was measured, the tpmC it reports and its last
// interval lines making up kConsistencyTestMinSeconds, read back from its
// result directory; left at 0 when the run left none to read.
void add_run_figures(ConsistencyTest& test, const std::string& dir) {
  RecordedRun run;
  try {
    run = read_result_dir(dir, "--check-before-after", true);
  } catch (const std::exception&) {
    return;
  }
  test.measured_seconds = run.info.measured_seconds;
  test.reported_tpmc = tpmc(run.stats, run.info.measured_seconds);
  const std::vector<IntervalThroughput>& lines = run.info.measured_lines;
  for (auto line = lines.rbegin();
       line != lines.rend() && test.held_seconds < kConsistencyTestMinSeconds; ++line) {
    test.held_seconds += line->seconds;
    test.held_new_orders += line->new_orders;
  }
}

}  // namespace

int run_with_consistency_test(const Config& given, std::ostream& out) {
  if (!given.check_before_after) return run_benchmark(given, out);
  ConsistencyTest test;
  test.before = verify(given, "before", out);
  if (!all_passed(test.before)) {
    out << consistency_test_line(test) << "\n";
    return kExitFailed;
  }
  // The run's directory, settled here so that the verdict can be added to
  // its result.json once the conditions are verified again.
  Config config = given;
  std::string note;
  const std::string dir = resolve_result_dir(given, std::time(nullptr), &note);
  if (!note.empty()) out << "note: " << note << "\n";
  config.result_dir = as_pattern(dir);
  out << "\n";
  test.ran = true;
  const int status = run_benchmark(config, out);
  if (status != kExitOk && status != kExitFailed) {
    test.run_problem = "exit status " + std::to_string(status);
  }
  const std::string result_file = (fs::path(dir) / "result.json").string();
  add_run_figures(test, dir);
  out << "\n";
  try {
    test.after = verify(config, "after", out);
  } catch (const std::exception& e) {
    test.run_problem += (test.run_problem.empty() ? "" : "; ") +
                        std::string("the conditions could not be verified after it: ") + e.what();
  }
  const std::string line = consistency_test_line(test);
  out << line << "\n";
  const Json json = test_json(test, line);
  try {
    record(result_file, json);
    if (!config.json_file.empty()) record(config.json_file, json);
    out << "3.3.3 verdict added to " << result_file << " (consistency_test)\n";
  } catch (const std::exception& e) {
    out << "warning: the 3.3.3 verdict is not in the result: " << e.what() << "\n";
  }
  return consistency_test_exit_status(status, test, config.spec);
}

}  // namespace tpcc
