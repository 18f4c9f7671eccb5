#include "app/run_not_started.hpp"

#include <string>

#include <pqxx/except>

#include "app/server_error_hint.hpp"
#include "config/errors.hpp"
#include "config/local_time.hpp"

namespace tpcc {
namespace {

struct Outcome {
  const char* reason;
  std::string detail;
  int exit_status;  // as main() maps the exception
};

Outcome outcome_of(const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const ConnectError& e) {
    // db/connect's refusal; a ConnectError of another kind (the start
    // barrier's drivers that did not arrive) connected first.
    const std::string message = e.what();
    return {message.rfind("cannot connect to ", 0) == 0 ? "not_connected" : "not_started", message,
            kExitConnect};
  } catch (const pqxx::broken_connection& e) {
    return {"not_connected", e.what(), kExitConnect};
  } catch (const pqxx::sql_error& e) {
    const std::string state = e.sqlstate();
    return {"not_started", (state.empty() ? "" : sqlstate_text(state) + ": ") + e.what(),
            kExitConnect};
  } catch (const UsageError& e) {
    return {"not_started", e.what(), kExitUsage};
  } catch (const Interrupted& e) {
    return {"not_started", e.what(), kExitInterrupted};
  } catch (const std::exception& e) {
    return {"not_started", e.what(), kExitFailed};
  } catch (...) {
    return {"not_started", "unknown error", kExitFailed};
  }
}

}  // namespace

void record_not_started(ResultSink& results, const std::exception_ptr& error, std::time_t started,
                        std::ostream& out) {
  const Outcome outcome = outcome_of(error);
  std::string detail = outcome.detail;
  while (!detail.empty() && (detail.back() == '\n' || detail.back() == ' ')) detail.pop_back();
  try {
    results.write_not_started(outcome.reason, detail, outcome.exit_status,
                              format_local_time(started, "%Y-%m-%dT%H:%M:%S%z"));
    out << "the run measured nothing (" << outcome.reason << "): " << results.dir()
        << "/result.json says why\n";
  } catch (const std::exception& e) {
    out << "warning: " << e.what() << "\n";
  }
  out.flush();
}

}  // namespace tpcc
