//===--- StatementShape.cpp - Where a call sits in its statement ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "StatementShape.h"
#include "Callee.h"
#include "FdTracking.h"
#include "Forwarding.h"
#include "FunctionSummary.h"
#include "Place.h"
#include "SourceEdits.h"
#include "StringHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <mutex>

namespace clang::tidy::syscall {

/// Whether \p Call runs whenever statement \p Top runs.
bool alwaysEvaluated(const Stmt *Call, const Stmt *Top,
                     const StmtParents &Parents) {
  for (const Stmt *Cur = Call; Cur != Top;) {
    const Stmt *P = Parents.getParent(Cur);
    if (!P)
      return false;
    if (const auto *BO = llvm::dyn_cast<BinaryOperator>(P)) {
      if (BO->isLogicalOp() && BO->getRHS() == Cur)
        return false;
    } else if (const auto *If = llvm::dyn_cast<IfStmt>(P)) {
      if (If->getCond() != Cur)
        return false;
    } else if (const auto *Loop = llvm::dyn_cast<WhileStmt>(P)) {
      if (Loop->getCond() != Cur)
        return false;
    } else if (const auto *Loop = llvm::dyn_cast<ForStmt>(P)) {
      if (Loop->getInit() != Cur)
        return false;
    } else if (const auto *Choice =
                   llvm::dyn_cast<AbstractConditionalOperator>(P)) {
      if (Choice->getCond() != Cur)
        return false;
    } else if (llvm::isa<SwitchStmt, CaseStmt, DefaultStmt, LambdaExpr>(P)) {
      return false;
    }
    Cur = P;
  }
  return true;
}

/// Whether test \p S decides by \p Value or \p Made's result alone: it
/// reads one of them or asks fcntl about \p Value (`fcntl(fd, F_GETFD)`),
/// through locals that hold such a test or answer (`int fl = fcntl(fd,
/// F_GETFD);`, a flag `int ok = fd >= 0;`), and reads no other variable
/// and makes no other call.
static bool testsOnly(const Stmt *S, const Expr *Value, const Stmt *Made,
                      unsigned Depth = 0) {
  // `fileno(f)` is the stream's descriptor: a test of either reads it.
  auto Stream = [](const Expr *E) {
    const auto *Call = llvm::dyn_cast<CallExpr>(E->IgnoreParenCasts());
    return Call && calleeName(Call) == "fileno" && Call->getNumArgs() == 1
               ? Call->getArg(0)
               : E;
  };
  Value = Stream(Value);
  std::optional<Place> Where = Place::ofOrGlobal(Value);
  auto IsValue = [&](const Expr *E) {
    E = Stream(E);
    if (sameValue(E, Value))
      return true;
    std::optional<Place> P = Where ? Place::ofOrGlobal(E) : std::nullopt;
    return P && *P == *Where;
  };
  bool Read = false;
  llvm::SmallVector<const Stmt *, 16> Work{S};
  for (unsigned Steps = 0; !Work.empty(); ++Steps) {
    const Stmt *Node = Work.pop_back_val();
    const auto *E = llvm::dyn_cast<Expr>(Node);
    const auto *Call = llvm::dyn_cast<CallExpr>(Node);
    if (Node == Made || (E && IsValue(E)) ||
        (Call && startsWith(calleeName(Call), "fcntl") &&
         Call->getNumArgs() >= 1 && IsValue(Call->getArg(0)))) {
      Read = true;
      continue;
    }
    if (Call || Steps > 64)
      return false;
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Node)) {
      // A local read here holds one of the values it is ever given: each
      // must be such a test or answer on its own (`fl` of `fl = fcntl(fd,
      // F_GETFD)`, and again of `fl = fcntl(fd, F_SETFD, fl | FD_CLOEXEC)`;
      // not of `fl = -1` on a path some other test chose). A few values at
      // most (a read, the set's answer): each test's question stays as
      // cheap as its own expression.
      const auto *Var = llvm::dyn_cast<VarDecl>(Ref->getDecl());
      if (!Var)
        continue;
      const llvm::SmallVector<const Expr *, 2> *Held =
          Var->isLocalVarDecl()
              ? FunctionSummaries::of(Var->getASTContext()).storedValues(Var)
              : nullptr;
      if (!Held || Held->size() > 4)
        return false;
      if (Held->size() == 1) {
        Work.push_back(Held->front());
        continue;
      }
      if (Depth > 4 || llvm::any_of(*Held, [&](const Expr *One) {
            return !testsOnly(One, Value, Made, Depth + 1);
          }))
        return false;
      Read = true;
      continue;
    }
    for (const Stmt *Child : Node->children())
      if (Child)
        Work.push_back(Child);
  }
  return Read;
}

bool decidedOnlyBy(const Stmt *Inner, const Stmt *Outer, const Expr *Value,
                   const StmtParents &Parents) {
  llvm::SmallPtrSet<const Stmt *, 16> AroundOuter;
  for (const Stmt *S = Outer; S; S = Parents.getParent(S))
    AroundOuter.insert(S);
  for (const Stmt *Cur = Inner; !AroundOuter.count(Cur);) {
    const Stmt *P = Parents.getParent(Cur);
    if (!P)
      return false;
    const Stmt *Test = nullptr;
    if (const auto *BO = llvm::dyn_cast<BinaryOperator>(P)) {
      if (BO->isLogicalOp() && BO->getRHS() == Cur)
        Test = BO->getLHS();
    } else if (const auto *If = llvm::dyn_cast<IfStmt>(P)) {
      if (If->getCond() != Cur)
        Test = If->getCond();
    } else if (const auto *Choice =
                   llvm::dyn_cast<AbstractConditionalOperator>(P)) {
      if (Choice->getCond() != Cur)
        Test = Choice->getCond();
    } else if (llvm::isa<SwitchStmt, CaseStmt, DefaultStmt>(P)) {
      return false;
    }
    if (Test && !testsOnly(Test, Value, Outer))
      return false;
    Cur = P;
  }
  return true;
}

bool isLoop(const Stmt *S) {
  return llvm::isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
}

bool isWithin(const Stmt *S, const Stmt *Outer, const StmtParents &Parents) {
  for (; S; S = Parents.getParent(S))
    if (S == Outer)
      return true;
  return false;
}

bool runsOnce(const Stmt *Loop, ASTContext &Ctx) {
  const Expr *Cond = loopCondition(Loop);
  if (!Cond)
    return false;
  // `int more = 1; while (more)` runs more than once whether or not the
  // loop changes `more`: only a 0 needs foldInteger's mutation analysis of
  // the whole function (asked per loop, it was a tenth of sqlite3.c's run).
  if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Cond->IgnoreParenCasts()))
    if (const auto *Var = llvm::dyn_cast<VarDecl>(Ref->getDecl());
        Var && Var->getInit()) {
      Expr::EvalResult Init;
      if (Var->getInit()->EvaluateAsInt(Init, Ctx) && Init.Val.getInt() != 0)
        return false;
    }
  return foldInteger(Cond, Ctx) == 0;
}

namespace {

/// Whether \p X is EINTR, which is 4 on every Linux architecture and the
/// BSDs.
bool isEintr(const Expr *X) {
  const auto *Lit = llvm::dyn_cast<IntegerLiteral>(X->IgnoreParenCasts());
  return Lit && Lit->getValue() == 4;
}

/// Whether \p E tests `errno == EINTR` (alone or in a && / || chain).
bool testsEintr(const Expr *E) {
  const auto *BO = llvm::dyn_cast<BinaryOperator>(E->IgnoreParenCasts());
  if (!BO)
    return false;
  if (BO->isLogicalOp())
    return testsEintr(BO->getLHS()) || testsEintr(BO->getRHS());
  if (BO->getOpcode() != BO_EQ)
    return false;
  auto IsErrno = [](const Expr *X) {
    const auto *Deref = llvm::dyn_cast<UnaryOperator>(X->IgnoreParenCasts());
    const auto *Call =
        Deref && Deref->getOpcode() == UO_Deref
            ? llvm::dyn_cast<CallExpr>(Deref->getSubExpr()->IgnoreParenCasts())
            : nullptr;
    return Call && isErrnoCall(Call);
  };
  return (IsErrno(BO->getLHS()) && isEintr(BO->getRHS())) ||
         (IsErrno(BO->getRHS()) && isEintr(BO->getLHS()));
}

/// Whether \p Cond tests a call's returned error number for EINTR, as the
/// `_r` lookups and pthread calls report it: `r == EINTR` where the body
/// \p Store is `r = call(...)`, or `(r = call(...)) == EINTR`.
bool returnsEintr(const Expr *Cond, const BinaryOperator *Store) {
  const auto *BO = llvm::dyn_cast<BinaryOperator>(Cond->IgnoreParenCasts());
  if (!BO || BO->getOpcode() != BO_EQ)
    return false;
  auto IsResult = [&](const Expr *X) {
    X = X->IgnoreParenCasts();
    if (const auto *Assign = llvm::dyn_cast<BinaryOperator>(X))
      return Assign->getOpcode() == BO_Assign &&
             llvm::isa<CallExpr>(Assign->getRHS()->IgnoreParenCasts());
    const VarDecl *Var = referencedVar(X);
    return Var && Store && referencedVar(Store->getLHS()) == Var;
  };
  return (IsResult(BO->getLHS()) && isEintr(BO->getRHS())) ||
         (IsResult(BO->getRHS()) && isEintr(BO->getLHS()));
}

} // namespace

const Expr *retriedValue(const CallExpr *Call, const StmtParents &Parents) {
  // call <- (long) cast <- `r = ...` <- do <- { } <- ({ }): a few levels.
  const Stmt *S = Call;
  for (int Depth = 0; Depth < 8 && (S = Parents.getParent(S)); ++Depth)
    if (const auto *SE = llvm::dyn_cast<StmtExpr>(S)) {
      if (underlyingCall(SE) != Call)
        return Call;
      // `(__extension__ ({ ... }))`
      const Expr *Value = SE;
      while (const auto *Up =
                 llvm::dyn_cast_or_null<Expr>(Parents.getParent(Value))) {
        const auto *Ext = llvm::dyn_cast<UnaryOperator>(Up);
        if (!llvm::isa<ParenExpr>(Up) &&
            !(Ext && Ext->getOpcode() == UO_Extension))
          break;
        Value = Up;
      }
      return Value;
    }
  return Call;
}

bool isRetryLoop(const Stmt *Loop) {
  const Expr *Cond = nullptr;
  const Stmt *Body = nullptr;
  if (const auto *Do = llvm::dyn_cast<DoStmt>(Loop)) {
    Cond = Do->getCond();
    Body = Do->getBody();
  } else if (const auto *While = llvm::dyn_cast<WhileStmt>(Loop)) {
    Cond = While->getCond();
    Body = While->getBody();
  }
  if (!Cond)
    return false;
  // The body only makes the call again (or nothing, the call being in the
  // condition).
  if (const auto *CS = llvm::dyn_cast_or_null<CompoundStmt>(Body))
    Body = CS->size() == 1 ? CS->body_front() : CS->body_empty() ? nullptr : CS;
  const auto *Store = llvm::dyn_cast_or_null<BinaryOperator>(Body);
  if (Store && !Store->isAssignmentOp())
    return false;
  if (Body && !Store && !llvm::isa<NullStmt>(Body))
    return false;
  return testsEintr(Cond) || returnsEintr(Cond, Store);
}

bool isStatementMacro(const Stmt *S) {
  const auto *Do = llvm::dyn_cast<DoStmt>(S);
  if (!Do)
    return false;
  const Expr *Cond = Do->getCond()->IgnoreParenCasts();
  if (const auto *Lit = llvm::dyn_cast<IntegerLiteral>(Cond))
    return Lit->getValue() == 0;
  if (const auto *Lit = llvm::dyn_cast<CXXBoolLiteralExpr>(Cond))
    return !Lit->getValue();
  return false;
}

namespace {

/// enclosingLoop()'s answers per statement, for the parent maps that asked
/// to keep them. Units on other threads have parent maps of their own: the
/// lock guards the map only.
std::mutex LoopAnswersLock;
llvm::DenseMap<const StmtParents *,
               std::unique_ptr<llvm::DenseMap<const Stmt *, const Stmt *>>>
    LoopAnswers;

/// The loop that \p Cur is directly in (not a for's init), or \p Cur's own
/// enclosing loop as \p Outer when its parent is none; null with
/// \p Stop at the function's top or a lambda.
const Stmt *loopStep(const Stmt *Cur, const StmtParents &Parents,
                     const Stmt *&Outer, bool &Stop) {
  const Stmt *P = Parents.getParent(Cur);
  Stop = !P || llvm::isa<LambdaExpr>(P);
  Outer = P;
  if (Stop)
    return nullptr;
  if (const auto *For = llvm::dyn_cast<ForStmt>(P))
    if (For->getInit() == Cur)
      return nullptr;
  return isLoop(P) && !isRetryLoop(P) && !isStatementMacro(P) ? P : nullptr;
}

} // namespace

void rememberLoopsOf(const StmtParents &Parents) {
  std::lock_guard<std::mutex> Guard(LoopAnswersLock);
  LoopAnswers.try_emplace(
      &Parents, std::make_unique<llvm::DenseMap<const Stmt *, const Stmt *>>());
}

void forgetLoopsOf(const StmtParents &Parents) {
  std::lock_guard<std::mutex> Guard(LoopAnswersLock);
  LoopAnswers.erase(&Parents);
}

const Stmt *enclosingLoop(const Stmt *S, const StmtParents &Parents) {
  llvm::DenseMap<const Stmt *, const Stmt *> *Known = nullptr;
  {
    std::lock_guard<std::mutex> Guard(LoopAnswersLock);
    if (auto It = LoopAnswers.find(&Parents); It != LoopAnswers.end())
      Known = It->second.get();
  }
  // Up from S until a loop, the top, or a statement answered before; each
  // statement on the way has the same answer.
  llvm::SmallVector<const Stmt *, 16> Climbed;
  const Stmt *Answer = nullptr;
  for (const Stmt *Cur = S; Cur;) {
    if (Known) {
      if (auto It = Known->find(Cur); It != Known->end()) {
        Answer = It->second;
        break;
      }
      Climbed.push_back(Cur);
    }
    const Stmt *Outer = nullptr;
    bool Stop = false;
    Answer = loopStep(Cur, Parents, Outer, Stop);
    if (Answer || Stop)
      break;
    Cur = Outer;
  }
  if (Known)
    for (const Stmt *Cur : Climbed)
      (*Known)[Cur] = Answer;
  return Answer;
}

bool isProcessEnd(const Stmt *S) {
  while (S && isStatementMacro(S)) { // QUIT(2): do { _exit(2); } while (0)
    const auto *Body =
        llvm::dyn_cast<CompoundStmt>(llvm::cast<DoStmt>(S)->getBody());
    S = Body && !Body->body_empty() ? Body->body_back() : nullptr;
  }
  const auto *Call = llvm::dyn_cast_or_null<CallExpr>(S);
  const FunctionDecl *Callee = Call ? calleeOf(Call) : nullptr;
  if (!Callee)
    return false;
  return callNeverReturns(Call) || isProcessEndName(calleeName(Call));
}

bool isProcessEndName(llvm::StringRef Name) {
  return Name == "exit" || Name == "_exit" || Name == "_Exit" ||
         Name == "quick_exit" || Name == "abort";
}

const Stmt *loopBody(const Stmt *Loop) {
  if (const auto *For = llvm::dyn_cast<ForStmt>(Loop))
    return For->getBody();
  if (const auto *While = llvm::dyn_cast<WhileStmt>(Loop))
    return While->getBody();
  if (const auto *Do = llvm::dyn_cast<DoStmt>(Loop))
    return Do->getBody();
  return llvm::cast<CXXForRangeStmt>(Loop)->getBody();
}

const Expr *loopCondition(const Stmt *Loop) {
  if (const auto *For = llvm::dyn_cast<ForStmt>(Loop))
    return For->getCond();
  if (const auto *While = llvm::dyn_cast<WhileStmt>(Loop))
    return While->getCond();
  if (const auto *Do = llvm::dyn_cast<DoStmt>(Loop))
    return Do->getCond();
  return nullptr;
}

namespace {

/// Whether \p Cond tests a call for failure: `f() < 0`, `f() != 0`, `f() ==
/// -1`, `(p = f()) == NULL`, `!f()`. Leaving on such a test is an error
/// path, not a cache hit that skips the work.
bool isFailureTest(const Expr *Cond, const ASTContext &Ctx) {
  auto Called = [](const Expr *E) {
    E = E->IgnoreParenCasts();
    if (const auto *Assign = llvm::dyn_cast<BinaryOperator>(E);
        Assign && Assign->getOpcode() == BO_Assign)
      E = Assign->getRHS();
    return underlyingCall(E) != nullptr;
  };
  Cond = Cond->IgnoreParenCasts();
  if (const auto *Not = llvm::dyn_cast<UnaryOperator>(Cond))
    return Not->getOpcode() == UO_LNot && Called(Not->getSubExpr());
  const auto *Cmp = llvm::dyn_cast<BinaryOperator>(Cond);
  if (!Cmp || !Cmp->isComparisonOp())
    return false;
  auto Constant = [&](const Expr *E) {
    if (E->isValueDependent())
      return false;
    return E->isNullPointerConstant(const_cast<ASTContext &>(Ctx),
                                    Expr::NPC_ValueDependentIsNotNull) ||
           E->IgnoreParenCasts()->isIntegerConstantExpr(Ctx);
  };
  return (Called(Cmp->getLHS()) && Constant(Cmp->getRHS())) ||
         (Called(Cmp->getRHS()) && Constant(Cmp->getLHS()));
}

/// mayLeave(), inside \p InLoop a loop and \p InSwitch a switch of \p S's
/// own; with \p Ctx, error paths aside.
bool mayLeave(const Stmt *S, bool InLoop, bool InSwitch, const ASTContext *Ctx,
              const Stmt *Before = nullptr) {
  if (!S || llvm::isa<LambdaExpr>(S))
    return false;
  if (const auto *If = llvm::dyn_cast<IfStmt>(S);
      Ctx && If && If->getCond() &&
      isFailureTest(testedValue(If, Before), *Ctx))
    return mayLeave(If->getElse(), InLoop, InSwitch, Ctx);
  if (llvm::isa<ReturnStmt, GotoStmt, IndirectGotoStmt>(S))
    return true;
  if (llvm::isa<ContinueStmt>(S))
    return !InLoop;
  if (llvm::isa<BreakStmt>(S))
    return !InLoop && !InSwitch;
  InLoop = InLoop || isLoop(S);
  InSwitch = InSwitch || llvm::isa<SwitchStmt>(S);
  for (const Stmt *Child : S->children())
    if (mayLeave(Child, InLoop, InSwitch, Ctx))
      return true;
  return false;
}

} // namespace

bool mayLeave(const Stmt *S) { return mayLeave(S, false, false, nullptr); }

template <typename Key>
unsigned EveryRun::firstLeaving(
    const CompoundStmt *Block, llvm::DenseMap<Key, unsigned> &Memo, Key K,
    llvm::function_ref<bool(const Stmt *, const Stmt *)> Leaves) {
  auto [It, New] = Memo.try_emplace(K, Block->size());
  if (!New)
    return It->second;
  unsigned Index = 0;
  const Stmt *Before = nullptr;
  for (const Stmt *Child : Block->body()) {
    Position.try_emplace(Child, Index);
    if (It->second == Block->size() && Leaves(Child, Before))
      It->second = Index;
    ++Index;
    Before = Child;
  }
  return It->second;
}

bool EveryRun::ofBlock(const Stmt *S, const CompoundStmt *Block,
                       const StmtParents &Parents, const ASTContext &Ctx) {
  // Up to the statement of Block that holds S, giving up at the first step
  // that may skip S (an if's branch, the right of &&): in a function of
  // deep else-if chains most calls stop within a few levels.
  const Stmt *Top = S;
  for (const Stmt *P; (P = Parents.getParent(Top)) != Block; Top = P)
    if (!P || !alwaysEvaluated(Top, P, Parents))
      return false;
  unsigned Exit = firstLeaving(
      Block, FirstExit, Block, [&](const Stmt *Child, const Stmt *Before) {
        return mayLeave(Child, false, false, &Ctx, Before);
      });
  // Top itself may leave after S ran: only the statements before it count.
  return Position.lookup(Top) <= Exit;
}

bool EveryRun::isItemFilter(const IfStmt *If, const Stmt *Loop,
                            const StmtParents &Parents, const ASTContext &Ctx) {
  return If->getCond() && !If->getInit() && !If->getConditionVariable() &&
         Filters.filters(If->getCond(), Loop, Parents, Ctx);
}

bool EveryRun::leavesUnfiltered(const Stmt *S, const Stmt *Loop,
                                const StmtParents &Parents,
                                const ASTContext &Ctx, bool UnderFilter,
                                const Stmt *Before) {
  if (const auto *If = llvm::dyn_cast<IfStmt>(S);
      If && isItemFilter(If, Loop, Parents, Ctx))
    return leavesUnfiltered(If->getThen(), Loop, Parents, Ctx, true) ||
           (If->getElse() &&
            leavesUnfiltered(If->getElse(), Loop, Parents, Ctx, true));
  if (const auto *Block = llvm::dyn_cast<CompoundStmt>(S))
    return llvm::any_of(Block->body(), [&](const Stmt *Child) {
      return leavesUnfiltered(Child, Loop, Parents, Ctx, UnderFilter);
    });
  // `continue;` under a filter skips an item; under anything else (a
  // cache hit) it is what makes the rest conditional.
  if (UnderFilter && llvm::isa<ContinueStmt, BreakStmt, ReturnStmt>(S))
    return false;
  return mayLeave(S, false, false, &Ctx, Before);
}

const Stmt *EveryRun::loopOf(const Stmt *S, const StmtParents &Parents,
                             ASTContext &Ctx) {
  const Stmt *Loop = enclosingLoop(S, Parents);
  if (!Loop)
    return nullptr;
  auto [Kept, New] = Once.try_emplace(Loop, false);
  if (New)
    Kept->second = runsOnce(Loop, Ctx);
  if (Kept->second)
    return nullptr;
  const Stmt *Body = loopBody(Loop);
  // Up from S to the body: the expression around it always evaluates it,
  // every block on the way runs it unless it left before, and every `if`
  // on the way is an item filter.
  const Stmt *From = S;
  for (const Stmt *Child = S; Child != Body;) {
    const Stmt *P = Parents.getParent(Child);
    if (!P)
      return nullptr;
    if (const auto *If = llvm::dyn_cast<IfStmt>(P);
        If && (Child == If->getThen() || Child == If->getElse())) {
      if (!alwaysEvaluated(From, Child, Parents) ||
          !isItemFilter(If, Loop, Parents, Ctx))
        return nullptr;
      From = If;
    } else if (const auto *Block = llvm::dyn_cast<CompoundStmt>(P)) {
      unsigned Exit =
          firstLeaving(Block, FirstItemExit, std::make_pair(Block, Loop),
                       [&](const Stmt *Statement, const Stmt *Before) {
                         return leavesUnfiltered(Statement, Loop, Parents, Ctx,
                                                 false, Before);
                       });
      if (!alwaysEvaluated(From, Child, Parents) ||
          Position.lookup(Child) > Exit)
        return nullptr;
      From = Block;
    }
    Child = P;
  }
  return alwaysEvaluated(From, Body, Parents) ? Loop : nullptr;
}

const CompoundStmt *enclosingBlock(const Stmt *S, const StmtParents &Parents,
                                   const Stmt *&Top) {
  Top = S;
  for (const Stmt *P = Parents.getParent(Top); P; P = Parents.getParent(Top)) {
    const auto *Block = llvm::dyn_cast<CompoundStmt>(P);
    const Stmt *Up = Block ? Parents.getParent(Block) : nullptr;
    if (Block && !(Up && isStatementMacro(Up)))
      return Block;
    Top = Block ? Up : P;
  }
  return nullptr;
}

const Stmt *skipParensAndCasts(const Stmt *S, const StmtParents &Parents,
                               const Stmt *&Child) {
  Child = S;
  const Stmt *P = Parents.getParent(S);
  // `(void)close(fd)` drops the value, `(int)open(...)` keeps it.
  while (P &&
         (llvm::isa<ParenExpr, ImplicitCastExpr, ExprWithCleanups>(P) ||
          (llvm::isa<ExplicitCastExpr>(P) &&
           (llvm::cast<ExplicitCastExpr>(P)->getType()->isVoidType() ||
            llvm::cast<ExplicitCastExpr>(P)->getType()->isScalarType())))) {
    Child = P;
    P = Parents.getParent(P);
  }
  return P;
}

llvm::SmallVector<const CallExpr *, 4>
callsTaking(llvm::ArrayRef<const DeclRefExpr *> Refs,
            const StmtParents &Parents) {
  auto ArgumentOf = [&](const Stmt *S) -> const CallExpr * {
    const Stmt *P = Parents.getParent(S);
    while (llvm::isa_and_nonnull<ParenExpr, CastExpr, ExprWithCleanups>(P)) {
      S = P;
      P = Parents.getParent(P);
    }
    const auto *Call = llvm::dyn_cast_or_null<CallExpr>(P);
    return Call && llvm::is_contained(Call->arguments(), S) ? Call : nullptr;
  };
  llvm::SmallVector<const CallExpr *, 4> Calls;
  llvm::SmallPtrSet<const CallExpr *, 4> Seen;
  for (const DeclRefExpr *Ref : Refs) {
    const CallExpr *Call = ArgumentOf(Ref);
    if (Call && calleeName(Call) == "fileno")
      Call = ArgumentOf(Call);
    if (Call && Seen.insert(Call).second)
      Calls.push_back(Call);
  }
  return Calls;
}

const VarDecl *variableGiven(const Stmt *Up, const Stmt *Child) {
  if (const auto *Decl = llvm::dyn_cast_or_null<DeclStmt>(Up))
    return Decl->isSingleDecl() ? llvm::dyn_cast<VarDecl>(Decl->getSingleDecl())
                                : nullptr;
  const auto *Assign = llvm::dyn_cast_or_null<BinaryOperator>(Up);
  return Assign && Assign->getOpcode() == BO_Assign && Assign->getRHS() == Child
             ? referencedVar(Assign->getLHS())
             : nullptr;
}

namespace {

/// \p E without `!!` around it.
const Expr *withoutDoubleNegation(const Expr *E) {
  while (true) {
    const auto *Not = llvm::dyn_cast<UnaryOperator>(E->IgnoreParenCasts());
    const auto *NotNot = Not && Not->getOpcode() == UO_LNot
                             ? llvm::dyn_cast<UnaryOperator>(
                                   Not->getSubExpr()->IgnoreParenCasts())
                             : nullptr;
    if (!NotNot || NotNot->getOpcode() != UO_LNot)
      return E;
    E = NotNot->getSubExpr();
  }
}

} // namespace

std::optional<CarriedFlag> carriedFlag(const Stmt *Test,
                                       const StmtParents &Parents) {
  // Up through parentheses, casts and double negations (`!!(test)`).
  const Stmt *Top = Test;
  const Stmt *P = Parents.getParent(Top);
  while (true) {
    const Stmt *Child = Top;
    const Stmt *Up = skipParensAndCasts(Top, Parents, Child);
    const auto *Not = llvm::dyn_cast_or_null<UnaryOperator>(Up);
    const auto *NotNot = Not && Not->getOpcode() == UO_LNot
                             ? llvm::dyn_cast_or_null<UnaryOperator>(
                                   skipParensAndCasts(Not, Parents, Child))
                             : nullptr;
    if (!NotNot || NotNot->getOpcode() != UO_LNot) {
      P = Up;
      Top = Child;
      break;
    }
    Top = NotNot;
  }
  const VarDecl *Flag = nullptr;
  if (const auto *DS = llvm::dyn_cast_or_null<DeclStmt>(P);
      DS && DS->isSingleDecl()) {
    const auto *V = llvm::dyn_cast<VarDecl>(DS->getSingleDecl());
    if (V && V->getInit() == Top)
      Flag = V;
  } else if (const auto *Assign = llvm::dyn_cast_or_null<BinaryOperator>(P);
             Assign && Assign->getOpcode() == BO_Assign &&
             Assign->getRHS() == Top) {
    Flag = referencedVar(Assign->getLHS());
  }
  if (!Flag || !Flag->isLocalVarDecl() || Flag->isStaticLocal() ||
      !Flag->getType()->isScalarType())
    return std::nullopt;
  const auto *Block =
      llvm::dyn_cast_or_null<CompoundStmt>(Parents.getParent(P));
  if (!Block)
    return std::nullopt;
  const auto *It = llvm::find(Block->body(), P);
  // A flag copied into another (`int f = !!(bad);`) carries it on.
  for (unsigned Copies = 0;; ++Copies, ++It) {
    if (It == Block->body_end() || std::next(It) == Block->body_end())
      return CarriedFlag{Flag, P, nullptr};
    const Stmt *Next = *std::next(It);
    // `int f = !!bad;`, or `int f;` and then `f = !!bad;`.
    const auto *Copy = llvm::dyn_cast<DeclStmt>(Next);
    const VarDecl *Var = Copy && Copy->isSingleDecl()
                             ? llvm::dyn_cast<VarDecl>(Copy->getSingleDecl())
                             : nullptr;
    const Expr *Value = Var ? Var->getInit() : nullptr;
    if (Var && !Value)
      continue;
    if (const auto *Assign = llvm::dyn_cast<BinaryOperator>(Next);
        Assign && Assign->getOpcode() == BO_Assign) {
      Var = referencedVar(Assign->getLHS());
      Value = Assign->getRHS();
    }
    const auto *From =
        Value ? llvm::dyn_cast<DeclRefExpr>(
                    withoutDoubleNegation(Value)->IgnoreParenCasts())
              : nullptr;
    if (!Var || !From || From->getDecl() != Flag)
      return CarriedFlag{Flag, P, Next};
    if (Copies == 4 || !Var->isLocalVarDecl() || Var->isStaticLocal() ||
        !Var->getType()->isScalarType())
      return std::nullopt;
    Flag = Var;
  }
}

const IfStmt *flagTest(const Stmt *Test, const StmtParents &Parents,
                       const Stmt *&Carrier) {
  std::optional<CarriedFlag> Carried = carriedFlag(Test, Parents);
  const auto *If =
      Carried ? llvm::dyn_cast_or_null<IfStmt>(Carried->Next) : nullptr;
  const auto *Ref =
      If ? llvm::dyn_cast<DeclRefExpr>(If->getCond()->IgnoreParenCasts())
         : nullptr;
  if (!If || If->getInit() || If->getConditionVariable() || !Ref ||
      Ref->getDecl() != Carried->Flag)
    return nullptr;
  Carrier = Carried->Carrier;
  return If;
}

const IfStmt *comparingIf(const Expr *Call, const StmtParents &Parents,
                          const BinaryOperator **Comparison,
                          const Stmt **Carrier) {
  const Stmt *Child = nullptr;
  const auto *Cmp = llvm::dyn_cast_or_null<BinaryOperator>(
      skipParensAndCasts(Call, Parents, Child));
  if (!Cmp || !Cmp->isComparisonOp())
    return nullptr;
  const Stmt *CmpChild = nullptr;
  const auto *If = llvm::dyn_cast_or_null<IfStmt>(
      skipParensAndCasts(Cmp, Parents, CmpChild));
  const Stmt *Flag = nullptr;
  if (!If)
    If = flagTest(Cmp, Parents, Flag);
  else if (If->getCond() != CmpChild || If->getInit() ||
           If->getConditionVariable())
    return nullptr;
  if (!If)
    return nullptr;
  if (Comparison)
    *Comparison = Cmp;
  if (Carrier)
    *Carrier = Flag;
  return If;
}

const Expr *testedValue(const IfStmt *If, const Stmt *Before) {
  return carriedValue(If->getCond(), Before);
}

const Expr *testedCondition(const IfStmt *If, const StmtParents &Parents) {
  const auto *Block =
      llvm::dyn_cast_or_null<CompoundStmt>(Parents.getParent(If));
  // Only a bare local is worth finding the statement before.
  if (!Block || !llvm::isa<DeclRefExpr>(If->getCond()->IgnoreParenCasts()))
    return If->getCond();
  const auto *It = llvm::find(Block->body(), If);
  return testedValue(If, It == Block->body_begin() ? nullptr : *std::prev(It));
}

const Expr *carriedValue(const Expr *Cond, const Stmt *Before) {
  const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Cond->IgnoreParenCasts());
  const Expr *Set = nullptr;
  if (const auto *DS = llvm::dyn_cast_or_null<DeclStmt>(Before);
      Ref && DS && DS->isSingleDecl() && DS->getSingleDecl() == Ref->getDecl())
    Set = llvm::cast<VarDecl>(DS->getSingleDecl())->getInit();
  else if (const auto *Assign = llvm::dyn_cast_or_null<BinaryOperator>(Before);
           Ref && Assign && Assign->getOpcode() == BO_Assign &&
           referencedVar(Assign->getLHS()) == Ref->getDecl())
    Set = Assign->getRHS();
  // `!!(test)` is the test.
  return Set ? withoutDoubleNegation(Set) : Cond;
}

std::optional<CharSourceRange> lastTermRemoval(const BinaryOperator *Or,
                                               const SourceManager &SM,
                                               const LangOptions &LO) {
  // From the end of the earlier terms to the end of the last one.
  CharSourceRange Earlier = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Or->getLHS()->getSourceRange()), SM, LO);
  CharSourceRange Last = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Or->getRHS()->getSourceRange()), SM, LO);
  if (Earlier.isInvalid() || Last.isInvalid() ||
      SM.getFileID(Earlier.getEnd()) != SM.getFileID(Last.getEnd()))
    return std::nullopt;
  return CharSourceRange::getCharRange(Earlier.getEnd(), Last.getEnd());
}

std::optional<CharSourceRange> statementRemoval(const CallStatement &St,
                                                const SourceManager &SM,
                                                const LangOptions &LO) {
  if (St.JoinedOr)
    return lastTermRemoval(St.JoinedOr, SM, LO);
  std::optional<CharSourceRange> Range = statementRange(St.Statement, SM, LO);
  if (!St.Carrier || !Range)
    return Range;
  // The flags from the carrier to the `if` (copies of one another) must be
  // declared with their values and read once each, by what goes too; a
  // flag declared apart would stay declared for nobody.
  const auto *First = llvm::find(St.Block->body(), St.Carrier);
  const auto *Last = llvm::find(St.Block->body(), St.Statement);
  llvm::SmallPtrSet<const VarDecl *, 4> Flags;
  for (const auto *It = First; It != Last && It != St.Block->body_end(); ++It) {
    const auto *DS = llvm::dyn_cast<DeclStmt>(*It);
    if (!DS || !DS->isSingleDecl() || !llvm::isa<VarDecl>(DS->getSingleDecl()))
      return std::nullopt;
    Flags.insert(llvm::cast<VarDecl>(DS->getSingleDecl()));
  }
  llvm::DenseMap<const VarDecl *, unsigned> Uses;
  llvm::SmallVector<const Stmt *, 32> Work{St.Block};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(S))
      if (const auto *Var = llvm::dyn_cast<VarDecl>(Ref->getDecl());
          Var && Flags.count(Var))
        ++Uses[Var];
    for (const Stmt *Child : S->children())
      if (Child)
        Work.push_back(Child);
  }
  std::optional<CharSourceRange> Carried = statementRange(St.Carrier, SM, LO);
  if (Last == St.Block->body_end() || !Carried ||
      llvm::any_of(Flags, [&](const VarDecl *V) { return Uses[V] != 1; }))
    return std::nullopt;
  return CharSourceRange::getCharRange(Carried->getBegin(), Range->getEnd());
}

std::optional<CharSourceRange> storedLocalRemoval(const VarDecl *Stored,
                                                  const VariableUses &Uses,
                                                  const StmtParents &Parents,
                                                  const ASTContext &Ctx,
                                                  std::string &Why) {
  std::string Kept =
      "the call's result is also kept in '" + Stored->getName().str() + "'";
  if (Uses.of(Stored).size() > 1) {
    Why = Kept + ", which the function uses elsewhere; remove those uses "
                 "with the call";
    return std::nullopt;
  }
  const DeclStmt *Declared = Uses.soleDeclaration(Stored);
  const Expr *Init = Stored->getInit();
  std::optional<CharSourceRange> Range =
      Declared &&
              llvm::isa_and_nonnull<CompoundStmt>(
                  Parents.getParent(Declared)) &&
              (!Init || !Init->HasSideEffects(Ctx))
          ? statementRange(Declared, Ctx.getSourceManager(), Ctx.getLangOpts())
          : std::nullopt;
  if (Range)
    return wholeLines(*Range, Ctx.getSourceManager());
  Why = Kept + "; remove its declaration with the call";
  return std::nullopt;
}

std::optional<CharSourceRange>
copyLeftUnread(const Place &Copied, const Expr *Copy, const VariableUses &Uses,
               const StmtParents &Parents,
               llvm::ArrayRef<CharSourceRange> Removed, const ASTContext &Ctx,
               std::string &Why) {
  const auto *Local =
      Copied.isVariable() ? llvm::dyn_cast<VarDecl>(Copied.base()) : nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  auto IsCopy = [&](const Expr *Value) {
    return Value && (Value->IgnoreParenCasts() == Copy->IgnoreParenCasts() ||
                     underlyingCall(Value) == Copy);
  };
  auto GoesOrStoresCopy = [&](const DeclRefExpr *Use) {
    const auto *Store =
        llvm::dyn_cast_or_null<BinaryOperator>(Parents.getParent(Use));
    if (Store && Store->getOpcode() == BO_Assign && Store->getLHS() == Use &&
        IsCopy(Store->getRHS()))
      return true;
    SourceLocation At = SM.getExpansionLoc(Use->getBeginLoc());
    return llvm::any_of(Removed, [&](const CharSourceRange &R) {
      return !SM.isBeforeInTranslationUnit(At, R.getBegin()) &&
             SM.isBeforeInTranslationUnit(At, R.getEnd());
    });
  };
  if (!Local || !Local->isLocalVarDecl() ||
      !llvm::all_of(Uses.of(Local), GoesOrStoresCopy))
    return std::nullopt;
  const DeclStmt *Declared = Uses.soleDeclaration(Local);
  std::optional<CharSourceRange> Range =
      Declared && IsCopy(Local->getInit())
          ? statementRange(Declared, SM, Ctx.getLangOpts())
          : std::nullopt;
  if (Range)
    return wholeLines(*Range, SM);
  Why = "the copy in '" + Local->getName().str() + "' would be left unused";
  return std::nullopt;
}

namespace {

/// `STMT(call;)`: the `do { call; } while (0)` that the macro expands to is
/// the statement, in the block where the macro is used.
CallStatement throughStatementMacros(CallStatement Result,
                                     const StmtParents &Parents) {
  while (Result.Block && Result.Block->size() == 1) {
    const Stmt *Do = Parents.getParent(Result.Block);
    const auto *Outer =
        Do && isStatementMacro(Do)
            ? llvm::dyn_cast_or_null<CompoundStmt>(Parents.getParent(Do))
            : nullptr;
    if (!Outer)
      break;
    Result.Statement = Do;
    Result.Block = Outer;
  }
  return Result;
}

} // namespace

const VarDecl *storingLocal(const CallExpr *Call, const StmtParents &Parents,
                            const Expr *&Store) {
  const Stmt *Child = nullptr;
  const auto *Assign = llvm::dyn_cast_or_null<BinaryOperator>(
      skipParensAndCasts(Call, Parents, Child));
  const VarDecl *Var = Assign && Assign->getOpcode() == BO_Assign &&
                               Assign->getRHS()->IgnoreParenCasts() == Call
                           ? referencedVar(Assign->getLHS())
                           : nullptr;
  if (!Var || !Var->isLocalVarDecl() || Var->isStaticLocal())
    return nullptr;
  Store = Assign;
  return Var;
}

bool valueDropped(const Stmt *Up, const Stmt *Child) {
  if (!Up || llvm::isa<CompoundStmt, LabelStmt, CaseStmt, DefaultStmt>(Up))
    return Up != nullptr;
  if (const auto *If = llvm::dyn_cast<IfStmt>(Up))
    return Child == If->getThen() || Child == If->getElse();
  if (const auto *For = llvm::dyn_cast<ForStmt>(Up))
    return Child == For->getBody() || Child == For->getInit() ||
           Child == For->getInc();
  if (const auto *While = llvm::dyn_cast<WhileStmt>(Up))
    return Child == While->getBody();
  if (const auto *Do = llvm::dyn_cast<DoStmt>(Up))
    return Child == Do->getBody();
  return false;
}

CallStatement statementOf(const CallExpr *Call, const StmtParents &Parents,
                          const ASTContext &Ctx, bool ZeroIsSuccess,
                          bool ThroughStore) {
  CallStatement Result;
  const Stmt *Child = nullptr;
  const Stmt *P = skipParensAndCasts(Call, Parents, Child);
  if (const auto *Block = llvm::dyn_cast_or_null<CompoundStmt>(P)) {
    Result.K = CallStatement::Discarded;
    Result.Statement = Child;
    Result.Block = Block;
    return throughStatementMacros(Result, Parents);
  }
  // if (ftruncate(fd, 0)) ..., for calls that return 0 on success.
  if (const auto *If = llvm::dyn_cast_or_null<IfStmt>(P);
      ZeroIsSuccess && If && If->getCond() == Child && !If->getElse()) {
    Result.K = CallStatement::ErrorChecked;
    Result.Statement = If;
    Result.Block = llvm::dyn_cast_or_null<CompoundStmt>(Parents.getParent(If));
    return throughStatementMacros(Result, Parents);
  }
  // int bad = !!ftruncate(fd, 0); if (bad) ...
  if (const Stmt *Carrier = nullptr; ZeroIsSuccess) {
    if (const IfStmt *If = flagTest(Child, Parents, Carrier);
        If && !If->getElse()) {
      Result.K = CallStatement::ErrorChecked;
      Result.Statement = If;
      Result.Carrier = Carrier;
      Result.Block =
          llvm::dyn_cast_or_null<CompoundStmt>(Parents.getParent(If));
      return Result;
    }
  }
  // if (lseek(fd, off, SEEK_SET) < 0) ..., if ((r = lseek(...)) < 0) ...
  const Expr *Tested = Call;
  const VarDecl *Stored =
      ThroughStore ? storingLocal(Call, Parents, Tested) : nullptr;
  const BinaryOperator *Cmp = nullptr;
  const Stmt *Carrier = nullptr;
  const IfStmt *If = comparingIf(Tested, Parents, &Cmp, &Carrier);
  if (!If || If->getElse())
    return Result;
  const Expr *Other = Cmp->getLHS()->IgnoreParenCasts() == Tested
                          ? Cmp->getRHS()
                          : Cmp->getLHS();
  if (Other->HasSideEffects(Ctx))
    return Result;
  Result.K = CallStatement::ErrorChecked;
  Result.Stored = Stored;
  Result.Statement = If;
  Result.Carrier = Carrier;
  Result.Block = llvm::dyn_cast_or_null<CompoundStmt>(Parents.getParent(If));
  return Carrier ? Result : throughStatementMacros(Result, Parents);
}

const IfStmt *joinedFailureTest(const Stmt *Term, const StmtParents &Parents,
                                const BinaryOperator *&Or,
                                const Stmt **Carrier) {
  const Stmt *Child = nullptr;
  const auto *Join = llvm::dyn_cast_or_null<BinaryOperator>(
      skipParensAndCasts(Term, Parents, Child));
  if (!Join || Join->getOpcode() != BO_LOr || Join->getRHS() != Child)
    return nullptr;
  const Stmt *JoinChild = nullptr, *Flag = nullptr;
  const auto *If = llvm::dyn_cast_or_null<IfStmt>(
      skipParensAndCasts(Join, Parents, JoinChild));
  if (!If && Carrier)
    If = flagTest(Join, Parents, Flag);
  else if (If && If->getCond() != JoinChild)
    return nullptr;
  if (!If || If->getElse() || If->getInit() || If->getConditionVariable() ||
      !onlyFails(If->getThen()))
    return nullptr;
  Or = Join;
  if (Carrier)
    *Carrier = Flag;
  return If;
}

CallStatement joinedErrorCheck(const CallExpr *Call, const StmtParents &Parents,
                               const ASTContext &Ctx, bool ZeroIsSuccess,
                               bool ThroughStore) {
  CallStatement Result;
  const Stmt *Child = nullptr;
  const Expr *Tested = Call;
  const VarDecl *Stored =
      ThroughStore ? storingLocal(Call, Parents, Tested) : nullptr;
  const auto *Cmp = llvm::dyn_cast_or_null<BinaryOperator>(
      skipParensAndCasts(Tested, Parents, Child));
  const BinaryOperator *Or = nullptr;
  const IfStmt *If = nullptr;
  if (Cmp && Cmp->isComparisonOp()) {
    const Expr *Other = Cmp->getLHS()->IgnoreParenCasts() == Tested
                            ? Cmp->getRHS()
                            : Cmp->getLHS();
    if (!Other->HasSideEffects(Ctx))
      If = joinedFailureTest(Cmp, Parents, Or, &Result.Carrier);
  } else if (ZeroIsSuccess) {
    If = joinedFailureTest(Call, Parents, Or, &Result.Carrier);
  }
  if (!If)
    return Result;
  Result.K = CallStatement::ErrorChecked;
  Result.Statement = If;
  Result.JoinedOr = Or;
  Result.Stored = Stored;
  Result.Block = llvm::dyn_cast_or_null<CompoundStmt>(Parents.getParent(If));
  return Result;
}

namespace {

/// \p S without what does not change what it does: parentheses, implicit
/// casts, a block of one statement, a do { } while (0) macro.
const Stmt *bare(const Stmt *S) {
  while (S) {
    if (const auto *E = llvm::dyn_cast<Expr>(S);
        E && E->IgnoreParenImpCasts() != E)
      S = E->IgnoreParenImpCasts();
    else if (const auto *Block = llvm::dyn_cast<CompoundStmt>(S);
             Block && Block->size() == 1)
      S = Block->body_front();
    else if (isStatementMacro(S))
      S = llvm::cast<DoStmt>(S)->getBody();
    else
      return S;
  }
  return S;
}

/// \p S as written, without blanks and braces.
std::string compactText(const Stmt *S, const ASTContext &Ctx) {
  std::string Out;
  for (char C :
       Lexer::getSourceText(CharSourceRange::getTokenRange(S->getSourceRange()),
                            Ctx.getSourceManager(), Ctx.getLangOpts()))
    if (!isspace(static_cast<unsigned char>(C)) && C != '{' && C != '}')
      Out += C;
  return Out;
}

/// Whether \p A and \p B do the same: the same tree, parentheses, blocks of
/// one statement and do-while(0) macros aside, a helper that only passes a
/// call on taken for that call. A kind of node this does not know compares
/// by its text.
bool sameCode(const Stmt *A, const Stmt *B, const ASTContext &Ctx) {
  A = bare(A);
  B = bare(B);
  if (!A || !B)
    return A == B;
  if (A->getStmtClass() != B->getStmtClass())
    return false;
  if (const auto *CallA = llvm::dyn_cast<CallExpr>(A)) {
    const auto *CallB = llvm::cast<CallExpr>(B);
    const FunctionDecl *FA = forwardedCallee(calleeOf(CallA));
    const FunctionDecl *FB = forwardedCallee(calleeOf(CallB));
    if (!FA || !FB || FA->getCanonicalDecl() != FB->getCanonicalDecl() ||
        CallA->getNumArgs() != CallB->getNumArgs())
      return false;
    for (unsigned I = 0; I < CallA->getNumArgs(); ++I)
      if (!sameCode(CallA->getArg(I), CallB->getArg(I), Ctx))
        return false;
    return true;
  }
  if (const auto *RefA = llvm::dyn_cast<DeclRefExpr>(A))
    return RefA->getDecl()->getCanonicalDecl() ==
           llvm::cast<DeclRefExpr>(B)->getDecl()->getCanonicalDecl();
  if (const auto *OpA = llvm::dyn_cast<BinaryOperator>(A)) {
    if (OpA->getOpcode() != llvm::cast<BinaryOperator>(B)->getOpcode())
      return false;
  } else if (const auto *OpA = llvm::dyn_cast<UnaryOperator>(A)) {
    if (OpA->getOpcode() != llvm::cast<UnaryOperator>(B)->getOpcode())
      return false;
  } else if (const auto *MemberA = llvm::dyn_cast<MemberExpr>(A)) {
    const auto *MemberB = llvm::cast<MemberExpr>(B);
    if (MemberA->getMemberDecl() != MemberB->getMemberDecl() ||
        MemberA->isArrow() != MemberB->isArrow())
      return false;
  } else if (!llvm::isa<ReturnStmt, CompoundStmt, IfStmt, NullStmt, BreakStmt,
                        ContinueStmt, ArraySubscriptExpr, ConditionalOperator>(
                 A)) {
    // Literals, casts, gotos...: their own data is in their text.
    return compactText(A, Ctx) == compactText(B, Ctx);
  }
  auto ChildrenA = A->children(), ChildrenB = B->children();
  auto ItB = ChildrenB.begin();
  for (const Stmt *ChildA : ChildrenA) {
    if (ItB == ChildrenB.end() || !sameCode(ChildA, *ItB, Ctx))
      return false;
    ++ItB;
  }
  return ItB == ChildrenB.end();
}

} // namespace

bool sameErrorHandling(const IfStmt *A, const IfStmt *B,
                       const ASTContext &Ctx) {
  return A->getThen() && B->getThen() &&
         sameCode(A->getThen(), B->getThen(), Ctx);
}

bool onlyFails(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *E = llvm::dyn_cast<Expr>(S)) // `throw T(...)` has cleanups
    S = E->IgnoreImplicit();
  if (llvm::isa<ReturnStmt, GotoStmt, BreakStmt, ContinueStmt, CXXThrowExpr>(S))
    return true;
  if (const auto *Call = llvm::dyn_cast<CallExpr>(S))
    return callNeverReturns(Call);
  if (const auto *Block = llvm::dyn_cast<CompoundStmt>(S))
    return !Block->body_empty() && onlyFails(Block->body_back());
  if (const auto *Do = llvm::dyn_cast<DoStmt>(S)) // a do { } while (0) macro
    return onlyFails(Do->getBody());
  return false;
}

namespace {

/// Whether \p DS only declares variables and gives them no value.
bool declaresOnly(const Stmt *S) {
  const auto *DS = llvm::dyn_cast<DeclStmt>(S);
  return DS && llvm::all_of(DS->decls(), [](const Decl *D) {
           const auto *V = llvm::dyn_cast<VarDecl>(D);
           return V && !V->hasInit() && !V->getType()->isVariableArrayType();
         });
}

/// The variable \p Cond tests, or the assignment it tests (`(v = E) < 0`,
/// `!(v = E)`, `v == NULL`).
const Expr *testedOperand(const Expr *Cond) {
  Cond = Cond->IgnoreParenCasts();
  if (const auto *Not = llvm::dyn_cast<UnaryOperator>(Cond);
      Not && Not->getOpcode() == UO_LNot)
    return Not->getSubExpr()->IgnoreParenCasts();
  if (const auto *Cmp = llvm::dyn_cast<BinaryOperator>(Cond);
      Cmp && Cmp->isComparisonOp())
    return Cmp->getLHS()->IgnoreParenCasts();
  return Cond;
}

const IfStmt *simpleIf(const Stmt *S) {
  const auto *If = llvm::dyn_cast_or_null<IfStmt>(S);
  return If && !If->getElse() && !If->getInit() && !If->getConditionVariable()
             ? If
             : nullptr;
}

} // namespace

CompoundStmt::const_body_iterator
nextEffective(const CompoundStmt *Block, CompoundStmt::const_body_iterator It) {
  while (It != Block->body_end() && declaresOnly(*It))
    ++It;
  return It;
}

std::optional<CheckedStore>
checkedStoreAt(const CompoundStmt *Block,
               CompoundStmt::const_body_iterator It) {
  It = nextEffective(Block, It);
  if (It == Block->body_end())
    return std::nullopt;
  CheckedStore Store;
  const Stmt *S = *It;
  if (const auto *If = simpleIf(S)) {
    const auto *Assign =
        llvm::dyn_cast<BinaryOperator>(testedOperand(If->getCond()));
    if (!Assign || Assign->getOpcode() != BO_Assign)
      return std::nullopt;
    Store.Var = referencedVar(Assign->getLHS());
    Store.Value = Assign->getRHS();
    Store.Check = If;
    Store.Test = If->getCond();
    return Store.Var ? std::optional(Store) : std::nullopt;
  }
  if (const auto *DS = llvm::dyn_cast<DeclStmt>(S); DS && DS->isSingleDecl()) {
    Store.Var = llvm::dyn_cast<VarDecl>(DS->getSingleDecl());
    Store.Value = Store.Var ? Store.Var->getInit() : nullptr;
  } else if (const auto *BO = llvm::dyn_cast<BinaryOperator>(S);
             BO && BO->getOpcode() == BO_Assign) {
    Store.Var = referencedVar(BO->getLHS());
    Store.Value = BO->getRHS();
  }
  if (!Store.Var || !Store.Value)
    return std::nullopt;
  if (++It == Block->body_end())
    return Store;
  // `int bad = !!(fd < 0); if (bad)`: the flag carries the test.
  const Stmt *Carrier = nullptr;
  const IfStmt *If = simpleIf(*It);
  if (!If && std::next(It) != Block->body_end()) {
    If = simpleIf(*std::next(It));
    Carrier = *It;
  }
  const Expr *Test = If ? testedValue(If, Carrier) : nullptr;
  if (!Test || (Carrier && Test == If->getCond()))
    return Store;
  if (refersTo(testedOperand(Test), Store.Var) || [&] {
        const auto *Cmp =
            llvm::dyn_cast<BinaryOperator>(Test->IgnoreParenCasts());
        return Cmp && Cmp->isComparisonOp() &&
               refersTo(Cmp->getRHS(), Store.Var);
      }()) {
    Store.Check = If;
    Store.Test = Test;
    Store.Carrier = Carrier;
  }
  return Store;
}

} // namespace clang::tidy::syscall
