#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds the examples/ program with debug info, finds its redundant syscalls
# statically, then runs it under syscall-tidy-trace and ranks those findings
# by the syscalls each one measurably costs.
set -eu
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake -S examples -B build/examples-g -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 >/dev/null
cmake --build build/examples-g >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Exit status 1 means findings, which the examples are there to show.
status=0
build/bin/syscall-tidy -p build/examples-g --quiet --format=json \
  --output="$work/findings.json" || status=$?
[ "$status" -le 1 ]
head -c 1048576 /dev/urandom >"$work/input"
cd "$work"
"$OLDPWD/build/bin/syscall-tidy-trace" --findings=findings.json --top=8 -- \
  "$OLDPWD/build/examples-g/copylog" input output copylog.log
