#include "tests/pg/standby_fixture.hpp"

#include <chrono>
#include <stdexcept>
#include <thread>

#include "pgserver/local_server.hpp"
#include "tests/pg/pg_fixture.hpp"

namespace tpcc::test {
namespace {

constexpr double kStreamingTimeoutSeconds = 30;

LocalServerOptions quiet_options() {
  LocalServerOptions options;
  options.quiet = true;
  // The shared server's 512MB each would be 1.5 GB with this pair.
  options.settings = {{"shared_buffers", "128MB"}, {"max_connections", "100"}};
  return options;
}

// Polls `done` every 100 ms; throws naming `what` after `seconds`.
template <typename Done>
void wait_until(double seconds, const std::string& what, Done done) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) {
      throw std::runtime_error("the standby did not " + what + " within " +
                               std::to_string(static_cast<int>(seconds)) + " s");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

}  // namespace

StandbyPair::StandbyPair(const std::string& standby_name) {
  LocalServerOptions primary_options = quiet_options();
  primary_options.replication = true;
  primary_ = LocalServer::start(primary_options);
  LocalServerOptions standby_options = quiet_options();
  standby_options.settings.emplace_back("cluster_name", standby_name);
  standby_ = LocalServer::start_standby(*primary_, standby_options);
  wait_until(kStreamingTimeoutSeconds, "stream from the primary", [this] {
    return scalar(primary_->conninfo(),
                  "select count(*) from pg_stat_replication where state = 'streaming'") > 0;
  });
}

StandbyPair::StandbyPair(const std::string& standby_name, const std::string& database)
    : StandbyPair(standby_name) {
  execute_outside_transaction(primary_->conninfo(), "create database " + database);
  database_ = database;
}

std::string StandbyPair::primary_database() const { return primary_->conninfo_for(database_); }

std::string StandbyPair::standby_database() const { return standby_->conninfo_for(database_); }

StandbyPair::~StandbyPair() {
  standby_.reset();
  primary_.reset();
}

void StandbyPair::crash_standby() { standby_->crash(); }

void StandbyPair::crash_primary() { primary_->crash(); }

void StandbyPair::promote_standby() { standby_->promote(); }

void StandbyPair::wait_for_replay(double seconds) const {
  const std::string target = scalar_text(primary_->conninfo(), "select pg_current_wal_lsn()::text");
  wait_until(seconds, "replay up to " + target, [this, &target] {
    return scalar(standby_->conninfo(),
                  "select (pg_last_wal_replay_lsn() >= '" + target + "'::pg_lsn)::int") == 1;
  });
}

}  // namespace tpcc::test
