// The database helpers of pg_fixture.hpp that need no server of their own;
// the server, the databases and the tpcc child processes are in pg_main.cpp.
#include <catch2/catch.hpp>

#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <exception>
#include <stdexcept>
#include <string>
#include <utility>

#include <pqxx/pqxx>

#include "tests/pg/pg_fixture.hpp"

namespace tpcc::test {

long long scalar(const std::string& conninfo, const std::string& sql) {
  pqxx::connection connection{conninfo};
  return scalar(connection, sql);
}

std::string scalar_text(const std::string& conninfo, const std::string& sql) {
  pqxx::connection connection{conninfo};
  pqxx::nontransaction transaction{connection};
  return transaction.exec1(sql)[0].as<std::string>();
}

long long scalar(pqxx::connection_base& connection, const std::string& sql) {
  pqxx::nontransaction transaction{connection};
  return transaction.exec1(sql)[0].as<long long>();
}

void execute_outside_transaction(const std::string& conninfo, const std::string& sql) {
  pqxx::connection connection{conninfo};
  pqxx::nontransaction transaction{connection};
  transaction.exec(sql);
}

void make_directory_for_server(const std::string& path) {
  if (mkdir(path.c_str(), 0700) != 0) throw std::runtime_error("cannot create " + path);
  if (geteuid() != 0) return;
  const passwd* postgres = getpwnam("postgres");
  if (!postgres || chown(path.c_str(), postgres->pw_uid, postgres->pw_gid) != 0) {
    throw std::runtime_error("cannot hand " + path + " to the postgres user");
  }
}

void execute(const std::string& conninfo, const std::string& sql) {
  pqxx::connection connection{conninfo};
  execute(connection, sql);
}

void execute(pqxx::connection_base& connection, const std::string& sql) {
  pqxx::work transaction{connection};
  transaction.exec(sql);
  transaction.commit();
}

CommittedChange::CommittedChange(const std::string& conninfo, const std::string& change,
                                 std::string undo)
    : conninfo_(conninfo), undo_(std::move(undo)) {
  execute(conninfo_, change);
}

CommittedChange::~CommittedChange() {
  try {
    execute(conninfo_, undo_);
  } catch (const std::exception& e) {
    WARN("could not undo a committed change: " << e.what());
  }
}

}  // namespace tpcc::test
