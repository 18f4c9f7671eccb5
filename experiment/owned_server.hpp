// The server the user gave the kit by its data directory (--server-datadir):
// shown to be the server of the connection before the kit stops, crashes or
// starts it, so that it never touches another.
#pragma once

#include <string>

#include "pgserver/data_dir_server.hpp"

namespace tpcc {

// Opens DIR's server and checks that --conn reaches it: the connection's
// backend a child of DIR's postmaster, on its port, and (where the role
// may read it) in that data directory. Throws UsageError naming
// --server-datadir with the reason otherwise; nothing is done to either.
DataDirServer open_connected_server(const std::string& data_dir, const std::string& conninfo);

}  // namespace tpcc
