#include "experiment/copy_strategy.hpp"

namespace tpcc {
namespace {

constexpr int kFirstWithStrategy = 150000;

}  // namespace

std::string copy_strategy(int server_version, std::int64_t bytes) {
  if (server_version < kFirstWithStrategy) return "";
  return bytes >= kFileCopyFromBytes ? "FILE_COPY" : "WAL_LOG";
}

std::string copy_strategy_reason(std::int64_t bytes) {
  const std::string limit = std::to_string(kFileCopyFromBytes / (1024 * 1024)) + " MB";
  return bytes >= kFileCopyFromBytes
             ? "for " + limit + " and more: a file copy beats writing every block to the WAL"
             : "under " + limit + ": cheaper than FILE_COPY's two checkpoints";
}

}  // namespace tpcc
