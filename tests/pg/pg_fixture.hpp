// What every database test needs: the throwaway PostgreSQL that
// tests/pg/pg_main.cpp starts once for the whole run, a private database per
// test file, and the tpcc binary run as a child process.
//
// While the tests run, PGHOST, PGPORT, PGUSER and PGDATABASE point at the
// throwaway server (and PGPASSWORD, PGSERVICE, PGHOSTADDR, PGOPTIONS are
// unset), so that anything relying on libpq defaults, including tpcc run
// without --conn, reaches it and nothing else.
#pragma once

#include <string>
#include <vector>

#include "pgserver/process.hpp"

namespace tpcc {
class LocalServer;
}

namespace tpcc::test {

// Conninfo of the server's `postgres` database. Throws if no server runs
// (only when the test binary was asked to list tests).
const std::string& server_conninfo();

// The server itself: port, socket directory, bin directory.
const LocalServer& local_server();

// Drops the database if it exists (disconnecting its sessions), creates it
// empty, and returns its conninfo. `name`: letters, digits and '_' only.
std::string create_database(const std::string& name);

// create_database(name), then `tpcc prepare --warehouses N --no-check` into
// it; throws with tpcc's output if the load fails. Returns the conninfo.
std::string prepared_database(const std::string& name, int warehouses);

// Runs TPCC_BINARY with `args`, stdin from /dev/null, stdout and stderr
// captured into *output (both, interleaved; pass nullptr to let them through).
// Returns the exit status; 128 + N if ended by signal N.
int run_tpcc(const std::vector<std::string>& args, std::string* output,
             const EnvChanges& env = {});

// The same, but the process gets SIGKILL after `seconds` if still running
// (status 137 then): for interrupted-load tests.
int run_tpcc_killed_after(const std::vector<std::string>& args, double seconds,
                          std::string* output, const EnvChanges& env = {});

}  // namespace tpcc::test
