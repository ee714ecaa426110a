//===--- FstatAfterWriteOpenCheck.cpp - syscall-fstat-after-write-open ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "FstatAfterWriteOpenCheck.h"
#include "analysis/CallIndex.h"
#include "analysis/Callee.h"
#include "analysis/Conditions.h"
#include "analysis/DescriptorStat.h"
#include "analysis/FunctionSummary.h"
#include "analysis/MainFileUses.h"
#include "analysis/RejectionFix.h"
#include "analysis/SourceEdits.h"
#include "analysis/StatementShape.h"
#include "analysis/StringHelpers.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::syscall {

namespace {

/// `mode[0]` or `*mode`, where mode is the fopen mode argument.
bool isFirstCharOf(const Expr *E, const Expr *Mode, ASTContext &Ctx) {
  E = E->IgnoreParenCasts();
  if (const auto *Sub = llvm::dyn_cast<ArraySubscriptExpr>(E)) {
    std::optional<int64_t> Idx = foldInteger(Sub->getIdx(), Ctx);
    return Idx && *Idx == 0 && sameValue(Sub->getBase(), Mode);
  }
  const auto *Deref = llvm::dyn_cast<UnaryOperator>(E);
  return Deref && Deref->getOpcode() == UO_Deref &&
         sameValue(Deref->getSubExpr(), Mode);
}

/// Recognises the guards that make the stat run for read-only opens only.
class ReadOnlyGuard {
public:
  ReadOnlyGuard(const AccessMode &Mode, ASTContext &Ctx,
                const PosixConstants &C)
      : Mode(Mode), Ctx(Ctx), C(C) {}

  /// Whether taking the \p Branch edge of \p Cond implies a read-only open.
  bool implied(const Expr *Cond, bool Branch) const {
    return edgeImplies(
        Cond, Branch,
        [&](const Expr *Term, bool Value) {
          return Mode.IsStream ? modeTest(Term, Value) : flagsTest(Term, Value);
        },
        &Ctx);
  }

private:
  int64_t writeBits() const { return C.get("O_WRONLY") | C.get("O_RDWR"); }

  std::optional<int64_t> mask(const Expr *E) const {
    return maskOf(
        E,
        [&](const Expr *X) {
          return sameValue(X, Mode.FlagsExpr) ||
                 (Mode.AccessExpr && sameValue(X, Mode.AccessExpr));
        },
        Ctx);
  }

  /// `(oflag & O_ACCMODE) == O_RDONLY`, `!(oflag & (O_WRONLY | O_RDWR))`...
  bool flagsTest(const Expr *Term, bool Value) const {
    const auto *BO = llvm::dyn_cast<BinaryOperator>(Term);
    if (!BO)
      return false;
    bool ReadOnlyWhenEqual =
        matchEquality(BO, [&](const Expr *Masked, const Expr *Constant) {
          std::optional<int64_t> M = mask(Masked);
          std::optional<int64_t> V = foldInteger(Constant, Ctx);
          return M && V &&
                 ((*M == C.get("O_ACCMODE") && *V == C.get("O_RDONLY")) ||
                  (*M == writeBits() && *V == 0));
        });
    if (ReadOnlyWhenEqual)
      return (BO->getOpcode() == BO_EQ) == Value;
    std::optional<int64_t> M = mask(BO);
    return !Value && M && (*M == writeBits() || *M == C.get("O_ACCMODE"));
  }

  /// `*mode == 'r'`, or `*mode == 'w' || *mode == 'a'` false.
  bool modeTest(const Expr *Term, bool Value) const {
    const auto *BO = llvm::dyn_cast<BinaryOperator>(Term);
    if (!BO)
      return false;
    if (BO->getOpcode() == BO_LOr && !Value) {
      llvm::SmallVector<int64_t, 4> Excluded;
      collectFirstChars(BO, Excluded);
      return llvm::is_contained(Excluded, 'w') &&
             llvm::is_contained(Excluded, 'a');
    }
    return firstCharTest(BO) == 'r' && (BO->getOpcode() == BO_EQ) == Value;
  }

  /// The character `mode[0] == 'c'` compares with, or 0.
  int64_t firstCharTest(const BinaryOperator *BO) const {
    if (!Mode.IsStream || !BO->isEqualityOp())
      return 0;
    for (auto [Char, Value] : {std::pair(BO->getLHS(), BO->getRHS()),
                               std::pair(BO->getRHS(), BO->getLHS())})
      if (isFirstCharOf(Char, Mode.FlagsExpr, Ctx))
        return foldInteger(Value, Ctx).value_or(0);
    return 0;
  }

  void collectFirstChars(const Expr *E,
                         llvm::SmallVectorImpl<int64_t> &Chars) const {
    const auto *BO = llvm::dyn_cast<BinaryOperator>(E->IgnoreParenCasts());
    if (!BO)
      return;
    if (BO->getOpcode() == BO_LOr) {
      collectFirstChars(BO->getLHS(), Chars);
      collectFirstChars(BO->getRHS(), Chars);
    } else if (BO->getOpcode() == BO_EQ) {
      Chars.push_back(firstCharTest(BO));
    }
  }

  const AccessMode &Mode;
  ASTContext &Ctx;
  const PosixConstants &C;
};

/// Whether every variable \p E reads is declared before \p Loc.
bool declaredBefore(const Expr *E, SourceLocation Loc, ASTContext &Ctx) {
  for (const BoundNodes &N :
       match(findAll(declRefExpr().bind("ref")), *E, Ctx)) {
    const ValueDecl *D = N.getNodeAs<DeclRefExpr>("ref")->getDecl();
    if (llvm::isa<VarDecl>(D) &&
        !Ctx.getSourceManager().isBeforeInTranslationUnit(D->getLocation(),
                                                          Loc))
      return false;
  }
  return true;
}

} // namespace

FstatAfterWriteOpenCheck::FstatAfterWriteOpenCheck(StringRef Name,
                                                   ClangTidyContext *Context)
    : WalkingCheck(Name, Context),
      RawOpenLikeFunctions(Options.get("OpenLikeFunctions", "")),
      RawFopenLikeFunctions(Options.get("FopenLikeFunctions", "")),
      FlagRuntimeAccessMode(Options.get("FlagRuntimeAccessMode", true)),
      Opens(nameList(RawOpenLikeFunctions), nameList(RawFopenLikeFunctions)) {}

void FstatAfterWriteOpenCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "OpenLikeFunctions", RawOpenLikeFunctions);
  Options.store(Opts, "FopenLikeFunctions", RawFopenLikeFunctions);
  Options.store(Opts, "FlagRuntimeAccessMode", FlagRuntimeAccessMode);
}

void FstatAfterWriteOpenCheck::registerPPCallbacks(const SourceManager &,
                                                   Preprocessor *PP,
                                                   Preprocessor *) {
  Constants.setPreprocessor(PP);
}

void FstatAfterWriteOpenCheck::prepareUnit(ASTContext &Ctx) {
  static const llvm::StringRef Names[] = {
      "fstat", "fstat64", "__fstat64", "fstatat", "fstatat64", "newfstatat",
      "statx", "stat",    "stat64",    "lstat",   "lstat64"};
  if (CrossUnitFacts *Facts = CrossUnitFacts::current())
    Fields.exportStores(*Facts, Ctx);
  FunctionSummaries::of(Ctx).exportFacts(Constants);
  Stats.assign(CallIndex::of(Ctx).callsTo(Names), Ctx);
}

void FstatAfterWriteOpenCheck::endUnit() {
  Stats.clear();
  Fields.clear();
  DirectoryTests.clear();
}

void FstatAfterWriteOpenCheck::checkFunction(const FunctionDecl *Walked,
                                             ASTContext &Ctx) {
  static const llvm::StringRef PathStats[] = {"stat", "stat64", "lstat",
                                              "lstat64"};
  for (const CallSite &Site : CallIndex::of(Ctx).callsIn(Walked))
    if (std::optional<unsigned> Param = directoryTest(Site, Ctx))
      checkDirectoryTestCall(Site.Call, *Param, Site.Func, Ctx);
  for (const CallSite &Site : Stats.in(Walked)) {
    if (!llvm::is_contained(PathStats, calleeName(Site)))
      checkDescriptorStat(Site.Call, Site.Func, Ctx);
    else if (Site.Call->getNumArgs() == 2)
      checkPathStat(Site.Call, Site.Func, Ctx);
  }
}

std::optional<OpenCall> FstatAfterWriteOpenCheck::writeOpenOf(
    const Place &Var, const Stmt *Use, const FunctionDecl *Func, bool Stream,
    ASTContext &Ctx, std::optional<Place> *CopiedFrom) {
  // A field of a record only this file defines, opened in another function.
  if (const FieldDecl *Field = FieldFacts::privateField(Var, Ctx))
    if (std::optional<OpenCall> Stored = Fields.storedOpen(Field, Ctx))
      return Stored->Mode.IsStream == Stream &&
                     Stored->Mode.K == AccessMode::Writable
                 ? Stored
                 : std::nullopt;
  const FunctionFlow *Flow = Functions.flow(Func, Ctx);
  llvm::SmallVector<Definition, 4> Defs;
  if (!Flow || !Flow->reachingDefinitions(Var, Use, Defs) || Defs.empty())
    return std::nullopt;
  // A copy of another descriptor (`int fd = raw;`, `c->fd = raw;`) or of a
  // stream's (`int fd = fileno(f);`) is that place's open, while the place
  // still holds what was copied.
  if (std::optional<HandleCopy> Copy = copiedHandle(Use, *Flow, Defs)) {
    Stream = Stream || Copy->FromStream;
    if (CopiedFrom)
      *CopiedFrom = Copy->Source;
  }
  std::optional<OpenCall> Open;
  for (const Definition &Def : Defs) {
    std::optional<OpenCall> This =
        Def.Value ? Opens.classify(Def.Value, Ctx, Constants,
                                   /*AcrossUnits=*/true)
                  : std::nullopt;
    if (This)
      refineModeByPath(*This, *Flow, Ctx, Constants);
    if (!This || This->Mode.IsStream != Stream ||
        This->Mode.K == AccessMode::ReadOnly ||
        This->Mode.K == AccessMode::NotAFile)
      return std::nullopt;
    if (Open && Open->Call != This->Call &&
        (Open->Mode.K == AccessMode::Runtime ||
         This->Mode.K == AccessMode::Runtime))
      return std::nullopt;
    if (!Open)
      Open = This;
    else
      llvm::append_range(Open->Needs, This->Needs);
  }
  return Open;
}

void FstatAfterWriteOpenCheck::checkDescriptorStat(const CallExpr *Stat,
                                                   const FunctionDecl *Func,
                                                   ASTContext &Ctx) {
  std::optional<DescriptorStat> Args = descriptorStat(Stat, Ctx, Constants);
  if (!Args)
    return;
  bool ViaFileno = false;
  std::optional<Place> Tracked = trackedPlace(Args->Target, &ViaFileno);
  const VarDecl *Buffer = bufferVariable(Args->Buffer);
  const FunctionFlow *Flow = Functions.flow(Func, Ctx);
  if (!Tracked || !Buffer || !Flow)
    return;

  // Every value the descriptor can hold here comes from a write open.
  std::optional<Place> CopiedFrom;
  std::optional<OpenCall> Open =
      writeOpenOf(*Tracked, Stat, Func, ViaFileno, Ctx, &CopiedFrom);
  // A static helper's parameter: every caller in this file must pass such a
  // descriptor. Reported with a note; the helper's callers decide its fix.
  bool InHelper = false;
  const auto *Param = Tracked->isVariable()
                          ? llvm::dyn_cast<ParmVarDecl>(Tracked->base())
                          : nullptr;
  // A yes/no directory test is reported where it is called instead.
  if (!Open && Param && !Func->isExternallyVisible() &&
      !testedParamOf(Func, Ctx)) {
    const MainFileUses &Uses = Functions.mainFileUses(Func, Ctx);
    unsigned Index = Param->getFunctionScopeIndex();
    for (auto [Call, Caller] : Uses.Calls) {
      std::optional<Place> Arg = Index < Call->getNumArgs()
                                     ? trackedPlace(Call->getArg(Index))
                                     : std::nullopt;
      std::optional<OpenCall> CallerOpen =
          Arg && Caller && Caller->getBody() && Caller != Func
              ? writeOpenOf(*Arg, Call, Caller, ViaFileno, Ctx)
              : std::nullopt;
      if (!CallerOpen || CallerOpen->Mode.K != AccessMode::Writable) {
        Open.reset();
        break;
      }
      if (!Open)
        Open = CallerOpen;
    }
    if (Uses.Calls.size() != Uses.References)
      Open.reset(); // its address is taken: callers unknown
    InHelper = Open.has_value();
  }
  if (!Open)
    return checkSharedFieldStat(Stat, *Tracked, Buffer, Args->ModeField,
                                ViaFileno, Func, Ctx);

  if (Open->Mode.K == AccessMode::Runtime) {
    if (!FlagRuntimeAccessMode)
      return;
    // Already skipped for write modes on every path: nothing to say. The
    // guard may come before the open too (`if (*mode == 'w' || *mode ==
    // 'a') return fopen(path, mode);`), so the paths start at the entry.
    ReadOnlyGuard Guard(Open->Mode, Ctx, Constants);
    if (!Flow->reachable(InHelper ? Open->Call : nullptr, Stat,
                         [&](const Expr *Cond, bool Branch) {
                           return Guard.implied(Cond, Branch);
                         }))
      return;
  }

  DirectoryRejection Rejection(Func->getBody(), Functions.parents(Func),
                               Functions.uses(Func), Ctx, Constants,
                               Functions.flow(Func, Ctx));
  RejectionPlan Plan;
  if (!Rejection.analyze(Stat, Buffer, Args->ModeField, &*Tracked, Plan,
                         CopiedFrom ? &*CopiedFrom : nullptr))
    return;
  if (InHelper)
    Plan.Unsafe = "the stat is in a helper that every caller in this file "
                  "hands a descriptor opened for writing; remove it there";
  report(Stat, *Open, Plan, Rejection.parents(), /*StatBeforeOpen=*/false, Ctx);
}

void FstatAfterWriteOpenCheck::checkPathStat(const CallExpr *Stat,
                                             const FunctionDecl *Func,
                                             ASTContext &Ctx) {
  const VarDecl *Buffer = bufferVariable(Stat->getArg(1));
  if (!Buffer)
    return;
  DirectoryRejection Rejection(Func->getBody(), Functions.parents(Func),
                               Functions.uses(Func), Ctx, Constants,
                               Functions.flow(Func, Ctx));
  RejectionPlan Plan;
  if (!Rejection.analyze(Stat, Buffer, "st_mode", nullptr, Plan) ||
      !Plan.Block || Plan.Statements.empty())
    return;
  std::optional<OpenCall> Open =
      followingOpen(Stat, Plan, Rejection.parents(), Ctx);
  if (!Open || Open->Mode.K == AccessMode::ReadOnly ||
      Open->Mode.K == AccessMode::NotAFile ||
      (Open->Mode.K == AccessMode::Runtime && !FlagRuntimeAccessMode))
    return;
  report(Stat, *Open, Plan, Rejection.parents(), /*StatBeforeOpen=*/true, Ctx);
}

std::optional<OpenCall> FstatAfterWriteOpenCheck::followingOpen(
    const CallExpr *Stat, const RejectionPlan &Plan, const StmtParents &Parents,
    ASTContext &Ctx) const {
  const Expr *Path = Stat->getArg(0);
  const VarDecl *PathVar = trackedVariable(Path);
  auto It = FunctionCache::positionIn(Plan.Block, Plan.Statements.back(), Ctx);
  for (++It; It != Plan.Block->body_end(); ++It) {
    const Stmt *S = *It;
    for (const BoundNodes &N :
         match(findAll(callExpr().bind("call")), *S, Ctx)) {
      const auto *Call = N.getNodeAs<CallExpr>("call");
      std::optional<OpenCall> Open =
          Opens.classify(Call, Ctx, Constants, /*AcrossUnits=*/true);
      if (!Open || !Open->Path || !sameValue(Open->Path, Path))
        continue;
      if (!alwaysEvaluated(Call, S, Parents))
        return std::nullopt;
      return Open;
    }
    // Straight-line code only: the open must follow on every path.
    auto Leaves = stmt(anyOf(returnStmt(), gotoStmt(), breakStmt(),
                             continueStmt(), cxxThrowExpr(),
                             callExpr(callee(functionDecl(isNoReturn())))));
    if (!match(findAll(Leaves), *S, Ctx).empty())
      return std::nullopt;
    if (PathVar &&
        !match(findAll(binaryOperator(isAssignmentOperator(),
                                      hasLHS(ignoringParenCasts(declRefExpr(
                                          to(varDecl(equalsNode(PathVar)))))))),
               *S, Ctx)
             .empty())
      return std::nullopt;
  }
  return std::nullopt;
}

void FstatAfterWriteOpenCheck::checkSharedFieldStat(
    const CallExpr *Stat, const Place &Tracked, const VarDecl *Buffer,
    llvm::StringRef ModeField, bool Stream, const FunctionDecl *Func,
    ASTContext &Ctx) {
  const FieldDecl *Field = Tracked.lastField();
  std::string Name = Field && CrossUnitFacts::current()
                         ? FieldFacts::sharedFieldName(Field, Ctx)
                         : "";
  if (Name.empty())
    return;
  DirectoryRejection Rejection(Func->getBody(), Functions.parents(Func),
                               Functions.uses(Func), Ctx, Constants,
                               Functions.flow(Func, Ctx));
  RejectionPlan Plan;
  if (!Rejection.analyze(Stat, Buffer, ModeField, &Tracked, Plan))
    return;
  // Some unit opens it for writing, and no unit stores anything else.
  std::string Kind = Stream ? "stream:" : "fd:";
  Requirement Needs = {{FieldFacts::storeFact(Name, Kind + "w"),
                        FieldFacts::storeFact(Name, Kind + "wa")}};
  for (llvm::StringRef Other :
       {"other", "fd:r", "stream:r", Stream ? "fd:w" : "stream:w",
        Stream ? "fd:wa" : "stream:wa"})
    Needs.push_back({noUnitSays(FieldFacts::storeFact(Name, Other))});
  RejectionFix Fix;
  if (Plan.Unsafe.empty())
    Fix = removeRejection(Plan, Rejection.parents(), Ctx);
  else
    Fix.Unfixable = Plan.Unsafe;
  {
    DiagnosticBuilder D =
        diag(Stat->getBeginLoc(),
             "redundant '%0': its result only rejects a directory, and "
             "every store into '%1' in the program is %select{an open|an "
             "fopen}2 with a write access mode, which already fails with "
             "EISDIR on one")
        << calleeName(Stat) << Field->getQualifiedNameAsString() << Stream
        << Stat->getSourceRange();
    for (const FixItHint &Hint : Fix.Fixes)
      D << Hint;
  }
  if (!Fix.Unfixable.empty())
    diag(Stat->getBeginLoc(), "no automatic fix: %0", DiagnosticIDs::Note)
        << Fix.Unfixable;
  noteRequirement(*this, Stat->getBeginLoc(), Needs);
}

void FstatAfterWriteOpenCheck::report(const CallExpr *Stat,
                                      const OpenCall &Open,
                                      const RejectionPlan &Plan,
                                      const StmtParents &Parents,
                                      bool StatBeforeOpen, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  bool Runtime = Open.Mode.K == AccessMode::Runtime;
  RejectionFix Fix;
  if (!Plan.Unsafe.empty())
    Fix.Unfixable = Plan.Unsafe;
  else if (!Runtime)
    Fix = removeRejection(Plan, Parents, Ctx);
  else if (Open.Mode.IsStream)
    Fix.Unfixable = "the access mode is a run-time fopen mode string; skip "
                    "the stat unless the mode opens read-only";
  else if (StatBeforeOpen &&
           !declaredBefore(Open.Mode.AccessExpr, Stat->getBeginLoc(), Ctx))
    Fix.Unfixable = "the flags are computed after the stat";
  else
    Fix = guardRejection(Plan, Parents, Open.Mode.AccessExpr, Constants, Ctx);

  llvm::StringRef StatName = calleeName(Stat);
  {
    DiagnosticBuilder D =
        StatBeforeOpen
            ? diag(Stat->getBeginLoc(),
                   "redundant '%0' before '%1': its result only rejects a "
                   "directory, and '%1' with a write access mode already "
                   "fails with EISDIR on one (checking first also races with "
                   "the open)")
        : Runtime ? diag(Stat->getBeginLoc(),
                         "'%0' is redundant when '%1' opens for writing: its "
                         "result only rejects a directory, and an open with a "
                         "write access mode already fails with EISDIR on one")
                  : diag(Stat->getBeginLoc(),
                         "redundant '%0': its result only rejects a "
                         "directory, and '%1' with a write access mode "
                         "already fails with EISDIR on one");
    D << StatName << Open.Function << Stat->getSourceRange();
    for (const FixItHint &Hint : Fix.Fixes)
      D << Hint;
  }
  diag(Open.Call->getBeginLoc(),
       Runtime ? "'%0' opens with the access mode in '%1'"
               : "'%0' opens with a write access mode here",
       DiagnosticIDs::Note)
      << Open.Function
      << (Open.Mode.FlagsExpr
              ? Lexer::getSourceText(CharSourceRange::getTokenRange(
                                         Open.Mode.FlagsExpr->getSourceRange()),
                                     SM, LO)
              : "");
  if (!Fix.Unfixable.empty())
    diag(Stat->getBeginLoc(), "no automatic fix: %0", DiagnosticIDs::Note)
        << Fix.Unfixable;
  noteRequirement(*this, Stat->getBeginLoc(), Open.Needs);
}

std::optional<unsigned>
FstatAfterWriteOpenCheck::directoryTest(const CallSite &Site, ASTContext &Ctx) {
  std::optional<unsigned> Param = testedParamOf(Site.Callee, Ctx);
  if (!Param || *Param >= Site.Call->getNumArgs())
    return std::nullopt;
  return Param;
}

std::optional<unsigned>
FstatAfterWriteOpenCheck::testedParamOf(const FunctionDecl *Func,
                                        ASTContext &Ctx) {
  auto [It, New] = DirectoryTests.try_emplace(Func);
  if (New)
    if (const FunctionDecl *Def = Func->getDefinition())
      It->second = directoryTestedParam(Def, Ctx, Constants);
  return It->second;
}

void FstatAfterWriteOpenCheck::checkDirectoryTestCall(const CallExpr *Call,
                                                      unsigned Param,
                                                      const FunctionDecl *Func,
                                                      ASTContext &Ctx) {
  std::optional<Place> Tracked = trackedPlace(Call->getArg(Param));
  std::optional<OpenCall> Open =
      Tracked ? writeOpenOf(*Tracked, Call, Func, /*Stream=*/false, Ctx)
              : std::nullopt;
  if (!Open || Open->Mode.K != AccessMode::Writable)
    return;
  // `if (is_dir(fd)) <reject>` with no else: the branch can no longer run.
  const StmtParents &Parents = Functions.parents(Func);
  // Or `int dir = is_dir(fd); if (dir) <reject>`, or `if (fd < 0 ||
  // is_dir(fd)) <fail>`.
  CallStatement Test;
  const Stmt *Child = nullptr;
  const auto *If =
      llvm::dyn_cast_or_null<IfStmt>(skipParensAndCasts(Call, Parents, Child));
  if (!If || If->getCond() != Child)
    If = flagTest(Call, Parents, Test.Carrier);
  if (!If)
    If = joinedFailureTest(Call, Parents, Test.JoinedOr, &Test.Carrier);
  if (!If || If->getElse() || If->getInit() || If->getConditionVariable())
    return;
  Test.Statement = If;
  Test.Block = llvm::dyn_cast_or_null<CompoundStmt>(Parents.getParent(If));
  DirectoryRejection Rejection(Func->getBody(), Parents, Functions.uses(Func),
                               Ctx, Constants, Functions.flow(Func, Ctx));
  if (!Rejection.rejects(If->getThen(), &*Tracked))
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  std::optional<CharSourceRange> Removal =
      Test.Block ? statementRemoval(Test, SM, Ctx.getLangOpts()) : std::nullopt;
  llvm::StringRef Helper = calleeOf(Call)->getName();
  {
    DiagnosticBuilder D =
        diag(Call->getBeginLoc(),
             "redundant '%0': it only tests for a directory with a stat, and "
             "'%1' with a write access mode already fails with EISDIR on one")
        << Helper << Open->Function << Call->getSourceRange();
    if (Removal)
      D << FixItHint::CreateRemoval(wholeLines(*Removal, SM));
  }
  diag(Open->Call->getBeginLoc(), "'%0' opens with a write access mode here",
       DiagnosticIDs::Note)
      << Open->Function;
  if (!Removal)
    diag(Call->getBeginLoc(),
         Test.Carrier
             ? "no automatic fix: the test is kept in a flag declared apart or "
               "read elsewhere"
             : "no automatic fix: the test is not a statement of a block",
         DiagnosticIDs::Note);
}

} // namespace clang::tidy::syscall
