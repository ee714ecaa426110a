//===--- ConfigReport.cpp - --list-checks, --dump-config and friends -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "ConfigReport.h"
#include "Findings.h"
#include "Messages.h"
#include "OutputSink.h"
#include "llvm/Support/WithColor.h"

namespace syscall_tidy {

std::optional<int> reportConfiguration(const ToolOptions &Options,
                                       const Configuration &Config) {
  llvm::StringRef First = Options.SourcePaths.empty()
                              ? "syscall-tidy-probe.c"
                              : llvm::StringRef(Options.SourcePaths.front());
  std::string Probe = absolutePath(
      First == "-" ? llvm::StringRef(Options.AssumeFilename) : First);
  std::string Problem = Config.verify(Probe);
  for (const std::string &Line : Config.warnings(Probe))
    llvm::WithColor::warning(llvm::errs(), "syscall-tidy") << Line << "\n";
  llvm::raw_ostream &OS = llvm::outs();
  auto Done = [&] {
    OutputSink Stdout;
    return Stdout.finish() ? 0 : fail("cannot write to standard output");
  };
  if (Options.VerifyConfig) {
    for (const std::string &Check : Config.foreignChecks(Probe))
      note(Options.Quiet, "'" + Check +
                              "' is not a syscall-tidy check; clang-tidy "
                              "runs it, this tool ignores it");
    if (!Problem.empty())
      return fail(Problem);
    OS << "No config errors detected.\n";
    return Done();
  }
  if (!Problem.empty())
    return fail(Problem);
  std::vector<std::string> Enabled = Config.enabledChecks(Probe);
  if (Options.ListChecks) {
    OS << "Enabled checks:";
    for (const std::string &Name : Enabled)
      OS << "\n    " << Name;
    OS << "\n";
    return Done();
  }
  if (Options.DumpConfig) {
    OS << Config.dump(Probe);
    return Done();
  }
  if (Options.ExplainConfig) {
    for (const std::string &Line : Config.explain(Probe))
      OS << Line << "\n";
    for (const std::string &Check : Config.foreignChecks(Probe))
      OS << "'" << Check << "' is not a syscall-tidy check.\n";
    return Done();
  }
  if (Enabled.empty()) {
    if (!Options.AllowNoChecks)
      return fail("no syscall-* check is enabled: the configuration's "
                  "Checks turn them off (a .clang-tidy's '-*', say); pass "
                  "--checks='syscall-*' to run them, or --allow-no-checks to "
                  "accept that");
    OS << "No checks enabled.\n";
    return Done();
  }
  return std::nullopt;
}

} // namespace syscall_tidy
