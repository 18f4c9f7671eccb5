// Entry point of the database tests: one throwaway PostgreSQL for the whole
// run, started before the first test and removed after the last.
//
// TPCC_TEST_KEEP_SERVER=1 keeps the cluster afterwards for inspection.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdlib>
#include <iostream>
#include <memory>
#include <pqxx/pqxx>
#include <stdexcept>

#include "pgserver/local_server.hpp"
#include "tests/pg/pg_fixture.hpp"

#ifndef TPCC_BINARY
#error "TPCC_BINARY must name the tpcc executable (set by CMakeLists.txt)"
#endif

namespace tpcc::test {

namespace {

std::unique_ptr<LocalServer>& the_server() {
  static std::unique_ptr<LocalServer> server;
  return server;
}

bool valid_database_name(const std::string& name) {
  return !name.empty() && name.size() <= 63 &&
         name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") ==
             std::string::npos;
}

// Libpq defaults aimed at the throwaway server (see pg_fixture.hpp).
void point_libpq_defaults_at(const LocalServer& server) {
  ::setenv("PGHOST", server.socket_dir().c_str(), 1);
  ::setenv("PGPORT", std::to_string(server.port()).c_str(), 1);
  ::setenv("PGUSER", "postgres", 1);
  ::setenv("PGDATABASE", "postgres", 1);
  for (const char* name : {"PGPASSWORD", "PGSERVICE", "PGSERVICEFILE", "PGHOSTADDR", "PGOPTIONS"}) {
    ::unsetenv(name);
  }
}

std::vector<std::string> tpcc_argv(const std::vector<std::string>& args) {
  std::vector<std::string> argv{TPCC_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  return argv;
}

}  // namespace

const LocalServer& local_server() {
  if (!the_server()) throw std::logic_error("no local PostgreSQL is running");
  return *the_server();
}

const std::string& server_conninfo() { return local_server().conninfo(); }

std::string create_database(const std::string& name) {
  if (!valid_database_name(name)) {
    throw std::invalid_argument("create_database: bad name '" + name + "'");
  }
  pqxx::connection conn{server_conninfo()};
  pqxx::nontransaction tx{conn};  // CREATE DATABASE cannot run in a transaction block
  tx.exec("DROP DATABASE IF EXISTS " + tx.quote_name(name) + " WITH (FORCE)");
  tx.exec("CREATE DATABASE " + tx.quote_name(name));
  return local_server().conninfo_for(name);
}

std::string prepared_database(const std::string& name, int warehouses) {
  const std::string conninfo = create_database(name);
  std::string output;
  const int status = run_tpcc(
      {"prepare", "--conn", conninfo, "--warehouses", std::to_string(warehouses), "--no-check"},
      &output);
  if (status != 0) {
    throw std::runtime_error("tpcc prepare exited " + std::to_string(status) + ":\n" + output);
  }
  return conninfo;
}

int run_tpcc(const std::vector<std::string>& args, std::string* output, const EnvChanges& env) {
  ProcessOptions options;
  options.env = env;
  return run_process(tpcc_argv(args), options, output);
}

int run_tpcc_killed_after(const std::vector<std::string>& args, double seconds, std::string* output,
                          const EnvChanges& env) {
  ProcessOptions options;
  options.env = env;
  options.kill_after_seconds = seconds;
  return run_process(tpcc_argv(args), options, output);
}

}  // namespace tpcc::test

int main(int argc, char* argv[]) {
  Catch::Session session;
  if (const int rc = session.applyCommandLine(argc, argv); rc != 0) return rc;

  // Listing tests or showing help needs no server.
  const auto& config = session.configData();
  if (config.showHelp || config.listTests || config.listTestNamesOnly || config.listTags ||
      config.listReporters) {
    return session.run();
  }

  tpcc::LocalServerOptions options;
  const char* keep = std::getenv("TPCC_TEST_KEEP_SERVER");
  options.keep = keep != nullptr && *keep != '\0' && std::string(keep) != "0";
  try {
    tpcc::test::the_server() = tpcc::LocalServer::start(options);
  } catch (const std::exception& e) {
    std::cerr << "pg_tests: cannot start the throwaway PostgreSQL:\n" << e.what() << "\n";
    return 3;
  }
  tpcc::test::point_libpq_defaults_at(*tpcc::test::the_server());

  const int failed = session.run();
  tpcc::test::the_server().reset();
  return failed;
}
