// Local-time text for names and records (results/<time>/, load time,
// started_at): one strftime wrapper instead of one per caller.
#pragma once

#include <cstdint>
#include <ctime>
#include <string>

namespace tpcc {

// strftime(format) of t in the local time zone.
std::string format_local_time(std::time_t t, const char* format);

// Milliseconds since the epoch as UTC text, "2026-11-30T23:59:59.123Z".
std::string format_utc_ms(std::int64_t ms_since_epoch);

}  // namespace tpcc
