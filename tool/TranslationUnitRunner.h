//===--- TranslationUnitRunner.h - Runs the checks over translation units ===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_TOOL_TRANSLATIONUNITRUNNER_H
#define SYSCALL_TIDY_TOOL_TRANSLATIONUNITRUNNER_H

#include "Configuration.h"
#include "Findings.h"
#include "ToolOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace syscall_tidy {

class PreambleStore;
class ResultCache;

struct RunSettings {
  const Configuration *Config = nullptr;
  const clang::tooling::CompilationDatabase *Compilations = nullptr;
  /// --vfsoverlay: the overlay file's path and text (checked valid).
  std::string OverlayPath, OverlayText;
  /// Files whose text is not on disk, by absolute path: standard input
  /// (under --assume-filename), an editor's unsaved buffers.
  std::vector<std::pair<std::string, std::string>> Unsaved;
  /// Keeps each file's parsed preamble between runs (the editor's server).
  PreambleStore *Preambles = nullptr;
  bool FixNotes = false;
  /// --export-fixes: each finding is kept in clang-tidy's form too
  /// (TranslationUnitResult::Errors).
  bool KeepErrors = false;
  bool EnableCheckProfile = false;
  std::string StoreCheckProfile; ///< directory prefix for JSON profiles
  unsigned Jobs = 1;
  ResultCache *Cache = nullptr; ///< --cache-dir, --cache-url
  /// The units of the whole compile database when the run (or its shards
  /// together) analyses them all; 0 when files are named.
  size_t DatabaseUnits = 0;
  /// Whether a guess about another unit's helper (ElsewhereRerun) can be
  /// confirmed: another unit of the run, a shard's merge, a later run
  /// through the cache or the editor's stored facts may export its fact.
  bool GuessesSettle = true;
};

/// The settings of a run from the command line: jobs, --fix-notes, the
/// --vfsoverlay (read and checked), the profile's directory (a temporary
/// one unless --store-check-profile names it). False with \p Error set.
bool prepareRunSettings(const ToolOptions &Options, RunSettings &Settings,
                        std::string &Error);

/// The file system of one run: the real one with its own working
/// directory (set per compile command; threads must not share it), under
/// the --vfsoverlay if any, with the unsaved texts at their paths. Null with
/// \p Error set if the overlay is bad.
llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem>
runFileSystem(const RunSettings &Settings, std::string &Error);

/// What one translation unit gave.
struct TranslationUnitResult {
  std::string File;
  std::vector<Finding> Findings; ///< sorted, with candidates
  /// With RunSettings::KeepErrors: the findings that are not candidates,
  /// as clang-tidy has them.
  std::vector<clang::tidy::ClangTidyError> Errors;
  /// What the unit tells the others (CrossUnitFacts::exported()).
  std::vector<std::string> Facts;
  /// With a cache: every file the unit read, absolute, and its hash.
  std::vector<std::pair<std::string, std::string>> Inputs;
  double ParseSeconds = 0, CheckSeconds = 0;
  /// Before the parse: making the checks (clang-tidy's consumer).
  double MakingSeconds = 0;
  /// Of CheckSeconds, the runs with guessed helpers (ElsewhereRerun), and
  /// whether there were any.
  double GuessingSeconds = 0;
  bool Guessed = false;
  /// Findings in headers that the header filter does not show.
  unsigned HiddenInHeaders = 0;
};

/// Appends \p From to \p To by moving each finding: a vector of clang-tidy's
/// findings copies them all whenever it grows (their move may throw), which
/// on a file of 16,000 findings held a second and third copy of each.
void appendFindings(std::vector<clang::tidy::ClangTidyError> &To,
                    std::vector<clang::tidy::ClangTidyError> &&From);

/// Analyses \p File alone, never from the cache.
TranslationUnitResult analyseUnit(const std::string &File,
                                  const RunSettings &Settings,
                                  SourceTexts &Texts);

/// Runs every file in \p Files, \p Settings.Jobs at a time, each with a
/// context and file system of its own (or takes its findings from the
/// cache). \p Done sees each result as soon as
/// its unit is done, one call at a time. File texts the findings point into
/// are kept in \p Texts.
void runTranslationUnits(
    const std::vector<std::string> &Files, const RunSettings &Settings,
    SourceTexts &Texts,
    llvm::function_ref<void(TranslationUnitResult &&)> Done);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_TRANSLATIONUNITRUNNER_H
