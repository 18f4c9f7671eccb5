// tpcc fleet's command line: the drivers' options are the ones given
// beside fleet's own, passed on to each driver's tpcc run or prepare.
#pragma once

#include <string>
#include <vector>

#include "config/config.hpp"

namespace tpcc {

// Takes tpcc fleet's target word (k8s) off the front of args, the words
// after the command word; "" for a request for help. Throws UsageError
// when it is missing or unknown.
std::string take_fleet_target(std::vector<std::string>& args);

// The image the pods run unless --image names another: packaging/image.sh's.
std::string fleet_default_image();

// The arguments as given without fleet's own options (--drivers, --verb,
// ...) and without --run-id, which fleet writes into each driver's
// command itself. "--name value" and "--name=value" are both taken out.
std::vector<std::string> fleet_driver_args(const std::vector<std::string>& given);

// What the manifest must not carry, one message per option given: the
// conninfo and the password (the Secret holds them), and what fleet sets
// for each driver (--driver, --result-dir, --json).
std::vector<std::string> fleet_refused_args(const std::vector<std::string>& given);

// What fleet's own options lack: --drivers; a run id that can name
// Kubernetes objects; two drivers or more for --verb merge.
std::vector<std::string> fleet_plan_problems(const Config& config);

}  // namespace tpcc
