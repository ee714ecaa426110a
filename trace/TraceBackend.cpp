//===--- TraceBackend.cpp - Which tracer runs the command -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "TraceBackend.h"
#include "PtraceRunner.h"
#include "StraceRunner.h"

namespace syscall_tidy::trace {

bool runTraced(const RunRequest &Request, TracedRun &Run, std::string &Error) {
  if (Request.Backend != "strace") {
    std::string Refused;
    switch (runPtraced(Request, Run, Refused)) {
    case PtraceOutcome::Ran:
      Run.Backend = "ptrace";
      return true;
    case PtraceOutcome::Failed:
      Error = Refused;
      return false;
    case PtraceOutcome::Refused:
      if (Request.Backend == "ptrace") {
        Error = "the ptrace backend cannot run here: " + Refused;
        return false;
      }
      Run.Why = Refused;
    }
  }
  Run.Backend = "strace";
  return runStraced(Request, Run, Error);
}

} // namespace syscall_tidy::trace
