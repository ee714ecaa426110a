#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sets up, builds, and runs the whole test suite (lit + FileCheck under ctest).
set -eu
cd "$(dirname "$0")/.."
scripts/setup.sh --test # builds build/ and build/llvm-N for the LLVM matrix
ctest --test-dir build --output-on-failure -V
