//===--- MainFileUses.cpp - Where a declaration is used in the main file -===//

#include "MainFileUses.h"
#include "FdTracking.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::syscall {

namespace {

class UseFinder : public RecursiveASTVisitor<UseFinder> {
public:
  UseFinder(const ValueDecl *Target, ASTContext &Ctx)
      : Target(Target), SM(Ctx.getSourceManager()) {}

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
    if (Ref->getDecl() == Target)
      Uses.References.push_back(Ref);
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    if (Call->getCalleeDecl() == Target)
      Uses.Calls.push_back({Call, Function});
    for (const Expr *Arg : Call->arguments())
      if (refersTo(Arg, Target)) {
        Uses.ArgumentOf.push_back({Call, Function});
        break;
      }
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp() && refersTo(BO->getLHS(), Target))
      Uses.Assignments.push_back(BO);
    return true;
  }

  MainFileUses Uses;

private:
  const ValueDecl *Target;
  const SourceManager &SM;
  const FunctionDecl *Function = nullptr;
};

} // namespace

MainFileUses usesInMainFile(const ValueDecl *D, ASTContext &Ctx) {
  UseFinder Finder(D, Ctx);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(Finder.Uses);
}

} // namespace clang::tidy::syscall
