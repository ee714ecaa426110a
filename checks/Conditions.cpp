//===--- Conditions.cpp - What a branch edge tells about a condition -----===//

#include "Conditions.h"
#include "FdTracking.h"

namespace clang::tidy::syscall {

bool edgeImplies(const Expr *Cond, bool Branch,
                 llvm::function_ref<bool(const Expr *, bool)> Atom) {
  Cond = Cond->IgnoreParenImpCasts();
  if (Atom(Cond, Branch))
    return true;
  if (const auto *UO = llvm::dyn_cast<UnaryOperator>(Cond))
    return UO->getOpcode() == UO_LNot &&
           edgeImplies(UO->getSubExpr(), !Branch, Atom);
  const auto *BO = llvm::dyn_cast<BinaryOperator>(Cond);
  if (BO && BO->getOpcode() == BO_LAnd && Branch)
    return edgeImplies(BO->getLHS(), true, Atom) ||
           edgeImplies(BO->getRHS(), true, Atom);
  if (BO && BO->getOpcode() == BO_LOr && !Branch)
    return edgeImplies(BO->getLHS(), false, Atom) ||
           edgeImplies(BO->getRHS(), false, Atom);
  return false;
}

std::optional<int64_t> maskOf(const Expr *E,
                              llvm::function_ref<bool(const Expr *)> IsSubject,
                              ASTContext &Ctx) {
  const auto *BO = llvm::dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
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
