//===--- TraceMain.cpp - syscall-tidy-trace: what each line's syscalls cost =//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Wires the parts, each in a file named for its role: the command line
// (TraceOptions), the traced run (TraceBackend: our ptrace loop,
// PtraceRunner with StackUnwinder and SyscallText, or StraceRunner), the
// trace read back a syscall at a time (StraceParser), each syscall's source
// line (Attribution), the replay that finds redundant syscalls
// (DescriptorModel), and the report with the static findings' costs and
// savings (TraceReport, ReportFormats).
// Exit status: the command's (128 + N when signal N ended it); 2 when the
// tracer itself cannot run (a one-line message).
//
//===----------------------------------------------------------------------===//

#include "Attribution.h"
#include "DescriptorModel.h"
#include "StraceParser.h"
#include "TraceBackend.h"
#include "TraceOptions.h"
#include "TraceReport.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/LineIterator.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/WithColor.h"
#include <csignal>
#include <cstring>
#include <fstream>
#include <set>

using namespace syscall_tidy::trace;

namespace {

int fail(const llvm::Twine &Message) {
  llvm::WithColor::error(llvm::errs(), "syscall-tidy-trace") << Message << "\n";
  return 2;
}

/// The program \p Command names, when it can run (strace's own message
/// for one that cannot would look like the command's output).
bool runnable(const std::string &Command, std::string &Program,
              std::string &Error) {
  if (llvm::StringRef(Command).contains('/')) {
    Program = Command;
    if (llvm::sys::fs::can_execute(Command) &&
        !llvm::sys::fs::is_directory(Command))
      return true;
    Error = "cannot run '" + Command + "': " +
            (llvm::sys::fs::exists(Command) ? "not an executable file"
                                            : "no such file");
    return false;
  }
  if (llvm::ErrorOr<std::string> Found =
          llvm::sys::findProgramByName(Command)) {
    Program = *Found;
    return true;
  }
  Error = "cannot run '" + Command + "': not found in PATH";
  return false;
}

/// What a kept trace says of its run: its command's first thread (the
/// first line's) and that thread's end.
bool readTraceFile(const std::string &Path, TracedRun &Run,
                   std::string &Error) {
  std::ifstream Trace(Path);
  if (!Trace) {
    Error = "cannot read --trace-file '" + Path + "': " + strerror(errno);
    return false;
  }
  int Recorded = -1;
  if (!traceEnds(Trace, Run.RootPid, Recorded)) {
    Error = "--trace-file '" + Path +
            "' is not a trace (strace -f -ttt -T -y -k's text)";
    return false;
  }
  Run.ExitStatus = Recorded >= 0 ? Recorded : 0;
  Run.Backend = "trace file";
  return true;
}

/// Each thread's process, from a first pass over the trace that keeps
/// only the calls that make threads and processes (a child's calls may
/// come before its clone's).
std::map<int, int> processesIn(std::istream &Text, int Root) {
  StraceParser Parser;
  SyscallList Creations;
  SyscallList &Done = Parser.syscalls();
  for (std::string Line; std::getline(Text, Line);) {
    if (Line.empty())
      continue;
    Parser.feed(Line);
    for (; !Done.empty(); Done.pop_front())
      if (isProcessCreation(Done.front().Name)) {
        Creations.push_back(std::move(Done.front()));
        Creations.back().Frames.clear();
      }
  }
  return processesOf(Creations, Root);
}

} // namespace

int main(int Argc, const char **Argv) {
  llvm::InitLLVM Init(Argc, Argv);
  // Under ulimit -f a write fails with EFBIG and is reported in one line.
  std::signal(SIGXFSZ, SIG_IGN);
  TraceOptions Options;
  int Exit = 0;
  if (!parseTraceOptions(Argc, Argv, Options, Exit))
    return Exit;
  std::string Error;
  RunRequest Request;
  if (Options.TraceFile.empty() &&
      !runnable(Options.Command.front(), Request.Program, Error))
    return fail(Error);
  std::vector<FindingCost> Findings;
  if (!Options.Findings.empty() &&
      !readFindings(Options.Findings, Findings, Error))
    return fail(Error);
  std::error_code EC;
  std::unique_ptr<llvm::raw_fd_ostream> File;
  if (!Options.Output.empty()) {
    File = std::make_unique<llvm::raw_fd_ostream>(Options.Output, EC);
    if (EC)
      return fail("cannot write --output '" + Options.Output +
                  "': " + EC.message());
  }

  llvm::SmallString<128> TraceFile;
  if ((EC = llvm::sys::fs::createTemporaryFile("syscall-tidy-trace", "txt",
                                               TraceFile)))
    return fail("cannot make a temporary file: " + EC.message());
  // --keep-trace: the trace is written there and kept (after the report's
  // own checks, so a bad path costs no run).
  llvm::FileRemover RemoveTrace(TraceFile, Options.KeepTrace.empty());
  if (!Options.KeepTrace.empty()) {
    llvm::sys::fs::remove(TraceFile);
    TraceFile = Options.KeepTrace;
  }
  Request.Command = Options.Command;
  Request.TraceFile = TraceFile.str().str();
  Request.Backend = Options.Backend;
  Request.Results = Options.Results;
  Request.WaitChildren = Options.WaitChildren;
  Request.ShareCpu = Options.ShareCpu;
  TracedRun Run;
  if (!Options.TraceFile.empty()) {
    TraceFile = Options.TraceFile;
    if (!readTraceFile(Options.TraceFile, Run, Error))
      return fail(Error);
  } else if (!runTraced(Request, Run, Error)) {
    return fail(Error);
  }

  std::ifstream Text(TraceFile.str().str());
  if (!Text)
    return fail("cannot read the trace: " + std::string(strerror(errno)));
  std::map<int, int> Processes = processesIn(Text, Run.RootPid);
  Text.clear();
  Text.seekg(0);
  ModelLimits Limits;
  Limits.SmallWrite = Options.SmallWrite;
  ReportBuilder Builder;
  RedundancyModel Model(Processes, Limits, Builder);
  Attribution Attribute(Options.SkipLibraries,
                        SiteReach{Options.StackDepth, Options.Wrappers});
  std::set<Site> DistinctSites; // what the builder's sites point to
  // A syscall is complete when the next line has come (its stack follows
  // it); then it is attributed, replayed, counted and dropped: what stays
  // of it is a few words in the model and the builder.
  StraceParser Parser;
  SyscallList &Done = Parser.syscalls();
  size_t Traced = 0;
  auto Take = [&](Syscall &S) {
    ++Traced;
    auto It = Processes.find(S.Pid);
    int Process = It == Processes.end() ? S.Pid : It->second;
    // Without --follow-forks only the command's own process counts.
    if (!Options.FollowForks && Process != Run.RootPid)
      return;
    std::optional<Site> At = Attribute.siteOf(S);
    ReportBuilder::StackLines Lines = Attribute.programLines(S);
    Attribute.identify(S, At, Lines);
    if (Options.Findings.empty())
      Lines.clear();
    std::vector<Frame>().swap(S.Frames);
    Builder.add(S, At ? &*DistinctSites.insert(std::move(*At)).first : nullptr,
                Lines);
    Model.step(S);
  };
  unsigned Unread = 0;
  for (std::string Line; std::getline(Text, Line);) {
    if (Line.empty())
      continue;
    Unread += !Parser.feed(Line);
    for (; Done.size() > 1; Done.pop_front())
      Take(Done.front());
  }
  for (; !Done.empty(); Done.pop_front())
    Take(Done.front());
  if (Unread)
    llvm::WithColor::warning(llvm::errs(), "syscall-tidy-trace")
        << Unread << " lines of the trace were not understood\n";
  if (Run.TruncatedStacks)
    llvm::WithColor::warning(llvm::errs(), "syscall-tidy-trace")
        << Run.TruncatedStacks << " of " << Traced
        << " stacks were cut short at a frame without unwind rules (code "
           "built without .eh_frame, or made at run time)\n";

  TraceReport Report;
  Report.Command = Options.Command;
  Report.ExitStatus = Run.ExitStatus;
  Report.WallSeconds = Run.WallSeconds;
  Report.Backend = Run.Backend;
  Report.BackendWhy = Run.Why;
  Report.Results = Run.Results;
  Report.ResultsWhy = Run.ResultsWhy;
  Report.HaveFindings = !Options.Findings.empty();
  Model.finish();
  Builder.finish(std::move(Findings), Report);
  llvm::raw_ostream &OS = File ? *File : llvm::errs();
  if (Options.Format == "json")
    renderJson(Report, OS);
  else if (Options.Format == "html")
    renderHtml(Report, Options.Top, OS);
  else
    renderText(Report, Options.Top, OS);
  if (File) {
    File->close();
    if (File->has_error()) {
      File->clear_error();
      return fail("cannot write --output '" + Options.Output + "'");
    }
  }
  // The report on a full or closed stderr is lost: a tool error (2), never
  // LLVM's abort at exit (1), which reads as the command's status.
  llvm::errs().flush();
  if (llvm::errs().has_error()) {
    llvm::errs().clear_error();
    return 2;
  }
  return Run.ExitStatus;
}
