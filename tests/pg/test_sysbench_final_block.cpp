// sysbench 1.0.20's final block, side by side: the real sysbench and tpcc
// run oltp_read_write with the same command line on the same sbtest table,
// and their blocks have the same lines by name, in the same order, Threads
// fairness included; tpcc's figures agree with each other (min <= avg <=
// max, the terminals' events summing to the total, the min the exact one
// result.json keeps). A pgbench script that sleeps a known time shows the
// min is a measured latency, not a bucket's edge.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "pgserver/process.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/pgbench_support.hpp"
#include "tests/pg/result_files.hpp"

namespace {

using Json = nlohmann::json;
using tpcc::test::line_names;

constexpr const char* kDatabase = "tpcc_sysbench_final_block";

// oltp_read_write on the tests' server, as sysbench's command line has it.
std::vector<std::string> oltp_args(const std::string& command,
                                   const std::vector<std::string>& extra = {}) {
  const tpcc::test::ServerInfo& server = tpcc::test::local_server();
  std::vector<std::string> args = {"oltp_read_write",
                                   "--db-driver=pgsql",
                                   "--pgsql-host=" + server.socket_dir(),
                                   "--pgsql-port=" + std::to_string(server.port()),
                                   "--pgsql-user=postgres",
                                   std::string("--pgsql-db=") + kDatabase,
                                   "--tables=1",
                                   "--table-size=10000",
                                   "--threads=2"};
  args.insert(args.end(), extra.begin(), extra.end());
  args.push_back(command);
  return args;
}

// sysbench's final block in output: from "SQL statistics:" to its last
// line, Threads fairness' execution time (or the end), without its empty
// lines.
std::vector<std::string> final_block(const std::string& output) {
  std::vector<std::string> block;
  std::istringstream lines(output);
  bool in_block = false;
  for (std::string line; std::getline(lines, line);) {
    if (line == "SQL statistics:") in_block = true;
    if (in_block && !line.empty()) block.push_back(line);
    if (in_block && line.find("execution time (avg/stddev):") != std::string::npos) break;
  }
  return block;
}

// The number after "NAME:" on the block's line that starts with NAME
// (after its indentation); NaN when there is none.
double number_after(const std::vector<std::string>& block, const std::string& name) {
  for (const std::string& line : block) {
    const std::size_t at = line.find_first_not_of(' ');
    if (at == std::string::npos || line.compare(at, name.size() + 1, name + ":") != 0) continue;
    return std::stod(line.substr(at + name.size() + 1));
  }
  return std::nan("");
}

// "avg/stddev" of the fairness line NAME, as two numbers.
std::pair<double, double> avg_stddev(const std::vector<std::string>& block,
                                     const std::string& name) {
  for (const std::string& line : block) {
    const std::size_t at = line.find(name + ":");
    if (at == std::string::npos) continue;
    const std::string value = line.substr(at + name.size() + 1);
    const std::size_t slash = value.find('/');
    return {std::stod(value.substr(0, slash)), std::stod(value.substr(slash + 1))};
  }
  return {std::nan(""), std::nan("")};
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& l : lines) text += l + "\n";
  return text;
}

// A latency of result.json (ms to three decimals: exact µs) in µs.
std::int64_t as_micros(const Json& ms) { return std::llround(ms.get<double>() * 1000.0); }

}  // namespace

TEST_CASE(
    "sysbench final block: the same lines as sysbench 1.0.20's oltp_read_write, Threads "
    "fairness included, with an exact min",
    "[sysbench_final_block]") {
  tpcc::test::create_database(kDatabase);
  std::string output;
  REQUIRE(tpcc::test::run_tpcc(oltp_args("prepare"), &output) == 0);

  const std::string dir = tpcc::test::scratch_dir("sysbench_final_block");
  output.clear();  // run_tpcc appends
  const int status =
      tpcc::test::run_tpcc(oltp_args("run", {"--time=3", "--result-dir", dir}), &output);
  INFO(output);
  REQUIRE(status == 0);
  const std::vector<std::string> ours = final_block(output);
  INFO(joined(ours));

  // tpcc's figures agree with each other.
  const double events = number_after(ours, "total number of events");
  const double min = number_after(ours, "min");
  const double avg = number_after(ours, "avg");
  const double max = number_after(ours, "max");
  REQUIRE(events > 0);
  CHECK(min > 0);
  CHECK(min <= avg);
  CHECK(avg <= max);
  const auto [events_avg, events_stddev] = avg_stddev(ours, "events (avg/stddev)");
  const auto [time_avg, time_stddev] = avg_stddev(ours, "execution time (avg/stddev)");
  CHECK(events_avg * 2 == Approx(events));  // two threads
  CHECK(events_stddev >= 0);
  CHECK(events_stddev <= events_avg);
  // Each thread was busy for most of the 3 s, never for more.
  CHECK(time_avg > 1.0);
  CHECK(time_avg <= 3.1);
  CHECK(time_stddev >= 0);
  // The execution time is the sum of the latencies, over the threads.
  CHECK(time_avg * 2 == Approx(number_after(ours, "sum") / 1000.0).epsilon(0.001));
  // The min printed is the exact one result.json keeps.
  const Json result = tpcc::test::read_result(dir);
  const std::int64_t min_us = as_micros(result.at("sysbench").at("latency_ms").at("min"));
  CHECK(min == Approx(static_cast<double>(min_us) / 1000.0).margin(0.005));
  const Json& totals = result.at("terminal_totals");
  REQUIRE(totals.at("events").size() == 2);
  CHECK(totals.at("events").at(0).get<double>() + totals.at("events").at(1).get<double>() ==
        events);
  CHECK(min_us > 0);

  const std::string sysbench = tpcc::find_in_path("sysbench");
  if (sysbench.empty()) {
    WARN("sysbench is not installed: the comparison with its final block is skipped");
    return;
  }
  std::vector<std::string> argv = {sysbench};
  const std::vector<std::string> args = oltp_args("run", {"--time=3"});
  argv.insert(argv.end(), args.begin(), args.end());
  std::string theirs_output;
  REQUIRE(tpcc::run_process(argv, {}, &theirs_output) == 0);
  const std::vector<std::string> theirs = final_block(theirs_output);
  INFO(joined(theirs));
  REQUIRE(theirs.size() > 10);
  CHECK(line_names(ours) == line_names(theirs));
}

TEST_CASE("latency min: the shortest transaction's measured time, above a bucket's edge",
          "[sysbench_final_block]") {
  const std::string conninfo = tpcc::test::pgbench_database("tpcc_min_bound");
  // 2^15 µs: the first value of its histogram bucket. Every transaction
  // sleeps that long and a little more.
  const std::string script =
      tpcc::test::write_script("min_sleep.sql", "\\sleep 32768 us\nSELECT 1;\n");
  const std::string dir = tpcc::test::scratch_dir("latency_min_bound");
  std::string output;
  const int status = tpcc::test::run_tpcc(
      tpcc::test::pgbench_line(
          "run", conninfo,
          {"--file", script, "--duration", "2", "--warmup", "0", "--result-dir", dir}),
      &output);
  INFO(output);
  REQUIRE(status == 0);
  const Json latency = tpcc::test::read_result(dir).at("pgbench").at("latency_ms");
  const std::int64_t min_us = as_micros(latency.at("min"));
  CHECK(min_us > 32768);
  CHECK(min_us < 32768 + 20000);
  CHECK(min_us <= as_micros(latency.at("average")));
  CHECK(as_micros(latency.at("average")) <= as_micros(latency.at("max")));
}
