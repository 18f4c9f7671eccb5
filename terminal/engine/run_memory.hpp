// The memory a run's client needs for its terminals and connections,
// estimated before it starts and compared with what the host has
// available, so that a run of a million terminals is warned about before
// the kernel's out-of-memory killer ends it half-way.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "config/config.hpp"

namespace tpcc {

// Measured with bench/terminals.sh (peak RSS of the process): about 18 MB
// for the process itself, 660 bytes per terminal (its state, its next due
// time in the schedule) at a million terminals over 8 connections, and
// 84 KB per connection (its thread, libpq's buffers) at 250 connections
// against 8. Rounded up: the estimate is a warning's threshold.
inline constexpr std::uint64_t kProcessBytes = 20ull << 20;
inline constexpr std::uint64_t kBytesPerTerminal = 700;
inline constexpr std::uint64_t kBytesPerConnection = 100ull << 10;

std::uint64_t estimated_run_bytes(std::uint64_t terminals, std::uint64_t connections);

// The warning when `estimate` exceeds `available` (bytes); none otherwise.
std::optional<std::string> memory_warning(std::uint64_t terminals, std::uint64_t connections,
                                          std::uint64_t estimate, std::uint64_t available);

// The host's MemAvailable (/proc/meminfo) in bytes, if it says.
std::optional<std::uint64_t> available_memory_bytes();

// The run's terminals (the primary's and the standbys') and connections
// (run_connection_count) against the host's available memory.
std::optional<std::string> run_memory_warning(const Config& config);

}  // namespace tpcc
