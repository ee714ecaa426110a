#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sets up, builds, and runs syscall-tidy over the bundled examples/ project.
set -eu
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake -S examples -B build/examples -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
  -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 >/dev/null
# Exit status 1 means findings, which the examples are there to show.
status=0
build/bin/syscall-tidy -p build/examples || status=$?
[ "$status" -le 1 ]
