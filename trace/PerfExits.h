//===--- PerfExits.h - Syscall results from the kernel's sys_exit event --===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The ptrace backend stops a traced syscall twice: at its entry (seccomp)
// for the arguments and the stack, and at its exit for the result. Each
// stop is a switch to the tracer and back, most of the backend's cost. The
// kernel's raw_syscalls:sys_exit tracepoint, recorded by perf_event_open
// into ring buffers, gives every result without stopping the program: the
// tracer then stops each call once and reads its result from the buffers
// at its next stop (docs/trace.md).
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_TRACE_PERFEXITS_H
#define SYSCALL_TIDY_TRACE_PERFEXITS_H

#include <cstdint>
#include <memory>
#include <string>
#include <sys/types.h>
#include <vector>

namespace syscall_tidy::trace {

/// One syscall's end, as the tracepoint recorded it.
struct SyscallExit {
  pid_t Tid = 0;
  uint64_t TimeNs = 0; ///< CLOCK_MONOTONIC
  long Number = 0;
  long Result = 0;
};

class PerfExits {
public:
  /// Records the ends of the syscalls \p Numbers made by process \p Pid and
  /// every thread and process it starts from now on; null, with \p Why,
  /// where the kernel refuses (perf_event_paranoid, no tracefs, a
  /// container).
  static std::unique_ptr<PerfExits>
  open(pid_t Pid, const std::vector<long> &Numbers, std::string &Why);
  ~PerfExits();
  PerfExits(const PerfExits &) = delete;
  PerfExits &operator=(const PerfExits &) = delete;

  /// The ends recorded since the last call, oldest first (valid until
  /// the next call: the tracer asks at every stop).
  const std::vector<SyscallExit> &take();
  /// Records the kernel dropped because a buffer was full.
  uint64_t lost() const { return Lost; }

private:
  struct Ring {
    int Fd;
    void *Base;
  };
  PerfExits(unsigned NumberOffset, unsigned ResultOffset)
      : NumberOffset(NumberOffset), ResultOffset(ResultOffset) {}
  void read(Ring &R, std::vector<SyscallExit> &Into);

  unsigned NumberOffset, ResultOffset;
  std::vector<Ring> Rings;
  std::vector<char> Record;
  std::vector<SyscallExit> Taken;
  uint64_t Lost = 0;
};

} // namespace syscall_tidy::trace

#endif // SYSCALL_TIDY_TRACE_PERFEXITS_H
