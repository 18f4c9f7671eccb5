#!/usr/bin/env bash
# Configures and builds everything (tpcc, unit_tests, pg_tests) into ./build.
# JOBS overrides the number of parallel compile jobs (default 2).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j "${JOBS:-2}"
