//===--- SeekWriteShapes.cpp - A write after a seek, in code's shapes ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "SeekWriteShapes.h"
#include "Conditions.h"
#include "FdTracking.h"
#include "FlowAnalysis.h"
#include "StatementShape.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::syscall {

namespace {

/// Whether \p Loop only runs its call again while it fails with EINTR
/// (TEMP_FAILURE_RETRY, OpenJDK's RESTARTABLE): `r == -1 && errno == EINTR`,
/// a conjunction, so that nothing but a failed attempt (which wrote nothing,
/// so relies on no offset) runs the call again; a short write does not.
bool onlyRetriesOnEintr(const Stmt *Loop, const PosixConstants &Constants,
                        ASTContext &Ctx) {
  if (!llvm::isa<DoStmt, WhileStmt>(Loop))
    return false;
  const Expr *Cond = llvm::isa<DoStmt>(Loop)
                         ? llvm::cast<DoStmt>(Loop)->getCond()
                         : llvm::cast<WhileStmt>(Loop)->getCond();
  const auto *And = llvm::dyn_cast<BinaryOperator>(Cond->IgnoreParenCasts());
  if (!And || And->getOpcode() != BO_LAnd ||
      !match(findAll(binaryOperator(hasOperatorName("||"))), *Cond, Ctx)
           .empty())
    return false;
  bool TestsEintr = false;
  for (const BoundNodes &N :
       match(findAll(binaryOperator(isComparisonOperator()).bind("cmp")), *Cond,
             Ctx)) {
    const auto *Cmp = N.getNodeAs<BinaryOperator>("cmp");
    for (const Expr *Side : {Cmp->getLHS(), Cmp->getRHS()})
      if (foldInteger(Side, Ctx) == Constants.get("EINTR"))
        TestsEintr = true;
  }
  return TestsEintr;
}

} // namespace

bool impliesAppendBit(const Expr *Cond, bool Branch,
                      llvm::function_ref<bool(const Expr *)> IsFlags,
                      int64_t Append, bool Set, ASTContext &Ctx) {
  auto IsAppendMask = [&](const Expr *E) {
    return maskOf(E, IsFlags, Ctx) == Append;
  };
  // `(flags & O_APPEND) == 0` is true where the bit is clear; a bare
  // `flags & O_APPEND` where it is set.
  return edgeImplies(
      Cond, Branch,
      [&](const Expr *Term, bool Value) {
        const auto *BO = llvm::dyn_cast<BinaryOperator>(Term);
        if (BO && matchEquality(BO, [&](const Expr *Masked, const Expr *Zero) {
              return IsAppendMask(Masked) && foldInteger(Zero, Ctx) == 0;
            }))
          return ((BO->getOpcode() == BO_EQ) == Value) != Set;
        return Value == Set && IsAppendMask(Term);
      },
      &Ctx);
}

/// Whether \p Call, met again on a path from itself, is run again only by
/// an EINTR retry loop: the innermost loops around it only retry, and a
/// loop around those (a loop over records) sets the offset before each
/// write (\p SeeksFirst).
bool retriedOnEintr(const CallExpr *Call, const StmtParents &Parents,
                    const PosixConstants &Constants, ASTContext &Ctx,
                    llvm::function_ref<bool(const Stmt *)> SeeksFirst) {
  bool Retried = false;
  for (const Stmt *S = Parents.getParent(Call); S; S = Parents.getParent(S)) {
    if (!isLoop(S) || isStatementMacro(S))
      continue;
    if (!onlyRetriesOnEintr(S, Constants, Ctx))
      return Retried && SeeksFirst(S);
    Retried = true;
  }
  return Retried;
}

/// `lseek(fd, 0, SEEK_CUR); if (errno == ESPIPE) ...`: the call is made for
/// the errno it leaves, which the next statement reads.
bool errnoReadNext(const CallStatement &St, ASTContext &Ctx) {
  if (!St.Block)
    return false;
  const auto *It = FunctionCache::positionIn(St.Block, St.Statement, Ctx);
  if (It == St.Block->body_end() || ++It == St.Block->body_end())
    return false;
  // Only errno is read there: another call would set errno itself.
  bool ReadsErrno = false;
  for (const BoundNodes &N : match(findAll(callExpr().bind("c")), **It, Ctx)) {
    if (!isErrnoCall(N.getNodeAs<CallExpr>("c")))
      return false;
    ReadsErrno = true;
  }
  return ReadsErrno;
}

/// Whether \p Write is the first statement of \p If's else and always runs
/// there.
static bool firstOfElse(const IfStmt *If, const CallExpr *Write,
                        const StmtParents &Parents) {
  const Stmt *Else = If->getElse();
  if (!Else)
    return false;
  const Stmt *First = Else;
  if (const auto *Block = llvm::dyn_cast<CompoundStmt>(Else))
    First = Block->body_empty() ? nullptr : Block->body_front();
  const Stmt *Top = Write;
  while (Top && Top != First && Top != Else)
    Top = Parents.getParent(Top);
  return Top == First && alwaysEvaluated(Write, Top, Parents);
}

const IfStmt *seekWithWriteInElse(const CallExpr *Seek, const CallExpr *Write,
                                  const StmtParents &Parents) {
  const IfStmt *If = comparingIf(Seek, Parents);
  return If && firstOfElse(If, Write, Parents) ? If : nullptr;
}

namespace {

/// \p Call's test, the comparison or `!` around it (the outermost of its
/// parentheses and casts in \p Test), and what holds that.
const Stmt *testAround(const CallExpr *Call, const StmtParents &Parents,
                       const Stmt *&Test) {
  // `(r = lseek(...)) < 0` tests the call's value too.
  const Expr *Value = retriedValue(Call, Parents);
  if (Value == Call)
    storingLocal(Call, Parents, Value);
  const Stmt *Up = skipParensAndCasts(Value, Parents, Test);
  const auto *Cmp = llvm::dyn_cast_or_null<BinaryOperator>(Up);
  const auto *Not = llvm::dyn_cast_or_null<UnaryOperator>(Up);
  if ((Cmp && Cmp->isComparisonOp()) || (Not && Not->getOpcode() == UO_LNot))
    Up = skipParensAndCasts(Up, Parents, Test);
  return Up;
}

/// Whether \p E only reads variables and constants (`!write_error`, `n >
/// 0`): no call, no store.
bool onlyReads(const Stmt *E) {
  if (const auto *Op = llvm::dyn_cast<UnaryOperator>(E);
      Op && Op->isIncrementDecrementOp())
    return false;
  if (const auto *Op = llvm::dyn_cast<BinaryOperator>(E);
      Op && Op->isAssignmentOp())
    return false;
  if (!llvm::isa<DeclRefExpr, IntegerLiteral, CharacterLiteral, ParenExpr,
                 ImplicitCastExpr, CStyleCastExpr, UnaryOperator,
                 BinaryOperator, MemberExpr>(E))
    return false;
  return llvm::all_of(E->children(),
                      [](const Stmt *C) { return onlyReads(C); });
}

/// The `if` whose condition is \p Or, or a flag that carries it (`int bad
/// = !!(...); if (bad)`, the flag's statement in \p Carrier, then in a
/// block), with no init or variable; null otherwise. Earlier tests may come
/// before it (`a || (seek || write)`), a test that only reads beside it (`(seek
/// || write) && !write_error`). (An else is taken where the test is false
/// either way: one pwrite fails where the seek or the write would have.)
const IfStmt *plainIfTesting(const BinaryOperator *Or,
                             const StmtParents &Parents, const Stmt *&Carrier) {
  const Stmt *Cond = nullptr;
  const Stmt *Up = skipParensAndCasts(Or, Parents, Cond);
  const BinaryOperator *Tested = Or;
  // `a || (seek || write)` fails where `(a || seek) || write` does.
  for (const auto *Outer = llvm::dyn_cast_or_null<BinaryOperator>(Up);
       Outer && Outer->getOpcode() == BO_LOr && Outer->getRHS() == Cond;
       Outer = llvm::dyn_cast_or_null<BinaryOperator>(Up)) {
    Tested = Outer;
    Up = skipParensAndCasts(Outer, Parents, Cond);
  }
  if (const auto *And = llvm::dyn_cast_or_null<BinaryOperator>(Up);
      And && And->getOpcode() == BO_LAnd &&
      onlyReads(And->getLHS() == Cond ? And->getRHS() : And->getLHS())) {
    Tested = And;
    Up = skipParensAndCasts(And, Parents, Cond);
  }
  const auto *If = llvm::dyn_cast_or_null<IfStmt>(Up);
  if (!If || If->getCond() != Cond)
    If = flagTest(Tested, Parents, Carrier);
  // A flag's statement comes right before the if in their block; an if of
  // its own may be a loop's body or a branch (`for (...) if (...) break;`).
  if (!If || If->getInit() || If->getConditionVariable() ||
      (Carrier && !llvm::isa_and_nonnull<CompoundStmt>(Parents.getParent(If))))
    return nullptr;
  return If;
}

/// testAround(\p Seek), past an `||` that ends in the seek's test (`a ||
/// lseek(...) < 0`): then \p Before is that `||`, \p Test the outermost of
/// its parentheses, and the parent returned the one above them.
const Stmt *testAroundJoined(const CallExpr *Seek, const StmtParents &Parents,
                             const Stmt *&Test, const BinaryOperator *&Before) {
  const Stmt *Up = testAround(Seek, Parents, Test);
  Before = llvm::dyn_cast_or_null<BinaryOperator>(Up);
  if (!Before || Before->getOpcode() != BO_LOr || Before->getRHS() != Test) {
    Before = nullptr;
    return Up;
  }
  return skipParensAndCasts(Before, Parents, Test);
}

} // namespace

/// For `if ((lseek(...) < 0) || (write(...) != n)) fail;`, no else, in a
/// block: the `||`, the seek's test on its left, the write's on its right.
/// The write runs right after a seek that succeeded, as with two `if`s.
const BinaryOperator *seekJoinedWithWrite(const CallExpr *Seek,
                                          const CallExpr *Write,
                                          const StmtParents &Parents,
                                          const BinaryOperator **Earlier) {
  // `a || seek || write` is `(a || seek) || write`.
  const Stmt *SeekTest = nullptr, *WriteTest = nullptr;
  const BinaryOperator *Before = nullptr;
  const auto *Or = llvm::dyn_cast_or_null<BinaryOperator>(
      testAroundJoined(Seek, Parents, SeekTest, Before));
  if (!Or || Or->getOpcode() != BO_LOr || Or->getLHS() != SeekTest ||
      testAround(Write, Parents, WriteTest) != Or || Or->getRHS() != WriteTest)
    return nullptr;
  const Stmt *Carrier = nullptr;
  if (!plainIfTesting(Or, Parents, Carrier))
    return nullptr;
  if (Earlier)
    *Earlier = Before;
  else if (Before)
    return nullptr;
  return Or;
}

const BinaryOperator *seekFlagJoinedWithWrite(const CallExpr *Seek,
                                              const CallExpr *Write,
                                              const StmtParents &Parents,
                                              const Stmt *&Flag,
                                              const BinaryOperator **Earlier) {
  // The flag: `int bad = lseek(...) < 0;`, or `bad = ...;`, and its copies;
  // `int bad = fd < 0 || lseek(...) < 0;` keeps earlier tests too.
  const Stmt *SeekTest = nullptr, *WriteTest = nullptr;
  const BinaryOperator *Before = nullptr;
  testAroundJoined(Seek, Parents, SeekTest, Before);
  std::optional<CarriedFlag> Carried =
      Before && !Earlier ? std::nullopt : carriedFlag(SeekTest, Parents);
  if (!Carried)
    return nullptr;
  // The write's test joined to it: `bad || write(...) < 0`.
  const auto *Or = llvm::dyn_cast_or_null<BinaryOperator>(
      testAround(Write, Parents, WriteTest));
  if (!Or || Or->getOpcode() != BO_LOr || Or->getRHS() != WriteTest ||
      !refersTo(Or->getLHS()->IgnoreParenCasts(), Carried->Flag))
    return nullptr;
  // In the statement right after the flag's (and its copies'): nothing
  // between relies on the offset.
  const Stmt *Carrier = nullptr;
  const IfStmt *If = plainIfTesting(Or, Parents, Carrier);
  if (!If || Carried->Next != (Carrier ? Carrier : If))
    return nullptr;
  Flag = Carried->Carrier;
  if (Earlier)
    *Earlier = Before;
  return Or;
}

bool falseEdgeMeansSeekSucceeded(const Expr *Cond, const CallExpr *Seek,
                                 ASTContext &Ctx) {
  // `(r = lseek(...)) == -1` tests the value stored.
  auto IsSeek = [&](const Expr *E) {
    return underlyingCall(storedValue(E)) == Seek;
  };
  if (edgeRulesOut(Cond, /*Branch=*/false, IsSeek, -1, Ctx))
    return true;
  // A seek to `off` succeeded when it returned `off`.
  return edgeImplies(
      Cond, /*Branch=*/false,
      [&](const Expr *Term, bool Value) {
        const auto *BO =
            llvm::dyn_cast<BinaryOperator>(Term->IgnoreParenCasts());
        return BO &&
               matchEquality(BO,
                             [&](const Expr *A, const Expr *B) {
                               return IsSeek(A) &&
                                      sameValue(B, Seek->getArg(1));
                             }) &&
               (BO->getOpcode() == BO_NE) == !Value;
      },
      &Ctx);
}

/// For `if (c) lseek(...);` (or a block holding only the seek), no else,
/// with \p Write in the statement right after the if, which always runs
/// it: the if. The write then follows the seek on one path and runs
/// without it on the other.
const IfStmt *seekOnOneBranch(const CallExpr *SeekCall,
                              const CallStatement &Seek, const CallExpr *Write,
                              const StmtParents &Parents,
                              const ASTContext &Ctx) {
  // The statement the seek is: `if (c) lseek(...);` has no block.
  const Stmt *Branch = nullptr;
  skipParensAndCasts(SeekCall, Parents, Branch);
  if (Seek.Block) {
    if (Seek.Block->size() != 1 || Seek.Statement != Seek.Block->body_front())
      return nullptr;
    Branch = Seek.Block;
  }
  const auto *If = llvm::dyn_cast_or_null<IfStmt>(Parents.getParent(Branch));
  if (!If || If->getThen() != Branch || If->getElse() || If->getInit() ||
      If->getConditionVariable())
    return nullptr;
  const auto *Block =
      llvm::dyn_cast_or_null<CompoundStmt>(Parents.getParent(If));
  if (!Block)
    return nullptr;
  const Stmt *Top = Write;
  while (Top && Parents.getParent(Top) != Block)
    Top = Parents.getParent(Top);
  auto At = FunctionCache::positionIn(Block, If, Ctx);
  if (!Top || At == Block->body_end())
    return nullptr;
  // The next statement, `ssize_t n;` declarations skipped.
  auto Next = nextEffective(Block, std::next(At));
  if (Next == Block->body_end() || *Next != Top ||
      !alwaysEvaluated(Write, Top, Parents))
    return nullptr;
  return If;
}

bool bothReturnMinusOne(const IfStmt *SeekCheck, const Stmt *Statement,
                        const CallExpr *Transfer, const ASTContext &Ctx) {
  const Stmt *Then = SeekCheck->getThen();
  if (const auto *Block = llvm::dyn_cast<CompoundStmt>(Then))
    Then = Block->size() == 1 ? Block->body_front() : nullptr;
  const auto *Fails = llvm::dyn_cast_or_null<ReturnStmt>(Then);
  const auto *Returns = llvm::dyn_cast_or_null<ReturnStmt>(Statement);
  if (!Fails || !Fails->getRetValue() || !Returns || !Returns->getRetValue() ||
      Returns->getRetValue()->IgnoreParenCasts() != Transfer)
    return false;
  Expr::EvalResult Value;
  return Fails->getRetValue()->EvaluateAsInt(Value, Ctx) &&
         Value.Val.getInt() == -1;
}

const BinaryOperator *appendSkipsSeek(const CallExpr *Seek,
                                      const CallExpr *Write,
                                      const StmtParents &Parents,
                                      int64_t Append, ASTContext &Ctx) {
  const Stmt *Test = nullptr;
  const Stmt *Up = testAround(Seek, Parents, Test);
  const auto *And = llvm::dyn_cast_or_null<BinaryOperator>(Up);
  if (!And || And->getOpcode() != BO_LAnd || And->getRHS() != Test)
    return nullptr;
  // The `if` tests the `&&`, or a flag that keeps it (`int bad = !!(...);
  // if (bad)`).
  const Stmt *Child = nullptr;
  const auto *If =
      llvm::dyn_cast_or_null<IfStmt>(skipParensAndCasts(And, Parents, Child));
  if (If && If->getCond()->IgnoreParenCasts() != And)
    return nullptr;
  const Stmt *Carrier = nullptr;
  if (!If)
    If = flagTest(Child, Parents, Carrier);
  auto AnyFlags = [](const Expr *) { return true; };
  if (!If || !firstOfElse(If, Write, Parents) ||
      !impliesAppendBit(And->getLHS(), true, AnyFlags, Append,
                        /*Set=*/false, Ctx))
    return nullptr;
  return And;
}

} // namespace clang::tidy::syscall
