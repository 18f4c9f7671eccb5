// Which workload takes which option is the options table's: every row names
// its workloads, and an option given to a workload its row does not name,
// on the command line or as a props key, is a usage error (exit 2) naming
// the flag or key as written and the workload.
#include <catch2/catch.hpp>

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "config/names.hpp"
#include "config/settings/settings.hpp"
#include "config/workload_config.hpp"
#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

using tpcc::Setting;
using tpcc::WorkloadKind;
using tpcc::test::TempDir;
using tpcc::test::usage_error;

namespace {

// Values any row's own parser may take; the first one it takes is given.
const std::vector<std::string> kCandidateValues = {"1",
                                                   "true",
                                                   "2",
                                                   "10",
                                                   "1/2",
                                                   "tpcc",
                                                   "range",
                                                   "on",
                                                   "rr",
                                                   "sync",
                                                   "insert",
                                                   "none",
                                                   "primary",
                                                   "80",
                                                   "ts1",
                                                   "uniform",
                                                   "tpcb-like",
                                                   "x.sql",
                                                   "a=1",
                                                   "host=h",
                                                   "127.0.0.1:9100",
                                                   "vacuum",
                                                   "terminals=1,2",
                                                   "work_mem=4MB,8MB",
                                                   "oltp_read_only",
                                                   "45,43,4,4,4",
                                                   "50,50",
                                                   "auto",
                                                   "RR",
                                                   "text",
                                                   "ro",
                                                   "0.5",
                                                   "pgsql",
                                                   "first",
                                                   "5s",
                                                   "label",
                                                   "dir",
                                                   "fixed",
                                                   "full"};

// A value the row's own parser takes (nullopt for a switch given bare).
std::optional<std::string> accepted_value(const Setting& s) {
  for (const std::string& v : kCandidateValues) {
    tpcc::ParseState st;
    try {
      s.apply(v, tpcc::Source{tpcc::Layer::Flag, "x", "--x"}, st);
      return v;
    } catch (const std::exception&) {
    }
  }
  return std::nullopt;
}

// The first verb that takes the row and chooses a workload.
std::optional<std::string> workload_verb(const Setting& s) {
  for (const tpcc::Verb v : {tpcc::Verb::Run, tpcc::Verb::Prepare, tpcc::Verb::Check,
                             tpcc::Verb::Cleanup, tpcc::Verb::Capacity, tpcc::Verb::Snapshot}) {
    if (tpcc::verb_takes(s, v)) return std::string(tpcc::verb_name(v));
  }
  return std::nullopt;
}

// The first of the flag's name and the row's props keys a props file sets the row by.
std::string props_key(const Setting& s) {
  std::vector<std::string> keys;
  if (s.flag != nullptr) keys.emplace_back(s.flag);
  for (const char* k : s.props_keys) keys.emplace_back(k);
  for (const std::string& k : keys) {
    if (tpcc::setting_for_props_key(k) == &s) return k;
  }
  FAIL("no props key sets option " << tpcc::option_name(s));
  return "";
}

// Each kind by a name --workload takes.
std::string workload_word(WorkloadKind k) {
  return std::string(tpcc::workload_name(tpcc::WorkloadName{k}));
}

}  // namespace

TEST_CASE("workload rows: every option names the workloads that take it", "[config][workload]") {
  tpcc::WorkloadSet known = 0;
  for (const tpcc::WorkloadConfig* workload : tpcc::workload_configs()) known |= workload->bit();
  for (const Setting& s : tpcc::settings()) {
    INFO("option " << tpcc::option_name(s));
    // Some workload that has a descriptor takes it.
    CHECK((s.workloads & known) != 0);
  }
  // The workload itself and the connection are every workload's.
  for (const char* shared : {"workload", "conn", "label", "restore", "duration", "terminals"}) {
    for (const Setting& s : tpcc::settings()) {
      if (tpcc::option_name(s) == shared) CHECK(s.workloads == tpcc::kAllWorkloads);
    }
  }
}

TEST_CASE("workload rows: an option given to a workload that does not take it is refused by name",
          "[config][workload]") {
  TempDir dir;
  int refusals = 0;
  for (const Setting& s : tpcc::settings()) {
    if (s.workloads == tpcc::kAllWorkloads) continue;
    const std::optional<std::string> verb = workload_verb(s);
    // Options of verbs that run TPC-C alone (acid, quickstart) meet no other workload.
    if (!verb) continue;
    const std::optional<std::string> value = s.is_switch() ? std::nullopt : accepted_value(s);
    INFO("option " << tpcc::option_name(s));
    if (!s.is_switch() && !value) FAIL_CHECK("no value of kCandidateValues is taken");
    if (!s.is_switch() && !value) continue;
    for (const tpcc::WorkloadConfig* descriptor : tpcc::workload_configs()) {
      const WorkloadKind k = descriptor->kind;
      if (tpcc::workload_takes(s, k)) continue;
      const std::string workload = workload_word(k);
      INFO("workload " << workload);
      const std::string owner = " is " + tpcc::workloads_text(s.workloads) + "; ";
      // As a props key: the flag's name, or the first key that is the row's
      // (BenchmarkSQL's driver key is the JDBC driver's, not --driver's).
      const std::string key = props_key(s);
      const auto props = dir.write("w.props", key + "=" + value.value_or("true") + "\n");
      CHECK_THAT(usage_error({*verb, "--workload", workload, "--props", props}),
                 Catch::Contains(":1: key '" + key + "'" + owner + "--workload " + workload +
                                 " does not take it"));
      ++refusals;
      if (s.flag == nullptr) continue;
      std::vector<std::string> line = {*verb, "--workload", workload, std::string("--") + s.flag};
      if (value) line.push_back(*value);
      CHECK_THAT(usage_error(line),
                 Catch::Contains(std::string("--") + s.flag + owner + "--workload " + workload +
                                 " does not take it"));
      ++refusals;
    }
  }
  CHECK(refusals >= 100);
}

TEST_CASE("workload rows: the props keys that set part of an option are refused by their name",
          "[config][workload]") {
  TempDir dir;
  const auto props = dir.write("w.props", "deliveryWeight=4\nstandbyStockLevelWeight=50\n");
  const std::string error = usage_error({"run", "--workload", "pgbench", "--props", props});
  CHECK_THAT(error, Catch::Contains(":1: key 'deliveryWeight' is TPC-C's; --workload pgbench "
                                    "does not take it; give --workload tpcc"));
  CHECK_THAT(error, Catch::Contains(":2: key 'standbyStockLevelWeight' is TPC-C's"));
}

TEST_CASE("workload rows: the options page names each option's workloads", "[config][workload]") {
  const std::string page = tpcc::options_markdown();
  CHECK_THAT(page, Catch::Contains("| option | props keys | verbs | workloads | default |"));
  CHECK_THAT(page,
             Catch::Contains("| `--warehouses N` | warehouses | prepare, quickstart | tpcc |"));
  CHECK_THAT(page, Catch::Contains("| `--fillfactor SPEC` | fillfactor | prepare, quickstart | "
                                   "tpcc, pgbench |"));
  CHECK_THAT(page, Catch::Contains("| `--duration SEC` | duration, runMins | run, quickstart, "
                                   "capacity | all |"));
}
