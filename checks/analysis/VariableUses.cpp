//===--- VariableUses.cpp - Where each variable of a function is used ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "VariableUses.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace clang::tidy::syscall {

namespace {

class DeclarationUseIndexer
    : public RecursiveASTVisitor<DeclarationUseIndexer> {
public:
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    Uses[Ref->getDecl()].push_back(Ref);
    return true;
  }
  bool VisitCompoundAssignOperator(CompoundAssignOperator *Op) {
    changed(Op->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *Op) {
    if (Op->isIncrementDecrementOp())
      changed(Op->getSubExpr());
    return true;
  }
  void changed(const Expr *E) {
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(E->IgnoreParenCasts()))
      ChangedInPlace.insert(Ref->getDecl());
  }
  bool VisitDeclStmt(DeclStmt *DS) {
    if (DS->isSingleDecl())
      if (const auto *Var = llvm::dyn_cast<VarDecl>(DS->getSingleDecl()))
        SoleDeclarations.try_emplace(Var, DS);
    return true;
  }
  llvm::DenseMap<const ValueDecl *, VariableUses::UseList> Uses;
  llvm::DenseMap<const VarDecl *, const DeclStmt *> SoleDeclarations;
  llvm::DenseSet<const ValueDecl *> ChangedInPlace;
};

} // namespace

VariableUses::VariableUses(const Stmt *Body) {
  DeclarationUseIndexer Indexer;
  Indexer.TraverseStmt(const_cast<Stmt *>(Body));
  Uses = std::move(Indexer.Uses);
  SoleDeclarations = std::move(Indexer.SoleDeclarations);
  ChangedInPlace = std::move(Indexer.ChangedInPlace);
}

llvm::ArrayRef<const DeclRefExpr *> VariableUses::of(const ValueDecl *D) const {
  auto It = Uses.find(D);
  if (It == Uses.end())
    return {};
  return It->second;
}

size_t VariableUses::memoryBytes() const {
  size_t Bytes = Uses.getMemorySize() + SoleDeclarations.getMemorySize() +
                 ChangedInPlace.getMemorySize();
  // A list past its inline room is on the heap.
  for (const auto &[Decl, Refs] : Uses)
    if (Refs.capacity() > InlineUses)
      Bytes += Refs.capacity() * sizeof(const DeclRefExpr *);
  return Bytes;
}

} // namespace clang::tidy::syscall
