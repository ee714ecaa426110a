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
