// The options every workload shares, row by row against each workload
// (TPC-C, sysbench's oltp_read_write, pgbench's scripts, the ingest) on
// short real runs: each either takes effect (--label and --notes in
// result.json's environment, --condition's steps recorded, --restore
// putting back a row changed since tpcc snapshot of the workload's load,
// --metrics-listen answering during the run
// with the workload's own type names, --repeat 2 writing run-1 and run-2)
// or is refused with exit 2 naming the option and the workload. None is
// accepted and ignored.
#include <catch2/catch.hpp>

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/pg/live_scrape.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"
#include "tests/pg/workload_table.hpp"

namespace {

namespace fs = std::filesystem;
using Args = std::vector<std::string>;
using Json = nlohmann::json;
using tpcc::test::read_result;
using tpcc::test::read_text;
using tpcc::test::run_tpcc;
using tpcc::test::table_of;

using tpcc::test::Workload;

const std::vector<Workload>& workloads() {
  static const std::vector<Workload> all = tpcc::test::workload_table("tpcc_shared");
  return all;
}

// `tpcc run` of w for 2 s into dir, with the row's options.
Args run_line(const Workload& w, const std::string& dir, const Args& options) {
  Args args = {"run", "--conn",   w.database(), "--terminals",       "2", "--duration",
               "2",   "--warmup", "0",          "--report-interval", "1", "--result-dir",
               dir};
  args.insert(args.end(), w.args.begin(), w.args.end());
  args.insert(args.end(), options.begin(), options.end());
  return args;
}

// A row: the option and its arguments, the workloads that refuse it, and
// what shows it took effect on the others (a run's directory and output),
// after what the run needs done before it (none by default).
struct Row {
  std::string option;
  Args args;
  std::vector<std::string> refused_by;
  std::function<void(const Workload&, const std::string& dir, const std::string& output)> took;
  std::function<void(const Workload&)> before;
};

// `tpcc snapshot` of w's load (its --workload, not its run's options).
Args snapshot_line(const Workload& w, Args more = {}) {
  Args args = {"snapshot", "--conn", w.database()};
  args.insert(args.end(), w.load.begin(), w.load.end());
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

long long changed_rows(const Workload& w) { return tpcc::test::scalar(w.database(), w.changed); }

bool refuses(const Row& row, const Workload& w) {
  for (const std::string& name : row.refused_by) {
    if (name == w.name) return true;
  }
  return false;
}

const std::vector<Row>& rows() {
  static const std::vector<Row> all = {
      {"--label",
       {"--label", "shared-label", "--notes", "shared notes"},
       {},
       [](const Workload&, const std::string& dir, const std::string&) {
         const Json env = read_result(dir).at("environment");
         REQUIRE(env.is_object());
         CHECK(env.at("label") == "shared-label");
         CHECK(env.at("notes") == "shared notes");
       },
       nullptr},
      {"--condition",
       {"--condition", "checkpoint"},
       {},
       [](const Workload&, const std::string& dir, const std::string& output) {
         const Json steps = read_result(dir).at("conditioning");
         REQUIRE(steps.size() == 1);
         CHECK(steps.at(0).at("step") == "checkpoint");
         CHECK_THAT(output, Catch::Contains("conditioning before the run:"));
       },
       nullptr},
      {"--condition",
       {"--condition", "vacuum,analyze"},
       {},
       [](const Workload& w, const std::string& dir, const std::string&) {
         const Json steps = read_result(dir).at("conditioning");
         REQUIRE(steps.size() == 2);
         CHECK(steps.at(0).at("step") == "vacuum");
         CHECK(steps.at(1).at("step") == "analyze");
         // Another workload's own tables, named.
         if (w.name == "tpcc") return;
         CHECK_THAT(steps.at(0).at("detail").get<std::string>(), Catch::Contains(table_of(w)));
       },
       nullptr},
      {"--restore",
       {"--restore"},
       {},
       [](const Workload& w, const std::string& dir, const std::string& output) {
         CHECK(changed_rows(w) == 0);
         const Json snapshot = read_result(dir).at("snapshot");
         REQUIRE(snapshot.is_object());
         CHECK(snapshot.at("workload") ==
               (w.name == "oltp_read_write" ? std::string("sysbench") : w.name));
         std::string dropped;
         CHECK(run_tpcc(snapshot_line(w, {"--drop"}), &dropped) == 0);
         INFO(output);
       },
       [](const Workload& w) {
         std::string output;
         INFO(output);
         REQUIRE(run_tpcc(snapshot_line(w), &output) == 0);
         tpcc::test::execute(w.database(), w.change);
         REQUIRE(changed_rows(w) == 1);
       }},
      {"--repeat",
       {"--repeat", "2"},
       {},
       [](const Workload&, const std::string& dir, const std::string&) {
         CHECK(read_result(dir).at("runs").size() == 2);
         CHECK(fs::exists(fs::path(dir) / "run-1" / "result.json"));
         CHECK(fs::exists(fs::path(dir) / "run-2" / "result.json"));
       },
       nullptr},
  };
  return all;
}

void check_refused(const Row& row, const Workload& w, const std::string& dir) {
  std::string output;
  CHECK(run_tpcc(run_line(w, dir, row.args), &output) == 2);
  INFO(output);
  CHECK_THAT(output, Catch::Contains(row.option) && Catch::Contains(w.name));
  CHECK_FALSE(fs::exists(dir));  // refused as the options are read: nothing done
}

}  // namespace

TEST_CASE("shared options: each takes effect on every workload or is refused naming it",
          "[shared_options]") {
  for (const Row& row : rows()) {
    for (const Workload& w : workloads()) {
      DYNAMIC_SECTION(row.option << " " << row.args.back() << " on " << w.name) {
        const std::string dir = tpcc::test::scratch_dir("shared_" + w.name);
        if (refuses(row, w)) {
          check_refused(row, w, dir);
        } else if (row.took) {
          if (row.before) row.before(w);
          std::string output;
          const int status = run_tpcc(run_line(w, dir, row.args), &output);
          INFO(output);
          REQUIRE(status == 0);
          row.took(w, dir, output);
        }
      }
    }
  }
}

TEST_CASE("shared options: --metrics-listen answers during every workload's run with its types",
          "[shared_options]") {
  for (const Workload& w : workloads()) {
    DYNAMIC_SECTION("--metrics-listen on " << w.name) {
      const std::string dir = tpcc::test::scratch_dir("shared_live_" + w.name);
      const std::string log =
          (tpcc::test::scratch_root() / ("shared_live_" + w.name + ".log")).string();
      const int port = tpcc::test::free_port();
      tpcc::test::TpccChild child(
          run_line(w, dir, {"--metrics-listen", "127.0.0.1:" + std::to_string(port)}), log);
      const std::string series = "tpcc_transactions_total{type=\"" + w.type + "\"";
      std::optional<std::string> seen;
      int status = -1;
      while (status < 0) {
        if (const std::optional<std::string> text = tpcc::test::scrape(port)) seen = text;
        status = child.wait_for(0.2);
      }
      INFO(read_text(log));
      CHECK(status == 0);
      REQUIRE(seen);
      INFO(*seen);
      CHECK_THAT(*seen, Catch::Contains(series));
      // tpmC counts New-Orders: only TPC-C's run has the gauge.
      CHECK((seen->find("tpcc_run_tpmc") != std::string::npos) == (w.name == "tpcc"));
    }
  }
}
