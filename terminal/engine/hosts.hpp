// --host-policy: which of the hosts a --conn lists each connection of the
// primary's terminals goes to. first leaves the list to libpq (one
// connection string for all: the first host that answers, the next after a
// failure); round-robin and random give each connection one host of its
// own, so that every host is a primary with its share of the terminals.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/config.hpp"

namespace tpcc {

struct HostAssignment {
  // One connection string per host; a single one (the --conn as given)
  // with --host-policy first.
  std::vector<std::string> conninfos;
  // "a:5432", per host; empty with --host-policy first.
  std::vector<std::string> labels;
  // The host of each connection, an index into conninfos.
  std::vector<int> host_of_connection;

  const std::string& conninfo_of(int connection) const {
    return conninfos[static_cast<std::size_t>(
        host_of_connection[static_cast<std::size_t>(connection)])];
  }
  bool spread() const { return !labels.empty(); }
};

// The hosts of config.conninfo for `connections` connections: connection k
// to host k mod H (round-robin), or to one drawn from Random(seed)
// (random), or all to the --conn as given (first).
HostAssignment assign_hosts(const Config& config, int connections, std::uint64_t seed);

}  // namespace tpcc
