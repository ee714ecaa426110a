//===--- TraceBackend.h - Which tracer runs the command, and what it gave -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Two backends write the same trace (strace's text): our own ptrace loop
// (PtraceRunner: a seccomp filter stops the program only at the traced
// syscalls, stacks unwound from the CFI with rules kept per PC) and strace
// -k (StraceRunner). The fast one runs unless the kernel refuses it
// (ptrace or seccomp not allowed, not x86-64); strace is the fallback, and
// the report says which ran and why.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_TRACE_TRACEBACKEND_H
#define SYSCALL_TIDY_TRACE_TRACEBACKEND_H

#include <csignal>
#include <string>
#include <vector>

namespace syscall_tidy::trace {

struct RunRequest {
  std::vector<std::string> Command;
  std::string Program; ///< Command[0] found in PATH
  std::string TraceFile;
  std::string Backend = "auto"; ///< auto, ptrace, strace
  bool WaitChildren = false;    ///< trace what the command leaves running
  /// ptrace: run the command on the tracer's CPU. Each stop hands the CPU
  /// to the tracer and back; across two CPUs each hand-over is a cross-CPU
  /// wake-up, 3 to 7 times dearer (docs/trace.md).
  bool ShareCpu = true;
  /// ptrace: where a call's result comes from. perf: the kernel's sys_exit
  /// tracepoint, one stop per call (PerfExits); ptrace: a second stop at
  /// the call's exit; auto: perf where the kernel allows it.
  std::string Results = "auto";
};

struct TracedRun {
  int ExitStatus = 0; ///< the command's, 128 + N when signal N killed it
  int RootPid = 0;    ///< the command's first thread
  double WallSeconds = 0;
  std::string Backend; ///< the one that ran
  std::string Why;     ///< why it, when not the one asked for
  /// ptrace: how results were read, "perf" or "exit stops", and why not
  /// perf.
  std::string Results, ResultsWhy;
  unsigned TruncatedStacks = 0;
};

/// While alive: the terminal's ^C and ^\ are left to the command (ignored
/// here, the command gets them from the terminal), SIGTERM and SIGHUP are
/// noted for the tracer to pass on (no SA_RESTART: a wait or read returns
/// EINTR). The dispositions before are restored at the end.
class StopSignals {
public:
  StopSignals();
  ~StopSignals();
  StopSignals(const StopSignals &) = delete;
  StopSignals &operator=(const StopSignals &) = delete;
  /// The signal noted since the last call, or 0.
  static int take();
  /// Gives this process the dispositions it had before: in the child that
  /// is about to run the command, which gets the user's.
  void restoreBefore() const;

private:
  struct sigaction Int, Quit, Term, Hup;
};

/// Runs the command under the backend asked for (auto: ptrace, else
/// strace). False with a one-line \p Error when none can run it.
bool runTraced(const RunRequest &Request, TracedRun &Run, std::string &Error);

} // namespace syscall_tidy::trace

#endif // SYSCALL_TIDY_TRACE_TRACEBACKEND_H
