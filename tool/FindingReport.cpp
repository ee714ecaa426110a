//===--- FindingReport.cpp - Findings as the units finish, and the summary ===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "FindingReport.h"
#include "llvm/Support/Process.h"
#include <algorithm>

namespace syscall_tidy {

namespace {

std::string plural(size_t N, llvm::StringRef Word) {
  return std::to_string(N) + " " + Word.str() + (N == 1 ? "" : "s");
}

} // namespace

FindingReport::FindingReport(const ToolOptions &Options, Renderer Render,
                             const RenderOptions &Rendering,
                             const ChangedLines *Changed, Baseline *Known,
                             size_t Units, OutputSink &Out)
    : Render(Render), Rendering(Rendering), Changed(Changed), Known(Known),
      Units(Units), Out(Out), Streaming(Render == renderText),
      Progress(!Options.Quiet && llvm::sys::Process::StandardErrIsDisplayed()),
      Sharded(!Options.Shard.empty()),
      KeepCandidates(Sharded && Render == renderJson) {}

void FindingReport::coverDatabase(size_t DatabaseUnits) {
  if (KeepCandidates)
    Rendering.DatabaseUnits = DatabaseUnits;
  else // a shard's own report sees only its part of the database
    Facts.setComplete(DatabaseUnits != 0 && !Sharded);
}

void FindingReport::add(TranslationUnitResult &&R) {
  Times.ParseSeconds += R.ParseSeconds;
  Times.CheckSeconds += R.CheckSeconds;
  Times.MakingSeconds += R.MakingSeconds;
  Times.GuessingSeconds += R.GuessingSeconds;
  Times.GuessingUnits += R.Guessed;
  HiddenInHeaders += R.HiddenInHeaders;
  if (llvm::any_of(R.Findings, [](const Finding &F) { return F.FromCompiler; }))
    FailedUnits.push_back(R.File);
  if (Changed)
    llvm::erase_if(R.Findings, [&](const Finding &F) {
      return !F.FromCompiler && !touches(*Changed, F);
    });
  if (Known)
    llvm::erase_if(R.Findings, [&](const Finding &F) {
      return Known->hides(F, Rendering.SourceRoot);
    });
  if (Progress)
    llvm::errs() << "\r\x1b[K";
  for (const std::string &Line : R.Facts)
    Facts.add(Line);
  // In order: a unit's findings stream in the order the checks found them,
  // whether or not some wait for other units' facts.
  auto Settled = R.Findings.begin();
  for (Finding &F : R.Findings) {
    if (!F.Requires.empty()) {
      Candidates.push_back(std::move(F));
      continue;
    }
    if (&*Settled != &F) // a self-move would empty its vectors
      *Settled = std::move(F);
    ++Settled;
  }
  R.Findings.erase(Settled, R.Findings.end());
  if (Streaming) {
    std::vector<Finding> New;
    for (const Finding &F : R.Findings)
      if (Printed.insert(identityOf(F)).second)
        New.push_back(F);
    Render(New, Out.stream(), Rendering);
    Out.stream().flush();
  }
  Findings.insert(Findings.end(), std::make_move_iterator(R.Findings.begin()),
                  std::make_move_iterator(R.Findings.end()));
  // clang-tidy's own form of each finding, for --export-fixes (the units
  // keep it only then: RunSettings::KeepErrors).
  appendFindings(Errors, std::move(R.Errors));
  if (Progress)
    llvm::errs() << "[" << ++Done << "/" << Units << "] "
                 << plural(Printed.size(), "finding");
}

std::vector<Finding> FindingReport::finish() {
  if (Progress)
    llvm::errs() << "\r\x1b[K";
  if (KeepCandidates) {
    // Rendered for --merge, which settles them; not this run's findings.
    Rendering.Facts = Facts.lines();
    sortUnique(Findings);
    std::vector<Finding> Shown = Findings;
    Shown.insert(Shown.end(), Candidates.begin(), Candidates.end());
    sortUnique(Shown);
    Render(Shown, Out.stream(), Rendering);
    return std::move(Findings);
  }
  settleCandidates(Candidates, Facts);
  sortUnique(Candidates);
  if (Streaming) {
    std::vector<Finding> New;
    for (const Finding &F : Candidates)
      if (Printed.insert(identityOf(F)).second)
        New.push_back(F);
    Render(New, Out.stream(), Rendering);
  }
  Findings.insert(Findings.end(), Candidates.begin(), Candidates.end());
  sortUnique(Findings);
  if (!Streaming)
    Render(Findings, Out.stream(), Rendering);
  return std::move(Findings);
}

std::string sourceRoot(const ToolOptions &Options) {
  if (!Options.SourceRoot.empty())
    return absolutePath(Options.SourceRoot);
  if (std::optional<std::string> Env = llvm::sys::Process::GetEnv("SRCROOT"))
    return absolutePath(*Env);
  return absolutePath(".");
}

RenderOptions renderOptions(const ToolOptions &Options, const OutputSink &Out,
                            const SourceTexts &Texts) {
  RenderOptions Rendering;
  Rendering.SourceRoot = sourceRoot(Options);
  Rendering.ToolVersion = SYSCALL_TIDY_VERSION;
  Rendering.Texts = &Texts;
  Rendering.Color = Options.UseColor.value_or(
      Out.toStdout() && llvm::sys::Process::StandardOutHasColors());
  return Rendering;
}

void printCompilerErrors(const std::vector<Finding> &Findings,
                         const SourceTexts &Texts, llvm::raw_ostream &OS) {
  constexpr unsigned PerFile = 3; // the first ones explain the rest
  std::vector<Finding> First;
  llvm::StringMap<unsigned> Shown;
  for (const Finding &F : Findings)
    if (F.FromCompiler && Shown[F.Begin.File]++ < PerFile)
      First.push_back(F);
  RenderOptions Plain;
  Plain.Texts = &Texts;
  renderText(First, OS, Plain);
}

void printAsides(const std::vector<Finding> &Findings, unsigned InHeaders,
                 size_t Known, llvm::raw_ostream &OS) {
  if (InHeaders)
    OS << plural(InHeaders, "finding") << " in headers not shown "
       << "(--header-filter='.*' shows them)\n";
  if (Known)
    OS << plural(Known, "known finding") << " hidden by --baseline\n";
  size_t AsErrors = llvm::count_if(
      Findings, [](const Finding &F) { return F.IsError && !F.FromCompiler; });
  if (AsErrors)
    OS << plural(AsErrors, "warning") << " treated as error"
       << (AsErrors == 1 ? "" : "s") << "\n";
}

void printSummary(const std::vector<Finding> &Findings, size_t Units,
                  size_t Missing, const FixResult *Fixed,
                  llvm::raw_ostream &OS) {
  std::set<std::string> InFiles;
  for (const Finding &F : Findings)
    InFiles.insert(F.Begin.File);
  OS << plural(Findings.size(), "finding") << " in "
     << plural(InFiles.size(), "file") << " ("
     << plural(Units, "translation unit") << " analysed)";
  if (Fixed)
    OS << "; fixed " << Fixed->Findings << " (" << plural(Fixed->Edits, "edit")
       << "), " << Findings.size() - Fixed->Findings << " left";
  if (Missing)
    OS << "; " << plural(Missing, "file") << " not in the database skipped";
  OS << "\n";
}

} // namespace syscall_tidy
