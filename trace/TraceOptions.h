//===--- TraceOptions.h - What the tracer's command line asks for --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_TRACE_TRACEOPTIONS_H
#define SYSCALL_TIDY_TRACE_TRACEOPTIONS_H

#include <string>
#include <vector>

namespace syscall_tidy::trace {

struct TraceOptions {
  std::vector<std::string> Command; ///< after `--`
  std::string Findings;             ///< syscall-tidy --format=json output
  std::string Format = "text";      ///< text, json, html
  std::string Output;               ///< empty: standard error
  bool FollowForks = false;
  unsigned Top = 10;
  std::vector<std::string> SkipLibraries;
  unsigned SmallWrite = 64;
  std::string Backend = "auto"; ///< auto, ptrace, strace
  std::string Results = "auto"; ///< auto, perf, ptrace
  bool WaitChildren = false;
  bool ShareCpu = true;
  unsigned StackDepth = 1;           ///< the program's frames per site
  std::vector<std::string> Wrappers; ///< functions a site reaches through
  std::string KeepTrace; ///< where to keep the raw trace; empty: removed
  std::string TraceFile; ///< a kept trace to read instead of running one
};

/// Fills \p Options; false with \p Exit set when the run ends here (0 after
/// --help or --version, 2 after an error, already printed as one line).
bool parseTraceOptions(int Argc, const char **Argv, TraceOptions &Options,
                       int &Exit);

} // namespace syscall_tidy::trace

#endif // SYSCALL_TIDY_TRACE_TRACEOPTIONS_H
