//===--- FtruncateAfterOpenCheck.cpp - syscall-ftruncate-after-open ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "FtruncateAfterOpenCheck.h"
#include "analysis/CallIndex.h"
#include "analysis/FunctionSummary.h"
#include "analysis/Place.h"
#include "analysis/SourceEdits.h"
#include "analysis/StatementShape.h"
#include "analysis/StringHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::syscall {

using Step = FunctionFlow::Step;

FtruncateAfterOpenCheck::FtruncateAfterOpenCheck(StringRef Name,
                                                 ClangTidyContext *Context)
    : WalkingCheck(Name, Context),
      RawOpenLikeFunctions(Options.get("OpenLikeFunctions", "")),
      RawWriteFunctions(Options.get("WriteFunctions", "")),
      Opens(nameList(RawOpenLikeFunctions), {}),
      Operations({}, nameList(RawWriteFunctions)) {}

void FtruncateAfterOpenCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "OpenLikeFunctions", RawOpenLikeFunctions);
  Options.store(Opts, "WriteFunctions", RawWriteFunctions);
}

void FtruncateAfterOpenCheck::registerPPCallbacks(const SourceManager &,
                                                  Preprocessor *PP,
                                                  Preprocessor *) {
  Constants.setPreprocessor(PP);
}

std::string FtruncateAfterOpenCheck::whyEmpty(const OpenCall &Open,
                                              const FunctionFlow &Flow,
                                              ASTContext &Ctx) const {
  // ftruncate needs a descriptor open for writing; read-only opens are the
  // caller's bug to find, not a redundancy.
  if (Open.Mode.K != AccessMode::Writable)
    return "";
  // creat is open with O_CREAT | O_WRONLY | O_TRUNC: one message for both,
  // and for a wrapper of either.
  if (Open.Function == "creat" || Open.Function == "creat64")
    return "'" + writtenCalleeName(Open.Call).str() +
           "' opens with O_TRUNC, which already "
           "emptied it";
  if (Open.Mode.IsStream) {
    std::optional<llvm::StringRef> ModeText =
        Open.Function == "fdopen" ? std::nullopt : Open.modeText();
    if (ModeText && startsWith(*ModeText, "w"))
      return "'" + writtenCalleeName(Open.Call).str() + "' with mode \"" +
             ModeText->str() + "\" truncates the file it opens";
    return "";
  }
  llvm::SmallVector<int64_t, 4> Values;
  if (!openFlagValues(Open, Flow, Ctx, Values))
    return "";
  const int64_t Trunc = Constants.get("O_TRUNC"),
                New = Constants.get("O_CREAT") | Constants.get("O_EXCL");
  if (llvm::all_of(Values, [&](int64_t V) { return (V & Trunc) != 0; }))
    return "'" + writtenCalleeName(Open.Call).str() +
           "' opens with O_TRUNC, which already emptied it";
  if (llvm::all_of(Values, [&](int64_t V) { return (V & New) == New; }))
    return "'" + writtenCalleeName(Open.Call).str() +
           "' with O_CREAT | O_EXCL made a new, empty file";
  return "";
}

void FtruncateAfterOpenCheck::prepareUnit(ASTContext &Ctx) {
  FunctionSummaries::of(Ctx).exportFacts(Constants);
  Truncations.assign(CallIndex::of(Ctx).callsTo({"ftruncate", "ftruncate64"}),
                     Ctx);
}

void FtruncateAfterOpenCheck::checkFunction(const FunctionDecl *Walked,
                                            ASTContext &Ctx) {
  for (const CallSite &Site : Truncations.in(Walked))
    if (Site.Call->getNumArgs() == 2)
      checkTruncate(Site.Call, Site.Func, Ctx);
}

void FtruncateAfterOpenCheck::checkTruncate(const CallExpr *Trunc,
                                            const FunctionDecl *Func,
                                            ASTContext &Ctx) {
  if (foldInteger(Trunc->getArg(1), Ctx) != 0)
    return;
  bool ViaFileno = false;
  // A global too: made and truncated here, with no call of the program
  // between (the flow reads one as an unknown store to it).
  std::optional<Place> Where =
      trackedPlace(Trunc->getArg(0), &ViaFileno, /*GlobalToo=*/true);
  const FunctionFlow *Flow = Functions.flow(Func, Ctx);
  if (!Where ||
      (Where->isVariable() && llvm::isa<ParmVarDecl>(Where->base())) || !Flow)
    return;

  // Every open that reaches the call left the file empty.
  llvm::SmallVector<Definition, 4> Defs;
  if (!Flow->reachingDefinitions(*Where, Trunc, Defs) || Defs.empty())
    return;
  // `int fd = fileno(f); ftruncate(fd, 0);`: the stream's open; `int fd =
  // fd0;`: fd0's.
  std::optional<HandleCopy> Copied;
  if (!ViaFileno && (Copied = copiedHandle(Trunc, *Flow, Defs)))
    ViaFileno = Copied->FromStream;
  std::optional<OpenCall> First;
  std::string Why;
  for (const Definition &Def : Defs) {
    std::optional<OpenCall> Open =
        Def.Value ? Opens.classify(Def.Value, Ctx, Constants,
                                   /*AcrossUnits=*/true)
                  : std::nullopt;
    if (!Open || Open->Mode.IsStream != ViaFileno)
      return;
    refineModeByPath(*Open, *Flow, Ctx, Constants);
    std::string Reason = whyEmpty(*Open, *Flow, Ctx);
    if (Reason.empty())
      return;
    if (!First) {
      First = Open;
      Why = Reason;
    } else {
      llvm::append_range(First->Needs, Open->Needs);
    }
  }

  // And nothing wrote to it, or took it where the walk cannot see, since
  // (through the copy's source too, which the copy itself does not lose).
  auto Untouched = [&](const Place &P, const Stmt *CopiedAt) {
    return Flow->walkBackward(
        Trunc,
        [&](const Stmt *Element) {
          Definition Def;
          if (definesPlace(Element, P, Def))
            return Step::EndPath;
          if (Element != CopiedAt && copiesPlace(Element, P))
            return Step::Fail;
          const auto *Call = llvm::dyn_cast<CallExpr>(Element);
          std::optional<OffsetEffect> Effect =
              Call ? Operations.effectOn(Call, P) : std::nullopt;
          if (!Effect || *Effect == OffsetEffect::None ||
              *Effect == OffsetEffect::Reads ||
              *Effect == OffsetEffect::Seeks || *Effect == OffsetEffect::Tells)
            return Step::Continue;
          return Step::Fail;
        },
        [] { return Step::Fail; });
  };
  if (!Untouched(*Where, nullptr) ||
      (Copied && !Untouched(Copied->Source, Copied->Site)))
    return;

  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  const StmtParents &Parents = Functions.parents(Func);
  CallStatement St = statementOf(Trunc, Parents, Ctx, /*ZeroIsSuccess=*/true,
                                 /*ThroughStore=*/true);
  if (St.K == CallStatement::Used) // `if (fd < 0 || ftruncate(fd, 0)) fail`
    St = joinedErrorCheck(Trunc, Parents, Ctx, /*ZeroIsSuccess=*/true,
                          /*ThroughStore=*/true);
  std::string Unfixable;
  llvm::SmallVector<CharSourceRange, 2> Removed;
  if (St.K == CallStatement::Used)
    Unfixable = "its result is used for more than an error check";
  else if (std::optional<CharSourceRange> R = statementRemoval(St, SM, LO))
    Removed.push_back(wholeLines(*R, SM));
  else
    Unfixable = "the call is spelled by a macro";
  // `if ((r = ftruncate(fd, 0)) < 0)`: `r` goes with the test.
  if (St.Stored && Unfixable.empty()) {
    if (std::optional<CharSourceRange> Declaration = storedLocalRemoval(
            St.Stored, Functions.uses(Func), Parents, Ctx, Unfixable))
      Removed.push_back(*Declaration);
  }
  // `int fd = fileno(f);` or `int fd = fd0;` read nowhere else goes with
  // it.
  if (Copied && Unfixable.empty())
    if (std::optional<CharSourceRange> Declaration =
            copyLeftUnread(*Where, Copied->Copy, Functions.uses(Func), Parents,
                           Removed, Ctx, Unfixable))
      Removed.push_back(*Declaration);
  {
    DiagnosticBuilder D =
        diag(Trunc->getBeginLoc(),
             "redundant 'ftruncate' to length 0: %0, and nothing has written "
             "to it since; remove the call")
        << Why << Trunc->getSourceRange();
    if (Unfixable.empty())
      for (const CharSourceRange &R : mergeAdjacent(Removed, SM))
        D << FixItHint::CreateRemoval(R);
  }
  diag(First->Call->getBeginLoc(), "'%0' opens the file here",
       DiagnosticIDs::Note)
      << writtenCalleeName(First->Call);
  if (!Unfixable.empty())
    diag(Trunc->getBeginLoc(), "no automatic fix: %0", DiagnosticIDs::Note)
        << Unfixable;
  noteRequirement(*this, Trunc->getBeginLoc(), First->Needs);
}

} // namespace clang::tidy::syscall
