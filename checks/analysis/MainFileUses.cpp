//===--- MainFileUses.cpp - Where a declaration is used in the main file -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "MainFileUses.h"
#include "FdTracking.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::syscall {

namespace {

/// Every use of every declaration in the main file, in one walk.
class UseIndexer : public RecursiveASTVisitor<UseIndexer> {
public:
  UseIndexer(ASTContext &Ctx,
             llvm::DenseMap<const ValueDecl *, MainFileUses> &Uses)
      : SM(Ctx.getSourceManager()), Uses(Uses) {}

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    if (!llvm::isa<TranslationUnitDecl>(D) && D->getLocation().isValid() &&
        !SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      return true; // headers
    const FunctionDecl *Saved = Function;
    if (const auto *FD = llvm::dyn_cast<FunctionDecl>(D))
      Function = FD;
    bool Result = RecursiveASTVisitor::TraverseDecl(D);
    Function = Saved;
    return Result;
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    Uses[Ref->getDecl()].References.push_back(Ref);
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    if (const auto *Callee =
            llvm::dyn_cast_or_null<ValueDecl>(Call->getCalleeDecl()))
      Uses[Callee].Calls.push_back({Call, Function});
    llvm::SmallVector<const ValueDecl *, 4> Seen;
    for (const Expr *Arg : Call->arguments())
      if (const auto *Ref =
              llvm::dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts()))
        if (!llvm::is_contained(Seen, Ref->getDecl())) {
          Seen.push_back(Ref->getDecl());
          Uses[Ref->getDecl()].ArgumentOf.push_back({Call, Function});
        }
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      if (const auto *Ref =
              llvm::dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
        Uses[Ref->getDecl()].Assignments.push_back(BO);
    return true;
  }

  bool VisitMemberExpr(MemberExpr *Member) {
    if (llvm::isa<FieldDecl>(Member->getMemberDecl()))
      Uses[Member->getMemberDecl()].Members.push_back({Member, Function});
    return true;
  }

  bool VisitInitListExpr(InitListExpr *List) {
    forEachInitialisedField(
        List, [&](const FieldDecl *Field, const Expr *Init) {
          Uses[Field].Initialisers.push_back({Init, Function});
        });
    return true;
  }

  bool TraverseConstructorInitializer(CXXCtorInitializer *Init) {
    if (Init->isMemberInitializer() && Init->getInit())
      Uses[Init->getMember()].Initialisers.push_back(
          {Init->getInit(), Function});
    return RecursiveASTVisitor::TraverseConstructorInitializer(Init);
  }

private:
  const SourceManager &SM;
  llvm::DenseMap<const ValueDecl *, MainFileUses> &Uses;
  const FunctionDecl *Function = nullptr;
};

} // namespace

MainFileIndex::MainFileIndex(ASTContext &Ctx) {
  UseIndexer Indexer(Ctx, Uses);
  Indexer.TraverseDecl(Ctx.getTranslationUnitDecl());
}

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
