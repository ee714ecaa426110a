//===--- AccessBeforeOpenCheck.cpp - syscall-access-before-open ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "AccessBeforeOpenCheck.h"
#include "analysis/CallIndex.h"
#include "analysis/DescriptorStat.h"
#include "analysis/FunctionSummary.h"
#include "analysis/SourceEdits.h"
#include "analysis/StatementShape.h"
#include "analysis/StringHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::syscall {

AccessBeforeOpenCheck::AccessBeforeOpenCheck(StringRef Name,
                                             ClangTidyContext *Context)
    : WalkingCheck(Name, Context),
      RawOpenLikeFunctions(Options.get("OpenLikeFunctions", "")),
      RawFopenLikeFunctions(Options.get("FopenLikeFunctions", "")),
      Opens(nameList(RawOpenLikeFunctions), nameList(RawFopenLikeFunctions)) {}

void AccessBeforeOpenCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "OpenLikeFunctions", RawOpenLikeFunctions);
  Options.store(Opts, "FopenLikeFunctions", RawFopenLikeFunctions);
}

void AccessBeforeOpenCheck::registerPPCallbacks(const SourceManager &,
                                                Preprocessor *PP,
                                                Preprocessor *) {
  Constants.setPreprocessor(PP);
}

void AccessBeforeOpenCheck::prepareUnit(ASTContext &Ctx) {
  FunctionSummaries::of(Ctx).exportFacts(Constants);
  Tests.assign(CallIndex::of(Ctx).callsTo(
                   {"access", "euidaccess", "eaccess", "faccessat", "stat",
                    "stat64", "lstat", "lstat64", "fstatat", "fstatat64"}),
               Ctx);
}

void AccessBeforeOpenCheck::checkFunction(const FunctionDecl *Walked,
                                          ASTContext &Ctx) {
  for (const CallSite &Site : Tests.in(Walked))
    checkAccess(Site.Call, Site.Func, Ctx);
}

bool AccessBeforeOpenCheck::onlyTestsExistence(const CallExpr *Test,
                                               const FunctionDecl *Func,
                                               ASTContext &Ctx,
                                               const VarDecl *&Buffer) {
  llvm::StringRef Name = calleeName(Test);
  bool At = startsWith(Name, "fstatat") || Name == "faccessat";
  if (!Name.contains("stat")) {
    std::optional<int64_t> Mode = foldInteger(Test->getArg(At ? 2 : 1), Ctx);
    // X_OK asks about exec, which no open answers.
    return Mode && (*Mode & 1) == 0;
  }
  // A stat whose buffer nothing reads: the call only tells whether the path
  // resolves. AT_EMPTY_PATH would stat the directory descriptor itself.
  if (At) {
    std::optional<int64_t> Flags = Test->getNumArgs() == 4
                                       ? foldInteger(Test->getArg(3), Ctx)
                                       : std::nullopt;
    if (!Flags || (*Flags & Constants.get("AT_EMPTY_PATH")) != 0)
      return false;
  }
  Buffer = bufferVariable(Test->getArg(At ? 2 : 1));
  return Buffer && Functions.uses(Func).of(Buffer).size() == 1;
}

void AccessBeforeOpenCheck::checkAccess(const CallExpr *Access,
                                        const FunctionDecl *Func,
                                        ASTContext &Ctx) {
  llvm::StringRef Name = calleeName(Access);
  bool At = Name == "faccessat" || startsWith(Name, "fstatat");
  const VarDecl *Buffer = nullptr;
  if (Access->getNumArgs() < (At ? 3u : 2u) ||
      !onlyTestsExistence(Access, Func, Ctx, Buffer))
    return;
  const Expr *Path = Access->getArg(At ? 1 : 0);

  // `if (access(path, m) != 0) <fail>` with no else, in a block.
  const StmtParents &Parents = Functions.parents(Func);
  CallStatement Test = statementOf(Access, Parents, Ctx,
                                   /*ZeroIsSuccess=*/true,
                                   /*ThroughStore=*/true);
  const auto *TestIf = llvm::dyn_cast_or_null<IfStmt>(Test.Statement);
  if (Test.K != CallStatement::ErrorChecked || !TestIf || !Test.Block ||
      !onlyFails(TestIf->getThen()))
    return;
  // `if (access(...) == 0)` would guard the open instead: not this shape.
  const BinaryOperator *Cmp = nullptr;
  if (comparingIf(Access, Parents, &Cmp)) {
    const Expr *Other = Cmp->getLHS()->IgnoreParenCasts() == Access
                            ? Cmp->getRHS()
                            : Cmp->getLHS();
    if ((Cmp->getOpcode() == BO_EQ || Cmp->getOpcode() == BO_GE) &&
        foldInteger(Other, Ctx) == 0)
      return;
  }

  // What follows opens the same path and checks it, in any spelling.
  const auto *Next = FunctionCache::positionIn(Test.Block, TestIf, Ctx);
  std::optional<CheckedStore> Store =
      Next == Test.Block->body_end()
          ? std::nullopt
          : checkedStoreAt(Test.Block, std::next(Next));
  std::optional<OpenCall> Open =
      Store ? Opens.classify(Store->Value, Ctx, Constants, /*AcrossUnits=*/true)
            : std::nullopt;
  if (!Open || !Open->Path || !sameValue(Open->Path, Path))
    return;
  bool OpenAt = !Open->Wrapper && Open->Function.contains("openat");
  if (At != OpenAt ||
      (At && !sameValue(Access->getArg(0), Open->Call->getArg(0))))
    return;
  // An open that creates succeeds where the test said "no such file".
  if (Open->Mode.IsStream) {
    std::optional<llvm::StringRef> Text = Open->modeText();
    if (!Text || !startsWith(*Text, "r"))
      return;
  } else {
    const FunctionFlow *Flow = Functions.flow(Func, Ctx);
    llvm::SmallVector<int64_t, 4> Values;
    if (!Flow || !openFlagValues(*Open, *Flow, Ctx, Values) ||
        llvm::any_of(Values,
                     [&](int64_t V) { return V & Constants.get("O_CREAT"); }))
      return;
  }
  const IfStmt *OpenIf = Store->Check;
  if (!OpenIf || !onlyFails(OpenIf->getThen()))
    return;
  // With user ids in play, `access` asks for the real user on purpose and
  // `open` acts for the effective one.
  if (calleeName(Access) == "access" &&
      mentionsAny(Func, Ctx.getSourceManager(), Ctx.getLangOpts(),
                  {"uid", "gid"}))
    return;
  // The test must not tell the user something the open's failure does not.
  if (!sameErrorHandling(TestIf, OpenIf, Ctx))
    return;

  const SourceManager &SM = Ctx.getSourceManager();
  std::optional<CharSourceRange> Removal =
      statementRemoval(Test, SM, Ctx.getLangOpts());
  // A stat's buffer goes with it, or the fix leaves an unused variable.
  std::optional<CharSourceRange> BufferRemoval;
  if (Buffer)
    if (const DeclStmt *Decl = Functions.uses(Func).soleDeclaration(Buffer))
      BufferRemoval = statementRange(Decl, SM, Ctx.getLangOpts());
  if (Buffer && !BufferRemoval)
    Removal.reset();
  // `if ((rc = access(...)) != 0)`: `rc` goes with the test.
  std::string StoreKept;
  std::optional<CharSourceRange> StoredRemoval =
      Test.Stored ? storedLocalRemoval(Test.Stored, Functions.uses(Func),
                                       Parents, Ctx, StoreKept)
                  : std::nullopt;
  if (Test.Stored && !StoredRemoval)
    Removal.reset();
  {
    DiagnosticBuilder D =
        diag(Access->getBeginLoc(),
             "redundant '%0' before '%1' of the same path: '%1' fails the "
             "same way and its failure is handled the same; the test walks "
             "the path once more and races with the open")
        << calleeName(Access) << Open->Function << Access->getSourceRange();
    llvm::SmallVector<CharSourceRange, 3> Removed;
    if (Removal)
      Removed.push_back(wholeLines(*Removal, SM));
    if (Removal && BufferRemoval)
      Removed.push_back(wholeLines(*BufferRemoval, SM));
    if (Removal && StoredRemoval)
      Removed.push_back(*StoredRemoval);
    for (const CharSourceRange &R : mergeAdjacent(Removed, SM))
      D << FixItHint::CreateRemoval(R);
  }
  diag(Open->Call->getBeginLoc(), "'%0' of the same path here",
       DiagnosticIDs::Note)
      << Open->Function;
  if (!Removal)
    diag(Access->getBeginLoc(), "no automatic fix: %0", DiagnosticIDs::Note)
        << (!StoreKept.empty() ? StoreKept
            : Buffer ? "the stat buffer is declared with other variables or "
                       "by a macro"
            : Test.Carrier
                ? "the test is kept in a flag declared apart or read elsewhere"
                : "a macro spells the test");
  noteRequirement(*this, Access->getBeginLoc(), Open->Needs);
}

} // namespace clang::tidy::syscall
