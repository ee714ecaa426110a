#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sets up, builds, and runs the whole test suite (lit + FileCheck under ctest).
set -eu
cd "$(dirname "$0")/.."
start=$(date +%s)
scripts/setup.sh --test # builds build/ and build/llvm-N for the LLVM matrix
echo "Set-up phases (wall time; the tests' own times follow from ctest):"
cat build/phases.txt
echo "  set-up in all: $(($(date +%s) - start)) s"
ctest --test-dir build --output-on-failure -V
