#include "pgserver/citus_cluster.hpp"

#include <unistd.h>

#include <stdexcept>

#include <pqxx/connection>
#include <pqxx/nontransaction>

#include "pgserver/pg_binaries.hpp"

namespace tpcc {
namespace {

// Citus hooks into the server at start, so it must be preloaded.
constexpr const char* kPreload = "citus";
// The nodes reach each other over loopback TCP (the address the workers
// are registered with), which LocalServer listens on.
constexpr const char* kNodeHost = "127.0.0.1";
// Citus gives its distributed plans costs far above jit_above_cost, so with
// JIT on every delegated call and multi-step statement paid tenths of a
// second compiling (measured: a Payment call 390 ms with JIT, 60 ms without).
constexpr const char* kJit = "off";

std::string citus_library() { return find_server_bin_dir() + "/../lib/citus.so"; }

void recreate_database(const LocalServer& node, const std::string& name) {
  pqxx::connection conn{node.conninfo()};
  pqxx::nontransaction tx{conn};  // CREATE DATABASE cannot run in a transaction block
  tx.exec("drop database if exists " + tx.quote_name(name) + " with (force)");
  // Citus says on each create that it does not propagate it: known, and
  // why this runs on every node.
  tx.exec("set client_min_messages = warning");
  tx.exec("create database " + tx.quote_name(name));
}

}  // namespace

bool CitusCluster::installed() {
  try {
    return ::access(citus_library().c_str(), R_OK) == 0;
  } catch (const std::exception&) {
    return false;  // no server programs at all: no Citus either
  }
}

std::string CitusCluster::install_hint() {
  std::string where;
  try {
    where = " (looked for " + citus_library() + ")";
  } catch (const std::exception& e) {
    where = " (" + std::string(e.what()) + ")";
  }
  return "Citus is not installed for this PostgreSQL" + where +
         ": install the Citus extension built for it (Citus packages for your distribution, "
         "or a build from the Citus sources with 'make install'), then try again";
}

std::unique_ptr<CitusCluster> CitusCluster::start(int workers, const LocalServerOptions& options) {
  if (!installed()) throw std::runtime_error(install_hint());
  LocalServerOptions node_options = options;
  node_options.settings.insert(node_options.settings.begin(),
                               {{"shared_preload_libraries", kPreload}, {"jit", kJit}});
  std::unique_ptr<CitusCluster> cluster(new CitusCluster());  // private constructor
  cluster->coordinator_ = LocalServer::start(node_options);
  for (int i = 0; i < workers; ++i) cluster->workers_.push_back(LocalServer::start(node_options));
  cluster->make_citus_database("postgres");
  return cluster;
}

CitusCluster::~CitusCluster() {
  workers_.clear();
  coordinator_.reset();
}

std::string CitusCluster::create_database(const std::string& name) const {
  recreate_database(*coordinator_, name);
  for (const auto& worker : workers_) recreate_database(*worker, name);
  make_citus_database(name);
  return coordinator_->conninfo_for(name);
}

void CitusCluster::make_citus_database(const std::string& name) const {
  for (const auto& worker : workers_) {
    pqxx::connection conn{worker->conninfo_for(name)};
    pqxx::nontransaction(conn).exec("create extension if not exists citus");
  }
  pqxx::connection conn{coordinator_->conninfo_for(name)};
  pqxx::nontransaction tx{conn};
  tx.exec("create extension if not exists citus");
  tx.exec("select citus_set_coordinator_host('" + std::string(kNodeHost) + "', " +
          std::to_string(coordinator_->port()) + ")");
  for (const auto& worker : workers_) {
    tx.exec("select citus_add_node('" + std::string(kNodeHost) + "', " +
            std::to_string(worker->port()) + ")");
  }
}

}  // namespace tpcc
