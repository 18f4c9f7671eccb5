// Interference (docs/ch.md): tpcc run --ch-baseline SEC runs TPC-C's
// terminals alone for the measured interval's first SEC seconds, the
// analytic streams held back, then beside them; result.json's
// ch.interference gives tpmC alone (the baseline's interval lines only,
// checked against intervals.csv), tpmC mixed and their ratio, and no query
// ends within the baseline (intervals.csv's ch columns). tpcc sweep --vary
// ch-streams=0,1 gives the interference curve: per point tpmC, QphH and
// tpmC in % of the ch-streams=0 point's. Refusals exit 2 naming the flag.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/pg/ch_fixture.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"
#include "tests/unit/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using Catch::Detail::Approx;
using Json = nlohmann::json;
using Row = std::map<std::string, std::string>;

constexpr int kWarmup = 2;
constexpr int kInterval = 2;
constexpr int kBaseline = 4;
constexpr int kDuration = 10;

// A W=1 load with CH's tables, made once for the file's cases.
const std::string& ch_database() { return tpcc::test::ch_database("tpcc_ch_interference", 1); }

double number(const Row& row, const std::string& column) {
  REQUIRE(row.count(column) == 1);
  return std::stod(row.at(column));
}

}  // namespace

TEST_CASE(
    "tpcc run --ch-baseline: TPC-C alone for the baseline's intervals, then beside the streams",
    "[ch][interference]") {
  const tpcc::test::TempDir scratch;
  const fs::path dir = scratch.path() / "baseline";
  std::string output;
  tpcc::test::ChRun run{ch_database(), dir};
  run.warmup = kWarmup;
  run.baseline = kBaseline;
  run.duration = kDuration;
  run.report_interval = kInterval;
  const int status = tpcc::test::run_tpcc(run.args(), &output);
  INFO(output);
  REQUIRE(status == 0);
  CHECK(output.find("interference: TPC-C alone for the measured interval's first 4.0 s") !=
        std::string::npos);
  CHECK(output.find("% of alone") != std::string::npos);

  const Json result = tpcc::test::read_result(dir.string());
  const Json& ch = result.at("ch");
  REQUIRE(ch.contains("interference"));
  const Json& split = ch.at("interference");
  CHECK(split.at("baseline_seconds").get<double>() == Approx(kBaseline));
  const double measured = result.at("measured_seconds").get<double>();
  CHECK(split.at("mixed_seconds").get<double>() == Approx(measured - kBaseline).margin(0.01));
  // QphH counts the part the streams ran in.
  CHECK(ch.at("seconds").get<double>() == Approx(measured - kBaseline).margin(0.01));

  // From intervals.csv: the measured lines ending within the baseline are
  // alone; New-Orders per line are its tpmC times its minutes.
  double alone_new_orders = 0;
  double mixed_new_orders = 0;
  long long queries_in_baseline = 0;
  long long queries_after = 0;
  double previous_end = 0;
  for (const Row& row : tpcc::test::read_intervals(dir.string())) {
    const double end = number(row, "elapsed_s");
    const double length = end - previous_end;
    previous_end = end;
    const bool before_streams = end <= kWarmup + kBaseline + 0.05;
    const auto queries = static_cast<long long>(number(row, "ch_count"));
    (before_streams ? queries_in_baseline : queries_after) += queries;
    if (before_streams) CHECK(number(row, "ch_active_terminals") == 0);
    if (row.at("warmup") == "1") continue;
    (before_streams ? alone_new_orders : mixed_new_orders) += number(row, "tpmC") * length / 60;
  }
  // The streams ran no query while held back, and did after.
  CHECK(queries_in_baseline == 0);
  CHECK(queries_after > 0);
  CHECK(alone_new_orders > 0);
  CHECK(split.at("tpmc_alone").get<double>() ==
        Approx(alone_new_orders * 60 / kBaseline).epsilon(0.01));
  CHECK(split.at("tpmc_mixed").get<double>() ==
        Approx(mixed_new_orders * 60 / (measured - kBaseline)).epsilon(0.01));
  CHECK(split.at("ratio").get<double>() ==
        Approx(split.at("tpmc_mixed").get<double>() / split.at("tpmc_alone").get<double>())
            .epsilon(0.001));
  // TPC-C's own tpmC stays the whole measured interval's.
  CHECK(result.at("tpmC").get<double>() ==
        Approx((alone_new_orders + mixed_new_orders) * 60 / measured).epsilon(0.01));

  const std::string page = tpcc::test::read_text(dir / "report.html");
  CHECK(page.find("Interference: TPC-C alone, then beside the streams") != std::string::npos);
  CHECK(page.find("tpmC % of alone") != std::string::npos);
}

TEST_CASE("tpcc run --ch-baseline: refused without streams or a mixed part (exit 2)",
          "[ch][interference]") {
  std::string output;
  CHECK(tpcc::test::run_tpcc({"run", "--conn", ch_database(), "--ch-baseline", "4", "--duration",
                              "10", "--report-interval", "2"},
                             &output) == 2);
  CHECK(output.find("--ch-baseline: TPC-C alone, then with analytic streams: give --ch-streams") !=
        std::string::npos);
  output.clear();
  CHECK(tpcc::test::run_tpcc({"run", "--conn", ch_database(), "--ch-streams", "1", "--ch-baseline",
                              "10", "--duration", "10", "--report-interval", "2"},
                             &output) == 2);
  CHECK(output.find("--ch-baseline: 10 s leaves no mixed part") != std::string::npos);
}

TEST_CASE("tpcc sweep --vary ch-streams=0,1: tpmC, QphH and tpmC in % of the 0 point's",
          "[ch][interference][sweep]") {
  const tpcc::test::TempDir scratch;
  const fs::path dir = scratch.path() / "sweep";
  std::string output;
  const int status = tpcc::test::run_tpcc(
      {"sweep", "--conn", ch_database(), "--vary", "ch-streams=0,1", "--terminals", "2",
       "--duration", "6", "--report-interval", "2", "--result-dir", dir.string()},
      &output);
  INFO(output);
  REQUIRE(status == 0);
  const std::string header = tpcc::test::table_header(output, "ch-streams");
  CHECK(header.find("tpmC | tpmC 95 % CI | tpmC % of ch-streams=0") != std::string::npos);
  CHECK(header.find("QphH") != std::string::npos);
  CHECK(fs::exists(dir / "report.html"));
  CHECK(tpcc::test::read_text(dir / "report.html").find("tpmC % of ch-streams=0") !=
        std::string::npos);

  const Json sweep = tpcc::test::read_result(dir.string());
  REQUIRE(sweep.at("points").size() == 2);
  std::map<std::string, std::map<std::string, double>> medians;  // point -> figure -> median
  for (const Json& p : sweep.at("points")) {
    for (const Json& f : p.at("figures")) {
      medians[p.at("values").at("ch-streams")][f.at("name")] = f.at("median").get<double>();
    }
  }
  CHECK(medians["0"].count("QphH") == 0);  // no streams, no queries
  CHECK(medians["1"].at("QphH") > 0);
  CHECK(medians["0"].at("tpmC % of ch-streams=0") == Approx(100));
  CHECK(medians["1"].at("tpmC % of ch-streams=0") ==
        Approx(100 * medians["1"].at("tpmC") / medians["0"].at("tpmC")).epsilon(0.01));
}
