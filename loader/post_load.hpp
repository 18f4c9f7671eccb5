// After the rows: per table its primary key, indexes and VACUUM ANALYZE
// (tables in parallel), the history id sequence, then optional foreign keys.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

// Each step skips what already exists, so it can run again after a resume.
void build_indexes_and_analyze(const Config& config, std::ostream& log);
void add_foreign_keys(const Config& config, std::ostream& log);

}  // namespace tpcc
