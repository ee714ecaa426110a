//===--- ElsewhereRerun.cpp - The checks again, with guesses about helpers ===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "ElsewhereRerun.h"
#include "analysis/CallIndex.h"
#include "analysis/CrossUnitFacts.h"
#include "analysis/FdTracking.h"
#include "analysis/Forwarding.h"
#include "analysis/FunctionSummary.h"
#include <chrono>
#include <map>
#include <set>
#include <tuple>

using namespace clang;
using namespace clang::tidy;
using namespace clang::tidy::syscall;

namespace syscall_tidy {

ElsewhereRerun::ElsewhereRerun(
    std::function<std::unique_ptr<ASTConsumer>()> MakeChecks,
    ClangTidyDiagnosticConsumer &Diagnostics, Preprocessor &PP,
    std::vector<ClangTidyError> &Taken, llvm::StringSet<> NamedInOptions,
    bool GuessesSettle, TranslationUnitResult &Result)
    : MakeChecks(std::move(MakeChecks)), Diagnostics(Diagnostics), PP(PP),
      Taken(Taken), Result(Result), NamedInOptions(std::move(NamedInOptions)),
      GuessesSettle(GuessesSettle) {}

std::vector<ClangTidyError> ElsewhereRerun::rerun(ASTContext &Ctx,
                                                  ElsewhereGuesses &Guesses) {
  auto Start = std::chrono::steady_clock::now();
  Result.Guessed = true;
  RunChecks.push_back(MakeChecks());
  RunChecks.back()->Initialize(Ctx);
  forgetUnitAnalyses(Ctx);
  {
    // A run with guesses may conclude what is not so: it exports nothing.
    CrossUnitFacts Discarded(/*Kept=*/false);
    CrossUnitFacts::Scope Gathering(Discarded);
    ElsewhereGuesses::Scope Guessing(Guesses);
    RunChecks.back()->HandleTranslationUnit(Ctx);
  }
  // The next run, and the consumers after this one, start without them.
  forgetUnitAnalyses(Ctx);
  Result.GuessingSeconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  return Diagnostics.take();
}

namespace {

using FindingKey = std::tuple<std::string, std::string, unsigned>;

FindingKey keyOf(const ClangTidyError &E) {
  return {E.DiagnosticName, E.Message.FilePath, E.Message.FileOffset};
}

/// The function whose body holds where \p E is reported, if any.
const FunctionDecl *functionAt(const ClangTidyError &E, ASTContext &Ctx) {
  SourceManager &SM = Ctx.getSourceManager();
  auto File = SM.getFileManager().getOptionalFileRef(E.Message.FilePath);
  FileID ID = File ? SM.translateFile(*File) : FileID();
  if (ID.isInvalid())
    return nullptr;
  SourceLocation At = SM.getComposedLoc(ID, E.Message.FileOffset);
  for (const CallSite &Site : CallIndex::of(Ctx).all()) {
    const Stmt *Body = Site.Func->getBody();
    SourceRange Range =
        SM.getExpansionRange(Body->getSourceRange()).getAsRange();
    if (!SM.isBeforeInTranslationUnit(At, Range.getBegin()) &&
        !SM.isBeforeInTranslationUnit(Range.getEnd(), At))
      return Site.Func;
  }
  return nullptr;
}

bool isCandidate(const ClangTidyError &E) {
  return llvm::any_of(E.Notes, [](const tooling::DiagnosticMessage &N) {
    return requirementOfNote(N.Message).has_value();
  });
}

/// Whether a candidate of \p Found may be kept in a run of its unit alone:
/// its requirement holds over the unit's own facts (read as every unit's,
/// so that a fact no unit gives may hold too).
bool keptAlone(const std::vector<ClangTidyError> &Found) {
  FactBase Own;
  for (const std::string &Line : CrossUnitFacts::current()->exported())
    Own.add(Line);
  Own.setComplete(true);
  for (const ClangTidyError &E : Found)
    for (const tooling::DiagnosticMessage &Note : E.Notes)
      if (std::optional<Requirement> Needs = requirementOfNote(Note.Message);
          Needs && Own.holds(*Needs))
        return true;
  return false;
}

/// Whether a finding of \p Found rests on a helper of another unit passing
/// getpid() on (syscall-getpid-fork-check's candidates).
bool restsOnIdHelper(const std::vector<ClangTidyError> &Found) {
  for (const ClangTidyError &E : Found)
    for (const tooling::DiagnosticMessage &Note : E.Notes)
      if (std::optional<Requirement> Needs = requirementOfNote(Note.Message))
        for (const std::vector<std::string> &Clause : *Needs)
          for (const std::string &Fact : Clause)
            if (isForwardsFactTo(Fact, "getpid"))
              return true;
  return false;
}

void addNote(ClangTidyError &E, const Requirement &Needs) {
  tooling::DiagnosticMessage Note;
  Note.Message = requirementNote(Needs);
  Note.FilePath = E.Message.FilePath;
  Note.FileOffset = E.Message.FileOffset;
  E.Notes.push_back(std::move(Note));
}

/// Drops \p E's fix when it edits what a fix of \p Kept edits: each run's
/// findings were made compatible among themselves only, and --fix changes
/// no file when two fixes clash. The finding stays, without a fix.
void dropClashingFix(ClangTidyError &E,
                     const std::vector<ClangTidyError> &Kept) {
  auto Overlap = [](const tooling::Replacement &A,
                    const tooling::Replacement &B) {
    return A.getFilePath() == B.getFilePath() &&
           A.getOffset() <= B.getOffset() + B.getLength() &&
           B.getOffset() <= A.getOffset() + A.getLength();
  };
  for (const auto &File : E.Message.Fix)
    for (const tooling::Replacement &Mine : File.getValue())
      for (const ClangTidyError &Other : Kept)
        for (const auto &OtherFile : Other.Message.Fix)
          for (const tooling::Replacement &Theirs : OtherFile.getValue())
            if (Overlap(Mine, Theirs)) {
              E.Message.Fix.clear();
              return;
            }
}

} // namespace

void ElsewhereRerun::HandleTranslationUnit(ASTContext &Ctx) {
  // Only the tool, which sees the other units, guesses.
  if (!CrossUnitFacts::current())
    return;
  // What this unit's helpers pass on, for the other units' guesses,
  // whichever checks run.
  PosixConstants Constants;
  Constants.setPreprocessor(&PP);
  FunctionSummaries::of(Ctx).exportFacts(Constants);
  ElsewhereGuesses Guesses(Ctx, NamedInOptions);
  std::vector<ClangTidyError> First = Diagnostics.take();
  // Alone, every finding only a second run makes needs a guess's fact that
  // no unit will give; the run would matter only to a first-run candidate
  // that the guesses take away, and one the unit itself settles.
  if ((!GuessesSettle && !keptAlone(First)) ||
      !Guesses.anyInUnit(restsOnIdHelper(First))) {
    appendFindings(Taken, std::move(First));
    return;
  }
  std::vector<ClangTidyError> Second = rerun(Ctx, Guesses);
  Requirement All = Guesses.used();
  std::set<FindingKey> Made, Remade;
  for (const ClangTidyError &E : Second)
    Remade.insert(keyOf(E));
  Taken.reserve(Taken.size() + First.size());
  for (ClangTidyError &E : First) {
    // A candidate of the first run rests on an assumption about another
    // unit (an id helper is getpid) that read the other helpers as
    // unknown; when the guesses show one of them for what it is (a fork),
    // and the finding goes, it goes.
    if (!All.empty() && !Remade.count(keyOf(E)) && isCandidate(E))
      continue;
    Made.insert(keyOf(E));
    Taken.push_back(std::move(E));
  }
  if (All.empty())
    return;

  // The new findings, grouped by the guessed helpers their function calls.
  std::map<llvm::SmallVector<const FunctionDecl *, 4>,
           std::vector<ClangTidyError>>
      ByHelpers;
  for (ClangTidyError &E : Second)
    if (!Made.count(keyOf(E)) && E.DiagLevel != ClangTidyError::Error) {
      const FunctionDecl *Func = functionAt(E, Ctx);
      auto Helpers = Func ? Guesses.guessedIn(Func)
                          : llvm::SmallVector<const FunctionDecl *, 4>();
      llvm::sort(Helpers);
      ByHelpers[Helpers].push_back(std::move(E));
    }
  size_t New = 0;
  for (const auto &Group : ByHelpers)
    New += Group.second.size();
  Taken.reserve(Taken.size() + New);
  unsigned Done = 1; // the guessing run
  for (auto &[Helpers, Found] : ByHelpers) {
    std::set<FindingKey> Alone;
    Requirement Needs;
    if (!Helpers.empty() && Done < Runs) {
      Guesses.restrictTo(Helpers);
      ++Done;
      for (const ClangTidyError &E : rerun(Ctx, Guesses))
        Alone.insert(keyOf(E));
      Needs = Guesses.used();
    }
    for (ClangTidyError &E : Found) {
      addNote(E, Alone.count(keyOf(E)) && !Needs.empty() ? Needs : All);
      dropClashingFix(E, Taken);
      Taken.push_back(std::move(E));
    }
  }
}

} // namespace syscall_tidy
