// tpcc prepare for the ingest workload: the tables tpcc_ingest_1..N (N:
// --ingest-tables, or --terminals for a table per stream), empty, each
// recorded in tpcc_ingest_tables in the transaction that creates it. A
// table tpcc did not create is refused (exit 2) before anything is made; a
// recorded one made with another --ingest-row-bytes or --unlogged too; a
// recorded one that is there is kept as it is (its rows too).
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

// Exit 0; throws UsageError / ConnectError for exit statuses 2 / 3.
int prepare_ingest_tables(const Config& config, std::ostream& out);

}  // namespace tpcc
