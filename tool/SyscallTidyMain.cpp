//===--- SyscallTidyMain.cpp - the standalone syscall-tidy driver --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Wires the parts of a run, each in a file named for its role: the command
// line (ToolOptions), the checks and their options (Configuration,
// ConfigReport), the compile commands (CompileCommands, InputFiles), the
// parallel analysis (TranslationUnitRunner), the output (FindingReport,
// Renderers, OutputSink), --diff (ChangedLines), --fix (Fixes) and the
// profile (CheckProfile), the result cache (ResultCache); --merge
// (MergeReports) or --lsp (LspServer) instead of a run. Exit status: 0 clean, 1
// findings (see
// --fail-on), 2 usage or tool error.
//
//===----------------------------------------------------------------------===//

#include "ChangedLines.h"
#include "CheckProfile.h"
#include "CompileCommands.h"
#include "ConfigReport.h"
#include "Configuration.h"
#include "ExtraOutputs.h"
#include "FindingReport.h"
#include "Fixes.h"
#include "HeaderIncluders.h"
#include "InputFiles.h"
#include "LspServer.h"
#include "MergeReports.h"
#include "Messages.h"
#include "OutputSink.h"
#include "Renderers.h"
#include "ResultCache.h"
#include "ToolOptions.h"
#include "TranslationUnitRunner.h"
#include "analysis/FunctionWalk.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include <csignal>

using namespace syscall_tidy;

namespace {

int run(int Argc, const char **Argv) {
  ToolOptions Options;
  int Exit = 0;
  if (!parseToolOptions(Argc, Argv, Options, Exit))
    return Exit;
  if (Options.Merge)
    return mergeReports(Options);
  if (Options.Lsp)
    return serveLanguageClient(Options);
  std::string Error;
  ChangedLines Changed;
  if (!Options.Diff.empty() && !loadDiff(Options.Diff, Changed, Error))
    return fail("--diff " + Options.Diff + ": " + Error);
  // --diff over the whole database analyses what the change can reach: the
  // changed units and the units that include a changed header.
  if (!Options.Diff.empty() && Options.SourcePaths.empty() &&
      !Options.CommandLine) {
    Options.ChangedOnly = Options.ThroughIncluders = true;
    for (const auto &Entry : Changed)
      // (A changed file without an extension is a README, not a header.)
      if (llvm::sys::path::has_extension(Entry.getKey()) &&
          isCOrCxxFile(Entry.getKey()) && llvm::sys::fs::exists(Entry.getKey()))
        Options.SourcePaths.push_back(Entry.getKey().str());
    llvm::sort(Options.SourcePaths); // a hash table's order otherwise
  }
  if (Options.ThroughIncluders)
    admitNamedHeaders(Options);
  std::unique_ptr<Configuration> Config = Configuration::create(Options, Error);
  if (!Config)
    return fail(Error);
  if (std::optional<int> Answered = reportConfiguration(Options, *Config))
    return *Answered;

  std::unique_ptr<AdjustedCompilations> Compilations =
      loadCompilations(Options, Error);
  if (!Compilations)
    return fail("no compilation database: " + Error +
                (Options.BuildPath.empty() && !Options.SourcePaths.empty()
                     ? "; pass -p <build-dir> with compile_commands.json, "
                       "or compiler arguments after '--'"
                     : ""));
  RunSettings Settings;
  Settings.Config = Config.get();
  Settings.Compilations = Compilations.get();
  std::vector<std::string> Files, Missing, Notes;
  ChangedLines Named; // --through-includers: the files whose findings count
  bool Collected = collectInputFiles(Options, *Config, *Compilations, Settings,
                                     Files, Missing, Notes, Error);
  if (Collected && Options.ThroughIncluders)
    expandHeaders(Files, *Compilations, Options, Named, Notes);
  for (const std::string &Line : Notes)
    note(Options.Quiet, Line);
  if (!Collected)
    return fail(Error);
  Renderer Render = rendererNamed(Options.Format);
  if (!Render)
    return fail("unknown --format '" + Options.Format +
                "' (text, json, sarif, github, gitlab)");
  if (Options.FailOn != "warning" && Options.FailOn != "none")
    return fail("unknown --fail-on '" + Options.FailOn + "' (warning, none)");
  if (!prepareRunSettings(Options, Settings, Error))
    return fail(Error);
  std::unique_ptr<ResultCache> Cache;
  if (std::string Flag = flagWithoutCache(Options); !Flag.empty())
    note(Options.Quiet, "the result cache is not used with " + Flag);
  else if (!(Cache = ResultCache::create(Options, Error)) && !Error.empty())
    return fail(Error);
  Settings.Cache = Cache.get();
  // One unit alone: no other unit can confirm a guess about its helpers.
  // A cache entry serves whole-database runs too.
  Settings.GuessesSettle =
      Files.size() > 1 || !Options.Shard.empty() || Settings.Cache;
  std::unique_ptr<Baseline> Known;
  if (!Options.Baseline.empty() && !Options.WriteBaseline.empty())
    return fail("--baseline and --write-baseline together would write a "
                "baseline without the known findings; run them apart");
  if (!Options.Baseline.empty() &&
      !(Known = Baseline::load(Options.Baseline, Error)))
    return fail(Error);
  OutputSink Out;
  ExtraOutputs More;
  if (!Out.open(Options.Output, Error) || !More.open(Options, Error))
    return fail(Error);
  std::unique_ptr<llvm::raw_fd_ostream> FixesOut;
  if (!Options.ExportFixes.empty()) {
    std::error_code EC;
    FixesOut = std::make_unique<llvm::raw_fd_ostream>(Options.ExportFixes, EC);
    if (EC)
      return fail("cannot write --export-fixes '" + Options.ExportFixes +
                  "': " + EC.message());
  }

  SourceTexts Texts;
  // UseColor of the project's .clang-tidy, unless --use-color says.
  if (!Options.UseColor && !Files.empty())
    Options.UseColor = Config->useColor(absolutePath(Files.front()));
  RenderOptions Rendering = renderOptions(Options, Out, Texts);
  Rendering.Units = Files.size();
  const ChangedLines *Reported = !Options.Diff.empty()      ? &Changed
                                 : Options.ThroughIncluders ? &Named
                                                            : nullptr;
  FindingReport Report(Options, Render, Rendering, Reported, Known.get(),
                       Files.size(), Out);
  Report.coverDatabase(Settings.DatabaseUnits);
  runTranslationUnits(Files, Settings, Texts, [&](TranslationUnitResult &&R) {
    Report.add(std::move(R));
  });
  std::vector<Finding> Findings = Report.finish();
  // The editor's server settles its candidates over these (LspServer).
  if (Cache && Settings.DatabaseUnits && Options.Shard.empty() &&
      Options.Diff.empty())
    Cache->storeDatabaseFacts(Options.BuildPath, Report.factLines());
  if (!Out.finish())
    return fail(Options.Output.empty()
                    ? "cannot write the findings to standard output"
                    : "cannot write --output '" + Options.Output + "'");
  if (!More.write(Findings, Options, Texts, Files.size(), Error))
    return fail(Error);
  if (!Options.WriteBaseline.empty() &&
      !writeBaseline(Options.WriteBaseline, Findings, Rendering, Error))
    return fail(Error);
  if (FixesOut) {
    exportFixes(Files.empty() ? "" : Files.front(), Report.errors(), *FixesOut);
    if (!finishStream(*FixesOut))
      return fail("cannot write --export-fixes '" + Options.ExportFixes + "'");
  }
  if (Options.EnableCheckProfile) {
    RunTimes Times = Report.times();
    Times.Units = Files.size();
    Times.WalkerSeconds = clang::tidy::syscall::SharedWalk::takeWalkerSeconds();
    finishCheckProfile(Options.StoreCheckProfile, Settings.StoreCheckProfile,
                       Times, llvm::errs());
  }

  bool CompilerErrors =
      llvm::any_of(Findings, [](const Finding &F) { return F.FromCompiler; });
  if (CompilerErrors && (Render != renderText || !Out.toStdout()))
    printCompilerErrors(Findings, Texts, llvm::errs());
  std::string Failed;
  for (const std::string &Unit : Report.failedUnits())
    Failed +=
        (Failed.empty() ? " (" : ", ") + relativeTo(Unit, Rendering.SourceRoot);
  if (!Failed.empty())
    Failed += ")";
  if (CompilerErrors && !Options.FixErrors)
    return fail("the input does not compile" + Failed +
                "; fix the errors above (or the compiler arguments) and run "
                "again");
  if (llvm::any_of(Findings, [](const Finding &F) {
        return F.Check == UnmatchedNolintCheck;
      }))
    return fail("a NOLINTBEGIN or NOLINTEND comment above has no partner; "
                "pair them and run again");
  FixResult Fixed;
  if (Options.Fix) {
    auto StyleOf = [&](llvm::StringRef File) {
      return Config->formatStyle(File);
    };
    if (!applyFixes(Findings, StyleOf, Texts, Fixed, Error))
      return fail(Error);
  }
  if (!Options.Quiet)
    printAsides(Findings, Report.hiddenInHeaders(), Known ? Known->hidden() : 0,
                llvm::errs());
  if (!Options.Quiet)
    printSummary(Findings, Files.size(), Missing.size(),
                 Options.Fix ? &Fixed : nullptr, llvm::errs());
  if (Cache)
    note(Options.Quiet, "cache: " + Cache->finish());
  if (CompilerErrors) // only with --fix-errors
    return fail("the input does not compile; " + std::to_string(Fixed.Edits) +
                " edits were applied anyway (--fix-errors)");
  size_t Remaining = Findings.size() - Fixed.Findings;
  bool Errors = llvm::any_of(
      Findings, [](const Finding &F) { return F.IsError && !F.FromCompiler; });
  if (Errors && (!Options.Fix || Remaining))
    return 1;
  return Remaining && Options.FailOn == "warning" ? 1 : 0;
}

} // namespace

int main(int Argc, const char **Argv) {
  llvm::InitLLVM Init(Argc, Argv);
  // A file-size limit (ulimit -f) makes a write fail with EFBIG, reported
  // in one line, instead of killing the run with a stack dump.
  std::signal(SIGXFSZ, SIG_IGN);
  int Status = run(Argc, Argv);
  // Messages lost to a full or closed stderr must not turn the exit status
  // into LLVM's "IO failure on output stream" abort: the status says it.
  llvm::errs().clear_error();
  return Status;
}
