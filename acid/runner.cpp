// `tpcc acid`: the tests in clause order, their lines, acid.json.
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "acid/acid_context.hpp"
#include "acid/durability.hpp"
#include "check/load_gaps.hpp"
#include "config/errors.hpp"
#include "config/local_time.hpp"
#include "config/names.hpp"
#include "config/result_dir.hpp"
#include "db/connect.hpp"
#include "loader/load_state.hpp"

namespace tpcc {
namespace {

void add(std::vector<AcidResult>& all, AcidResult r, std::ostream* progress) {
  if (progress != nullptr) *progress << format_acid_line(r) << std::endl;
  all.push_back(std::move(r));
}

// results/acid-<YYYYmmdd-HHMMSS>/ unless --result-dir; created if missing.
std::filesystem::path result_directory(const Config& config, std::time_t start) {
  const std::filesystem::path dir =
      config.result_dir.empty()
          ? std::filesystem::path("results") / ("acid-" + format_local_time(start, "%Y%m%d-%H%M%S"))
          : std::filesystem::path(expand_result_dir(config.result_dir, start));
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir)) {
    throw UsageError("--result-dir " + dir.string() + ": cannot create the directory" +
                     (ec ? ": " + ec.message() : std::string()));
  }
  return dir;
}

}  // namespace

std::vector<AcidResult> run_acid_tests(const AcidOptions& options, std::ostream* progress) {
  acid::AcidContext context(options);
  std::vector<AcidResult> all;
  add(all, acid::consistency_test(context, "before the tests"), progress);
  for (AcidResult& r : acid::atomicity_tests(context)) add(all, std::move(r), progress);
  for (AcidResult& r : acid::isolation_tests(context)) add(all, std::move(r), progress);
  add(all, acid::consistency_test(context, "after the tests"), progress);
  return all;
}

bool all_passed(const std::vector<AcidResult>& results) {
  for (const AcidResult& r : results) {
    if (!r.passed) return false;
  }
  return true;
}

std::string format_acid_line(const AcidResult& r) {
  std::ostringstream out;
  out << std::left << std::setw(9) << r.clause << (r.passed ? "PASS  " : "FAIL  ") << r.name
      << ": " << r.observed;
  return out.str();
}

std::string format_acid_summary(const std::vector<AcidResult>& results) {
  std::size_t passed = 0;
  for (const AcidResult& r : results) passed += r.passed ? 1 : 0;
  return std::to_string(passed) + " of " + std::to_string(results.size()) + " ACID tests pass";
}

std::string acid_json(const AcidOptions& options, const std::vector<AcidResult>& results) {
  nlohmann::json j;
  j["isolation"] = std::string(isolation_name(options.isolation));
  j["mode"] = std::string(mode_name(options.mode));
  j["seed"] = options.seed;
  j["passed"] = all_passed(results);
  nlohmann::json tests = nlohmann::json::array();
  for (const AcidResult& r : results) {
    tests.push_back(
        {{"clause", r.clause}, {"name", r.name}, {"passed", r.passed}, {"observed", r.observed}});
  }
  j["tests"] = std::move(tests);
  return j.dump(2);
}

int acid_command(const Config& config, std::ostream& out) {
  {
    // The tests need a whole load: say what is missing, as tpcc check does.
    const auto conn = connect(config.conninfo);
    const std::vector<std::string> gaps = load_gaps(inspect_loaded_database(*conn));
    for (const std::string& gap : gaps) out << "load incomplete: " << gap << "\n";
    if (!gaps.empty()) {
      out << "the ACID tests need a loaded database: run tpcc prepare first\n";
      return kExitFailed;
    }
  }
  const std::time_t start = std::time(nullptr);
  const std::filesystem::path dir = result_directory(config, start);
  AcidOptions options;
  options.conninfo = config.conninfo;
  options.isolation = config.isolation;
  options.mode = config.mode;
  options.seed = config.seed_given ? config.seed : static_cast<std::uint64_t>(start);
  if (config.durability) return durability_command(config, options, dir.string(), out);
  out << "ACID tests of TPC-C Clause 3 (isolation " << isolation_name(options.isolation)
      << ", mode " << mode_name(options.mode) << ")\n";
  const std::vector<AcidResult> results = run_acid_tests(options, &out);
  out << format_acid_summary(results) << "\n";
  const std::filesystem::path file = dir / "acid.json";
  std::ofstream json(file);
  json << acid_json(options, results) << "\n";
  if (!json) throw std::runtime_error("cannot write " + file.string());
  out << "results: " << file.string() << "\n";
  return all_passed(results) ? kExitOk : kExitFailed;
}

}  // namespace tpcc
