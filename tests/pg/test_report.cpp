// tpcc report DIR and tpcc report --compare on real runs: the page redrawn
// from a result directory is the page the run wrote, and the comparison of
// two runs carries both tpmC figures and their ratio. With chromium on the
// machine, report.html and the compare page are also read as a browser
// lays them out, without console errors, and screenshot.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/pg/pg_fixture.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

constexpr const char* kDatabase = "tpcc_report";
constexpr int kWarehouses = 1;
using tpcc::test::loaded_database;
using tpcc::test::scratch_root;

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
  const int status =
      tpcc::test::run_tpcc({"run", "--conn", loaded_database(kDatabase, kWarehouses), "--terminals",
                            std::to_string(terminals), "--warmup", "2", "--duration", "6",
                            "--report-interval", "2", "--result-dir", dir},
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

const std::string& second_run() {
  static const std::string dir = short_run("second", 4);
  return dir;
}

bool have_chromium() { return std::system("command -v chromium >/dev/null 2>&1") == 0; }

// Headless chromium on a page: its DOM after layout and what it logged
// (the page's console messages are lines with ":CONSOLE").
struct BrowserView {
  std::string dom;
  std::string log;
};

BrowserView open_in_chromium(const std::string& page) {
  const fs::path log = scratch_root() / "chromium.log";
  const std::string command =
      "timeout 120 chromium --headless=new --no-sandbox --disable-gpu "
      "--enable-logging=stderr --v=0 --dump-dom 'file://" +
      page + "' 2>'" + log.string() + "'";
  BrowserView view;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return view;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
    view.dom.append(buffer, n);
  ::pclose(pipe);
  view.log = read_text(log);
  return view;
}

// The size of chromium's PNG screenshot of a page (a laptop-wide window,
// long enough for the charts); 0 when none was written.
std::uintmax_t screenshot_bytes(const std::string& page, const fs::path& png) {
  fs::remove(png);
  const std::string command =
      "timeout 120 chromium --headless=new --no-sandbox --disable-gpu "
      "--hide-scrollbars --window-size=1280,2400 --screenshot='" +
      png.string() + "' 'file://" + page + "' >/dev/null 2>&1";
  if (std::system(command.c_str()) != 0 || !fs::exists(png)) return 0;
  return fs::file_size(png);
}

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The rules result.json says fail, each as "clause name"; the line the
// summary, the exit status and the page head their rules with, as
// rules_overall_line words it.
std::vector<std::string> failed_rules(const Json& result) {
  std::vector<std::string> failed;
  for (const Json& rule : result.at("run_rules").at("rules")) {
    if (rule.at("verdict") == "fail") {
      failed.push_back(rule.at("clause").get<std::string>() + " " +
                       rule.at("name").get<std::string>());
    }
  }
  return failed;
}

std::string failed_line(const std::vector<std::string>& failed) {
  std::string line = std::to_string(failed.size()) + " rule(s) fail: ";
  for (std::size_t i = 0; i < failed.size(); ++i) line += (i > 0 ? ", " : "") + failed[i];
  return line;
}

// The console's "Run rules:" block up to the blank line after its table,
// and its head line unwrapped (the summary wraps it at 98 columns,
// continuing with two spaces).
std::string rules_block(const std::string& output) {
  const auto start = output.find("Run rules: ");
  if (start == std::string::npos) return "";
  const auto end = output.find("\n\n", start);
  return output.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

std::string rules_head(const std::string& block) {
  std::string head;
  std::istringstream in(block);
  for (std::string line; std::getline(in, line) && line.rfind("  clause", 0) != 0;) {
    head += head.empty() ? line : " " + line.substr(2);
  }
  return head;
}

// The console row of the rule of `clause` named `name`: its last word is
// the verdict.
std::string console_row(const std::string& block, const std::string& clause,
                        const std::string& name) {
  std::istringstream in(block);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("  " + clause + " ", 0) == 0 && line.find(name) != std::string::npos) {
      return line;
    }
  }
  return "";
}

// The page's verdict cell of the rule named `name`.
std::string page_verdict(const std::string& page, const std::string& name) {
  const auto row = page.find("<td>" + name + "</td>");
  if (row == std::string::npos) return "";
  const auto cell = page.find("<td class=", page.find("</td>", page.find("<td>", row + 1) + 1));
  return page.substr(cell, page.find("</td>", cell) - cell);
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
  const std::string b = second_run();
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
  if (!have_chromium()) {
    WARN("chromium is not installed: report.html is not checked in a browser");
    return;
  }
  const BrowserView view = open_in_chromium((fs::path(first_run()) / "report.html").string());
  INFO(view.log);
  CHECK(view.log.find(":CONSOLE") == std::string::npos);
  const std::string& dom = view.dom;
  REQUIRE(!dom.empty());
  for (const char* title :
       {"Throughput per interval", "New-Order latency per interval", "Payment latency histogram",
        "Run rules", "Input audits (9.2.2.5)", "Server metrics per interval",
        "Commits and rollbacks per second", "Wait events of the kit's backends",
        "Configuration (config.json, password masked)"}) {
    CHECK(dom.find(title) != std::string::npos);
  }
}

TEST_CASE("report: chromium opens the compare page without console errors, its charts drawn",
          "[report]") {
  if (!have_chromium()) {
    WARN("chromium is not installed: the compare page is not checked in a browser");
    return;
  }
  const std::string page = (scratch_root() / "browser" / "compare.html").string();
  std::string output;
  REQUIRE(tpcc::test::run_tpcc({"report", "--compare", first_run(), second_run(), "--out", page},
                               &output) == 0);
  const BrowserView view = open_in_chromium(page);
  REQUIRE(!view.dom.empty());
  INFO(view.log);
  CHECK(view.log.find(":CONSOLE") == std::string::npos);
  // The overlaid curves (two throughput charts, five p90 charts), the server
  // metrics' table.
  CHECK(count_of(view.dom, "<svg") >= 7);
  CHECK(count_of(view.dom, "<polyline") >= 14);
  for (const char* title : {"Headline figures", "tpmC per interval", "Server metrics", "commits/s",
                            "Configuration differences"}) {
    CHECK(view.dom.find(title) != std::string::npos);
  }
  // The check can fail: a page that logs an error is caught.
  const fs::path noisy = scratch_root() / "browser" / "noisy.html";
  std::ofstream(noisy) << "<!DOCTYPE html><html><body><script>console.error('broken')</script>"
                          "</body></html>";
  CHECK(open_in_chromium(noisy.string()).log.find(":CONSOLE") != std::string::npos);
  // The screenshot shows the charts: a blank page of the same size
  // compresses to a fraction of its bytes.
  const fs::path blank = scratch_root() / "browser" / "blank.html";
  std::ofstream(blank) << "<!DOCTYPE html><html><body></body></html>";
  const std::uintmax_t blank_bytes =
      screenshot_bytes(blank.string(), scratch_root() / "browser" / "blank.png");
  const std::uintmax_t page_bytes =
      screenshot_bytes(page, scratch_root() / "browser" / "compare.png");
  REQUIRE(blank_bytes > 0);
  CHECK(page_bytes > 3 * blank_bytes);
}

// The run's verdict is judged once and carried to the summary, the exit
// status, result.json and report.html: a run whose mix breaks 5.2.3 (35%
// Payment, 43% the minimum) under --spec shows that rule failing in all
// four, each listing the same failed rules, and tpcc report DIR prints and
// draws that verdict again.
TEST_CASE("5.2.3 a run's verdict is one: summary, exit status, result.json and page agree",
          "[report][run_rules]") {
  const std::string dir = (scratch_root() / "verdict").string();
  fs::remove_all(dir);
  std::string output;
  const int status = tpcc::test::run_tpcc(
      {"run", "--conn", loaded_database(kDatabase, kWarehouses), "--spec", "--keying-think=off",
       "--terminals", "2", "--mix", "53,35,4,4,4", "--warmup", "1", "--duration", "4",
       "--report-interval", "1", "--result-dir", dir},
      &output);
  INFO(output);
  const Json result = Json::parse(read_text(fs::path(dir) / "result.json"));
  const std::string payment = "Payment share of the mix";
  const std::string rule = "5.2.3 " + payment;
  const std::vector<std::string> failed = failed_rules(result);
  const std::string line = failed_line(failed);
  // result.json: the rule fails, and so the run's rules.
  CHECK(std::find(failed.begin(), failed.end(), rule) != failed.end());
  CHECK(result.at("run_rules").at("all_pass") == false);
  CHECK(result.at("exit_status") == 1);
  // The exit status, and the line that explains it: result.json's failed
  // rules, the Payment share among them.
  CHECK(status == 1);
  const auto explained = output.find("run failed (--spec): " + line + "\n");
  CHECK(explained != std::string::npos);
  CHECK(output.find(rule, output.find("run failed (--spec): ")) != std::string::npos);
  // The summary: the same head line, the rule's row FAIL.
  const std::string block = rules_block(output);
  CHECK(rules_head(block) == "Run rules: " + line);
  const std::string row = console_row(block, "5.2.3", payment);
  CHECK(row.size() > 4);
  CHECK(row.substr(row.size() - std::min<std::size_t>(row.size(), 4)) == "FAIL");
  // The page: the same head line, the rule's row FAIL.
  const fs::path page = fs::path(dir) / "report.html";
  const std::string written = read_text(page);
  CHECK(written.find("<p class=\"fail\">" + line + "</p>") != std::string::npos);
  CHECK(page_verdict(written, payment) == "<td class=\"fail\">FAIL");
  // tpcc report DIR: the same verdict printed and drawn again.
  fs::remove(page);
  std::string redrawn;
  CHECK(tpcc::test::run_tpcc({"report", dir}, &redrawn) == 0);
  CHECK(rules_block(redrawn) == block);
  CHECK(read_text(page) == written);
}
