// Where the PostgreSQL server programs (initdb, pg_ctl, postgres) live.
#pragma once

#include <string>

namespace tpcc {

// The first directory holding initdb, pg_ctl and postgres together, looked
// for in this order: the directory of pg_ctl found in PATH (symlinks
// resolved), `pg_config --bindir`, the highest /usr/lib/postgresql/<N>/bin.
// Throws std::runtime_error naming every place looked at if none has them.
std::string find_server_bin_dir();

}  // namespace tpcc
