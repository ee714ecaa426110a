//===--- MainFileUses.cpp - Where a declaration is used in the main file -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "MainFileUses.h"

namespace clang::tidy::syscall {

const MainFileUses &MainFileIndex::of(const ValueDecl *D) const {
  static const MainFileUses None;
  auto It = Uses.find(D);
  return It == Uses.end() ? None : It->second;
}

void forEachInitialisedField(
    const InitListExpr *List,
    llvm::function_ref<void(const FieldDecl *, const Expr *)> Each) {
  const auto *Record = List->getType()->getAsRecordDecl();
  if (!Record || Record->isUnion() || !List->isSemanticForm())
    return;
  unsigned I = 0;
  for (const FieldDecl *Field : Record->fields()) {
    if (I >= List->getNumInits())
      break;
    const Expr *Init = List->getInit(I++);
    if (!llvm::isa<ImplicitValueInitExpr>(Init))
      Each(Field, Init);
  }
}

} // namespace clang::tidy::syscall
