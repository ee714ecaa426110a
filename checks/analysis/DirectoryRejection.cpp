//===--- DirectoryRejection.cpp - A stat made only to reject directories -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "DirectoryRejection.h"
#include "Forwarding.h"
#include "FunctionSummary.h"
#include "StatementShape.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::syscall {

using namespace ast_matchers;

namespace {

/// Calls that read state and change none.
bool isPureCall(const CallExpr *Call) {
  if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(Call)) {
    const CXXMethodDecl *Method = Member->getMethodDecl();
    return Method && Method->isConst() && Method->getIdentifier() &&
           (Method->getName() == "c_str" || Method->getName() == "data");
  }
  return isErrnoCall(Call) || calleeName(Call) == "fileno";
}

bool isErrno(const Expr *E) {
  const auto *Deref = llvm::dyn_cast<UnaryOperator>(E->IgnoreParenCasts());
  if (!Deref || Deref->getOpcode() != UO_Deref)
    return false;
  const auto *Call =
      llvm::dyn_cast<CallExpr>(Deref->getSubExpr()->IgnoreParenCasts());
  return Call && isErrnoCall(Call);
}

/// Collects the calls and assignments a piece of code makes.
class EffectFinder : public RecursiveASTVisitor<EffectFinder> {
public:
  bool VisitCallExpr(CallExpr *C) {
    Calls.push_back(C);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      Assignments.push_back(B);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      Other = true;
    return true;
  }
  bool VisitStmt(Stmt *S) {
    if (llvm::isa<ReturnStmt, GotoStmt, BreakStmt, ContinueStmt, CXXThrowExpr>(
            S))
      Exits.push_back(S);
    return true;
  }
  // Lambdas and blocks in the code do not run where they are written.
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }

  llvm::SmallVector<const CallExpr *, 4> Calls;
  llvm::SmallVector<const BinaryOperator *, 4> Assignments;
  llvm::SmallVector<const Stmt *, 2> Exits;
  bool Other = false;
};

} // namespace

const Stmt *DirectoryRejection::parentIgnoringParens(const Stmt *S) const {
  const Stmt *P = Parents.getParent(S);
  while (P && llvm::isa<ParenExpr, ImplicitCastExpr>(P))
    P = Parents.getParent(P);
  return P;
}

bool DirectoryRejection::isDirectoryTest(const Expr *ModeUse,
                                         const Expr *&Test) {
  // S_ISDIR(m) and (m & S_IFMT) == S_IFDIR both fold to this shape.
  const auto *Mask =
      llvm::dyn_cast_or_null<BinaryOperator>(parentIgnoringParens(ModeUse));
  if (!Mask || Mask->getOpcode() != BO_And)
    return false;
  const Expr *MaskValue =
      Mask->getLHS()->IgnoreParenCasts() == ModeUse->IgnoreParenCasts()
          ? Mask->getRHS()
          : Mask->getLHS();
  std::optional<int64_t> M = foldInteger(MaskValue, Ctx);
  if (!M || *M != Constants.get("S_IFMT"))
    return false;
  const auto *Cmp =
      llvm::dyn_cast_or_null<BinaryOperator>(parentIgnoringParens(Mask));
  if (!Cmp || !Cmp->isEqualityOp())
    return false;
  const Expr *Other =
      Cmp->getLHS()->IgnoreParenCasts() == Mask ? Cmp->getRHS() : Cmp->getLHS();
  std::optional<int64_t> Kind = foldInteger(Other, Ctx);
  if (!Kind || *Kind != Constants.get("S_IFDIR"))
    return false;
  Test = Cmp;
  return true;
}

bool DirectoryRejection::collectModeUses(const VarDecl *Var,
                                         llvm::StringRef ModeField, bool IsCopy,
                                         int Depth) {
  if (Depth > 3)
    return false;
  for (const DeclRefExpr *Ref : statReaders(Var, /*Buffer=*/!IsCopy)) {
    const Stmt *P = parentIgnoringParens(Ref);
    if (!IsCopy && P && llvm::isa<UnaryOperator>(P) &&
        llvm::cast<UnaryOperator>(P)->getOpcode() == UO_AddrOf) {
      if (parentIgnoringParens(P) != Stat)
        return false; // Passed elsewhere too.
      continue;       // The stat call's own `&buf` argument.
    }
    const Expr *ModeUse = Ref;
    if (!IsCopy) {
      const auto *Member = llvm::dyn_cast_or_null<MemberExpr>(P);
      if (!Member || Member->getMemberDecl()->getName() != ModeField)
        return false; // st_size, st_ino, ...: the stat is needed.
      ModeUse = Member;
    }
    const Expr *Test = nullptr;
    if (isDirectoryTest(ModeUse, Test)) {
      DirectoryTests.push_back(Test);
      continue;
    }
    // The copy's own store (`m = st.st_mode;`), removed with it.
    if (IsCopy && llvm::is_contained(CopyStatements, P))
      continue;
    // `mode_t m = st.st_mode;` whose every use is a directory test.
    const auto *DS =
        llvm::dyn_cast_or_null<DeclStmt>(parentIgnoringParens(ModeUse));
    const auto *Copy = DS && DS->isSingleDecl()
                           ? llvm::dyn_cast<VarDecl>(DS->getSingleDecl())
                           : nullptr;
    if (Copy && Copy->getInit() &&
        Copy->getInit()->IgnoreParenCasts() == ModeUse &&
        isNeverModified(Copy, Body, Ctx)) {
      CopyStatements.push_back(DS);
    } else if (const Stmt *Store = copyStore(ModeUse, Copy)) {
      // `mode_t m; ... m = st.st_mode;`: the same copy, declared apart.
      CopyStatements.push_back(Uses.soleDeclaration(Copy));
      CopyStatements.push_back(Store);
    } else {
      return false;
    }
    RemovedVars.insert(Copy);
    if (!collectModeUses(Copy, ModeField, /*IsCopy=*/true, Depth + 1))
      return false;
  }
  return true;
}

const Stmt *DirectoryRejection::copyStore(const Expr *ModeUse,
                                          const VarDecl *&Copy) const {
  const auto *Store =
      llvm::dyn_cast_or_null<BinaryOperator>(parentIgnoringParens(ModeUse));
  if (!Store || Store->getOpcode() != BO_Assign ||
      Store->getRHS()->IgnoreParenCasts() != ModeUse ||
      !llvm::isa_and_nonnull<CompoundStmt>(Parents.getParent(Store)))
    return nullptr;
  Copy = referencedVar(Store->getLHS());
  const DeclStmt *Decl = Copy ? Uses.soleDeclaration(Copy) : nullptr;
  if (!Copy || !Copy->isLocalVarDecl() || Copy->getInit() || !Decl ||
      !Decl->isSingleDecl() ||
      FunctionSummaries::of(Ctx).soleValue(Copy) != Store->getRHS())
    return nullptr;
  return Store;
}

llvm::SmallVector<const DeclRefExpr *, 8>
DirectoryRejection::statReaders(const VarDecl *Var, bool Buffer) const {
  llvm::ArrayRef<const DeclRefExpr *> All = Uses.of(Var);
  if (!Buffer || !Flow)
    return llvm::SmallVector<const DeclRefExpr *, 8>(All.begin(), All.end());
  // The uses the stat's value reaches, and those that may read any value.
  llvm::SmallVector<const DeclRefExpr *, 8> Result;
  for (const Stmt *Writer :
       {static_cast<const Stmt *>(Stat), static_cast<const Stmt *>(nullptr)})
    llvm::append_range(Result, Flow->bufferReaders(Var, Writer, All));
  return Result;
}

bool DirectoryRejection::endsPath(const Stmt *S) const {
  if (!S)
    return false;
  if (const auto *E = llvm::dyn_cast<Expr>(S))
    S = E->IgnoreImplicit();
  if (const auto *CS = llvm::dyn_cast<CompoundStmt>(S))
    return !CS->body_empty() && endsPath(CS->body_back());
  if (llvm::isa<ReturnStmt, GotoStmt, CXXThrowExpr>(S))
    return true;
  if (const auto *Call = llvm::dyn_cast<CallExpr>(S))
    return callNeverReturns(Call);
  return false;
}

void DirectoryRejection::noteCalls(const Stmt *S, const CallExpr *StatCall) {
  EffectFinder F;
  F.TraverseStmt(const_cast<Stmt *>(S));
  for (const CallExpr *C : F.Calls) {
    llvm::StringRef Name = calleeName(C);
    bool Releases = (Name == "close" || Name == "fclose") && C->getNumArgs() &&
                    isHandle(C->getArg(0));
    if (!Releases && C != StatCall && !isPureCall(C) && Unsafe.empty())
      Unsafe = ("the removed code also calls '" + Name + "'").str();
  }
  for (const BinaryOperator *A : F.Assignments) {
    const VarDecl *Target = referencedVar(A->getLHS());
    bool Harmless =
        isErrno(A->getLHS()) || isHandle(A->getLHS()) ||
        (Target && (Target == Result || RemovedVars.contains(Target)));
    if (!Harmless && Unsafe.empty())
      Unsafe = "the removed code also assigns other state";
  }
  if (F.Other && Unsafe.empty())
    Unsafe = "the removed code also updates other state";
}

bool DirectoryRejection::isFailureValue(const Expr *E) const {
  if (!E)
    return true; // return; from a void function
  // Before the casts go: NULL is `((void *)0)`, whose 0 is no failure.
  if (E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return true;
  E = E->IgnoreParenCasts();
  if (std::optional<int64_t> V = foldInteger(E, Ctx)) {
    // `return EISDIR;`: an errno value returned as the error (positive).
    if (*V > 0 && E->getBeginLoc().isMacroID()) {
      llvm::StringRef Macro = Lexer::getImmediateMacroName(
          E->getBeginLoc(), Ctx.getSourceManager(), Ctx.getLangOpts());
      if (Macro.size() > 1 && Macro[0] == 'E' &&
          llvm::all_of(Macro, [](char C) {
            return isUppercase(C) || isDigit(C) || C == '_';
          }))
        return true;
    }
    return *V < 0 || (E->getType()->isBooleanType() && *V == 0);
  }
  if (const auto *UO = llvm::dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() == UO_Minus; // return -errno; return -EISDIR;
  return isErrno(E);
}

bool DirectoryRejection::isRejection(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *CS = llvm::dyn_cast<CompoundStmt>(S))
    return isRejection(
        llvm::ArrayRef<const Stmt *>(CS->body_begin(), CS->body_end()));
  return isRejection(llvm::ArrayRef<const Stmt *>(S));
}

bool DirectoryRejection::isRejection(llvm::ArrayRef<const Stmt *> Body) {
  if (Body.empty())
    return false;
  bool ReleasesTracked = false;
  // `rv = walk_directory(fd); goto out;`: a goto to the code that returns
  // what the branch computed handles the directory, as a return would.
  bool Goes = false, Computes = false;
  for (const Stmt *S : Body) {
    EffectFinder F;
    F.TraverseStmt(const_cast<Stmt *>(S));
    Goes |= llvm::any_of(F.Exits, [](const Stmt *Exit) {
      return llvm::isa<GotoStmt, IndirectGotoStmt>(Exit);
    });
    for (const BinaryOperator *A : F.Assignments)
      Computes |= !isErrno(A->getLHS()) && !isHandle(A->getLHS()) &&
                  !isFailureValue(A->getRHS());
    // break and continue skip the directory and carry on; a return that
    // computes something (return open_index(fd)) handles it.
    for (const Stmt *Exit : F.Exits) {
      if (llvm::isa<BreakStmt, ContinueStmt>(Exit))
        return false;
      if (const auto *Ret = llvm::dyn_cast<ReturnStmt>(Exit)) {
        EffectFinder InReturn;
        InReturn.TraverseStmt(const_cast<ReturnStmt *>(Ret));
        if (!llvm::all_of(InReturn.Calls, isErrnoCall))
          return false;
      }
    }
    // `fd = -1;` (the OpenJDK shape): the function goes on without the file.
    for (const BinaryOperator *A : F.Assignments)
      if (isHandle(A->getLHS()) && isFailureValue(A->getRHS()))
        ReleasesTracked = true;
  }
  if (ReleasesTracked)
    return true;
  if (Goes && Computes)
    return false;
  const Stmt *Last = Body.back();
  while (const auto *CS = llvm::dyn_cast_or_null<CompoundStmt>(Last))
    Last = CS->body_empty() ? nullptr : CS->body_back();
  if (const auto *Ret = llvm::dyn_cast_or_null<ReturnStmt>(Last))
    return isFailureValue(Ret->getRetValue());
  return endsPath(Last);
}

bool DirectoryRejection::refersToRemovedVar(const Stmt *S) const {
  // A copy's declaration without a value (`mode_t m;`) names it too.
  if (const auto *DS = llvm::dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *Var = llvm::dyn_cast<VarDecl>(D);
          Var && RemovedVars.contains(Var))
        return true;
  auto Refs = match(findAll(declRefExpr().bind("ref")), *S, Ctx);
  for (const BoundNodes &N : Refs) {
    const auto *Var =
        llvm::dyn_cast<VarDecl>(N.getNodeAs<DeclRefExpr>("ref")->getDecl());
    if (Var && (RemovedVars.contains(Var) || Var == Result))
      return true;
  }
  return false;
}

bool DirectoryRejection::isStatCondition(const Expr *Cond,
                                         const CallExpr *StatCall,
                                         bool &OtherTerms) const {
  auto IsStatTerm = [&](const Expr *E) {
    if (refersToRemovedVar(E))
      return true;
    return StatCall &&
           !match(findAll(callExpr(equalsNode(StatCall))), *E, Ctx).empty();
  };
  Cond = Cond->IgnoreParenCasts();
  const auto *BO = llvm::dyn_cast<BinaryOperator>(Cond);
  if (BO && BO->getOpcode() == BO_LOr)
    return IsStatTerm(BO->getLHS()) && IsStatTerm(BO->getRHS()) &&
           isStatCondition(BO->getLHS(), StatCall, OtherTerms) &&
           isStatCondition(BO->getRHS(), StatCall, OtherTerms);
  if (BO && BO->getOpcode() == BO_LAnd) {
    bool Left = isStatCondition(BO->getLHS(), StatCall, OtherTerms);
    bool Right = isStatCondition(BO->getRHS(), StatCall, OtherTerms);
    if (Left != Right)
      OtherTerms = true; // fd >= 0 && S_ISDIR(...): only narrows the branch
    return Left || Right;
  }
  return IsStatTerm(Cond);
}

bool DirectoryRejection::isRemovableIf(const Stmt *S,
                                       const CallExpr *StatCall) {
  const auto *If = llvm::dyn_cast<IfStmt>(S);
  if (!If || If->getInit() || If->getConditionVariable() || If->isConsteval())
    return false;
  EffectFinder CondEffects;
  CondEffects.TraverseStmt(const_cast<Expr *>(If->getCond()));
  for (const CallExpr *C : CondEffects.Calls)
    if (C != StatCall && !isPureCall(C))
      return false;
  for (const BinaryOperator *A : CondEffects.Assignments)
    if (!StatCall || A->getRHS()->IgnoreParenCasts() != StatCall)
      return false;
  // The branch may only be taken because of what the stat found.
  bool OtherTerms = false;
  if (!isStatCondition(If->getCond(), StatCall, OtherTerms) ||
      (OtherTerms && If->getElse()))
    return false;
  auto BranchOk = [&](const Stmt *Branch) {
    if (!Branch || isRejection(Branch))
      return true;
    if (const auto *CS = llvm::dyn_cast<CompoundStmt>(Branch))
      return llvm::all_of(CS->body(), [&](const Stmt *Child) {
        return llvm::is_contained(CopyStatements, Child) ||
               isRemovableIf(Child, nullptr);
      });
    return isRemovableIf(Branch, nullptr);
  };
  return BranchOk(If->getThen()) && BranchOk(If->getElse());
}

bool DirectoryRejection::classifyStatStatement(const CallExpr *StatCall,
                                               const Stmt *&Top,
                                               const CompoundStmt *&Block) {
  const Stmt *Cur = StatCall;
  while (const Stmt *P = Parents.getParent(Cur)) {
    if (const auto *CS = llvm::dyn_cast<CompoundStmt>(P)) {
      // A block inside a macro (an EINTR retry loop) is part of the call.
      if (!CS->getLBracLoc().isMacroID()) {
        Top = Cur;
        Block = CS;
        return true;
      }
    } else if (const auto *BO = llvm::dyn_cast<BinaryOperator>(P)) {
      if (BO->getOpcode() == BO_Assign) {
        if (BO->getRHS() != Cur || !(Result = referencedVar(BO->getLHS())))
          return false;
      } else if (!BO->isComparisonOp() && !BO->isLogicalOp()) {
        return false;
      }
    } else if (const auto *DS = llvm::dyn_cast<DeclStmt>(P)) {
      if (!DS->isSingleDecl() ||
          !(Result = llvm::dyn_cast<VarDecl>(DS->getSingleDecl())))
        return false;
    } else if (const auto *If = llvm::dyn_cast<IfStmt>(P)) {
      if (If->getCond() != Cur)
        return false;
    } else if (const auto *Loop = llvm::dyn_cast<WhileStmt>(P)) {
      if (Loop->getCond() != Cur || !llvm::isa<NullStmt>(Loop->getBody()))
        return false;
    } else if (const auto *UO = llvm::dyn_cast<UnaryOperator>(P)) {
      if (UO->getOpcode() != UO_LNot && UO->getOpcode() != UO_Extension)
        return false;
    } else if (!llvm::isa<ParenExpr, ImplicitCastExpr, CStyleCastExpr, DoStmt,
                          StmtExpr>(P)) {
      return false;
    }
    Cur = P;
  }
  return false;
}

bool DirectoryRejection::analyze(const CallExpr *StatCall,
                                 const VarDecl *Buffer,
                                 llvm::StringRef ModeField,
                                 const Place *TrackedPlace, RejectionPlan &Plan,
                                 const Place *CopiedFrom) {
  Tracked = TrackedPlace;
  Source = CopiedFrom;
  Stat = StatCall;
  RemovedVars = {Buffer};
  FallThroughRejection = false;
  if (!collectModeUses(Buffer, ModeField, /*IsCopy=*/false, 0) ||
      DirectoryTests.empty())
    return false;

  // Every directory test must pick a branch that rejects the file.
  for (const Expr *Test : DirectoryTests) {
    bool DirectoryMeansTrue =
        llvm::cast<BinaryOperator>(Test)->getOpcode() == BO_EQ;
    const Stmt *Cur = Test;
    const IfStmt *If = nullptr;
    while (const Stmt *P = Parents.getParent(Cur)) {
      if (const auto *Found = llvm::dyn_cast<IfStmt>(P)) {
        if (Found->getCond() == Cur)
          If = Found;
        break;
      }
      // `int dir = !!(... S_ISDIR(m)); if (dir)`: the flag's `if` decides.
      if (llvm::isa<DeclStmt>(P) ||
          (llvm::isa<BinaryOperator>(P) &&
           llvm::cast<BinaryOperator>(P)->getOpcode() == BO_Assign)) {
        const Stmt *Carrier = nullptr;
        If = flagTest(Cur, Parents, Carrier);
        break;
      }
      const auto *UO = llvm::dyn_cast<UnaryOperator>(P);
      const auto *BO = llvm::dyn_cast<BinaryOperator>(P);
      if (UO && UO->getOpcode() == UO_LNot)
        DirectoryMeansTrue = !DirectoryMeansTrue;
      else if (!(BO && BO->isLogicalOp()) &&
               !llvm::isa<ParenExpr, ImplicitCastExpr>(P))
        break; // A value or a choice, not a rejection.
      Cur = P;
    }
    if (!If)
      return false;
    const Stmt *DirBranch = DirectoryMeansTrue ? If->getThen() : If->getElse();
    if (DirBranch) {
      if (!isRejection(DirBranch))
        return false;
      continue;
    }
    // if (!S_ISDIR(m)) return fd; <rejection>: the code after the test
    // rejects, and a fix would have to restructure it.
    const auto *Block =
        llvm::dyn_cast_or_null<CompoundStmt>(Parents.getParent(If));
    if (DirectoryMeansTrue || !Block || !endsPath(If->getThen()))
      return false;
    // Up to the statement that leaves: what follows it (a cleanup label
    // that returns the result, `out: return rv;`) runs only when jumped to.
    const Stmt *const *After = FunctionCache::positionIn(Block, If, Ctx) + 1;
    const Stmt *const *End = After;
    while (End != Block->body_end() && !endsPath(*End))
      ++End;
    if (End != Block->body_end())
      ++End;
    if (!isRejection(llvm::ArrayRef<const Stmt *>(After, End)))
      return false;
    FallThroughRejection = true;
  }

  std::string Reason = planRemoval(StatCall, Buffer, Plan);
  // The shape of the rejection is the first reason not to fix automatically.
  Plan.Unsafe = FallThroughRejection
                    ? "the code after the directory test rejects the file"
                    : Reason;
  return true;
}

std::string DirectoryRejection::planRemoval(const CallExpr *StatCall,
                                            const VarDecl *Buffer,
                                            RejectionPlan &Plan) {
  const Stmt *Top = nullptr;
  if (!classifyStatStatement(StatCall, Top, Plan.Block))
    return "the stat call is not a statement of its own";
  Plan.Statements.push_back(Top);
  if (llvm::isa<IfStmt>(Top) && !isRemovableIf(Top, StatCall))
    return "the condition around the stat call does more";
  // The stat statement and the checks right after it.
  auto It = FunctionCache::positionIn(Plan.Block, Top, Ctx);
  for (++It; It != Plan.Block->body_end() && refersToRemovedVar(*It); ++It) {
    if (!llvm::is_contained(CopyStatements, *It) &&
        !isRemovableIf(*It, nullptr))
      break;
    Plan.Statements.push_back(*It);
  }
  // Nothing else may still read what the fix removes.
  auto Inside = [&](const Stmt *S) {
    for (; S; S = Parents.getParent(S))
      if (llvm::is_contained(Plan.Statements, S))
        return true;
    return false;
  };
  // The first such use in the source names the variable.
  const DeclRefExpr *StillUsed = nullptr;
  llvm::SmallVector<const VarDecl *, 6> Removed(RemovedVars.begin(),
                                                RemovedVars.end());
  if (Result)
    Removed.push_back(Result);
  for (const VarDecl *Var : Removed)
    for (const DeclRefExpr *Ref : statReaders(Var, Var == Buffer))
      if (!Inside(Ref) &&
          (!StillUsed || Ctx.getSourceManager().isBeforeInTranslationUnit(
                             Ref->getBeginLoc(), StillUsed->getBeginLoc())))
        StillUsed = Ref;
  if (StillUsed)
    return ("'" + StillUsed->getDecl()->getName() +
            "' is still used after the directory check")
        .str();
  for (const VarDecl *Var : {Buffer, Result}) {
    if (!Var)
      continue;
    const DeclStmt *DS = Uses.soleDeclaration(Var);
    // Still needed by an earlier use of the same buffer (an lstat).
    bool UsedOutside = llvm::any_of(
        Uses.of(Var), [&](const DeclRefExpr *Ref) { return !Inside(Ref); });
    if (DS && !Inside(DS) && !UsedOutside)
      Plan.UnusedDecls.push_back(DS);
  }
  for (const Stmt *S : Plan.Statements)
    noteCalls(S, StatCall);
  return Unsafe;
}

} // namespace clang::tidy::syscall
