// Counts the system calls a piece of code makes, for real: the code runs in
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// a child process traced with ptrace(2), between two marker syscalls.
#ifndef LEANIO_TEST_SYSCALL_COUNTER_H
#define LEANIO_TEST_SYSCALL_COUNTER_H

#include <functional>
#include <map>
#include <string>

namespace leanio::test {

struct SyscallCounts {
  std::map<long, int> byNumber;
  int exitStatus = -1;
  int operator[](long nr) const {
    auto it = byNumber.find(nr);
    return it == byNumber.end() ? 0 : it->second;
  }
  int stats() const;  // fstat, newfstatat, statx
  int writes() const; // write, writev
  std::string summary() const;
};

/// Runs \p body in a forked child and counts the syscalls it makes.
/// \p body's return value becomes the child's exit status.
SyscallCounts countSyscalls(const std::function<int()> &body);

} // namespace leanio::test

#endif
