// The layout prepare records in bmsql_config, in canonical text, so that the
// same request always compares equal and a different one never does.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "loader/layout.hpp"
#include "tests/unit/config_test_support.hpp"

namespace {

std::map<std::string, std::string> layout_of(const std::vector<std::string>& args) {
  std::vector<std::string> all = {"prepare"};
  all.insert(all.end(), args.begin(), args.end());
  std::map<std::string, std::string> out;
  for (const auto& setting : tpcc::requested_layout(tpcc::test::parse(all))) {
    out[setting.key] = setting.value;
  }
  return out;
}

}  // namespace

TEST_CASE(
    "layout: the defaults record no partitions, default fillfactor, no tablespace, no foreign "
    "keys, COPY, one server") {
  const auto layout = layout_of({});
  CHECK(layout == std::map<std::string, std::string>{{"tpcc_partitions", "0"},
                                                     {"tpcc_fillfactor", "default"},
                                                     {"tpcc_tablespace", "none"},
                                                     {"tpcc_foreign_keys", "no"},
                                                     {"tpcc_load_method", "copy"},
                                                     {"tpcc_distribution", "none"},
                                                     {"tpcc_shards", "0"}});
}

TEST_CASE("layout: a Citus distribution is recorded with its shards per table") {
  const auto layout = layout_of({"--distribute", "citus", "--shards", "16"});
  CHECK(layout.at("tpcc_distribution") == "citus");
  CHECK(layout.at("tpcc_shards") == "16");
}

TEST_CASE("layout: the recorded distribution is read back, none when the load predates it") {
  tpcc::RecordedLoad load;
  CHECK(tpcc::recorded_distribution(load) == tpcc::Distribution::None);
  CHECK(tpcc::describe_distribution(load) == "none (one server)");
  load.values = {{"tpcc_distribution", "citus"}, {"tpcc_shards", "32"}};
  CHECK(tpcc::recorded_distribution(load) == tpcc::Distribution::Citus);
  CHECK(tpcc::describe_distribution(load) == "citus, 32 shards per table, colocated by warehouse");
}

TEST_CASE("layout: one partition is no partitioning") {
  CHECK(layout_of({"--partitions", "1"}).at("tpcc_partitions") == "0");
  CHECK(layout_of({"--partitions", "4"}).at("tpcc_partitions") == "4");
}

TEST_CASE("layout: a fillfactor spec records the same text however it was written") {
  CHECK(layout_of({"--fillfactor", "80"}).at("tpcc_fillfactor") == "80");
  CHECK(layout_of({"--fillfactor", "none"}).at("tpcc_fillfactor") == "none");
  CHECK(layout_of({"--fillfactor", "stock=80,customer=95"}).at("tpcc_fillfactor") ==
        "default,customer=95,stock=80");
  CHECK(layout_of({"--fillfactor", "customer=95,stock=80"}).at("tpcc_fillfactor") ==
        "default,customer=95,stock=80");
  CHECK(layout_of({"--fillfactor", "customer=90"}).at("tpcc_fillfactor") == "default");
  CHECK(layout_of({"--fillfactor", "none,stock=80,customer=90"}).at("tpcc_fillfactor") ==
        "customer=90,stock=80");
  // The shorter of the two forms; both name the same fillfactor per table.
  CHECK(layout_of({"--fillfactor", "90,stock=80"}).at("tpcc_fillfactor") ==
        "default,district=90,history=90,item=90,new_order=90,oorder=90,stock=80,warehouse=90");
  CHECK(layout_of({"--fillfactor",
                   "default,district=90,history=90,item=90,new_order=90,oorder=90,"
                   "stock=80,warehouse=90"})
            .at("tpcc_fillfactor") ==
        "default,district=90,history=90,item=90,new_order=90,oorder=90,stock=80,warehouse=90");
  CHECK(layout_of({"--fillfactor", "default"}).at("tpcc_fillfactor") == "default");
  CHECK(layout_of({"--fillfactor", "order=70"}).at("tpcc_fillfactor") == "default,oorder=70");
}

TEST_CASE("layout: tablespaces, foreign keys and the load method are recorded") {
  const auto layout =
      layout_of({"--tablespace", "ts1", "--foreign-keys", "--load-method", "insert"});
  CHECK(layout.at("tpcc_tablespace") == "ts1");
  CHECK(layout.at("tpcc_foreign_keys") == "yes");
  CHECK(layout.at("tpcc_load_method") == "insert");
}
