#include "metrics/run.hpp"

namespace tpcc {

const char* stop_reason_name(StopReason reason) {
  switch (reason) {
    case StopReason::Completed: return "completed";
    case StopReason::Interrupted: return "interrupted";
    case StopReason::Fatal: return "fatal_error";
    case StopReason::Downtime: return "max_downtime";
    case StopReason::Internal: return "internal_error";
  }
  return "?";
}

}  // namespace tpcc
