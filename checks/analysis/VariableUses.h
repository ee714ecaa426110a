//===--- VariableUses.h - Where each variable of a function is used ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One walk of a function body indexes every reference to every variable and
// the statement that declares it, so that a question about one variable
// costs its uses, not the size of the function (generated code has
// thousands of block-scoped descriptors in one function).
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_VARIABLEUSES_H
#define SYSCALL_TIDY_CHECKS_VARIABLEUSES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::syscall {

class VariableUses {
public:
  /// One declaration's references; most have a few.
  static constexpr unsigned InlineUses = 4;
  using UseList = llvm::SmallVector<const DeclRefExpr *, InlineUses>;

  explicit VariableUses(const Stmt *Body);

  /// The references to \p D in the body, in source order.
  llvm::ArrayRef<const DeclRefExpr *> of(const ValueDecl *D) const;

  /// The declaration statement of \p Var when it declares nothing else.
  const DeclStmt *soleDeclaration(const VarDecl *Var) const {
    return SoleDeclarations.lookup(Var);
  }

  /// Whether \p D is changed from its own value (`v += n`, `++v`): an
  /// accumulator, never a descriptor or stream kept as a call returned it.
  bool changedInPlace(const ValueDecl *D) const {
    return ChangedInPlace.contains(D);
  }

  /// The bytes the index holds.
  size_t memoryBytes() const;

private:
  llvm::DenseMap<const ValueDecl *, UseList> Uses;
  llvm::DenseMap<const VarDecl *, const DeclStmt *> SoleDeclarations;
  llvm::DenseSet<const ValueDecl *> ChangedInPlace;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_VARIABLEUSES_H
