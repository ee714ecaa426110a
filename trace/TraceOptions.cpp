//===--- TraceOptions.cpp - What the tracer's command line asks for ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "TraceOptions.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/WithColor.h"
#include <algorithm>

namespace syscall_tidy::trace {

namespace cl = llvm::cl;

namespace {

cl::OptionCategory Flags("syscall-tidy-trace options");
cl::opt<std::string>
    Findings("findings",
             cl::desc("Rank these static findings (syscall-tidy "
                      "--format=json) by the syscalls measured at their lines"),
             cl::value_desc("file"), cl::cat(Flags));
cl::opt<std::string> Format("format",
                            cl::desc("Report format: text, json, html"),
                            cl::init("text"), cl::cat(Flags));
cl::opt<std::string>
    Output("output",
           cl::desc("Write the report here (default: standard error, so the "
                    "command's standard output stays its own)"),
           cl::value_desc("file"), cl::cat(Flags));
cl::opt<bool> FollowForks(
    "follow-forks",
    cl::desc("Also count the syscalls of child processes (threads are always "
             "counted)"),
    cl::cat(Flags));
cl::opt<unsigned> Top("top", cl::desc("Sites and redundant syscalls shown"),
                      cl::init(10), cl::cat(Flags));
cl::list<std::string> SkipLibrary(
    "skip-library",
    cl::desc("Attribute syscalls made in this library (a part of its file "
             "name) to its caller, as for libc and libstdc++"),
    cl::value_desc("name"), cl::cat(Flags));
cl::opt<unsigned>
    SmallWrite("small-write",
               cl::desc("Writes below this many bytes, 4 or more in a row on "
                        "one descriptor, are reported as small writes"),
               cl::init(64), cl::cat(Flags));

cl::opt<std::string> Backend(
    "backend",
    cl::desc("How to trace: ptrace (our own loop, fast), strace (strace -k), "
             "auto (ptrace, else strace where ptrace or seccomp is refused)"),
    cl::init("auto"), cl::cat(Flags));
cl::opt<std::string> Results(
    "results",
    cl::desc("Where the ptrace backend reads each call's result: perf (the "
             "kernel's sys_exit tracepoint: one stop per call), ptrace (a "
             "second stop at each call's exit), auto (perf where allowed)"),
    cl::init("auto"), cl::cat(Flags));
cl::opt<bool> WaitChildren(
    "wait-children",
    cl::desc("Trace what the command leaves running (a daemon) until it "
             "ends too; by default the trace ends with the command"),
    cl::cat(Flags));

cl::opt<std::string> TraceFile(
    "trace-file",
    cl::desc("Read this trace (kept with --keep-trace, or strace -f -ttt -T "
             "-y -k's own) instead of running a command"),
    cl::value_desc("file"), cl::cat(Flags));
cl::opt<bool> ShareCpu(
    "share-cpu",
    cl::desc("ptrace backend: run the command and the tracer on one CPU "
             "(default; several times cheaper per stop). "
             "--share-cpu=false leaves a parallel program its CPUs"),
    cl::init(true), cl::cat(Flags));
cl::opt<unsigned> StackDepth(
    "stack-depth",
    cl::desc("Frames of the program each site shows: 2 adds the caller of "
             "the function that made the syscall (sites and rows are then "
             "per call chain)"),
    cl::init(1), cl::cat(Flags));
cl::list<std::string> Wrapper(
    "wrapper",
    cl::desc("A function of the program that only wraps a syscall: a site "
             "in it shows its caller too (repeat it; nested wrappers reach "
             "out to the first caller that is not one)"),
    cl::value_desc("name"), cl::cat(Flags));
cl::opt<std::string> KeepTrace(
    "keep-trace",
    cl::desc("Keep the raw trace (strace's text, from either backend) in "
             "this file"),
    cl::value_desc("file"), cl::cat(Flags));

int usage(llvm::StringRef Message) {
  llvm::WithColor::error(llvm::errs(), "syscall-tidy-trace") << Message << "\n";
  return 2;
}

} // namespace

bool parseTraceOptions(int Argc, const char **Argv, TraceOptions &Options,
                       int &Exit) {
  const char **DoubleDash =
      std::find_if(Argv + 1, Argv + Argc,
                   [](const char *A) { return llvm::StringRef(A) == "--"; });
  cl::HideUnrelatedOptions(Flags);
  cl::SetVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "syscall-tidy-trace " << SYSCALL_TIDY_VERSION << "\n";
  });
  std::string Errors;
  llvm::raw_string_ostream ErrorStream(Errors);
  if (!cl::ParseCommandLineOptions(
          DoubleDash - Argv, Argv,
          "syscall-tidy-trace: runs a command and counts what each source "
          "line's syscalls cost\n\n  syscall-tidy-trace [options] -- COMMAND "
          "[ARGS...]\n",
          &ErrorStream)) {
    ErrorStream.flush();
    llvm::StringRef First = llvm::StringRef(Errors).split('\n').first;
    Exit = usage(First.split(": ").second.empty() ? First
                                                  : First.split(": ").second);
    return false;
  }
  bool NoCommand = DoubleDash == Argv + Argc || DoubleDash + 1 == Argv + Argc;
  if (!TraceFile.empty() && !NoCommand) {
    Exit = usage("--trace-file reads a trace: no command to run with it");
    return false;
  }
  if (NoCommand && TraceFile.empty()) {
    Exit = usage("no command to trace: syscall-tidy-trace [options] -- "
                 "COMMAND [ARGS...]");
    return false;
  }
  if (Format != "text" && Format != "json" && Format != "html") {
    Exit = usage("unknown --format '" + Format + "' (text, json, html)");
    return false;
  }
  if (Backend != "auto" && Backend != "ptrace" && Backend != "strace") {
    Exit = usage("unknown --backend '" + Backend + "' (auto, ptrace, strace)");
    return false;
  }
  if (Results != "auto" && Results != "perf" && Results != "ptrace") {
    Exit = usage("unknown --results '" + Results + "' (auto, perf, ptrace)");
    return false;
  }
  if (!NoCommand)
    Options.Command.assign(DoubleDash + 1, Argv + Argc);
  Options.TraceFile = TraceFile;
  Options.Findings = Findings;
  Options.Format = Format;
  Options.Output = Output;
  Options.FollowForks = FollowForks;
  Options.Top = Top;
  Options.SkipLibraries.assign(SkipLibrary.begin(), SkipLibrary.end());
  Options.SmallWrite = SmallWrite;
  Options.Backend = Backend;
  Options.Results = Results;
  Options.WaitChildren = WaitChildren;
  Options.KeepTrace = KeepTrace;
  Options.ShareCpu = ShareCpu;
  Options.StackDepth = std::max(1u, unsigned(StackDepth));
  Options.Wrappers.assign(Wrapper.begin(), Wrapper.end());
  return true;
}

} // namespace syscall_tidy::trace
