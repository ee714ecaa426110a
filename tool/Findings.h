//===--- Findings.h - The one list of findings every output renders ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_TOOL_FINDINGS_H
#define SYSCALL_TIDY_TOOL_FINDINGS_H

#include "analysis/CrossUnitFacts.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace syscall_tidy {

/// The name clang-tidy gives its error for a NOLINTBEGIN without an END.
inline constexpr llvm::StringLiteral UnmatchedNolintCheck = "clang-tidy-nolint";

/// A place in a file: 1-based line and column, and the byte offset.
struct Position {
  std::string File; ///< absolute path; empty for a message without place
  unsigned Offset = 0, Line = 0, Column = 0;
};

struct Edit {
  Position Begin, End;
  std::string Text;
};

struct Note {
  std::string Message;
  Position At;
};

struct Finding {
  std::string Check;
  bool IsError = false;      ///< an error: the compiler's, or WarningsAsErrors
  bool FromCompiler = false; ///< a clang-diagnostic-* error: no analysis
  std::string Message;
  Position Begin, End;
  /// The flagged line's text with its spaces collapsed, and the function
  /// around it: with the occurrence index, a fingerprint that survives
  /// lines moving and code being re-indented.
  std::string Statement, Function;
  unsigned Occurrence = 0; ///< among earlier findings with the same key
  std::vector<Note> Notes;
  std::vector<Edit> Fixes;
  /// A candidate's facts from other translation units: reported only when
  /// they hold over the facts of every unit (CrossUnitFacts.h).
  clang::tidy::syscall::Requirement Requires;
};

/// The text of each file a finding points into, as the compiler read it: a
/// FIFO or a process substitution cannot be read a second time.
class SourceTexts {
public:
  /// Keeps \p Text for \p Path unless a text is already there.
  void add(llvm::StringRef Path, llvm::StringRef Text);
  std::optional<llvm::StringRef> get(llvm::StringRef Path) const;
  /// The text of \p Path, read from disk if it is not here yet; only
  /// regular files are read (reading a FIFO again would block).
  std::optional<llvm::StringRef> getOrRead(llvm::StringRef Path);
  /// Reads the files \p Findings point into.
  void readFilesOf(const std::vector<Finding> &Findings);
  std::vector<std::string> paths() const;

private:
  mutable std::mutex Lock;
  llvm::StringMap<std::string> Texts;
};

/// Converts clang-tidy's errors into findings. With the translation unit's
/// SourceManager, file texts come from the compiler's buffers; without one
/// (messages that arrive after the unit ended), from regular files only.
class FindingConverter {
public:
  FindingConverter(const clang::SourceManager *SM, SourceTexts &Texts)
      : SM(SM), Texts(Texts) {}
  Finding convert(const clang::tidy::ClangTidyError &Error);

private:
  Position position(llvm::StringRef Path, llvm::StringRef BuildDirectory,
                    unsigned Offset);
  std::optional<llvm::StringRef> text(llvm::StringRef Absolute,
                                      llvm::StringRef AsSpelled);
  const clang::SourceManager *SM;
  SourceTexts &Texts;
  llvm::StringMap<std::vector<unsigned>> LineStarts;
};

/// \p Path absolute (against \p Base when relative, else the working
/// directory) and without dots: one spelling per file across units.
std::string absolutePath(llvm::StringRef Path, llvm::StringRef Base = "");

/// Sorted by file, line, column, check, message; duplicates (a header seen
/// from several translation units) removed.
void sortUnique(std::vector<Finding> &Findings);

/// What makes a finding the same one when several translation units report
/// it (a header's): its place, check, message and fixes.
std::string identityOf(const Finding &F);

/// Numbers each finding among the earlier ones of \p Sorted with the same
/// check, file, function and statement. Done once per translation unit, so
/// that a header's findings get the same numbers from every unit and a
/// report filtered later (--diff, --baseline) keeps them.
void numberOccurrences(std::vector<Finding> &Sorted);

/// Settles the candidates of \p Findings over the facts of all units in
/// \p Facts: those whose requirement holds become findings, the others go.
void settleCandidates(std::vector<Finding> &Findings,
                      clang::tidy::syscall::FactBase &Facts);

/// The check's page, when a docs URL is configured (SYSCALL_TIDY_DOCS_URL).
std::string helpUri(llvm::StringRef Check);

/// A path relative to \p Root when it lies below it.
std::string relativeTo(llvm::StringRef Path, llvm::StringRef Root);

/// A fingerprint that survives line shifts: check, file (relative to
/// \p Root), function, statement and occurrence index.
std::string fingerprint(const Finding &F, llvm::StringRef Root);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_FINDINGS_H
