// tpcc: argument dispatch and the mapping of errors to exit codes.
#include <csignal>
#include <iostream>

#include <pqxx/except>

#include "app/commands.hpp"
#include "app/server_error_hint.hpp"
#include "config/command_line/options.hpp"
#include "config/command_line/scrub_argv.hpp"
#include "config/errors.hpp"

int main(int argc, char* argv[]) {
  using namespace tpcc;
  // `tpcc run | head`: a closed stdout must not kill a run before it writes
  // its results; the failed writes are simply lost.
  std::signal(SIGPIPE, SIG_IGN);
  try {
    const Config config = parse_command_line(argc, argv);
    // ps shows the arguments for the whole run; the parse copied them.
    scrub_password_arguments(argc, argv);
    return run_command(config);
  } catch (const HelpRequested& help) {
    std::cout << help.text;
    return kExitOk;
  } catch (const UsageError& e) {
    std::cerr << "tpcc: " << e.what() << "\n";
    return kExitUsage;
  } catch (const Interrupted& e) {
    std::cerr << "tpcc: " << e.what() << "\n";
    return kExitInterrupted;
  } catch (const ConnectError& e) {
    std::cerr << "tpcc: " << e.what() << "\n";
    return kExitConnect;
  } catch (const pqxx::broken_connection& e) {
    std::cerr << "tpcc: lost the connection to the server: " << e.what() << "\n";
    return kExitConnect;
  } catch (const pqxx::sql_error& e) {
    std::string query = e.query();
    query.erase(0, query.find_first_not_of(" \n"));
    const std::string state = e.sqlstate();
    std::cerr << "tpcc: server error" << (state.empty() ? "" : " " + sqlstate_text(state)) << ": "
              << e.what() << (query.empty() ? "" : "while running:\n") << query << "\n";
    if (const std::string hint = server_error_hint(state); !hint.empty()) {
      std::cerr << "tpcc: " << hint << "\n";
    }
    return kExitConnect;
  } catch (const std::exception& e) {
    std::cerr << "tpcc: " << e.what() << "\n";
    return kExitFailed;
  }
}
