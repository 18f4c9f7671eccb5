// What check says of a load that did not finish: which warehouses are
// missing, as ranges, and what else is.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "check/load_gaps.hpp"

TEST_CASE("check: missing warehouses read as ranges") {
  CHECK(tpcc::format_ranges({}) == "");
  CHECK(tpcc::format_ranges({7}) == "7");
  CHECK(tpcc::format_ranges({3, 4, 5, 8}) == "3-5, 8");
  CHECK(tpcc::format_ranges({1, 2, 4, 6, 7}) == "1-2, 4, 6-7");
}

TEST_CASE(
    "check: a load is incomplete while a warehouse, the items or the completion mark is missing") {
  tpcc::DatabaseState state;
  state.kind = tpcc::DatabaseState::Kind::Ours;
  state.recorded.warehouses = 8;
  state.recorded.complete = true;
  state.items_loaded = true;
  state.complete_warehouses = {1, 2, 3, 4, 5, 6, 7, 8};
  CHECK(tpcc::load_gaps(state).empty());

  state.complete_warehouses = {1, 2, 6, 7};
  auto gaps = tpcc::load_gaps(state);
  REQUIRE(gaps.size() == 1);
  CHECK(gaps[0] == "warehouses 3-5, 8 of the 8 recorded in bmsql_config are missing");

  state.complete_warehouses = {1, 2, 3, 4, 5, 6, 7, 8};
  state.items_loaded = false;
  state.recorded.complete = false;
  gaps = tpcc::load_gaps(state);
  REQUIRE(gaps.size() == 2);
  CHECK(gaps[0].find("bmsql_item") != std::string::npos);
  CHECK(gaps[1].find("tpcc_load_complete") != std::string::npos);
}

TEST_CASE("check: a load split over drivers names the drivers whose warehouses are missing") {
  tpcc::DatabaseState state;
  state.kind = tpcc::DatabaseState::Kind::Ours;
  state.recorded.warehouses = 10;
  state.recorded.complete = false;
  state.items_loaded = true;
  state.recorded.values[tpcc::kConfigLoadDrivers] = "3";
  // Slices 1..4, 5..7, 8..10: driver 2 never ran, driver 3 stopped half-way.
  state.complete_warehouses = {1, 2, 3, 4, 8};
  const auto gaps = tpcc::load_gaps(state);
  REQUIRE(gaps.size() == 2);
  CHECK(gaps[0] ==
        "warehouses 5-7, 9-10 of the 10 recorded in bmsql_config are missing; the load was split "
        "over drivers (tpcc prepare --driver I/N), missing from driver 2 of 3 (warehouses 5-7, "
        "its whole slice), driver 3 of 3 (warehouses 9-10)");
  // A load of one prepare says nothing of drivers.
  state.recorded.values.erase(tpcc::kConfigLoadDrivers);
  CHECK(tpcc::load_gaps(state)[0] ==
        "warehouses 5-7, 9-10 of the 10 recorded in bmsql_config are missing");
}

namespace {

// bmsql_config as BenchmarkSQL 5's LoadData leaves it: its four keys only.
std::map<std::string, std::string> benchmarksql_keys() {
  return {
      {"warehouses", "2"}, {"nURandCLast", "157"}, {"nURandCC_ID", "259"}, {"nURandCI_ID", "7911"}};
}

}  // namespace

TEST_CASE("check: the kit that loaded the database is told by bmsql_config's keys") {
  auto keys = benchmarksql_keys();
  CHECK(tpcc::load_kit(keys) == tpcc::LoadKit::BenchmarkSql);
  // Any tpcc_ key is tpcc's: an interrupted tpcc load has no
  // tpcc_load_complete but its tpcc_seed.
  keys["tpcc_seed"] = "42";
  CHECK(tpcc::load_kit(keys) == tpcc::LoadKit::Tpcc);
  keys = benchmarksql_keys();
  keys.erase("nURandCI_ID");
  CHECK(tpcc::load_kit(keys) == tpcc::LoadKit::Other);
  CHECK(std::string(tpcc::load_kit_name(tpcc::LoadKit::BenchmarkSql)) == "BenchmarkSQL");

  tpcc::RecordedLoad load;
  load.kit = tpcc::LoadKit::BenchmarkSql;
  load.values = benchmarksql_keys();
  CHECK(tpcc::describe_load(load) ==
        "BenchmarkSQL (bmsql_config holds nURandCC_ID, nURandCI_ID, nURandCLast, warehouses and "
        "no tpcc_ key)");
  load.kit = tpcc::LoadKit::Tpcc;
  load.values["tpcc_version"] = "0.1.0";
  load.seed = 42;
  load.load_time = "2026-01-02 03:04:05";
  CHECK(tpcc::describe_load(load) == "tpcc 0.1.0 (seed 42, loaded 2026-01-02 03:04:05)");
}

TEST_CASE(
    "check: another kit's load needs no tpcc_load_complete, but its whole warehouses and keys") {
  tpcc::DatabaseState state;
  state.kind = tpcc::DatabaseState::Kind::Ours;
  state.recorded.kit = tpcc::LoadKit::BenchmarkSql;
  state.recorded.warehouses = 2;
  state.recorded.complete = false;  // BenchmarkSQL writes no mark
  state.items_loaded = true;
  state.complete_warehouses = {1, 2};
  CHECK(tpcc::load_gaps(state).empty());
  CHECK(tpcc::load_origin_line(state).rfind("load: by BenchmarkSQL (", 0) == 0);

  state.complete_warehouses = {1};
  state.tables_without_key = {"bmsql_oorder"};
  const auto gaps = tpcc::load_gaps(state);
  REQUIRE(gaps.size() == 2);
  CHECK(gaps[0] == "bmsql_oorder has no primary key: the load's index step did not finish");
  CHECK(gaps[1] == "warehouse 2 of the 2 recorded in bmsql_config is missing or not whole");
  CHECK(tpcc::incomplete_load_advice(state).find("made by BenchmarkSQL") != std::string::npos);

  // The same database with tpcc's keys is an interrupted tpcc load.
  state.recorded.kit = tpcc::LoadKit::Tpcc;
  state.tables_without_key.clear();
  state.complete_warehouses = {1, 2};
  const auto ours = tpcc::load_gaps(state);
  REQUIRE(ours.size() == 1);
  CHECK(ours[0].find("no tpcc_load_complete") != std::string::npos);
  CHECK(tpcc::incomplete_load_advice(state).find("run tpcc prepare again") != std::string::npos);
}
