// What pgbench does before a run unless -n: VACUUM pgbench_branches and
// pgbench_tellers and TRUNCATE pgbench_history, and with -v VACUUM ANALYZE
// pgbench_accounts too; it prints "starting vacuum...end.", and prints and
// ignores each step's error (a script on tables of the user's own runs on a
// database without pgbench's). Only the kit's own pgbench_history is
// emptied, the sum of its deltas first carried into the kit's record in the
// same transaction, so that check's balances still add up; one that
// pgbench -i or the user made is left as it is, and said so.
#pragma once

#include <ostream>
#include <string>

#include <pqxx/transaction_base>

#include "config/config.hpp"

namespace tpcc {

void vacuum_before_run(const Config& config, std::ostream& out);

// What the runs' vacuum steps carried out of the kit's pgbench_history, as
// numeric text ("0" when none, or the record predates the column).
std::string carried_history_delta(pqxx::transaction_base& tx);

}  // namespace tpcc
