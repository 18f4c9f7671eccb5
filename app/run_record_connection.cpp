#include "app/run_record_connection.hpp"

#include <chrono>
#include <string>

#include "db/connect.hpp"

namespace tpcc {

std::unique_ptr<pqxx::connection> connect_to_record(const Config& config, std::ostream& out) {
  const int patience = config.max_downtime_seconds;
  return connect_within(config.conninfo, std::chrono::seconds(patience),
                        [&out, patience](const std::string& reason) {
                          out << "waiting up to " << patience
                              << " s (--max-downtime) for the server, to record the run for "
                                 "tpcc check: "
                              << reason << "\n";
                        });
}

}  // namespace tpcc
