// After the rows: primary keys and indexes (in parallel), the history id
// sequence, optional foreign keys, then VACUUM ANALYZE.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

// Each step skips what already exists, so it can run again after a resume.
void build_indexes(const Config& config, std::ostream& log);
void add_foreign_keys(const Config& config, std::ostream& log);
void vacuum_analyze(const Config& config, std::ostream& log);

}  // namespace tpcc
