//===--- ElsewhereRerun.h - The checks again, with guesses about helpers --===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Real code calls its system calls through thin helpers of its own that
// another file defines (`xwrite`, `do_fstat`). In one unit such a call is
// unknown. The tool runs a unit's checks a second time, only when some
// call's helper can be guessed (ElsewhereGuesses), on the same AST with the
// shared analyses built anew. A finding of the second run that the first
// did not make is kept as a candidate that needs the guesses' facts, which
// the unit defining the helper exports: what that unit does not say drops
// it. The first run's findings stay as they are, but for its candidates
// (findings that already rest on an assumption about another unit) that
// the second run, which knows more, does not make.
//
// A finding needs only the guesses it rests on, not every guess of its
// unit (a look-alike beside it calls a helper that is no forwarder). The
// guesses of its own function's calls are tried alone in a further run:
// when that run makes the finding too, it needs only those; otherwise it
// needs all that the second run used.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_TOOL_ELSEWHERERERUN_H
#define SYSCALL_TIDY_TOOL_ELSEWHERERERUN_H

#include "TranslationUnitRunner.h"
#include "analysis/Forwarding.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringSet.h"
#include <functional>
#include <memory>
#include <vector>

namespace syscall_tidy {

class ElsewhereRerun : public clang::ASTConsumer {
public:
  /// \p MakeChecks: a further set of the unit's checks, made for each run
  /// when the run is due (most units have none; the checks' preprocessor
  /// callbacks keep what they record for every set of the unit). The
  /// findings of all runs go to \p Taken; their time to \p Result's
  /// profile. \p GuessesSettle: RunSettings' (false: a run of this unit
  /// alone, whose guesses nothing can confirm).
  ElsewhereRerun(
      std::function<std::unique_ptr<clang::ASTConsumer>()> MakeChecks,
      clang::tidy::ClangTidyDiagnosticConsumer &Diagnostics,
      clang::Preprocessor &PP, std::vector<clang::tidy::ClangTidyError> &Taken,
      llvm::StringSet<> NamedInOptions, bool GuessesSettle,
      TranslationUnitResult &Result);

  void HandleTranslationUnit(clang::ASTContext &Ctx) override;

  /// How many runs at most: the guessing run and the runs that try a
  /// function's guesses alone.
  static constexpr unsigned Runs = 3;

private:
  /// The findings of a further run of the checks, a set made for it, with
  /// the guesses current.
  std::vector<clang::tidy::ClangTidyError>
  rerun(clang::ASTContext &Ctx,
        clang::tidy::syscall::ElsewhereGuesses &Guesses);

  std::function<std::unique_ptr<clang::ASTConsumer>()> MakeChecks;
  /// The sets made for the runs so far; they go with the unit's other
  /// consumers (clang-tidy's writes its stored profile then).
  std::vector<std::unique_ptr<clang::ASTConsumer>> RunChecks;
  clang::tidy::ClangTidyDiagnosticConsumer &Diagnostics;
  clang::Preprocessor &PP;
  std::vector<clang::tidy::ClangTidyError> &Taken;
  TranslationUnitResult &Result;
  /// Functions the checks' options name: not guessed.
  llvm::StringSet<> NamedInOptions;
  bool GuessesSettle;
};

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_ELSEWHERERERUN_H
