// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "syscall_counter.h"

#include <csignal>
#include <cstdio>
#include <elf.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

namespace leanio::test {

namespace {

// getppid marks where counting starts and stops: nothing else here calls it.
constexpr long Marker = SYS_getppid;

long syscallNumber(pid_t pid) {
  user_regs_struct regs{};
  iovec io{&regs, sizeof regs};
  if (ptrace(PTRACE_GETREGSET, pid, NT_PRSTATUS, &io) != 0)
    return -1;
#if defined(__x86_64__)
  return static_cast<long>(regs.orig_rax);
#elif defined(__aarch64__)
  return static_cast<long>(regs.regs[8]);
#else
#error "syscall_counter: add this architecture's syscall number register"
#endif
}

} // namespace

int SyscallCounts::stats() const {
  int n = (*this)[SYS_newfstatat] + (*this)[SYS_statx];
#ifdef SYS_fstat
  n += (*this)[SYS_fstat];
#endif
  return n;
}

int SyscallCounts::writes() const {
  return (*this)[SYS_write] + (*this)[SYS_writev];
}

std::string SyscallCounts::summary() const {
  std::string out;
  for (auto [nr, n] : byNumber)
    out += "nr" + std::to_string(nr) + "=" + std::to_string(n) + " ";
  return out;
}

SyscallCounts countSyscalls(const std::function<int()> &body) {
  std::fflush(nullptr);
  pid_t pid = fork();
  if (pid == 0) {
    ptrace(PTRACE_TRACEME, 0, nullptr, nullptr);
    raise(SIGSTOP);
    syscall(Marker);
    int status = body();
    syscall(Marker);
    _exit(status);
  }
  SyscallCounts counts;
  int status = 0;
  waitpid(pid, &status, 0); // the SIGSTOP
  ptrace(PTRACE_SETOPTIONS, pid, nullptr,
         PTRACE_O_TRACESYSGOOD | PTRACE_O_EXITKILL);
  bool counting = false, entry = true;
  int markers = 0;
  int signal = 0;
  while (ptrace(PTRACE_SYSCALL, pid, nullptr, signal) == 0 &&
         waitpid(pid, &status, 0) == pid) {
    signal = 0;
    if (WIFEXITED(status)) {
      counts.exitStatus = WEXITSTATUS(status);
      break;
    }
    if (WIFSIGNALED(status))
      break;
    if (!WIFSTOPPED(status))
      continue;
    if (WSTOPSIG(status) != (SIGTRAP | 0x80)) {
      signal = WSTOPSIG(status); // deliver the child's own signals
      continue;
    }
    if (entry) {
      long nr = syscallNumber(pid);
      if (nr == Marker) {
        counting = ++markers == 1;
      } else if (counting) {
        ++counts.byNumber[nr];
      }
    }
    entry = !entry;
  }
  return counts;
}

} // namespace leanio::test
