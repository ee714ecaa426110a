//===--- ItemFilters.cpp - Guards that filter items, not caches ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "ItemFilters.h"
#include "Callee.h"
#include "Forwarding.h"
#include "StatementShape.h"
#include "StringHelpers.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <algorithm>

namespace clang::tidy::syscall {

namespace {

/// Whether \p Ref may change its variable, or memory reached through it:
/// the target of an assignment or increment, a pointer to it or through it
/// handed to a call as a pointer to non-const (free aside) or copied into
/// another variable, a non-const member function called on it.
bool mayChange(const DeclRefExpr *Ref, const StmtParents &Parents) {
  const Stmt *Child = Ref;
  for (const Stmt *P = Parents.getParent(Ref); P;
       Child = P, P = Parents.getParent(P)) {
    bool Pointer = llvm::cast<Expr>(Child)->getType()->isPointerType();
    if (const auto *Cast = llvm::dyn_cast<ImplicitCastExpr>(P);
        Cast && Cast->getCastKind() == CK_LValueToRValue &&
        !Cast->getType()->isPointerType())
      return false; // a value read
    if (llvm::isa<ParenExpr, CastExpr, MemberExpr, ExprWithCleanups>(P))
      continue;
    if (const auto *Sub = llvm::dyn_cast<ArraySubscriptExpr>(P)) {
      if (Sub->getIdx() == Child)
        return false;
      continue;
    }
    if (const auto *Unary = llvm::dyn_cast<UnaryOperator>(P)) {
      // `&x` is a pointer like any other: what takes it decides.
      if (Unary->getOpcode() == UO_Deref || Unary->getOpcode() == UO_AddrOf)
        continue;
      return Unary->isIncrementDecrementOp();
    }
    if (const auto *Binary = llvm::dyn_cast<BinaryOperator>(P)) {
      if (Binary->isAssignmentOp())
        return Binary->getLHS() == Child || Pointer;
      if (Binary->isAdditiveOp() && Binary->getType()->isPointerType())
        continue; // `*(p + 1) = x`
      return false;
    }
    if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(P)) {
      const CXXMethodDecl *Method = Member->getMethodDecl();
      if (Member->getCallee() == Child)
        return !Method || !Method->isConst();
    }
    if (const auto *Call = llvm::dyn_cast<CallExpr>(P)) {
      if (Call->getCallee() == Child || calleeName(Call) == "free")
        return false;
      // By its parameter's type; a variadic argument is read (printf). A
      // helper that only passes the call on does what that call does.
      const FunctionDecl *Callee = forwardedCallee(calleeOf(Call));
      for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
        if (Call->getArg(I) != Child)
          continue;
        if (Callee && I >= Callee->getNumParams())
          return false;
        QualType T = Callee ? Callee->getParamDecl(I)->getType()
                            : llvm::cast<Expr>(Child)->getType();
        if (T->isPointerType())
          return !T->getPointeeType().isConstQualified();
        return T->isReferenceType() &&
               !T.getNonReferenceType().isConstQualified();
      }
      return false;
    }
    // Copied into another variable: an alias the walk does not follow.
    return Pointer && llvm::isa<DeclStmt, InitListExpr>(P);
  }
  return false;
}

/// Whether \p Ref, a loop's counter, reaches the loop's item: the index of
/// a subscript (`d[n]`), or a pointer dereferenced (`p->next`, `*p`).
bool reachesItem(const DeclRefExpr *Ref, const StmtParents &Parents) {
  const Stmt *P = Parents.getParent(Ref);
  while (llvm::isa_and_nonnull<ParenExpr, CastExpr>(P))
    P = Parents.getParent(P);
  if (llvm::isa_and_nonnull<ArraySubscriptExpr>(P))
    return true;
  if (const auto *Member = llvm::dyn_cast_or_null<MemberExpr>(P))
    return Member->isArrow();
  const auto *Unary = llvm::dyn_cast_or_null<UnaryOperator>(P);
  return Unary && Unary->getOpcode() == UO_Deref;
}

/// Whether \p S calls a function of the program's own (or one through a
/// pointer): what it answers may be a cache's (`hit = in_cache(uid);`).
bool callsProgram(const Stmt *S, const SourceManager &SM) {
  if (!S)
    return false;
  if (const auto *Call = llvm::dyn_cast<CallExpr>(S)) {
    const FunctionDecl *Callee = forwardedCallee(calleeOf(Call));
    if (!Callee || (!Callee->getBuiltinID() &&
                    !SM.isInSystemHeader(Callee->getLocation())))
      return true;
  }
  return llvm::any_of(S->children(), [&](const Stmt *Child) {
    return callsProgram(Child, SM);
  });
}

/// Whether the change \p Change of a variable stores what a call of the
/// program's answers: `v = f(...)`, or `f(..., &v)`.
bool storesProgramAnswer(const DeclRefExpr *Change, const StmtParents &Parents,
                         const SourceManager &SM) {
  const Stmt *Child = Change;
  const Stmt *P = Parents.getParent(Change);
  while (llvm::isa_and_nonnull<ParenExpr, CastExpr, UnaryOperator>(P)) {
    Child = P;
    P = Parents.getParent(P);
  }
  if (const auto *Assign = llvm::dyn_cast_or_null<BinaryOperator>(P);
      Assign && Assign->isAssignmentOp() && Assign->getLHS() == Child)
    return callsProgram(Assign->getRHS(), SM);
  return llvm::isa_and_nonnull<CallExpr>(P) && callsProgram(P, SM);
}

/// C library calls that only read their arguments.
bool isPureTest(llvm::StringRef Name) {
  static const llvm::StringRef Names[] = {"strcmp",
                                          "strncmp",
                                          "strcasecmp",
                                          "strncasecmp",
                                          "strlen",
                                          "strnlen",
                                          "memcmp",
                                          "strchr",
                                          "strrchr",
                                          "strstr",
                                          "strspn",
                                          "strcspn",
                                          "__ctype_b_loc",
                                          "__builtin_expect",
                                          "__ctype_tolower_loc",
                                          "__ctype_toupper_loc"};
  return llvm::is_contained(Names, Name);
}

} // namespace

ItemFilters::ChangeMap &ItemFilters::referencesIn(const Stmt *Nest) {
  std::unique_ptr<ChangeMap> &Map = Changes[Nest];
  if (Map)
    return *Map;
  Map = std::make_unique<ChangeMap>();
  llvm::SmallVector<const Stmt *, 64> Work{Nest};
  // Children are pushed in reverse, so that references come in source order.
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(S))
      if (const auto *Var = llvm::dyn_cast<VarDecl>(Ref->getDecl()))
        (*Map)[Var].References.push_back(Ref);
    const size_t First = Work.size();
    for (const Stmt *Child : S->children())
      if (Child)
        Work.push_back(Child);
    std::reverse(Work.begin() + First, Work.end());
  }
  return *Map;
}

llvm::ArrayRef<const DeclRefExpr *>
ItemFilters::changesOf(VariableChanges &Entry, const StmtParents &Parents) {
  if (!Entry.Filtered) {
    llvm::erase_if(Entry.References, [&](const DeclRefExpr *Ref) {
      return !mayChange(Ref, Parents);
    });
    Entry.Filtered = true;
  }
  return Entry.References;
}

const std::vector<unsigned> &
ItemFilters::programAnswersIn(VariableChanges &Entry,
                              const StmtParents &Parents,
                              const SourceManager &SM) {
  if (Entry.ProgramAnswers.empty()) {
    llvm::ArrayRef<const DeclRefExpr *> Changed = changesOf(Entry, Parents);
    Entry.ProgramAnswers.reserve(Changed.size() + 1);
    Entry.ProgramAnswers.push_back(0);
    for (const DeclRefExpr *Change : Changed)
      Entry.ProgramAnswers.push_back(Entry.ProgramAnswers.back() +
                                     storesProgramAnswer(Change, Parents, SM));
  }
  return Entry.ProgramAnswers;
}

bool ItemFilters::filters(const Expr *Cond, const Stmt *Loop,
                          const StmtParents &Parents, const ASTContext &Ctx) {
  const Stmt *Nest = Loop;
  for (const Stmt *Up = Parents.getParent(Loop); Up; Up = Parents.getParent(Up))
    if (isLoop(Up))
      Nest = Up;
  ChangeMap &Changed = referencesIn(Nest);
  const SourceManager &SM = Ctx.getSourceManager();
  auto Before = [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A),
                                        SM.getExpansionLoc(B));
  };
  const auto *For = llvm::dyn_cast<ForStmt>(Loop);
  const Stmt *Increment = For ? For->getInc() : nullptr;
  SourceLocation LoopEnd = Loop->getEndLoc();
  llvm::SmallVector<const Stmt *, 16> Work{Cond};
  llvm::SmallPtrSet<const VarDecl *, 4> Carried;
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *Call = llvm::dyn_cast<CallExpr>(S);
        Call && !isPureTest(calleeName(Call)))
      return false;
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(S))
      if (const auto *Var = llvm::dyn_cast<VarDecl>(Ref->getDecl())) {
        if (!Var->hasLocalStorage() && !Var->getType().isConstQualified())
          return false;
        // A value the iteration got from the program's own function before
        // the guard may be a cache's answer (`int hit = in_cache(uid);`);
        // one from the C library (`r = lstat(...)`) is the item's.
        if (Before(Loop->getBeginLoc(), Var->getLocation()) &&
            Before(Var->getLocation(), LoopEnd)) {
          if (callsProgram(Var->getInit(), SM))
            return false;
          // A flag that carries a test (`int hit = !!(...); if (hit)`) is
          // that test.
          if (Var->getInit() && Carried.insert(Var).second)
            Work.push_back(Var->getInit());
        }
        auto It = Changed.find(Var);
        if (It == Changed.end())
          continue;
        llvm::ArrayRef<const DeclRefExpr *> Changes =
            changesOf(It->second, Parents);
        if (Changes.empty())
          continue;
        auto FirstFrom = [&](SourceLocation From) {
          return llvm::partition_point(Changes, [&](const DeclRefExpr *Change) {
            return Before(Change->getBeginLoc(), From);
          });
        };
        // (Counted once per variable: a loop that changes it n times
        // before n guards asked about n changes per guard.)
        const std::vector<unsigned> &Answers =
            programAnswersIn(It->second, Parents, SM);
        if (Answers[FirstFrom(Cond->getBeginLoc()) - Changes.begin()] >
            Answers[FirstFrom(Loop->getBeginLoc()) - Changes.begin()])
          return false;
        // Changed at or after the guard, in the loop: for the next item.
        if (const auto *Next = FirstFrom(Cond->getBeginLoc());
            Next != Changes.end() && !Before(LoopEnd, (*Next)->getBeginLoc()))
          return false;
        // The loop's counter: fine as the way to the item (`d[n]->name`,
        // `p->flags`), not tested itself (`i % 10 == 0` samples).
        if (const auto *Step =
                Increment ? FirstFrom(Increment->getBeginLoc()) : nullptr;
            Step && Step != Changes.end() &&
            !Before(Increment->getEndLoc(), (*Step)->getBeginLoc()) &&
            !reachesItem(Ref, Parents))
          return false;
      }
    for (const Stmt *Child : S->children())
      if (Child)
        Work.push_back(Child);
  }
  return true;
}

} // namespace clang::tidy::syscall
