#!/usr/bin/env bash
# Configures and builds into ./build: everything (tpcc, unit_tests,
# pg_tests), or only the targets named as arguments (./quickstart builds
# only tpcc). JOBS overrides the number of parallel compile jobs (default 2).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

targets=()
for target in "$@"; do targets+=(--target "$target"); done
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j "${JOBS:-2}" "${targets[@]}"
