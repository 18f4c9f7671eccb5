// A connection string of several hosts taken apart, one string per host,
// as --host-policy spreads terminals over them.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "config/conn/conninfo.hpp"
#include "config/conn/hosts.hpp"
#include "config/errors.hpp"

TEST_CASE("conn hosts: each host of a list gets its own string, with its own port") {
  const auto each = tpcc::conninfo_per_host("host=db1,db2 port=5432,5433 dbname=tpcc user=u");
  REQUIRE(each.size() == 2);
  CHECK(tpcc::conninfo_value(each[0], "host") == "db1");
  CHECK(tpcc::conninfo_value(each[0], "port") == "5432");
  CHECK(tpcc::conninfo_value(each[1], "host") == "db2");
  CHECK(tpcc::conninfo_value(each[1], "port") == "5433");
  CHECK(tpcc::conninfo_value(each[1], "dbname") == "tpcc");
  CHECK(tpcc::host_label(each[1]) == "db2:5433");
}

TEST_CASE("conn hosts: one port serves every host, and hostaddr lists are split too") {
  const auto each =
      tpcc::conninfo_per_host("host=a,b,c hostaddr=10.0.0.1,10.0.0.2,10.0.0.3 port=6000");
  REQUIRE(each.size() == 3);
  CHECK(tpcc::conninfo_value(each[2], "host") == "c");
  CHECK(tpcc::conninfo_value(each[2], "hostaddr") == "10.0.0.3");
  CHECK(tpcc::conninfo_value(each[2], "port") == "6000");
}

TEST_CASE("conn hosts: a URI's host list is split") {
  const auto each = tpcc::conninfo_per_host("postgresql://u@db1:5432,db2:5433/tpcc");
  REQUIRE(each.size() == 2);
  CHECK(tpcc::conninfo_value(each[0], "host") == "db1");
  CHECK(tpcc::conninfo_value(each[1], "host") == "db2");
  CHECK(tpcc::conninfo_value(each[1], "port") == "5433");
  CHECK(tpcc::conninfo_value(each[1], "dbname") == "tpcc");
}

TEST_CASE(
    "conn hosts: one host, or none, stays as given, and a port list of another length is refused") {
  CHECK(tpcc::conninfo_per_host("host=db1 dbname=x") ==
        std::vector<std::string>{"host=db1 dbname=x"});
  CHECK(tpcc::conninfo_per_host("") == std::vector<std::string>{""});
  CHECK(tpcc::host_label("dbname=x") == "(default)");
  CHECK(tpcc::host_label("host=/tmp") == "/tmp");
  CHECK_THROWS_AS(tpcc::conninfo_per_host("host=a,b,c port=1,2"), tpcc::UsageError);
  CHECK_THROWS_WITH(tpcc::conninfo_per_host("host=a,b,c port=1,2"),
                    Catch::Contains("--conn: port lists 2 values for 3 hosts"));
}
