// `tpcc run`, before anything is measured: what the database holds and the
// C-Run drawn for it (2.1.6.1).
#pragma once

#include <string>
#include <vector>

#include "config/config.hpp"
#include "loader/load_state.hpp"
#include "spec/nurand.hpp"
#include "spec/random.hpp"

namespace tpcc {

// What was loaded, with a valid C-Run for it (2.1.6.1).
struct RunSetup {
  RecordedLoad load;
  NURandConstants c_run;
  bool c_load_recorded = true;
  std::vector<std::string> standby_warnings;  // filled by check_setup
};

// --spec without a warehouse count in the props: 10 terminals per home
// warehouse of the loaded database (4.2.2), read before anything is sized.
Config with_spec_terminals(const Config& given);

// Reads the recorded load (refusing one tpcc prepare did not finish) and
// draws C-Run from rng against its C-Load, or a fresh C-Load's when the
// load recorded none.
RunSetup read_setup(const Config& config, Random& rng);

// 2.1.6: the C-Run every driver of a --driver run uses, as the start
// barrier handed it (nurand_constants_text); throws UsageError when it is
// none, or when it breaks 2.1.6.1 against this load's C-Load.
NURandConstants agreed_c_run(const std::string& text, const RunSetup& setup);

}  // namespace tpcc
