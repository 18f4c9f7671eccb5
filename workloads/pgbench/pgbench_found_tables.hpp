// pgbench's own tables: the four a real `pgbench -i` made, which the kit
// did not create and has no record of. They are recognised by pgbench 15's
// columns (names and types, aid an integer or a bigint) and their scale is
// pgbench_branches' count, as pgbench itself reads it; they are only read,
// never altered, and cleanup leaves them (it drops what the kit recorded).
#pragma once

#include <string>

#include <pqxx/transaction_base>

#include "config/config.hpp"

namespace tpcc {

// Whether any of the four pgbench tables is in the current schema.
bool any_pgbench_table(pqxx::transaction_base& tx);
// The same on a connection of its own to config.conninfo.
bool any_pgbench_table(const Config& config);

// The scale of the four pgbench tables of the current schema taken as
// pgbench made them. Throws UsageError naming the table that is missing,
// whose columns are not pgbench's, or pgbench_branches when it is empty;
// `hint` ends the message (what to run instead).
int found_pgbench_scale(pqxx::transaction_base& tx, const std::string& hint);

}  // namespace tpcc
