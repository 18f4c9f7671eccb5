// A prepare whose server goes away (an immediate shutdown, as a crash)
// while it loads, for each workload that loads rows (TPC-C, sysbench's
// sbtest tables, pgbench's): exit 3 naming the lost server, as a run that
// loses it, not the load's failure; prepared again once the server is
// back, it resumes and its check passes.
#include <catch2/catch.hpp>

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "pgserver/local_server.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"

namespace {

using Args = std::vector<std::string>;
using tpcc::test::run_tpcc;

// Whether a COPY is running on the server: the load is under way.
bool copying(const std::string& conninfo) {
  return tpcc::test::scalar(conninfo,
                            "select count(*) from pg_stat_activity where query ilike 'copy %'") > 0;
}

struct Load {
  std::string name;
  Args args;  // what selects the workload and a load of some seconds
};

}  // namespace

TEST_CASE("prepare: a server lost while loading exits 3 and prepare again resumes",
          "[prepare][faults]") {
  tpcc::LocalServerOptions options;
  options.quiet = true;
  std::unique_ptr<tpcc::LocalServer> server = tpcc::LocalServer::start(options);
  const std::vector<Load> loads = {
      {"tpcc", {"--warehouses", "4"}},
      {"oltp", {"--workload", "oltp_read_write", "--tables", "4", "--table-size", "500000"}},
      {"pgbench", {"--workload", "pgbench", "--scale", "40"}}};
  for (const Load& load : loads) {
    {
      INFO("prepare of " << load.name);
      const std::string database = "lost_" + load.name;
      tpcc::test::execute_outside_transaction(server->conninfo(), "create database " + database);
      const std::string conninfo = server->conninfo_for(database);
      Args args = {"prepare", "--conn", conninfo};
      args.insert(args.end(), load.args.begin(), load.args.end());
      const std::string log = tpcc::test::scratch_dir("prepare_lost_" + load.name + ".log");
      tpcc::test::TpccChild child(args, log);
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
      while (!copying(server->conninfo()) && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
      }
      server->crash();
      const int status = child.wait_for(60);
      server->start_again();
      const std::string output = tpcc::test::read_text(log);
      INFO(output);
      CHECK(status == 3);
      CHECK(output.find("lost the server during") != std::string::npos);
      CHECK(output.find("run prepare again once it is back: it resumes") != std::string::npos);
      std::string again;
      CHECK(run_tpcc(args, &again) == 0);
      INFO(again);
    }
  }
}
