// Entry point of the database tests, and the server they run against.
//
//   pg_tests [Catch2 options]      starts a throwaway PostgreSQL for this run
//                                  and removes it after the last test
//   pg_tests --server-state FILE [Catch2 options]
//                                  attaches to the running server FILE
//                                  describes, and leaves it running
//   pg_tests --start-server FILE   starts a throwaway PostgreSQL, writes FILE
//                                  and exits, leaving the server running
//   pg_tests --stop-server FILE    stops that server and removes it and FILE
//
// ctest uses the last three (tests/CMakeLists.txt): one server for all the
// test files, each file a ctest entry of its own, side by side with -j.
//
// TPCC_TEST_KEEP_SERVER=1 keeps the cluster afterwards for inspection (with
// --stop-server too: the server keeps running, FILE is removed).
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <pqxx/pqxx>
#include <stdexcept>
#include <string>
#include <vector>

#include "pgserver/local_server.hpp"
#include "pgserver/process.hpp"
#include "pgserver/run_as.hpp"
#include "tests/pg/pg_fixture.hpp"

#ifndef TPCC_BINARY
#error "TPCC_BINARY must name the tpcc executable (set by CMakeLists.txt)"
#endif

namespace tpcc::test {

namespace {

namespace fs = std::filesystem;

// The server of this process's own run, when it started one.
std::unique_ptr<LocalServer>& own_server() {
  static std::unique_ptr<LocalServer> server;
  return server;
}

// Where the tests connect: own_server(), or the shared server.
std::unique_ptr<ServerInfo>& the_server() {
  static std::unique_ptr<ServerInfo> server;
  return server;
}

bool keep_server() {
  const char* keep = std::getenv("TPCC_TEST_KEEP_SERVER");
  return keep != nullptr && *keep != '\0' && std::string(keep) != "0";
}

ServerInfo info_of(const LocalServer& server) {
  return ServerInfo(server.directory(), server.socket_dir(), server.bin_dir(), server.port());
}

// The state file: one `key=value` a line, written whole under another name
// and renamed, so that a reader never sees half of it.
void write_state(const std::string& path, const ServerInfo& server) {
  const std::string partial = path + ".partial";
  {
    std::ofstream out(partial, std::ios::trunc);
    out << "directory=" << server.directory() << "\n"
        << "socket_dir=" << server.socket_dir() << "\n"
        << "bin_dir=" << server.bin_dir() << "\n"
        << "port=" << server.port() << "\n";
    out.close();
    if (!out) throw std::runtime_error("cannot write " + partial);
  }
  fs::rename(partial, path);
}

ServerInfo read_state(const std::string& path) {
  std::ifstream in(path);
  if (!in) {
    throw std::runtime_error("no server state in " + path +
                             ": start the server first (pg_tests --start-server " + path +
                             ", ctest's pg:server-start), or run without --server-state to start "
                             "a server of this run's own");
  }
  std::map<std::string, std::string> values;
  for (std::string line; std::getline(in, line);) {
    const auto equals = line.find('=');
    if (equals != std::string::npos) values[line.substr(0, equals)] = line.substr(equals + 1);
  }
  for (const char* key : {"directory", "socket_dir", "bin_dir", "port"}) {
    if (values[key].empty()) throw std::runtime_error(path + " has no " + key + " line");
  }
  return ServerInfo(values["directory"], values["socket_dir"], values["bin_dir"],
                    std::stoi(values["port"]));
}

// pg_ctl as LocalServer runs it: as the postgres user when this process is
// root, since the cluster belongs to that user.
std::vector<std::string> server_command(const std::vector<std::string>& argv) {
  return ::geteuid() == 0 ? RunAs::user("postgres").command(argv) : argv;
}

// Stops the server of a state file and removes its directory. Immediate
// (no shutdown checkpoint): the cluster is thrown away, and writing out the
// dirty buffers of every test's database took half a minute. 0 on success.
int stop_server(const ServerInfo& server) {
  if (!fs::exists(server.data_dir())) return 0;  // gone already
  ProcessOptions options;
  options.output_file = "/dev/null";
  options.kill_after_seconds = 120;
  const int rc = run_process(server_command({server.bin_dir() + "/pg_ctl", "-D", server.data_dir(),
                                             "-m", "immediate", "-w", "-t", "60", "-s", "stop"}),
                             options);
  // pg_ctl fails on a server that is not running (an earlier crash): the
  // directory goes all the same, as long as no postmaster holds it.
  const bool stopped = rc == 0 || !fs::exists(server.data_dir() + "/postmaster.pid");
  if (stopped) {
    std::error_code ec;
    fs::remove_all(server.directory(), ec);
    if (ec) {
      std::cerr << "pg_tests: cannot remove " << server.directory() << ": " << ec.message() << "\n";
      return 1;
    }
  }
  return stopped ? 0 : 1;
}

int start_shared_server(const std::string& state) {
  // A state file left by a run that never reached --stop-server (killed,
  // timed out): its server would only take memory and a port.
  if (fs::exists(state)) {
    try {
      const ServerInfo old = read_state(state);
      std::cerr << "pg_tests: stopping the server an earlier run left in " << old.directory()
                << "\n";
      stop_server(old);
    } catch (const std::exception& e) {
      std::cerr << "pg_tests: ignoring " << state << ": " << e.what() << "\n";
    }
    fs::remove(state);
  }
  LocalServerOptions options;
  // The server outlives this process; --stop-server removes it. (keep also
  // leaves out the guard that would stop the server when this process ends.)
  options.keep = true;
  std::unique_ptr<LocalServer> server;
  try {
    server = LocalServer::start(options);
  } catch (const std::exception& e) {
    std::cerr << "pg_tests: cannot start the throwaway PostgreSQL:\n" << e.what() << "\n";
    return 3;
  }
  const ServerInfo info = info_of(*server);
  // Not destroyed: the destructor of a kept server would print how to stop
  // it by hand, and --stop-server does that.
  server.release();
  try {
    write_state(state, info);
  } catch (const std::exception& e) {
    std::cerr << "pg_tests: " << e.what() << "\n";
    stop_server(info);
    return 3;
  }
  std::cerr << "pg_tests: the server is shared through " << state << "\n";
  return 0;
}

int stop_shared_server(const std::string& state) {
  if (!fs::exists(state)) {
    std::cerr << "pg_tests: no server state in " << state << ": nothing to stop\n";
    return 0;
  }
  const ServerInfo server = read_state(state);
  fs::remove(state);
  if (keep_server()) {
    std::cerr << "PostgreSQL keeps running in " << server.directory() << " (port " << server.port()
              << ")\n  connect: " << shell_join({server.bin_dir() + "/psql", server.conninfo()})
              << "\n  stop:    "
              << shell_join(server_command(
                     {server.bin_dir() + "/pg_ctl", "-D", server.data_dir(), "stop"}))
              << " && rm -rf " << shell_quote(server.directory()) << "\n";
    return 0;
  }
  return stop_server(server);
}

bool valid_database_name(const std::string& name) {
  return !name.empty() && name.size() <= 63 &&
         name.find_first_not_of(
             "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") ==
             std::string::npos;
}

// Libpq defaults aimed at the throwaway server (see pg_fixture.hpp).
void point_libpq_defaults_at(const ServerInfo& server) {
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

const ServerInfo& local_server() {
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

namespace {

// The value of `option FILE` taken out of argv, "" if the option is absent.
std::string take_option(std::vector<char*>& args, const char* option) {
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (std::strcmp(args[i], option) != 0) continue;
    if (i + 1 >= args.size()) throw std::invalid_argument(std::string(option) + " needs a file");
    std::string value = args[i + 1];
    const auto at = args.begin() + static_cast<std::ptrdiff_t>(i);
    args.erase(at, at + 2);
    return value;
  }
  return "";
}

}  // namespace

}  // namespace tpcc::test

int main(int argc, char* argv[]) {
  using namespace tpcc::test;
  std::vector<char*> args(argv, argv + argc);
  std::string start_state;
  std::string stop_state;
  std::string attach_state;
  try {
    start_state = take_option(args, "--start-server");
    stop_state = take_option(args, "--stop-server");
    attach_state = take_option(args, "--server-state");
  } catch (const std::exception& e) {
    std::cerr << "pg_tests: " << e.what() << "\n";
    return 2;
  }
  if (!start_state.empty() || !stop_state.empty()) {
    if (args.size() != 1 || (!start_state.empty() && !stop_state.empty())) {
      std::cerr << "pg_tests: --start-server FILE and --stop-server FILE take no other arguments\n";
      return 2;
    }
    try {
      return start_state.empty() ? stop_shared_server(stop_state)
                                 : start_shared_server(start_state);
    } catch (const std::exception& e) {
      std::cerr << "pg_tests: " << e.what() << "\n";
      return 3;
    }
  }

  Catch::Session session;
  const int rc = session.applyCommandLine(static_cast<int>(args.size()), args.data());
  if (rc != 0) return rc;

  // Listing tests or showing help needs no server.
  const auto& config = session.configData();
  if (config.showHelp || config.listTests || config.listTestNamesOnly || config.listTags ||
      config.listReporters) {
    return session.run();
  }

  if (!attach_state.empty()) {
    try {
      the_server() = std::make_unique<ServerInfo>(read_state(attach_state));
      // A server that died since it was started: say so once, here, rather
      // than in every test.
      pqxx::connection probe{the_server()->conninfo()};
    } catch (const std::exception& e) {
      std::cerr << "pg_tests: cannot use the shared PostgreSQL of " << attach_state << ":\n"
                << e.what() << "\n";
      return 3;
    }
  } else {
    tpcc::LocalServerOptions options;
    options.keep = keep_server();
    try {
      own_server() = tpcc::LocalServer::start(options);
    } catch (const std::exception& e) {
      std::cerr << "pg_tests: cannot start the throwaway PostgreSQL:\n" << e.what() << "\n";
      return 3;
    }
    the_server() = std::make_unique<ServerInfo>(info_of(*own_server()));
  }
  point_libpq_defaults_at(*the_server());

  const int failed = session.run();
  own_server().reset();
  return failed;
}
