#include "workloads/ch/ch_cleanup.hpp"

#include "config/errors.hpp"
#include "db/catalog.hpp"
#include "db/connect.hpp"
#include "workloads/ch/ch_tables.hpp"
#include "workloads/recorded_tables.hpp"

namespace tpcc {

int cleanup_ch_tables(const Config& config, std::ostream& out) {
  if (!relation_exists(*connect(config.conninfo), kChRecord)) return kExitOk;
  return cleanup_recorded_tables(config, {"CH", kChRecord, {kChRecord}, kListChTablesSql, ""}, out);
}

}  // namespace tpcc
