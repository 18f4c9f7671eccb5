#include "db/connect.hpp"

#include <libpq-fe.h>

#include <algorithm>
#include <thread>

#include "config/conn/mask.hpp"
#include "config/errors.hpp"

namespace tpcc {
namespace {

std::string trimmed(std::string message) {
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  return message;
}

}  // namespace

void check_conninfo_syntax(const std::string& conninfo) {
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

void throw_connect_error(const std::string& conninfo, const std::string& libpq_message) {
  throw ConnectError("cannot connect to " + describe_target(conninfo) + ": " +
                     trimmed(libpq_message));
}

std::unique_ptr<pqxx::connection> connect(const std::string& conninfo) {
  check_conninfo_syntax(conninfo);
  try {
    return std::make_unique<pqxx::connection>(conninfo);
  } catch (const pqxx::broken_connection& e) {
    throw_connect_error(conninfo, e.what());
  }
}

std::unique_ptr<pqxx::connection> connect_within(
    const std::string& conninfo, std::chrono::milliseconds patience,
    const std::function<void(const std::string& reason)>& waiting) {
  const auto give_up = std::chrono::steady_clock::now() + patience;
  std::chrono::milliseconds pause(100);
  for (bool said = false;; said = true) {
    try {
      return connect(conninfo);
    } catch (const ConnectError& e) {
      if (std::chrono::steady_clock::now() + pause > give_up) throw;
      if (!said && waiting) waiting(e.what());
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds(1000));
  }
}

}  // namespace tpcc
