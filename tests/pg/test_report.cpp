// tpcc report DIR and tpcc report --compare on real runs: the page redrawn
// from a result directory is the page the run wrote, and the comparison of
// two runs carries both tpmC figures and their ratio. With chromium on the
// machine, the page is also read as a browser lays it out.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/pg/pg_fixture.hpp"
#include "tests/unit/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

constexpr const char* kDatabase = "tpcc_report";
constexpr int kWarehouses = 1;

const std::string& loaded_database() {
  static const std::string conninfo = tpcc::test::prepared_database(kDatabase, kWarehouses);
  return conninfo;
}

const fs::path& scratch_root() {
  static const tpcc::test::TempDir root;
  return root.path();
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A short run into scratch/name with `terminals` terminals; its directory.
std::string short_run(const std::string& name, int terminals) {
  const std::string dir = (scratch_root() / name).string();
  fs::remove_all(dir);
  std::string output;
  const int status = tpcc::test::run_tpcc(
      {"run", "--conn", loaded_database(), "--terminals", std::to_string(terminals), "--warmup",
       "2", "--duration", "6", "--report-interval", "2", "--result-dir", dir},
      &output);
  INFO(output);
  REQUIRE(status == 0);
  return dir;
}

const std::string& first_run() {
  static const std::string dir = short_run("first", 2);
  return dir;
}

std::string tpmc_text(const std::string& dir) {
  std::ostringstream text;
  text << std::fixed << std::setprecision(1)
       << Json::parse(read_text(fs::path(dir) / "result.json")).at("tpmC").get<double>();
  return text.str();
}

// chromium's DOM of a page after layout, or nothing when it cannot run.
std::string dump_dom(const std::string& page) {
  const std::string command = "timeout 120 chromium --headless=new --no-sandbox --disable-gpu "
                              "--dump-dom 'file://" + page + "' 2>/dev/null";
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return "";
  std::string dom;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) dom.append(buffer, n);
  ::pclose(pipe);
  return dom;
}

}  // namespace

TEST_CASE("report: tpcc report DIR redraws the page the run wrote", "[report]") {
  const std::string dir = first_run();
  const fs::path page = fs::path(dir) / "report.html";
  const std::string written = read_text(page);
  REQUIRE(fs::is_regular_file(fs::path(dir) / "intervals_by_type.csv"));
  fs::remove(page);
  std::string output;
  CHECK(tpcc::test::run_tpcc({"report", dir}, &output) == 0);
  INFO(output);
  CHECK(read_text(page) == written);
  CHECK(output.find("report written to " + page.string()) != std::string::npos);
}

TEST_CASE("report: tpcc report DIR without intervals_by_type.csv exits 2 naming it", "[report]") {
  const std::string dir = (scratch_root() / "partial").string();
  fs::remove_all(dir);
  fs::copy(first_run(), dir);
  fs::remove(fs::path(dir) / "intervals_by_type.csv");
  std::string output;
  CHECK(tpcc::test::run_tpcc({"report", dir}, &output) == 2);
  CHECK(output.find(dir + "/intervals_by_type.csv") != std::string::npos);
  CHECK(tpcc::test::run_tpcc({"report", "--compare", first_run(), dir}, &output) == 2);
  CHECK(output.find("--compare: cannot read " + dir + "/intervals_by_type.csv") !=
        std::string::npos);
}

TEST_CASE("report: tpcc report --compare puts two runs' tpmC and their ratio on one page",
          "[report]") {
  const std::string a = first_run();
  const std::string b = short_run("second", 4);
  const std::string out = (scratch_root() / "cmp" / "both.html").string();
  std::string output;
  CHECK(tpcc::test::run_tpcc({"report", "--compare", a, b, "--out", out}, &output) == 0);
  INFO(output);
  const std::string page = read_text(out);
  const double tpmc_a = std::stod(tpmc_text(a));
  const double tpmc_b = std::stod(tpmc_text(b));
  REQUIRE(tpmc_a > 0);
  std::ostringstream ratio;
  ratio << std::fixed << std::setprecision(2) << tpmc_b / tpmc_a;
  CHECK(page.find("<td>" + tpmc_text(a) + "</td>") != std::string::npos);
  CHECK(page.find(tpmc_text(b) + " <span class=\"ratio\">(" + ratio.str()) != std::string::npos);
  // The runs differ in their terminals: highlighted.
  CHECK(page.find("<tr class=\"diff\"><td>run.terminals</td><td>2</td><td>4</td></tr>") !=
        std::string::npos);
}

TEST_CASE("report: chromium lays report.html out with its chart titles", "[report]") {
  if (std::system("command -v chromium >/dev/null 2>&1") != 0) {
    WARN("chromium is not installed: report.html is not checked in a browser");
    return;
  }
  const std::string dom = dump_dom((fs::path(first_run()) / "report.html").string());
  REQUIRE(!dom.empty());
  for (const char* title : {"Throughput per interval", "New-Order latency per interval",
                            "Payment latency histogram", "Run rules", "Input audits (9.2.2.5)",
                            "Configuration (config.json, password masked)"}) {
    CHECK(dom.find(title) != std::string::npos);
  }
}
