// Before a load (TPC-C's prepare, sysbench's oltp prepare, pgbench's): its
// size estimate, said at once, against the free space of the server's file
// system; a load that cannot fit is refused before a table is created,
// unless --no-space-check.
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include <pqxx/connection>

#include "config/config.hpp"

namespace tpcc {

// The free space where the tables will go, when tpcc can read it.
struct FreeSpace {
  std::optional<double> megabytes;  // nullopt: not known (note says why)
  std::string place;                // "the file system of /var/lib/pg/data"
  std::string note;                 // why it is not known
};

// The free space of the file system holding the server's data directory:
// known when the server runs on this machine (its data_directory, readable
// by superusers and pg_read_all_settings, is a local directory, and the
// connection's backend is a local postgres process); otherwise a note. Not
// checked when the tables go to tablespaces or to Citus workers.
FreeSpace server_free_space(pqxx::connection& conn, const Config& config);

// A load, as its estimate and its refusal name it.
struct LoadSize {
  double megabytes = 0;  // tables and indexes (loader/size_estimate.hpp)
  std::string amount;    // "10 warehouse(s)", "2000 rows in 2 sbtest table(s)"
  std::string flag;      // the option a refusal names: "--warehouses"
  std::string fewer;     // how to load less: "fewer warehouses"
};

// The line that says the estimate and the free space ("size estimate: ...").
std::string space_line(const LoadSize& load, const FreeSpace& free);

// The refusal (for exit 2) when the load does not fit the known free space
// and no_space_check is off; nullopt otherwise.
std::optional<std::string> space_refusal(const LoadSize& load, const FreeSpace& free,
                                         bool no_space_check);

// Says space_line on `out` at once; throws the refusal as a UsageError.
void check_space(pqxx::connection& conn, const Config& config, const LoadSize& load,
                 std::ostream& out);

}  // namespace tpcc
