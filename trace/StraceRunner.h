//===--- StraceRunner.h - The command, run under strace ------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Debian's strace does the tracing: `-k` unwinds each syscall's stack with
// libdw, `--seccomp-bpf` stops the program only at the traced syscalls (so
// the rest run at full speed), `-f` follows threads and children, `-y`
// names each descriptor's file, `-T` times each call. The program's own
// input and output are untouched; the trace goes to a temporary file.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_TRACE_STRACERUNNER_H
#define SYSCALL_TIDY_TRACE_STRACERUNNER_H

#include "TraceBackend.h"

namespace syscall_tidy::trace {

/// The syscalls traced: files and descriptors, and the ones that make
/// threads and processes (for the model).
extern const char *const TracedSyscalls;

/// Runs the request's command under strace -k, writing the trace to its
/// trace file. False with a one-line \p Error when strace cannot run it
/// (the command's own failures are its exit status).
bool runStraced(const RunRequest &Request, TracedRun &Run, std::string &Error);

} // namespace syscall_tidy::trace

#endif // SYSCALL_TIDY_TRACE_STRACERUNNER_H
