// A hot standby's primary_conninfo holds the replication password when
// there is one (pg_basebackup -R writes it). A run pointed at the standby
// records the standby's settings in result.json's environment: the password
// appears nowhere in the result directory, nor in what tpcc report and
// report --compare draw, also from a result an older tpcc wrote with the
// password in the clear.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "pgserver/local_server.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"
#include "tests/pg/standby_fixture.hpp"

namespace {

namespace fs = std::filesystem;
using tpcc::test::read_text;
using tpcc::test::run_tpcc;

constexpr const char* kDatabase = "tpcc_standby_mask";
constexpr const char* kSecret = "secret-r3pl-9";
constexpr const char* kOldSecret = "old-secret-7";

// Every file under dir that holds text.
std::vector<fs::path> files_holding(const std::string& dir, const std::string& text) {
  std::vector<fs::path> found;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    if (entry.is_regular_file() && read_text(entry.path()).find(text) != std::string::npos) {
      found.push_back(entry.path());
    }
  }
  return found;
}

const nlohmann::json* setting(const nlohmann::json& result, const std::string& name) {
  for (const auto& s : result.at("environment").at("server").at("settings")) {
    if (s.at("name") == name) return &s;
  }
  return nullptr;
}

}  // namespace

TEST_CASE(
    "a standby's primary_conninfo password appears nowhere in the result, report or "
    "report --compare",
    "[standby_settings_mask]") {
  tpcc::test::StandbyPair pair(kDatabase, kDatabase);
  const std::string primary = pair.primary_database();
  const std::string standby = pair.standby_database();
  std::string output;
  REQUIRE(run_tpcc({"prepare", "--workload", "oltp_point_select", "--conn", primary, "--tables",
                    "1", "--table-size", "1000"},
                   &output) == 0);
  pair.wait_for_replay(60);
  // As pg_basebackup -R writes it for a primary that asks for a password.
  const std::string conninfo =
      tpcc::test::scalar_text(pair.standby().conninfo(), "show primary_conninfo");
  std::string literal;  // the value as an SQL string literal holds it: ' doubled
  for (const char c : conninfo + " password=" + kSecret) {
    literal += c == '\'' ? std::string("''") : std::string(1, c);
  }
  tpcc::test::execute_outside_transaction(pair.standby().conninfo(),
                                          "alter system set primary_conninfo = '" + literal + "'");
  tpcc::test::execute_outside_transaction(pair.standby().conninfo(), "select pg_reload_conf()");
  REQUIRE(
      tpcc::test::scalar_text(pair.standby().conninfo(), "show primary_conninfo").find(kSecret) !=
      std::string::npos);

  const std::string dir = tpcc::test::scratch_dir("standby_mask_run");
  REQUIRE(
      run_tpcc({"run", "--workload", "oltp_point_select", "--conn", standby, "--terminals", "1",
                "--duration", "2", "--tables", "1", "--table-size", "1000", "--result-dir", dir},
               &output) == 0);
  INFO(output);
  CHECK(output.find(kSecret) == std::string::npos);
  CHECK(files_holding(dir, kSecret).empty());
  const nlohmann::json result = tpcc::test::read_result(dir);
  const nlohmann::json* recorded = setting(result, "primary_conninfo");
  REQUIRE(recorded != nullptr);
  CHECK(recorded->at("setting").get<std::string>().find("password=*****") != std::string::npos);

  // The same result as an older tpcc wrote it: the password in the clear,
  // another host so that the comparison shows the setting.
  const std::string old = tpcc::test::scratch_dir("standby_mask_old");
  fs::copy(dir, old, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
  nlohmann::json unmasked = result;
  for (auto& s : unmasked["environment"]["server"]["settings"]) {
    if (s.at("name") == "primary_conninfo") {
      s["setting"] = std::string("user=replicator password=") + kOldSecret + " host=10.9.8.7";
    }
  }
  std::ofstream(fs::path(old) / "result.json") << unmasked.dump(2);

  std::string redrawn;
  CHECK(run_tpcc({"report", old}, &redrawn) == 0);
  CHECK(redrawn.find(kOldSecret) == std::string::npos);
  CHECK(read_text(fs::path(old) / "report.html").find(kOldSecret) == std::string::npos);

  const std::string page =
      (fs::path(tpcc::test::scratch_dir("standby_mask_cmp")) / "compare.html").string();
  std::string compared;
  CHECK(run_tpcc({"report", "--compare", dir, old, "--out", page}, &compared) == 0);
  INFO(compared);
  CHECK(compared.find(kOldSecret) == std::string::npos);
  CHECK(compared.find(kSecret) == std::string::npos);
  CHECK(compared.find("primary_conninfo") != std::string::npos);
  const std::string html = read_text(page);
  CHECK(html.find(kOldSecret) == std::string::npos);
  CHECK(html.find(kSecret) == std::string::npos);
  CHECK(html.find("host=10.9.8.7") != std::string::npos);
}
