// What the server-metrics sampler reads from /proc when the server runs on
// this host: a file's text, a process's CPU times and command name, and a
// process's living children.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "metrics/server_metrics.hpp"

namespace tpcc {

// The whole file, or nothing when it cannot be opened.
std::optional<std::string> read_text(const std::string& path);

// /proc/<pid>/stat parsed; nothing when the process is gone.
std::optional<ProcessTimes> process_times(long long pid);

// The command name of /proc/<pid>/stat, "" when unreadable.
std::string process_command(long long pid);

// The children the kernel lists for the process's main thread in
// /proc/<pid>/task/<pid>/children; nothing when the kernel lacks that file.
std::optional<std::vector<long long>> children_listed(long long parent);

// The children found by reading every process's parent in /proc: as many
// file reads as the host has processes.
std::vector<long long> children_scanned(long long parent);

// The listed children where the kernel lists them (the postmaster has one
// thread), the scanned ones otherwise: the client's CPU must not grow with
// what else runs on the host.
std::vector<long long> children_of(long long parent);

}  // namespace tpcc
