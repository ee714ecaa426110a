//===--- RepeatedLookupCheck.cpp - syscall-repeated-lookup ---------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "RepeatedLookupCheck.h"
#include "analysis/Accessors.h"
#include "analysis/CallIndex.h"
#include "analysis/Callee.h"
#include "analysis/FunctionSummary.h"
#include "analysis/HeldFiles.h"
#include "analysis/SourceEdits.h"
#include "analysis/StatementShape.h"
#include "analysis/StringHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang::ast_matchers;

namespace clang::tidy::syscall {

namespace {

const llvm::StringRef LookupNames[] = {"stat", "lstat", "stat64", "lstat64",
                                       "access"};
/// Lookups that fstat answers as well: those that follow links.
const llvm::StringRef HeldLookupNames[] = {"stat", "stat64"};
/// Changes by path that have a form on a descriptor.
const llvm::StringRef ChangeNames[] = {"chmod", "chown",     "utimes",
                                       "utime", "utimensat", "truncate"};

/// Whether \p Cond is true exactly when \p Lookup found the path:
/// `stat(p, &st) == 0`, `!stat(...)`, `access(p, F_OK) != -1`, `>= 0`.
bool trueWhenFound(const Expr *Cond, const CallExpr *Lookup, ASTContext &Ctx) {
  Cond = Cond->IgnoreParenCasts();
  if (const auto *Not = llvm::dyn_cast<UnaryOperator>(Cond))
    return Not->getOpcode() == UO_LNot &&
           underlyingCall(Not->getSubExpr()) == Lookup;
  const auto *Cmp = llvm::dyn_cast<BinaryOperator>(Cond);
  if (!Cmp || !Cmp->isComparisonOp())
    return false;
  bool CallLeft = underlyingCall(Cmp->getLHS()) == Lookup;
  if (!CallLeft && underlyingCall(Cmp->getRHS()) != Lookup)
    return false;
  std::optional<int64_t> V =
      foldInteger(CallLeft ? Cmp->getRHS() : Cmp->getLHS(), Ctx);
  if (!V)
    return false;
  BinaryOperatorKind Op =
      CallLeft ? Cmp->getOpcode()
               : BinaryOperator::reverseComparisonOp(Cmp->getOpcode());
  return (Op == BO_EQ && *V == 0) || (Op == BO_NE && *V == -1) ||
         (Op == BO_GE && *V == 0) || (Op == BO_GT && *V == -1);
}

/// Whether \p A and \p B are the same lookup: the same function, the same
/// path, and for access the same mode.
bool sameLookup(const CallExpr *A, const CallExpr *B, ASTContext &Ctx) {
  if (calleeName(A) != calleeName(B) || A->getNumArgs() < 2 ||
      B->getNumArgs() < 2 ||
      !(sameValue(A->getArg(0), B->getArg(0)) ||
        sameAccess(A->getArg(0), B->getArg(0))))
    return false;
  if (calleeName(A) != "access")
    return true;
  std::optional<int64_t> MA = foldInteger(A->getArg(1), Ctx),
                         MB = foldInteger(B->getArg(1), Ctx);
  return MA && MB && *MA == *MB;
}

/// Whether \p Earlier ran before \p Later whenever \p Later runs, both in
/// \p Top: \p Earlier always runs in the left term of a `&&`, `||` or `,`
/// whose right term holds \p Later.
bool ranFirst(const CallExpr *Earlier, const CallExpr *Later, const Stmt *Top,
              const StmtParents &Parents) {
  for (const Stmt *Child = Later, *Up = Parents.getParent(Later);
       Up && Child != Top; Child = Up, Up = Parents.getParent(Up))
    if (const auto *Op = llvm::dyn_cast<BinaryOperator>(Up);
        Op && (Op->isLogicalOp() || Op->isCommaOp()) && Op->getRHS() == Child &&
        isWithin(Earlier, Op->getLHS(), Parents) &&
        alwaysEvaluated(Earlier, Op->getLHS(), Parents))
      return true;
  return false;
}

/// The if statement whose condition tests \p Lookup's result (through
/// parentheses, casts, `!` and one comparison), or a flag set to such a
/// test right before it; null if none.
const IfStmt *testingIf(const CallExpr *Lookup, const StmtParents &Parents) {
  const Stmt *Child = Lookup;
  for (const Stmt *Up = Parents.getParent(Child); Up;
       Child = Up, Up = Parents.getParent(Up)) {
    if (const auto *If = llvm::dyn_cast<IfStmt>(Up))
      return If->getCond() == Child ? If : nullptr;
    if (const Stmt *Carrier = nullptr;
        llvm::isa<DeclStmt>(Up) ||
        (llvm::isa<BinaryOperator>(Up) &&
         llvm::cast<BinaryOperator>(Up)->getOpcode() == BO_Assign))
      return flagTest(Child, Parents, Carrier);
    const auto *Op = llvm::dyn_cast<BinaryOperator>(Up);
    const auto *Not = llvm::dyn_cast<UnaryOperator>(Up);
    if (!llvm::isa<ParenExpr, CastExpr>(Up) && !(Op && Op->isComparisonOp()) &&
        !(Not && Not->getOpcode() == UO_LNot))
      return nullptr;
  }
  return nullptr;
}

/// The stat buffer a lookup fills (`st` of `&st`), or null.
const VarDecl *bufferOf(const CallExpr *Lookup) {
  if (calleeName(Lookup) == "access" || Lookup->getNumArgs() < 2)
    return nullptr;
  const auto *Addr =
      llvm::dyn_cast<UnaryOperator>(Lookup->getArg(1)->IgnoreParenCasts());
  return Addr && Addr->getOpcode() == UO_AddrOf
             ? referencedVar(Addr->getSubExpr())
             : nullptr;
}

/// The f-form of a change by path, made on the descriptor.
llvm::StringRef descriptorForm(llvm::StringRef Name) {
  return llvm::StringSwitch<llvm::StringRef>(Name)
      .Case("chmod", "fchmod")
      .Case("chown", "fchown")
      .Case("utimes", "futimes")
      .Case("truncate", "ftruncate")
      .Default("futimens"); // utime, utimensat
}

/// The held file's descriptor as a call by descriptor names it.
std::string descriptorText(const HeldFile &File) {
  return File.Stream ? ("fileno(" + File.Var->getName() + ")").str()
                     : File.Var->getName().str();
}

} // namespace

RepeatedLookupCheck::RepeatedLookupCheck(StringRef Name,
                                         ClangTidyContext *Context)
    : WalkingCheck(Name, Context), Held(HeldLookupNames, ChangeNames) {}

bool RepeatedLookupCheck::comparesFiles(const CallExpr *Lookup,
                                        const VarDecl *Held,
                                        const FunctionDecl *Func) {
  // Each answer is the variable's, asked once per lookup: kept per
  // variable (n lookups of one buffer read all its n uses each).
  const StmtParents &Parents = Functions.parents(Func);
  auto Above = [&](const Stmt *S) {
    const Stmt *Child = S;
    return skipParensAndCasts(S, Parents, Child);
  };
  auto Answer = [&](const VarDecl *Var,
                    llvm::function_ref<bool(const DeclRefExpr *)> Tells) {
    auto [Known, New] = Compares.try_emplace(Var, false);
    if (New)
      Known->second = llvm::any_of(Functions.uses(Func).of(Var), Tells);
    return Known->second;
  };
  const VarDecl *Buffer = bufferOf(Lookup);
  if (Buffer && Answer(Buffer, [&](const DeclRefExpr *Ref) {
        const auto *Member = llvm::dyn_cast_or_null<MemberExpr>(Above(Ref));
        llvm::StringRef Field =
            Member ? Member->getMemberDecl()->getName() : "";
        return Field == "st_ino" || Field == "st_dev";
      }))
    return true;
  return Answer(Held, [&](const DeclRefExpr *Ref) {
    const Stmt *Up = Above(Ref);
    if (const auto *Call = llvm::dyn_cast_or_null<CallExpr>(Up);
        Call && calleeName(Call) == "fileno")
      Up = Above(Call);
    const auto *Call = llvm::dyn_cast_or_null<CallExpr>(Up);
    return Call && startsWith(calleeName(Call), "fstat");
  });
}

void RepeatedLookupCheck::registerPPCallbacks(const SourceManager &,
                                              Preprocessor *PP,
                                              Preprocessor *) {
  Constants.setPreprocessor(PP);
}

void RepeatedLookupCheck::indexBlock(const CompoundStmt *Block) {
  if (!Indexed.insert(Block).second)
    return;
  const Stmt *Before = nullptr;
  for (const Stmt *Child : Block->body()) {
    if (Before) {
      Next[Before] = Child;
      Previous[Child] = Before;
    }
    Before = Child;
  }
}

bool RepeatedLookupCheck::createsExclusively(const CallExpr *Call,
                                             const Expr *Path,
                                             ASTContext &Ctx) {
  Needs = {};
  llvm::StringRef Name = calleeName(Call);
  auto PathAt = [&](unsigned I) {
    return Call->getNumArgs() > I && sameValue(Call->getArg(I), Path);
  };
  if (Name == "mkdir" || Name == "mkfifo" || Name == "mknod")
    return PathAt(0);
  if (Name == "link" || Name == "symlink")
    return PathAt(1);
  std::optional<OpenCall> Open =
      Opens.classify(Call, Ctx, Constants, /*AcrossUnits=*/true);
  if (!Open || Open->Call != Call || !Open->Path ||
      !sameValue(Open->Path, Path))
    return false;
  // openat relative to another directory names another file.
  if (startsWith(Open->Function, "openat")) {
    std::optional<int64_t> Dir = foldInteger(Call->getArg(0), Ctx);
    if (!Dir || *Dir != Constants.get("AT_FDCWD"))
      return false;
  }
  if (Open->Mode.IsStream) {
    std::optional<llvm::StringRef> Mode = Open->modeText();
    return Mode && Mode->contains('x');
  }
  std::optional<int64_t> Flags = Open->Flags;
  if (!Flags && Open->Mode.FlagsExpr)
    Flags = foldInteger(Open->Mode.FlagsExpr, Ctx);
  const int64_t New = Constants.get("O_CREAT") | Constants.get("O_EXCL");
  Needs = Open->Needs;
  return Flags && (*Flags & New) == New;
}

const CallExpr *RepeatedLookupCheck::exclusiveCreateAfter(
    const CallExpr *Lookup, const FunctionDecl *Func, ASTContext &Ctx) {
  const StmtParents &Parents = Functions.parents(Func);
  const IfStmt *If = testingIf(Lookup, Parents);
  if (!If || If->getElse() || If->getInit() || If->getConditionVariable() ||
      !onlyFails(If->getThen()) ||
      !trueWhenFound(testedCondition(If, Parents), Lookup, Ctx))
    return nullptr;
  const auto *Block =
      llvm::dyn_cast_or_null<CompoundStmt>(Parents.getParent(If));
  if (!Block)
    return nullptr;
  indexBlock(Block);
  // The first call after the if that may touch a file, over statements
  // without one (`int fd;`, `n = strlen(p);`).
  llvm::SmallVector<const CallExpr *, 8> Calls;
  for (const Stmt *S = Next.lookup(If); S && !llvm::isa<LabelStmt>(S);
       S = Next.lookup(S)) {
    Calls.clear();
    callsIn(S, Calls);
    for (const CallExpr *Call : Calls) {
      if (createsExclusively(Call, Lookup->getArg(0), Ctx))
        return Call;
      if (!leavesFilesAlone(Call))
        return nullptr;
    }
  }
  return nullptr;
}

const CallExpr *RepeatedLookupCheck::sameLookupBefore(const CallExpr *Lookup,
                                                      const FunctionDecl *Func,
                                                      ASTContext &Ctx) {
  const StmtParents &Parents = Functions.parents(Func);
  const Stmt *Top = nullptr;
  const CompoundStmt *Block = enclosingBlock(Lookup, Parents, Top);
  if (!Block || llvm::isa<LabelStmt>(Top))
    return nullptr;
  indexBlock(Block);
  // Calls of the statement that run before the lookup leave files alone,
  // or are the same lookup in a term that ran first (`access(p, F_OK) != 0
  // || access(p, F_OK) != 0`).
  llvm::SmallVector<const CallExpr *, 8> Calls;
  callsIn(Top, Calls);
  const CallExpr *Same = nullptr;
  for (const CallExpr *Call : Calls) {
    if (Call == Lookup)
      break;
    if (sameLookup(Call, Lookup, Ctx) && ranFirst(Call, Lookup, Top, Parents))
      Same = Call;
    else if (!leavesFilesAlone(Call))
      return nullptr;
  }
  if (Same)
    return pathChangedBetween(Same, Lookup, Func) ? nullptr : Same;
  for (const Stmt *S = Previous.lookup(Top); S; S = Previous.lookup(S)) {
    // Another path may join here: a label, a case.
    if (llvm::isa<LabelStmt, SwitchCase>(S))
      return nullptr;
    Calls.clear();
    callsIn(S, Calls);
    for (const CallExpr *Call : llvm::reverse(Calls)) {
      if (sameLookup(Call, Lookup, Ctx))
        return alwaysEvaluated(Call, S, Parents) &&
                       !pathChangedBetween(Call, Lookup, Func)
                   ? Call
                   : nullptr;
      if (!leavesFilesAlone(Call))
        return nullptr;
    }
  }
  return nullptr;
}

bool RepeatedLookupCheck::pathChangedBetween(const CallExpr *First,
                                             const CallExpr *Second,
                                             const FunctionDecl *Func) {
  // `buf_string(buf)`: the path changes where the record does.
  const Expr *Path = First->getArg(0);
  if (const Expr *Record = accessedRecord(Path))
    Path = Record;
  const VarDecl *Var = referencedVar(Path);
  if (!Var)
    return !stringValue(First->getArg(0)); // a literal cannot change
  const StmtParents &Parents = Functions.parents(Func);
  const SourceManager &SM = Func->getASTContext().getSourceManager();
  for (const DeclRefExpr *Ref : Functions.uses(Func).of(Var)) {
    if (!SM.isBeforeInTranslationUnit(First->getEndLoc(), Ref->getBeginLoc()) ||
        !SM.isBeforeInTranslationUnit(Ref->getBeginLoc(),
                                      Second->getBeginLoc()))
      continue;
    // Up through the places reached from it (`path[0]`, `*p`): a store,
    // an increment or an address taken there changes the path.
    const Stmt *Child = Ref;
    const Stmt *Up = Parents.getParent(Ref);
    while (llvm::isa_and_nonnull<ImplicitCastExpr, ParenExpr,
                                 ArraySubscriptExpr, MemberExpr>(Up) ||
           (llvm::isa_and_nonnull<UnaryOperator>(Up) &&
            llvm::cast<UnaryOperator>(Up)->getOpcode() == UO_Deref)) {
      Child = Up;
      Up = Parents.getParent(Up);
    }
    if (const auto *Op = llvm::dyn_cast_or_null<BinaryOperator>(Up))
      if (Op->isAssignmentOp() && Op->getLHS() == Child)
        return true;
    if (const auto *Op = llvm::dyn_cast_or_null<UnaryOperator>(Up))
      if (Op->isIncrementDecrementOp() || Op->getOpcode() == UO_AddrOf)
        return true;
  }
  return false;
}

void RepeatedLookupCheck::prepareUnit(ASTContext &Ctx) {
  FunctionSummaries::of(Ctx).exportFacts(Constants);
  Changes.assign(CallIndex::of(Ctx).callsTo(ChangeNames), Ctx);
  Lookups.assign(CallIndex::of(Ctx).callsTo(LookupNames), Ctx);
}

void RepeatedLookupCheck::checkFunction(const FunctionDecl *Walked,
                                        ASTContext &Ctx) {
  for (const CallSite &Site : Changes.in(Walked))
    reportChangeAfterClose(Site, Ctx);
  for (const CallSite &Site : Lookups.in(Walked)) {
    const CallExpr *Lookup = Site.Call;
    if (Lookup->getNumArgs() < 2)
      continue;
    // The path as the message names it, spelled only for a finding.
    auto Path = [&] {
      if (std::optional<llvm::StringRef> Text = stringValue(Lookup->getArg(0)))
        return Text->str();
      return Lexer::getSourceText(CharSourceRange::getTokenRange(
                                      Lookup->getArg(0)->getSourceRange()),
                                  Ctx.getSourceManager(), Ctx.getLangOpts())
          .str();
    };
    if (const CallExpr *First = sameLookupBefore(Lookup, Site.Func, Ctx)) {
      diag(Lookup->getBeginLoc(),
           "'%0' of '%1' again, with nothing between that could change the "
           "file or the path: the first call's answer still holds, so keep "
           "it; one syscall saved")
          << calleeName(Lookup) << Path() << Lookup->getSourceRange();
      diag(First->getBeginLoc(), "first looked up here", DiagnosticIDs::Note);
      continue;
    }
    if (const ByPathOnHeld *On =
            Held.find(Lookup, Site.Func, Opens, Constants, Functions, Ctx);
        On && !comparesFiles(Lookup, On->File.Var, Site.Func)) {
      reportHeldLookup(Lookup, On->File, Path(), Ctx);
      continue;
    }
    // An existence test whose only use is to fail: access(F_OK), or a
    // stat whose buffer nothing reads.
    const VarDecl *Buffer = bufferOf(Lookup);
    bool OnlyExistence =
        calleeName(Lookup) == "access"
            ? foldInteger(Lookup->getArg(1), Ctx) == std::optional<int64_t>(0)
            : Buffer && Functions.uses(Site.Func).of(Buffer).size() == 1;
    if (!OnlyExistence)
      continue;
    if (const CallExpr *Create = exclusiveCreateAfter(Lookup, Site.Func, Ctx)) {
      diag(Lookup->getBeginLoc(),
           "'%0' tests whether '%1' exists only to fail, right before '%2' "
           "creates it exclusively, which fails with EEXIST by itself: drop "
           "the test and act on that error; one syscall saved, and no window "
           "between the test and the create")
          << calleeName(Lookup) << Path() << calleeName(Create)
          << Lookup->getSourceRange();
      diag(Create->getBeginLoc(), "created here, failing if it exists",
           DiagnosticIDs::Note);
      noteRequirement(*this, Create->getBeginLoc(), Needs);
    }
  }
}

void RepeatedLookupCheck::reportHeldLookup(const CallExpr *Lookup,
                                           const HeldFile &File,
                                           const std::string &Path,
                                           ASTContext &Ctx) {
  std::string Fd = descriptorText(File);
  std::string Form = ("f" + calleeName(Lookup)).str();
  {
    auto Diag = diag(Lookup->getBeginLoc(),
                     "'%0' of '%1' while '%2' holds it open: '%3(%4, ...)' "
                     "answers for the same file without walking the path "
                     "again, and for the file the code holds even if "
                     "another is renamed over the path")
                << calleeName(Lookup) << Path << File.Var->getName() << Form
                << Fd << Lookup->getSourceRange();
    const SourceManager &SM = Ctx.getSourceManager();
    const auto *Callee =
        llvm::dyn_cast<DeclRefExpr>(Lookup->getCallee()->IgnoreImpCasts());
    CharSourceRange Name = calleeEditRange(Lookup, SM, Ctx.getLangOpts());
    CharSourceRange Arg =
        CharSourceRange::getTokenRange(Lookup->getArg(0)->getSourceRange());
    // Only where both are written as they are spelled in the file: the
    // name unqualified, or a constant table's entry.
    if (Name.isValid() && !Arg.getBegin().isMacroID() &&
        !Arg.getEnd().isMacroID() &&
        (Callee ? !Callee->hasQualifier() &&
                      Lexer::getSourceText(Name, SM, Ctx.getLangOpts()) ==
                          calleeName(Lookup)
                : isThroughPointer(Lookup)))
      Diag << FixItHint::CreateReplacement(Name, Form)
           << FixItHint::CreateReplacement(Arg, Fd);
  }
  diag(File.Open->getBeginLoc(), "opened here", DiagnosticIDs::Note);
  noteRequirement(*this, File.Open->getBeginLoc(), File.Needs);
}

void RepeatedLookupCheck::reportChangeAfterClose(const CallSite &Site,
                                                 ASTContext &Ctx) {
  const ByPathOnHeld *On =
      Held.find(Site.Call, Site.Func, Opens, Constants, Functions, Ctx);
  if (!On || !On->Close)
    return;
  llvm::StringRef Name = calleeName(Site);
  llvm::StringRef Form = descriptorForm(Name);
  diag(Site.Call->getBeginLoc(),
       "'%0' of '%1' by path right after '%2' was closed: '%3(%4, ...)' "
       "before the close does the same without walking the path again, and "
       "to the file that was opened even if another is renamed over the "
       "path")
      << Name
      << Lexer::getSourceText(
             CharSourceRange::getTokenRange(On->File.Path->getSourceRange()),
             Ctx.getSourceManager(), Ctx.getLangOpts())
      << On->File.Var->getName() << Form << descriptorText(On->File)
      << Site.Call->getSourceRange();
  diag(On->Close->getBeginLoc(), "closed here: call '%0' before it",
       DiagnosticIDs::Note)
      << Form;
  noteRequirement(*this, On->File.Open->getBeginLoc(), On->File.Needs);
}

} // namespace clang::tidy::syscall
