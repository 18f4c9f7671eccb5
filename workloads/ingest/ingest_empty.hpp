// Between the runs of a repeated set (tpcc run --repeat): the ingest tables
// the kit recorded emptied, so that each run appends to empty tables as the
// first did, and their record's rows set back to 0 in the same transaction,
// so that tpcc check after the set finds the last run's rows.
#pragma once

#include <string>
#include <vector>

#include "config/config.hpp"

namespace tpcc {

// TRUNCATEs the tables tpcc_ingest_tables names (those still there, and no
// other) and zeroes their acknowledged and in-doubt rows, in one
// transaction. Returns the tables emptied, by number.
std::vector<std::string> empty_recorded_ingest_tables(const Config& config);

}  // namespace tpcc
