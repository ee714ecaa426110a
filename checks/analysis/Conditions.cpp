//===--- Conditions.cpp - What a branch edge tells about a condition -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "Conditions.h"
#include "FdTracking.h"
#include "FunctionSummary.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::syscall {

namespace {

bool isZero(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *Int = llvm::dyn_cast<IntegerLiteral>(E))
    return Int->getValue() == 0;
  if (const auto *Bool = llvm::dyn_cast<CXXBoolLiteralExpr>(E))
    return !Bool->getValue();
  return false;
}

} // namespace

bool edgeImplies(const Expr *Cond, bool Branch,
                 llvm::function_ref<bool(const Expr *, bool)> Atom,
                 ASTContext *Ctx) {
  Cond = Cond->IgnoreParenCasts();
  if (Atom(Cond, Branch))
    return true;
  if (const auto *UO = llvm::dyn_cast<UnaryOperator>(Cond))
    return UO->getOpcode() == UO_LNot &&
           edgeImplies(UO->getSubExpr(), !Branch, Atom, Ctx);
  const auto *BO = llvm::dyn_cast<BinaryOperator>(Cond);
  if (BO && BO->getOpcode() == BO_LAnd && Branch)
    return edgeImplies(BO->getLHS(), true, Atom, Ctx) ||
           edgeImplies(BO->getRHS(), true, Atom, Ctx);
  if (BO && BO->getOpcode() == BO_LOr && !Branch)
    return edgeImplies(BO->getLHS(), false, Atom, Ctx) ||
           edgeImplies(BO->getRHS(), false, Atom, Ctx);
  // `(test) != 0`, `0 == (test)`, `(test) == false`: the test itself.
  if (BO && BO->isEqualityOp())
    for (auto [Test, Zero] : {std::pair(BO->getLHS(), BO->getRHS()),
                              std::pair(BO->getRHS(), BO->getLHS())})
      if (isZero(Zero))
        return edgeImplies(Test, BO->getOpcode() == BO_NE ? Branch : !Branch,
                           Atom, Ctx);
  // A local that holds the test: `bool read_only = (...) == O_RDONLY;`.
  // Or `bool read_only; read_only = ...;`, stored once.
  const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Cond);
  const auto *Var = Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const Expr *Value =
      Ctx && Var ? FunctionSummaries::of(*Ctx).soleValue(Var) : nullptr;
  return Value && edgeImplies(Value, Branch, Atom, Ctx);
}

std::optional<int64_t> constantValue(const Expr *E, ASTContext &Ctx) {
  if (E->isValueDependent())
    return std::nullopt;
  if (E->getType()->isPointerType() &&
      E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return 0;
  return foldInteger(E, Ctx);
}

static bool holds(BinaryOperatorKind Op, int64_t L, int64_t R) {
  switch (Op) {
  case BO_LT:
    return L < R;
  case BO_GT:
    return L > R;
  case BO_LE:
    return L <= R;
  case BO_GE:
    return L >= R;
  case BO_EQ:
    return L == R;
  case BO_NE:
    return L != R;
  default:
    return true;
  }
}

bool edgeRulesOut(const Expr *Cond, bool Branch,
                  llvm::function_ref<bool(const Expr *)> IsSubject,
                  int64_t Value, ASTContext &Ctx) {
  return edgeImplies(
      Cond, Branch,
      [&](const Expr *Term, bool Taken) {
        if (IsSubject(Term)) // `if (fp)`: the subject is not (or is) zero
          return Taken ? Value == 0 : Value != 0;
        const auto *BO = llvm::dyn_cast<BinaryOperator>(Term);
        // Compared as signed values only: `-1` is huge to an unsigned test.
        if (!BO || !BO->isComparisonOp() ||
            BO->getLHS()->getType()->isUnsignedIntegerType())
          return false;
        BinaryOperatorKind Op = BO->getOpcode();
        const Expr *Other = BO->getRHS();
        if (IsSubject(BO->getRHS())) {
          Op = BinaryOperator::reverseComparisonOp(Op);
          Other = BO->getLHS();
        } else if (!IsSubject(BO->getLHS())) {
          return false;
        }
        std::optional<int64_t> K = constantValue(Other, Ctx);
        if (!K)
          return false;
        if (!Taken)
          Op = BinaryOperator::negateComparisonOp(Op);
        return !holds(Op, Value, *K);
      },
      &Ctx);
}

std::optional<int64_t> maskOf(const Expr *E,
                              llvm::function_ref<bool(const Expr *)> IsSubject,
                              ASTContext &Ctx) {
  const auto *BO = llvm::dyn_cast<BinaryOperator>(E->IgnoreParenCasts());
  if (!BO || BO->getOpcode() != BO_And)
    return std::nullopt;
  if (IsSubject(BO->getLHS()))
    return foldInteger(BO->getRHS(), Ctx);
  if (IsSubject(BO->getRHS()))
    return foldInteger(BO->getLHS(), Ctx);
  return std::nullopt;
}

bool matchEquality(const BinaryOperator *BO,
                   llvm::function_ref<bool(const Expr *, const Expr *)> Match) {
  return BO->isEqualityOp() && (Match(BO->getLHS(), BO->getRHS()) ||
                                Match(BO->getRHS(), BO->getLHS()));
}

} // namespace clang::tidy::syscall
