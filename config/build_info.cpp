#include "config/build_info.hpp"

#include <libpq-fe.h>
#include <pg_config.h>
#include <boost/version.hpp>
#include <pqxx/version.hxx>

#ifndef TPCC_VERSION
#define TPCC_VERSION "unknown"
#endif
#ifndef TPCC_BUILD_TYPE
#define TPCC_BUILD_TYPE ""
#endif

namespace tpcc {

// build/generated/build_commit.cpp, written by cmake/build_commit.cmake.
extern const char* const kBuildCommit;
extern const bool kBuildModified;

namespace {

// PostgreSQL's version number (150020) as it writes it: "15.20".
std::string pg_version_text(int number) {
  return std::to_string(number / 10000) + "." + std::to_string(number % 10000);
}

std::string compiler_text() {
#if defined(__clang__)
  return "Clang " __clang_version__;
#elif defined(__GNUC__)
  return "GCC " + std::to_string(__GNUC__) + "." + std::to_string(__GNUC_MINOR__) + "." +
         std::to_string(__GNUC_PATCHLEVEL__);
#else
  return "unknown";
#endif
}

}  // namespace

const BuildInfo& build_info() {
  static const BuildInfo info = [] {
    BuildInfo b;
    b.version = TPCC_VERSION;
    b.commit = kBuildCommit;
    b.modified = kBuildModified;
    b.build_type = TPCC_BUILD_TYPE;
    b.compiler = compiler_text();
    b.libpq = pg_version_text(PG_VERSION_NUM);
    b.libpqxx = PQXX_VERSION;
    b.boost =
        std::to_string(BOOST_VERSION / 100000) + "." + std::to_string(BOOST_VERSION / 100 % 1000);
    return b;
  }();
  return info;
}

std::string libpq_runtime_version() { return pg_version_text(PQlibVersion()); }

std::string version_text() {
  const BuildInfo& b = build_info();
  std::string text = "tpcc " + b.version + "\n";
  text += "commit: " + b.commit + (b.modified ? " (modified)" : "") + "\n";
  text += "build type: " + (b.build_type.empty() ? std::string("none") : b.build_type) + "\n";
  text += "compiler: " + b.compiler + "\n";
  text += "libpq: " + b.libpq;
  const std::string runtime = libpq_runtime_version();
  if (runtime != b.libpq) text += " (runs with " + runtime + ")";
  text += "\nlibpqxx: " + b.libpqxx + "\n";
  text += "Boost: " + b.boost + "\n";
  return text;
}

}  // namespace tpcc
