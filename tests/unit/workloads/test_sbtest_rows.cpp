#include <catch2/catch.hpp>

#include <regex>
#include <vector>

#include "workloads/sysbench/oltp_prepare.hpp"
#include "workloads/sysbench/oltp_tables.hpp"
#include "workloads/sysbench/sbtest_rows.hpp"

namespace {

using tpcc::OltpOptions;
using tpcc::SbtestRow;

std::vector<SbtestRow> rows_of(const OltpOptions& options, long long first, long long last,
                               std::uint64_t seed = 9) {
  std::vector<SbtestRow> rows;
  tpcc::generate_sbtest_rows(options, seed, 1, first, last,
                             [&](const SbtestRow& r) { rows.push_back(r); });
  return rows;
}

}  // namespace

TEST_CASE("sbtest rows: ids in order, k by --rand-type in 1..table_size, c and pad templates",
          "[workloads]") {
  OltpOptions options;
  options.table_size = 500;
  const std::regex c_shape(R"(\d{11}(-\d{11}){9})");
  const std::regex pad_shape(R"(\d{11}(-\d{11}){4})");
  const auto rows = rows_of(options, 1, 500);
  REQUIRE(rows.size() == 500);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    CHECK(rows[i].id == static_cast<long long>(i) + 1);
    CHECK(rows[i].k >= 1);
    CHECK(rows[i].k <= 500);
    CHECK(std::regex_match(rows[i].c, c_shape));
    CHECK(std::regex_match(rows[i].pad, pad_shape));
  }
  // The same range gives the same rows (a resumed prepare), another seed others.
  const auto again = rows_of(options, 1, 500);
  CHECK(again[123].c == rows[123].c);
  CHECK(again[123].k == rows[123].k);
  CHECK(rows_of(options, 1, 500, 10)[123].c != rows[123].c);
}

TEST_CASE("sbtest binary copy: a header, four fields a row, a trailer", "[workloads]") {
  OltpOptions options;
  options.table_size = 10;
  std::string data;
  CHECK(tpcc::append_sbtest_copy(data, options, 1, 1, 1, 10) == 10);
  // Per row: field count, id and k (4-byte length and value), c and pad
  // (4-byte length and 119 / 59 bytes).
  CHECK(data.size() == 19 + 10 * (2 + 8 + 8 + 4 + 119 + 4 + 59) + 2);
  CHECK(data.compare(0, 6, "PGCOPY") == 0);
}

TEST_CASE("sbtest tables: sysbench's columns, then its key and k index", "[workloads]") {
  OltpOptions options;
  CHECK(tpcc::create_sbtest_sql(2, options) ==
        "CREATE TABLE sbtest2(\n  id SERIAL,\n  k INTEGER DEFAULT '0' NOT NULL,\n"
        "  c CHAR(120) DEFAULT '' NOT NULL,\n  pad CHAR(60) DEFAULT '' NOT NULL\n)");
  auto finish = tpcc::finish_sbtest_statements(2, options, 1000);
  REQUIRE(finish.size() == 4);
  CHECK(finish[0] == "ALTER TABLE sbtest2 ADD PRIMARY KEY (id)");
  CHECK(finish[1] == "CREATE INDEX k_2 ON sbtest2(k)");
  CHECK(finish[2] == "select setval(pg_get_serial_sequence('sbtest2', 'id'), 1000)");
  CHECK(finish[3] == "ANALYZE sbtest2");

  options.auto_inc = false;
  options.secondary = true;
  options.create_secondary = false;
  CHECK(tpcc::create_sbtest_sql(1, options).find("id INTEGER NOT NULL,") != std::string::npos);
  finish = tpcc::finish_sbtest_statements(1, options, 1000);
  REQUIRE(finish.size() == 2);
  CHECK(finish[0] == "CREATE INDEX xid_1 ON sbtest1(id)");
  CHECK(finish[1] == "ANALYZE sbtest1");
}

TEST_CASE("sbtest prepared rows: oltp_insert without --auto_inc loads none", "[workloads]") {
  OltpOptions options;
  options.table_size = 777;
  CHECK(tpcc::oltp_prepared_rows(options) == 777);
  options.test = tpcc::OltpTest::Insert;
  CHECK(tpcc::oltp_prepared_rows(options) == 777);
  options.auto_inc = false;
  CHECK(tpcc::oltp_prepared_rows(options) == 0);
}
