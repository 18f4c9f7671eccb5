// The four workloads the table-driven tests go through (TPC-C, sysbench's
// oltp_read_write, pgbench's scripts, the ingest): what selects each on a
// tpcc line, one of its types, and its database, loaded once per test
// process under a name of the test file's own (files run side by side
// against one server).
#pragma once

#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "tests/pg/pg_fixture.hpp"

namespace tpcc::test {

struct Workload {
  std::string name;                // as the refusals name it
  std::vector<std::string> args;   // what selects it on tpcc run
  std::vector<std::string> load;   // what selects its load (snapshot, cleanup)
  std::vector<std::string> sizes;  // its small load's sizes for tpcc prepare
  std::string type;                // one of its types, as result.json and the live metrics name it
  std::string suffix;              // its databases' names end in it
  // A change to one of its tables that its runs never make, and the count
  // of rows that show it (1 after the change, 0 once restored).
  std::string change;
  std::string changed;
  std::string prefix;  // the test file's databases' prefix

  // tpcc prepare of the small load into the database of `conninfo`.
  std::string prepare(const std::string& conninfo) const {
    std::vector<std::string> line = {"prepare", "--conn", conninfo};
    line.insert(line.end(), load.begin(), load.end());
    line.insert(line.end(), sizes.begin(), sizes.end());
    std::string output;
    if (run_tpcc(line, &output) != 0) throw std::runtime_error("prepare failed: " + output);
    return conninfo;
  }

  // A database `name` of the tests' server, created afresh and loaded.
  std::string fresh(const std::string& name) const { return prepare(create_database(name)); }

  // The test file's database: fresh() once per process.
  std::string database() const {
    static std::mutex mutex;
    static std::map<std::string, std::string> loaded;
    const std::string db = prefix + "_" + suffix;
    const std::lock_guard<std::mutex> lock(mutex);
    auto found = loaded.find(db);
    if (found == loaded.end()) found = loaded.emplace(db, fresh(db)).first;
    return found->second;
  }
};

// The four, their databases named prefix_tpcc, prefix_oltp, ...
inline std::vector<Workload> workload_table(const std::string& prefix) {
  const std::vector<std::string> oltp = {"--workload", "oltp_read_write", "--tables",
                                         "1",          "--table-size",    "1000"};
  return {// No transaction changes an item (TPC-C's items are read-only).
          {"tpcc",
           {},
           {},
           {"--warehouses", "1", "--no-check"},
           "new_order",
           "tpcc",
           "update bmsql_item set i_name = 'changed' where i_id = 1",
           "select count(*) from bmsql_item where i_name = 'changed'",
           prefix},
          // The test's deletes and inserts keep to ids 1..table size.
          {"oltp_read_write",
           oltp,
           {oltp.begin(), oltp.begin() + 2},
           {oltp.begin() + 2, oltp.end()},
           "transaction",
           "oltp",
           "insert into sbtest1 (id, k, c, pad) values (1000000, 0, 'changed', '')",
           "select count(*) from sbtest1 where id = 1000000",
           prefix},
          // tpcb-like changes the balances, never the filler.
          {"pgbench",
           {"--workload", "pgbench"},
           {"--workload", "pgbench"},
           {"--scale", "1"},
           "tpcb-like",
           "pgbench",
           "update pgbench_branches set filler = 'changed' where bid = 1",
           "select count(*) from pgbench_branches where filler like 'changed%'",
           prefix},
          // The ingest's rows are stamped now().
          {"ingest",
           {"--workload", "ingest"},
           {"--workload", "ingest"},
           {"--terminals", "2"},
           "insert_batch",
           "ingest",
           "insert into tpcc_ingest_1 (crt_time) values ('2000-01-01')",
           "select count(*) from tpcc_ingest_1 where crt_time = '2000-01-01'",
           prefix}};
}

// The table w's change goes to: "... from TABLE where ...".
inline std::string table_of(const Workload& w) {
  const std::size_t from = w.changed.find(" from ") + 6;
  return w.changed.substr(from, w.changed.find(' ', from) - from);
}

}  // namespace tpcc::test
