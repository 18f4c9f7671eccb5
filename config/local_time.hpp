// Local-time text for names and records (results/<time>/, load time,
// started_at): one strftime wrapper instead of one per caller.
#pragma once

#include <ctime>
#include <string>

namespace tpcc {

// strftime(format) of t in the local time zone.
std::string format_local_time(std::time_t t, const char* format);

}  // namespace tpcc
