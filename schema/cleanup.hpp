// tpcc cleanup: drops what prepare created and nothing else.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

int cleanup_database(const Config& config, std::ostream& out);

}  // namespace tpcc
