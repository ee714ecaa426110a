//===--- TraceBackend.cpp - Which tracer runs the command -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "TraceBackend.h"
#include "PtraceRunner.h"
#include "StraceRunner.h"

namespace syscall_tidy::trace {

namespace {
volatile std::sig_atomic_t Noted = 0;
void note(int Signal) { Noted = Signal; }
} // namespace

StopSignals::StopSignals() {
  struct sigaction Ignore = {}, Note = {};
  Ignore.sa_handler = SIG_IGN;
  Note.sa_handler = note;
  sigaction(SIGINT, &Ignore, &Int);
  sigaction(SIGQUIT, &Ignore, &Quit);
  sigaction(SIGTERM, &Note, &Term);
  sigaction(SIGHUP, &Note, &Hup);
}

StopSignals::~StopSignals() { restoreBefore(); }

int StopSignals::take() {
  int Signal = Noted;
  Noted = 0;
  return Signal;
}

void StopSignals::restoreBefore() const {
  sigaction(SIGINT, &Int, nullptr);
  sigaction(SIGQUIT, &Quit, nullptr);
  sigaction(SIGTERM, &Term, nullptr);
  sigaction(SIGHUP, &Hup, nullptr);
}

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
