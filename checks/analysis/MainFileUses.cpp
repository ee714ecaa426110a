//===--- MainFileUses.cpp - Where a declaration is used in the main file -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "MainFileUses.h"

namespace clang::tidy::syscall {

const MainFileUses &MainFileIndex::of(const ValueDecl *D) const {
  static const MainFileUses None;
  auto It = Uses.find(D);
  return It == Uses.end() ? None : It->second;
}

const InitListExpr *completedForm(const InitListExpr *List) {
  return List && !List->isSemanticForm() ? List->getSemanticForm() : List;
}

void forEachInitialisedField(
    const InitListExpr *List, llvm::DenseSet<const InitListExpr *> &Seen,
    llvm::function_ref<void(const FieldDecl *, const Expr *)> Each) {
  List = completedForm(List);
  if (!List || !Seen.insert(List).second)
    return;
  // An array's elements that no initialiser names (`{[4] = x}`) are null.
  auto Nested = [&](const Expr *Init) {
    if (const auto *Inner =
            Init ? llvm::dyn_cast<InitListExpr>(Init->IgnoreParens()) : nullptr)
      forEachInitialisedField(Inner, Seen, Each);
  };
  if (List->getType()->isArrayType()) {
    for (const Expr *Element : List->inits())
      Nested(Element);
    return;
  }
  const auto *Record = List->getType()->getAsRecordDecl();
  if (!Record || Record->isUnion())
    return;
  unsigned I = 0;
  for (const FieldDecl *Field : Record->fields()) {
    if (I >= List->getNumInits())
      break;
    const Expr *Init = List->getInit(I++);
    if (!Init || llvm::isa<ImplicitValueInitExpr>(Init))
      continue;
    Each(Field, Init);
    Nested(Init);
  }
}

} // namespace clang::tidy::syscall
