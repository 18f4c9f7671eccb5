#include "metrics/checkpoints.hpp"

namespace tpcc {

std::optional<std::int64_t> checkpoints_between(const CheckpointFigures& figures) {
  if (!figures.at_start || !figures.at_end) return std::nullopt;
  const std::int64_t timed = figures.at_end->timed - figures.at_start->timed;
  const std::int64_t requested = figures.at_end->requested - figures.at_start->requested;
  if (timed < 0 || requested < 0) return std::nullopt;  // pg_stat_reset_shared('bgwriter')
  return timed + requested;
}

}  // namespace tpcc
