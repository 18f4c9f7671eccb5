// pgbench's random_gaussian and random_zipfian as tpcc draws them, against
// the distributions pgbench 15 defines and against the real pgbench's own
// draws: one script, run by both tools, stores each draw in a table; the
// mean and a quantile of each tool's draws must sit within a few standard
// errors of the definition. pgbench's draws pass the same bounds, so the
// bounds and the definitions are right; a tpcc whose mapping drifted (a
// wrong parameter, an off-by-one range) moves them far beyond.
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include "pgserver/process.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/pgbench_support.hpp"

namespace {

using tpcc::test::scalar_text;

constexpr int kClients = 4;
constexpr int kPerClient = 5000;
constexpr double kDraws = kClients * kPerClient;
constexpr int kMax = 1000;
constexpr double kGaussianParam = 10.0;
constexpr double kZipfianParam = 1.5;
// Each tool's draws in pgb_draws, by a number (a variable is substituted as
// a literal without quotes in pgbench's simple query mode).
constexpr const char* kTpcc = "1";
constexpr const char* kPgbench = "2";

constexpr const char* kScript =
    "\\set g random_gaussian(1, 1000, 10.0)\n"
    "\\set z random_zipfian(1, 1000, 1.5)\n"
    "INSERT INTO pgb_draws (tool, g, z) VALUES (:tool, :g, :z);\n";

// pgbench's random_gaussian(1, max, param): a standard normal draw Z cut at
// +-param maps to 1 + floor(max * (Z + param) / (2 param)); its q-quantile
// is that of Z (the cut removes under 1e-20 here).
long long gaussian_quantile(double z) {
  return 1 + static_cast<long long>(std::floor(kMax * (z + kGaussianParam) / (2 * kGaussianParam)));
}

// pgbench's random_zipfian(1, max, s): P(k) = k^-s / sum of j^-s.
std::vector<double> zipfian_probabilities() {
  std::vector<double> p(kMax + 1, 0.0);
  double total = 0;
  for (int k = 1; k <= kMax; ++k) total += std::pow(k, -kZipfianParam);
  for (int k = 1; k <= kMax; ++k) p[k] = std::pow(k, -kZipfianParam) / total;
  return p;
}

double figure(const std::string& conninfo, const std::string& tool, const std::string& expr) {
  return std::stod(
      scalar_text(conninfo, "select (" + expr + ")::float8 from pgb_draws where tool = " + tool));
}

// Checks one tool's draws against the definitions.
void check_draws(const std::string& conninfo, const std::string& tool) {
  INFO("draws of tool " << tool << " (1: tpcc, 2: pgbench)");
  REQUIRE(figure(conninfo, tool, "count(*)") == kDraws);
  // Gaussian: mean (max + 1) / 2, a standard deviation of max / 20; the
  // standard error of the mean is 50 / sqrt(20000) = 0.35.
  CHECK(figure(conninfo, tool, "avg(g)") == Approx(500.5).margin(1.5));
  CHECK(figure(conninfo, tool, "min(g)") >= 1);
  CHECK(figure(conninfo, tool, "max(g)") <= kMax);
  // Its 90th percentile: Z's is 1.2816 (a draw's spread is 50, so +-3).
  const double q90 = figure(conninfo, tool, "percentile_disc(0.9) within group (order by g)");
  CHECK(q90 == Approx(static_cast<double>(gaussian_quantile(1.2816))).margin(3));

  // Zipfian: the mean from P(k), its standard error about 0.7 here; the
  // share of 1s and the share at or below the definition's 90th percentile
  // (a share's standard error is at most 0.0035).
  const std::vector<double> p = zipfian_probabilities();
  double mean = 0;
  for (int k = 1; k <= kMax; ++k) mean += k * p[k];
  CHECK(figure(conninfo, tool, "avg(z)") == Approx(mean).margin(3.5));
  CHECK(figure(conninfo, tool, "avg((z = 1)::int)") == Approx(p[1]).margin(0.015));
  double below = 0;
  int k90 = 0;
  while (below < 0.9) below += p[++k90];
  CHECK(figure(conninfo, tool, "avg((z <= " + std::to_string(k90) + ")::int)") ==
        Approx(below).margin(0.015));
  CHECK(figure(conninfo, tool, "min(z)") == 1);
  CHECK(figure(conninfo, tool, "max(z)") <= kMax);
}

}  // namespace

TEST_CASE("pgbench draws: random_gaussian and random_zipfian follow pgbench's definitions",
          "[pgbench_draws]") {
  const std::string conninfo = tpcc::test::pgbench_database("tpcc_pgb_draws");
  tpcc::test::execute(conninfo, "create table pgb_draws (tool int, g int, z int)");
  const std::string script = (tpcc::test::scratch_root() / "pgbench_draws.sql").string();
  std::ofstream(script) << kScript;
  std::string output;
  const int ours = tpcc::test::run_tpcc(
      tpcc::test::pgbench_line(
          "run", conninfo,
          {"--file", script, "--define", "tool=" + std::string(kTpcc), "--terminals",
           std::to_string(kClients), "--txns-per-terminal", std::to_string(kPerClient),
           "--result-dir", tpcc::test::scratch_dir("pgbench_draws_run")}),
      &output);
  INFO(output);
  REQUIRE(ours == 0);
  check_draws(conninfo, kTpcc);

  const std::string pgbench = tpcc::test::find_pgbench();
  if (pgbench.empty()) {
    WARN("pgbench is not installed: its own draws are not compared");
    return;
  }
  const tpcc::test::ServerInfo& server = tpcc::test::local_server();
  const int status = tpcc::run_process(
      {pgbench, "-n", "-f", script, "-D", "tool=" + std::string(kPgbench), "-c",
       std::to_string(kClients), "-t", std::to_string(kPerClient), "-h", server.socket_dir(), "-p",
       std::to_string(server.port()), "-U", "postgres", "tpcc_pgb_draws"},
      {}, &output);
  INFO(output);
  REQUIRE(status == 0);
  check_draws(conninfo, kPgbench);
}
