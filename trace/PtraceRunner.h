//===--- PtraceRunner.h - The command, run under our own ptrace loop -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The fast backend. The command runs with a seccomp filter that stops it
// only at the traced syscalls (SECCOMP_RET_TRACE); at each stop the loop
// reads the registers, the paths and descriptors the call names, and the
// stack (StackUnwinder), lets the call run to its exit stop for the
// result, and writes the call as strace -f -ttt -T -y -k writes it.
// Threads and children are followed (PTRACE_O_TRACECLONE and the fork
// events); group stops are kept (PTRACE_LISTEN); signals pass through.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_TRACE_PTRACERUNNER_H
#define SYSCALL_TIDY_TRACE_PTRACERUNNER_H

#include "TraceBackend.h"

namespace syscall_tidy::trace {

enum class PtraceOutcome {
  Ran,     ///< the command ran to its end (its status in the run)
  Refused, ///< this kernel or container does not allow it (the reason)
  Failed,  ///< it could not run at all (a one-line error)
};

PtraceOutcome runPtraced(const RunRequest &Request, TracedRun &Run,
                         std::string &Why);

} // namespace syscall_tidy::trace

#endif // SYSCALL_TIDY_TRACE_PTRACERUNNER_H
