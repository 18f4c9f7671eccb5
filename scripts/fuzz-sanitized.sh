#!/usr/bin/env bash
# Builds the unit tests with AddressSanitizer and UndefinedBehaviorSanitizer
# (cmake -DTPCC_SANITIZE=ON) in a build directory of their own, then runs the
# configuration tests under them: the fuzz loops over the props reader and
# the JDBC URL translator, and every other [config] test.
# SANITIZE_BUILD_DIR overrides the directory (default build/sanitize);
# JOBS the number of parallel compile jobs (default 2).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

dir=${SANITIZE_BUILD_DIR:-build/sanitize}
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTPCC_SANITIZE=ON >/dev/null
cmake --build "$dir" -j "${JOBS:-2}" --target unit_tests
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
"$dir/unit_tests" '[config]'
