#!/bin/sh
# Sets up, builds, and runs the whole test suite (lit + FileCheck under ctest).
set -eu
cd "$(dirname "$0")/.."
scripts/setup.sh --test
cmake -S . -B build >/dev/null # picks up packages installed since the last run
cmake --build build
ctest --test-dir build --output-on-failure -V
