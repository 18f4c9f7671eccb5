// tpcc report --compare, first: how the runs started and what they ran on,
// where they differ (the snapshot restored, the conditioning, the server's
// settings and extensions, the client host, tpcc's build, the label), from
// result.json's snapshot, conditioning and environment (docs/experiments.md).
#pragma once

#include <vector>

#include "report/views/compare.hpp"
#include "report/views/result_dir_read.hpp"

namespace tpcc {

// Every item of the runs' start and environment, keyed
// ("server.setting.work_mem", "client.cpus", "snapshot"), in a fixed order
// with the settings by name; differs marks those not equal in every run.
// A run without an environment (an older tpcc, a merged result) has no
// values there and differs from none.
std::vector<ComparedSetting> compared_environment(const std::vector<ResultDir>& runs);

}  // namespace tpcc
