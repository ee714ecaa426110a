//===--- MergeReports.cpp - Several runs' JSON reports as one report -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "MergeReports.h"
#include "Baseline.h"
#include "ExtraOutputs.h"
#include "FindingReport.h"
#include "FindingsJson.h"
#include "Messages.h"
#include "OutputSink.h"
#include "Renderers.h"
#include "llvm/Support/Process.h"

namespace syscall_tidy {

namespace {

/// The flags of a run that a merge cannot honour: it analyses nothing.
std::string analysisFlag(const ToolOptions &Options) {
  if (!Options.BuildPath.empty())
    return "-p";
  if (Options.CommandLine)
    return "--";
  if (Options.Fix)
    return "--fix";
  if (!Options.ExportFixes.empty())
    return "--export-fixes";
  if (!Options.Shard.empty())
    return "--shard";
  if (!Options.Diff.empty())
    return "--diff";
  if (!Options.CacheDir.empty() || !Options.CacheUrl.empty())
    return "--cache-dir/--cache-url";
  return "";
}

} // namespace

int mergeReports(const ToolOptions &Options) {
  if (std::string Flag = analysisFlag(Options); !Flag.empty())
    return fail("--merge renders reports and analyses nothing; " + Flag +
                " belongs to the runs that wrote them");
  if (Options.SourcePaths.empty())
    return fail("--merge needs the JSON reports to merge (--format=json "
                "outputs of the shards)");
  Renderer Render = rendererNamed(Options.Format);
  if (!Render)
    return fail("unknown --format '" + Options.Format +
                "' (text, json, sarif, github, gitlab)");
  std::string Error;
  JsonReport Merged;
  clang::tidy::syscall::FactBase Facts;
  // The shards cover the database when they split the same one and add up
  // to all of it.
  bool SameDatabase = true;
  for (const std::string &Path : Options.SourcePaths) {
    JsonReport Part;
    if (!readJsonReport(Path, "--merge", Part, Error))
      return fail(Error);
    SameDatabase &=
        Part.DatabaseUnits &&
        (!Merged.DatabaseUnits || Part.DatabaseUnits == Merged.DatabaseUnits);
    Merged.DatabaseUnits = Part.DatabaseUnits;
    Merged.Units += Part.Units;
    for (Finding &F : Part.Findings)
      Merged.Findings.push_back(std::move(F));
    for (const std::string &Line : Part.Facts)
      Facts.add(Line);
  }
  // The shards' candidates over the facts of all their units: as one run.
  Facts.setComplete(SameDatabase && Merged.Units == Merged.DatabaseUnits);
  settleCandidates(Merged.Findings, Facts);
  sortUnique(Merged.Findings);
  std::unique_ptr<Baseline> Known;
  if (!Options.Baseline.empty() &&
      !(Known = Baseline::load(Options.Baseline, Error)))
    return fail(Error);
  SourceTexts Texts;
  OutputSink Out;
  ExtraOutputs More;
  if (!Out.open(Options.Output, Error) || !More.open(Options, Error))
    return fail(Error);
  RenderOptions Rendering = renderOptions(Options, Out, Texts);
  Rendering.Units = Merged.Units;
  if (Known)
    llvm::erase_if(Merged.Findings, [&](const Finding &F) {
      return Known->hides(F, Rendering.SourceRoot);
    });
  Texts.readFilesOf(Merged.Findings);
  Render(Merged.Findings, Out.stream(), Rendering);
  if (!Out.finish())
    return fail(Options.Output.empty()
                    ? "cannot write the findings to standard output"
                    : "cannot write --output '" + Options.Output + "'");
  if (!More.write(Merged.Findings, Options, Texts, Merged.Units, Error))
    return fail(Error);
  if (!Options.WriteBaseline.empty() &&
      !writeBaseline(Options.WriteBaseline, Merged.Findings, Rendering, Error))
    return fail(Error);
  if (!Options.Quiet)
    printSummary(Merged.Findings, Merged.Units, 0, nullptr, llvm::errs());
  if (llvm::any_of(Merged.Findings, [](const Finding &F) { return F.IsError; }))
    return 1;
  return !Merged.Findings.empty() && Options.FailOn == "warning" ? 1 : 0;
}

} // namespace syscall_tidy
