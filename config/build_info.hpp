// What this tpcc was built from and with: `tpcc --version` prints it and
// result.json's environment keeps it, so that two results say whether the
// same build measured them.
#pragma once

#include <string>

namespace tpcc {

struct BuildInfo {
  std::string version;     // the project's (CMakeLists.txt)
  std::string commit;      // git's HEAD at the build, "unknown" outside a git tree
  bool modified = false;   // tracked files had changes at the build
  std::string build_type;  // CMAKE_BUILD_TYPE: "RelWithDebInfo", "Release", ...
  std::string compiler;    // "GCC 12.2.0"
  std::string libpq;       // the headers built with: "15.20"
  std::string libpqxx;     // "6.4.4"
  std::string boost;       // "1.74"
};

const BuildInfo& build_info();

// The libpq this process runs with (PQlibVersion): "15.20".
std::string libpq_runtime_version();

// tpcc --version: "tpcc 0.1.0", then one line each for the commit, the
// build type, the compiler and the libraries.
std::string version_text();

}  // namespace tpcc
