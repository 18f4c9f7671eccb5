// The config room's descriptor of each workload (config/workload_config.hpp):
// one for every workload, of its own kind, listed once; what each one's
// names, owner word, capacity rules and load axes are, as a table; and the
// block of its own each writes into config.json and reads back.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "config/effective.hpp"
#include "config/names.hpp"
#include "config/settings/settings.hpp"
#include "config/sweep_grid.hpp"
#include "config/workload_config.hpp"
#include "tests/unit/config_test_support.hpp"

namespace {

using tpcc::WorkloadKind;
using tpcc::test::parse;

struct Expected {
  WorkloadKind kind;
  std::string name;
  std::string owner;
  std::string hint;
  std::string json_key;  // "" for none
  bool tpmc;
  bool procedures;
  std::vector<std::string> load_axes;
};

// The five, in the order messages and the options page name them.
const std::vector<Expected> kExpected = {
    {WorkloadKind::Tpcc, "tpcc", "TPC-C's", "tpcc", "", true, true, {"warehouses"}},
    {WorkloadKind::SysbenchOltp,
     "oltp_*",
     "sysbench's oltp tests'",
     "oltp_read_write (or another oltp test)",
     "oltp",
     false,
     false,
     {"tables", "table-size"}},
    {WorkloadKind::Pgbench, "pgbench", "pgbench's", "pgbench", "pgbench", false, false, {"scale"}},
    {WorkloadKind::Ingest, "ingest", "the ingest workload's", "ingest", "ingest", false, false, {}},
    {WorkloadKind::Ch, "ch", "CH-benCHmark's", "ch", "", false, false, {}},
};

nlohmann::json config_json(const tpcc::Config& config) {
  return nlohmann::json::parse(tpcc::effective_config_json(config));
}

}  // namespace

TEST_CASE("workload config: every workload has its descriptor, of its own kind, listed once",
          "[config][workload_config]") {
  const std::vector<const tpcc::WorkloadConfig*>& all = tpcc::workload_configs();
  REQUIRE(all.size() == kExpected.size());
  tpcc::WorkloadSet bits = 0;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const tpcc::WorkloadConfig& workload = *all[i];
    INFO("workload " << workload.name);
    CHECK(workload.kind == kExpected[i].kind);
    CHECK(&tpcc::workload_config(workload.kind) == &workload);
    CHECK((bits & workload.bit()) == 0);
    bits |= workload.bit();
    // A block is written under its key and, when read back, by a reader.
    CHECK((workload.json_key == nullptr) == (workload.json_block == nullptr));
    if (workload.read_json_block != nullptr) CHECK(workload.json_block != nullptr);
  }
}

TEST_CASE("workload config: each workload's names, owner, capacity rules and load axes",
          "[config][workload_config]") {
  for (const Expected& e : kExpected) {
    const tpcc::WorkloadConfig& workload = tpcc::workload_config(e.kind);
    INFO("workload " << e.name);
    CHECK(workload.name == e.name);
    CHECK(workload.owner == e.owner);
    CHECK(tpcc::workloads_text(workload.bit()) == e.owner);
    CHECK(tpcc::workload_list(workload.bit()) == e.name);
    CHECK(std::string(workload.hint != nullptr ? workload.hint : workload.name) == e.hint);
    CHECK(std::string(workload.json_key == nullptr ? "" : workload.json_key) == e.json_key);
    CHECK(workload.tpmc == e.tpmc);
    CHECK(workload.procedures == e.procedures);
    CHECK(tpcc::sweep_load_axes(e.kind) == e.load_axes);
    for (const std::string& axis : e.load_axes) CHECK(tpcc::sweep_load_axis(axis));
  }
  CHECK_FALSE(tpcc::sweep_load_axis("terminals"));
  CHECK(tpcc::workloads_text(tpcc::workload_config(WorkloadKind::Tpcc).bit() |
                             tpcc::workload_config(WorkloadKind::Ingest).bit()) ==
        "TPC-C's and the ingest workload's");
}

TEST_CASE("workload config: every name --workload takes names its workload back",
          "[config][workload_config]") {
  CHECK(tpcc::workload_names() ==
        "tpcc, oltp_read_write, oltp_read_only, oltp_write_only, oltp_point_select, "
        "oltp_update_index, oltp_update_non_index, oltp_insert, oltp_delete, ingest, pgbench, ch");
  int names = 0;
  std::string rest = tpcc::workload_names() + ", ";
  for (std::size_t at = rest.find(", "); at != std::string::npos; at = rest.find(", ")) {
    const std::string name = rest.substr(0, at);
    rest.erase(0, at + 2);
    INFO("name " << name);
    const auto parsed = tpcc::parse_workload_name(name);
    REQUIRE(parsed.has_value());
    CHECK(tpcc::workload_name(*parsed) == name);
    ++names;
  }
  CHECK(names == 12);
  CHECK_FALSE(tpcc::parse_workload_name("oltp_*").has_value());
  // The ingest is the kit's own: no test word of sysbench's.
  CHECK(tpcc::parse_sysbench_test("tpcc.lua").has_value());
  CHECK(tpcc::parse_sysbench_test("pgbench").has_value());
  CHECK_FALSE(tpcc::parse_sysbench_test("ingest").has_value());
  // Two oltp tests are two workloads; the other workloads have one name.
  CHECK_FALSE(*tpcc::parse_workload_name("oltp_insert") ==
              *tpcc::parse_workload_name("oltp_delete"));
  CHECK(tpcc::WorkloadName{WorkloadKind::Pgbench, tpcc::OltpTest::Insert} ==
        *tpcc::parse_workload_name("pgbench"));
}

TEST_CASE("workload config: config.json holds the workload's own block, and no other",
          "[config][workload_config]") {
  const nlohmann::json oltp = config_json(
      parse({"run", "--workload", "oltp_insert", "--tables", "3", "--table-size", "500"}));
  CHECK(oltp.at("workload") == "oltp_insert");
  CHECK(oltp.at("oltp").at("tables") == 3);
  CHECK(oltp.at("oltp").at("table_size") == 500);
  CHECK(oltp.at("oltp").at("standby_test") == "oltp_read_only");
  CHECK(oltp.at("oltp").size() == 23);
  const nlohmann::json pgbench = config_json(
      parse({"prepare", "--workload", "pgbench", "--scale", "4", "--fillfactor", "90"}));
  CHECK(pgbench.at("pgbench") ==
        nlohmann::json{
            {"scale", 4}, {"fillfactor", 90}, {"no_vacuum", false}, {"vacuum_all", false}});
  const nlohmann::json vacuum =
      config_json(parse({"run", "--workload", "pgbench", "--no-vacuum", "--vacuum-all"}));
  CHECK(vacuum.at("pgbench").at("no_vacuum") == true);
  CHECK(vacuum.at("pgbench").at("vacuum_all") == true);
  const nlohmann::json ingest = config_json(
      parse({"run", "--workload", "ingest", "--ingest-rows", "250", "--ingest-method", "copy"}));
  CHECK(ingest.at("ingest") == nlohmann::json{{"tables", 0},
                                              {"rows", 250},
                                              {"row_bytes", 360},
                                              {"method", "copy"},
                                              {"unlogged", false}});
  const nlohmann::json tpcc = config_json(parse({"run"}));
  CHECK(tpcc.at("workload") == "tpcc");
  for (const nlohmann::json* j : {&oltp, &pgbench, &ingest, &tpcc}) {
    int blocks = 0;
    for (const char* key : {"oltp", "pgbench", "ingest"}) blocks += j->contains(key) ? 1 : 0;
    CHECK(blocks == (j == &tpcc ? 0 : 1));
  }
}

TEST_CASE("workload config: a workload's block reads back into its options",
          "[config][workload_config]") {
  const tpcc::Config oltp = tpcc::config_from_effective_json(config_json(
      parse({"run", "--workload", "oltp_insert", "--tables", "3", "--rand-type", "uniform"})));
  CHECK(oltp.workload == WorkloadKind::SysbenchOltp);
  CHECK(oltp.oltp.test == tpcc::OltpTest::Insert);
  CHECK(oltp.oltp.tables == 3);
  CHECK(oltp.oltp.rand_type == tpcc::RandType::Uniform);
  const tpcc::Config ingest = tpcc::config_from_effective_json(
      config_json(parse({"run", "--workload", "ingest", "--ingest-rows", "250", "--ingest-method",
                         "copy", "--ingest-tables", "2"})));
  CHECK(ingest.workload == WorkloadKind::Ingest);
  CHECK(ingest.ingest.rows == 250);
  CHECK(ingest.ingest.tables == 2);
  CHECK(ingest.ingest.method == tpcc::IngestMethod::Copy);
  CHECK_THROWS_AS(tpcc::config_from_effective_json(
                      nlohmann::json::parse(R"({"oltp": {"standby_test": "pgbench"}})")),
                  std::invalid_argument);
}
