#include "db/error_classes.hpp"

#include <array>

namespace tpcc {
namespace {

constexpr std::array<const char*, 8> kUnfixableStates = {
    "3D000", "3F000", "42501", "42P01", "42703", "42883", "42704", "25006",
};

// The server's FATAL messages for refusals that a retry meets again.
constexpr std::array<const char*, 8> kPermanentRefusals = {
    "does not exist",  // database "x" / role "x"
    "password authentication failed",
    "authentication failed",  // peer, ident, ...
    "no pg_hba.conf entry",
    "permission denied for database",
    "is not permitted to log in",
    "is not currently accepting connections",  // datallowconn = false
    "no password supplied",                    // libpq: fe_sendauth
};

}  // namespace

bool retrying_cannot_fix(const std::string& sqlstate) {
  if (sqlstate.compare(0, 2, "28") == 0) return true;
  for (const char* state : kUnfixableStates) {
    if (sqlstate == state) return true;
  }
  return false;
}

bool connect_refusal_is_permanent(const std::string& message) {
  for (const char* refusal : kPermanentRefusals) {
    if (message.find(refusal) != std::string::npos) return true;
  }
  return false;
}

bool is_timeout(const std::string& sqlstate) { return sqlstate == "57014" || sqlstate == "55P03"; }

}  // namespace tpcc
