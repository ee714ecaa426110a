//===--- StmtParents.cpp - Each statement's parent in one function body --===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "StmtParents.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::syscall {

StmtParents::StmtParents(const Stmt *Root) {
  if (!Root)
    return;
  // A stack, not recursion: an else-if chain thousands deep is one path.
  llvm::SmallVector<const Stmt *, 64> Work{Root};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    for (const Stmt *Child : S->children())
      if (Child && file(Child, S))
        Work.push_back(Child);
    // The expression an opaque value stands for is no child of it; its
    // parent is the first opaque value met, as clang's ParentMap has it.
    if (const auto *Opaque = llvm::dyn_cast<OpaqueValueExpr>(S))
      if (const Expr *Source = Opaque->getSourceExpr())
        if (file(Source, S))
          Work.push_back(Source);
  }
}

bool StmtParents::file(const Stmt *Child, const Stmt *Parent) {
  const intptr_t Bytes =
      reinterpret_cast<intptr_t>(Parent) - reinterpret_cast<intptr_t>(Child);
  const intptr_t Steps = Bytes / 8;
  if (Bytes % 8 == 0 && Steps > FarAway && Steps <= INT32_MAX)
    return Parents.tryEmplace(Child, static_cast<int32_t>(Steps));
  if (!Parents.tryEmplace(Child, FarAway))
    return false;
  Far[Child] = Parent;
  return true;
}

const Stmt *StmtParents::getParentIgnoreParenCasts(const Stmt *S) const {
  do
    S = getParent(S);
  while (S && (llvm::isa<ParenExpr>(S) || llvm::isa<CastExpr>(S)));
  return S;
}

} // namespace clang::tidy::syscall
