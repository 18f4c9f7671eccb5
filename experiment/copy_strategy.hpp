// How CREATE DATABASE copies a database (PostgreSQL 15's STRATEGY): WAL_LOG
// writes every block through the WAL, FILE_COPY copies the files and takes a
// checkpoint before and after. Chosen by the size of the database copied.
#pragma once

#include <cstdint>
#include <string>

namespace tpcc {

// At this size and above FILE_COPY; below it WAL_LOG (docs/experiments.md
// has the measurements behind it).
inline constexpr std::int64_t kFileCopyFromBytes = 64LL * 1024 * 1024;

// "WAL_LOG" or "FILE_COPY"; "" for a server before 15 (no STRATEGY clause).
std::string copy_strategy(int server_version, std::int64_t bytes);

// Why copy_strategy() chose what it did for that size, for the output.
std::string copy_strategy_reason(std::int64_t bytes);

}  // namespace tpcc
