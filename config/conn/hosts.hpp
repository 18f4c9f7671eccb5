// A connection string that lists several hosts ("host=a,b port=5432,5433",
// or a URI's "postgresql://a:5432,b:5433/db"), taken apart into one string
// per host, for spreading terminals over several primaries (--host-policy).
#pragma once

#include <string>
#include <vector>

namespace tpcc {

// One connection string per host the given one lists, in its order: the
// same string with host (and hostaddr and port, when those list one value
// per host) narrowed to that host's; a single port applies to every host,
// as libpq reads it. A string of one host (or none: libpq's default) is
// returned as the only element. Throws UsageError naming --conn when
// hostaddr or port list a count of values other than 1 or the hosts'.
std::vector<std::string> conninfo_per_host(const std::string& conninfo);

// "a:5432", the host and port one of those strings names ("a" when it
// names no port; "(default)" when it names neither), for the per-host
// figures.
std::string host_label(const std::string& single_host_conninfo);

}  // namespace tpcc
