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
      if (Child && Parents.tryEmplace(Child, S))
        Work.push_back(Child);
    // The expression an opaque value stands for is no child of it; its
    // parent is the first opaque value met, as clang's ParentMap has it.
    if (const auto *Opaque = llvm::dyn_cast<OpaqueValueExpr>(S))
      if (const Expr *Source = Opaque->getSourceExpr())
        if (Parents.tryEmplace(Source, S))
          Work.push_back(Source);
  }
}

const Stmt *StmtParents::getParentIgnoreParenCasts(const Stmt *S) const {
  do
    S = getParent(S);
  while (S && (llvm::isa<ParenExpr>(S) || llvm::isa<CastExpr>(S)));
  return S;
}

} // namespace clang::tidy::syscall
