// A throwaway Citus cluster for `tpcc quickstart --citus-workers N` and the
// Citus tests: a coordinator and N workers, each a LocalServer of its own
// (own directory, port and socket directory) with shared_preload_libraries
// = 'citus'. Citus keeps its metadata per database, so each database the
// cluster serves is created on every node, gets the extension on every
// node, and has the workers registered on its coordinator.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "pgserver/local_server.hpp"

namespace tpcc {

class CitusCluster {
 public:
  // Whether the Citus extension is installed for the PostgreSQL whose
  // programs LocalServer uses (its library beside the server's).
  static bool installed();
  // What to tell a user who has no Citus: where it was looked for and how
  // to install it.
  static std::string install_hint();

  // Starts the coordinator and `workers` workers (options apply to each),
  // and makes the `postgres` database a Citus database. Throws
  // std::runtime_error; whatever started is stopped again then.
  static std::unique_ptr<CitusCluster> start(int workers, const LocalServerOptions& options);

  // Stops the workers, then the coordinator (each removes its directory
  // unless options.keep).
  ~CitusCluster();
  CitusCluster(const CitusCluster&) = delete;
  CitusCluster& operator=(const CitusCluster&) = delete;

  const LocalServer& coordinator() const { return *coordinator_; }
  const std::vector<std::unique_ptr<LocalServer>>& workers() const { return workers_; }
  // The coordinator's `postgres` database.
  const std::string& conninfo() const { return coordinator_->conninfo(); }

  // Drops `name` on every node if it exists, creates it with the citus
  // extension on every node and the workers registered on the coordinator;
  // returns the coordinator's conninfo for it. `name`: a plain identifier.
  std::string create_database(const std::string& name) const;

 private:
  CitusCluster() = default;
  void make_citus_database(const std::string& name) const;

  std::unique_ptr<LocalServer> coordinator_;
  std::vector<std::unique_ptr<LocalServer>> workers_;
};

}  // namespace tpcc
