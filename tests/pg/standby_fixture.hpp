// A primary and a streaming hot standby of it, both throwaway, for the
// combined primary + standby tests. The primary is a cluster of its own,
// not the shared test server: feeding a standby needs wal_level=replica,
// which makes every load slower, and the shared server keeps minimal WAL.
#pragma once

#include <memory>
#include <string>

namespace tpcc {
class LocalServer;
}

namespace tpcc::test {

class StandbyPair {
 public:
  // Starts the primary (LocalServerOptions::replication), then the standby
  // from a pg_basebackup -R of it, with cluster_name `standby_name` (the
  // application_name the primary's pg_stat_replication shows), and waits
  // until it streams. Throws std::runtime_error if either cannot start.
  explicit StandbyPair(const std::string& standby_name);
  // The same, then creates `database` on the primary, which the standby
  // gets by replay; primary_database() and standby_database() name it.
  StandbyPair(const std::string& standby_name, const std::string& database);
  // Stops the standby, then the primary; each removes its directory.
  ~StandbyPair();
  StandbyPair(const StandbyPair&) = delete;
  StandbyPair& operator=(const StandbyPair&) = delete;

  const LocalServer& primary() const { return *primary_; }
  const LocalServer& standby() const { return *standby_; }
  // Conninfos of the database the constructor created, on either side.
  std::string primary_database() const;
  std::string standby_database() const;

  // The standby's server goes away as in a crash (pg_ctl stop -m
  // immediate) and stays away; the destructor removes its directory.
  void crash_standby();

  // A failover: the primary goes away as in a crash (pg_ctl stop -m
  // immediate) and stays away; the standby is promoted (pg_ctl promote -w).
  void crash_primary();
  void promote_standby();

  // Waits until the standby has replayed all WAL the primary has written
  // so far; throws std::runtime_error after `seconds`.
  void wait_for_replay(double seconds) const;

 private:
  std::unique_ptr<LocalServer> primary_;
  std::unique_ptr<LocalServer> standby_;
  std::string database_;
};

}  // namespace tpcc::test
