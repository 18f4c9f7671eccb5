#include "db/connect.hpp"

#include <libpq-fe.h>

#include "config/errors.hpp"
#include "config/mask.hpp"

namespace tpcc {
namespace {

std::string trimmed(std::string message) {
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  return message;
}

// A malformed conninfo is a usage error (exit 2), not a failure to connect.
void check_syntax(const std::string& conninfo) {
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(conninfo.c_str(), &error);
  if (options) {
    PQconninfoFree(options);
    return;
  }
  const std::string message = error ? trimmed(error) : "cannot parse";
  PQfreemem(error);
  throw UsageError("--conn: invalid connection string " + mask_password(conninfo) + ": " + message);
}

}  // namespace

std::unique_ptr<pqxx::connection> connect(const std::string& conninfo) {
  check_syntax(conninfo);
  try {
    return std::make_unique<pqxx::connection>(conninfo);
  } catch (const pqxx::broken_connection& e) {
    throw ConnectError("cannot connect to " + describe_target(conninfo) + ": " + trimmed(e.what()));
  }
}

}  // namespace tpcc
