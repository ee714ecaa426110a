//===--- FindingReport.h - Findings as the units finish, and the summary -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_TOOL_FINDINGREPORT_H
#define SYSCALL_TIDY_TOOL_FINDINGREPORT_H

#include "Baseline.h"
#include "ChangedLines.h"
#include "CheckProfile.h"
#include "Fixes.h"
#include "OutputSink.h"
#include "Renderers.h"
#include "ToolOptions.h"
#include "TranslationUnitRunner.h"
#include "analysis/CrossUnitFacts.h"
#include <set>

namespace syscall_tidy {

/// Collects the results of the translation units as they finish. Text on
/// the output is printed per unit as soon as it is done (a header's finding
/// once); candidates that need other units' facts, and the machine formats,
/// at the end. A shard's JSON keeps its candidates and facts for --merge.
/// A progress line goes to a terminal's stderr.
class FindingReport {
public:
  /// Findings off the \p Changed lines, or in \p Known, are left out.
  FindingReport(const ToolOptions &Options, Renderer Render,
                const RenderOptions &Rendering, const ChangedLines *Changed,
                Baseline *Known, size_t Units, OutputSink &Out);

  /// The run analyses (or its shards together do) all \p DatabaseUnits
  /// units of the compile database; 0 when files are named.
  void coverDatabase(size_t DatabaseUnits);
  void add(TranslationUnitResult &&Result);
  /// Renders what is left; returns all findings, sorted and deduplicated.
  std::vector<Finding> finish();

  const std::vector<clang::tidy::ClangTidyError> &errors() const {
    return Errors;
  }
  unsigned hiddenInHeaders() const { return HiddenInHeaders; }
  /// The units the compiler could not analyse.
  const std::vector<std::string> &failedUnits() const { return FailedUnits; }
  /// The runner's times of the units reported.
  const RunTimes &times() const { return Times; }
  /// The facts of every unit reported.
  std::vector<std::string> factLines() const { return Facts.lines(); }

private:
  Renderer Render;
  RenderOptions Rendering;
  const ChangedLines *Changed;
  Baseline *Known;
  size_t Units, Done = 0;
  OutputSink &Out;
  bool Streaming, Progress, Sharded, KeepCandidates;
  std::vector<Finding> Findings, Candidates;
  clang::tidy::syscall::FactBase Facts;
  std::vector<clang::tidy::ClangTidyError> Errors;
  std::set<std::string> Printed;
  RunTimes Times;
  unsigned HiddenInHeaders = 0;
  std::vector<std::string> FailedUnits;
};

/// The directory paths in reports are relative to: --source-root, else
/// $SRCROOT, else the working directory.
std::string sourceRoot(const ToolOptions &Options);

/// How a report is rendered to \p Out, its lines from \p Texts.
RenderOptions renderOptions(const ToolOptions &Options, const OutputSink &Out,
                            const SourceTexts &Texts);

/// What the run left out or made errors, as clang-tidy says it: findings
/// in headers not shown, known findings a baseline hid, warnings treated
/// as errors; one line each, only when there are any.
void printAsides(const std::vector<Finding> &Findings, unsigned InHeaders,
                 size_t Known, llvm::raw_ostream &OS);

/// The first compiler errors of each unit that does not compile, on \p OS,
/// for runs whose report does not show them there (a file, a CI format).
void printCompilerErrors(const std::vector<Finding> &Findings,
                         const SourceTexts &Texts, llvm::raw_ostream &OS);

/// The last line: "N findings in M files (K translation units analysed)",
/// with what --fix did and how many named files the database does not
/// build were skipped.
void printSummary(const std::vector<Finding> &Findings, size_t Units,
                  size_t Missing, const FixResult *Fixed,
                  llvm::raw_ostream &OS);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_FINDINGREPORT_H
