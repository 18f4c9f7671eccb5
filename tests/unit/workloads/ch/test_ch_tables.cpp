// CH-benCHmark's tables as prepare --ch loads them
// (workloads/ch/ch_tables.hpp): the 5 regions and 62 nations CH defines,
// nation keys the ASCII codes a customer's c_state starts with, and the
// 10,000 suppliers keyed as mod(s_w_id * s_i_id, 10000) finds them, drawn
// from the load's seed.
#include <catch2/catch.hpp>

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "workloads/ch/ch_tables.hpp"

namespace {

std::vector<std::vector<std::string>> lines_of(const std::string& copy_text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(copy_text);
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> fields;
    std::istringstream cells(line);
    std::string field;
    while (std::getline(cells, field, '\t')) fields.push_back(field);
    rows.push_back(fields);
  }
  return rows;
}

}  // namespace

TEST_CASE(
    "CH-benCHmark's nations: 62, keyed by the ASCII codes of 0-9, A-Z and a-z, each in one "
    "of the 5 regions",
    "[ch]") {
  const std::string alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  std::set<int> codes;
  for (const char c : alphabet) codes.insert(static_cast<unsigned char>(c));
  std::set<int> keys, regions;
  std::set<std::string> names;
  for (const auto& region : tpcc::ch_regions()) regions.insert(region.key);
  CHECK(regions == std::set<int>{1, 2, 3, 4, 5});
  for (const auto& nation : tpcc::ch_nations()) {
    keys.insert(nation.key);
    names.insert(nation.name);
    CHECK(regions.count(nation.region) == 1);
  }
  CHECK(tpcc::ch_nations().size() == 62);
  CHECK(keys == codes);
  CHECK(names.size() == 62);
  // Q7 and Q8 name these; Germany is in Europe, Cambodia in Asia.
  bool germany = false, cambodia = false;
  for (const auto& nation : tpcc::ch_nations()) {
    if (std::string(nation.name) == "Germany") germany = nation.key == '6' && nation.region == 5;
    if (std::string(nation.name) == "Cambodia") cambodia = nation.key == 'N' && nation.region == 3;
  }
  CHECK(germany);
  CHECK(cambodia);
}

TEST_CASE("CH-benCHmark's suppliers: 10,000 keyed 0..9999, each in a nation, from the seed alone",
          "[ch]") {
  const std::string text = tpcc::ch_supplier_copy_rows(42);
  CHECK(text == tpcc::ch_supplier_copy_rows(42));
  CHECK(text != tpcc::ch_supplier_copy_rows(43));
  const auto rows = lines_of(text);
  REQUIRE(rows.size() == 10000);
  std::set<int> nation_keys;
  for (const auto& nation : tpcc::ch_nations()) nation_keys.insert(nation.key);
  std::set<int> used_nations;
  int complaints = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& row = rows[i];
    REQUIRE(row.size() == 7);
    CHECK(std::stoi(row[0]) == static_cast<int>(i));
    CHECK(row[1] == tpcc::ch_supplier_name(static_cast<int>(i)));
    CHECK(row[2].size() >= 20);
    CHECK(row[2].size() <= 40);
    const int nation = std::stoi(row[3]);
    CHECK(nation_keys.count(nation) == 1);
    used_nations.insert(nation);
    CHECK(row[4].size() == 15);
    const double balance = std::stod(row[5]);
    CHECK(balance >= -999.99);
    CHECK(balance <= 9999.99);
    CHECK(row[6].size() >= 51);
    CHECK(row[6].size() <= 101);
    if (row[6].find("bad") != std::string::npos) ++complaints;
  }
  CHECK(used_nations.size() == 62);
  // 5 in 10,000 by design, and a few more by chance in random text.
  CHECK(complaints >= 1);
  CHECK(complaints <= 20);
  CHECK(tpcc::ch_supplier_name(42) == "Supplier#000000042");
}

TEST_CASE("CH-benCHmark's regions and nations as COPY rows: key, name, region, comment", "[ch]") {
  const auto regions = lines_of(tpcc::ch_region_copy_rows(7));
  REQUIRE(regions.size() == 5);
  CHECK(regions[4][0] == "5");
  CHECK(regions[4][1] == "Europe");
  const auto nations = lines_of(tpcc::ch_nation_copy_rows(7));
  REQUIRE(nations.size() == 62);
  CHECK(nations[6][0] == "54");
  CHECK(nations[6][1] == "Germany");
  CHECK(nations[6][2] == "5");
  CHECK(nations[6][3].size() >= 31);
}
