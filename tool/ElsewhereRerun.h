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
#include <memory>
#include <vector>

namespace syscall_tidy {

class ElsewhereRerun : public clang::ASTConsumer {
public:
  /// \p Checks: further sets of the unit's checks, one per run (made
  /// before the parse, as their preprocessor callbacks must be). The
  /// findings of all runs go to \p Taken; their time to \p Result's
  /// profile. \p GuessesSettle: RunSettings' (false: a run of this unit
  /// alone, whose guesses nothing can confirm).
  ElsewhereRerun(std::vector<std::unique_ptr<clang::ASTConsumer>> Checks,
                 clang::tidy::ClangTidyDiagnosticConsumer &Diagnostics,
                 clang::Preprocessor &PP,
                 std::vector<clang::tidy::ClangTidyError> &Taken,
                 llvm::StringSet<> NamedInOptions, bool GuessesSettle,
                 TranslationUnitResult &Result);

  void Initialize(clang::ASTContext &Ctx) override;
  void HandleTranslationUnit(clang::ASTContext &Ctx) override;

  /// How many sets of checks the constructor wants: the guessing run and
  /// the runs that try a function's guesses alone.
  static constexpr unsigned Runs = 3;

private:
  /// The findings of run \p Run of the checks, with the guesses current.
  std::vector<clang::tidy::ClangTidyError>
  rerun(unsigned Run, clang::ASTContext &Ctx,
        clang::tidy::syscall::ElsewhereGuesses &Guesses);

  std::vector<std::unique_ptr<clang::ASTConsumer>> Checks;
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
