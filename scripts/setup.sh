#!/bin/sh
# Installs what is missing (Debian 12, as root) and builds syscall-tidy.
# Usage: scripts/setup.sh [--test]   (--test adds what the test suite needs)
set -eu
cd "$(dirname "$0")/.."

LLVM=19
packages="clang-$LLVM clang-tidy-$LLVM libclang-$LLVM-dev llvm-$LLVM-dev llvm-$LLVM-tools
          libzstd-dev libclang-rt-$LLVM-dev libgtest-dev libbenchmark-dev
          cmake ninja-build ccache python3"
if [ "${1:-}" = "--test" ]; then
  # Another major version of clang-tidy exercises the plugin's version gate.
  packages="$packages clang-tidy-14 strace pkg-config git pre-commit"
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

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache >/dev/null
if [ "${1:-}" = "--test" ]; then
  cmake --build build
else
  # Linting needs the tool and the plugin only, not leanio's tests,
  # fuzzer and benchmarks.
  cmake --build build --target syscall-tidy SyscallTidy
fi

if [ "${1:-}" = "--test" ] && [ ! -x build/npm/node_modules/.bin/sarif-multitool ]; then
  # Microsoft's SARIF validator, for the tests of --format=sarif.
  command -v npm >/dev/null || DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq npm >/dev/null
  npm install --prefix build/npm --no-audit --no-fund --loglevel=error \
    @microsoft/sarif-multitool@5 >/dev/null
fi
