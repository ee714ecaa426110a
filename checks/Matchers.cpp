//===--- Matchers.cpp - Matchers shared by the checks --------------------===//

#include "Matchers.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

namespace clang::tidy::syscall {

bool inNestedCallable(const Stmt *Node, const FunctionDecl *Func,
                      ASTContext &Ctx) {
  using namespace ast_matchers;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = Node->getBeginLoc();
  for (const BoundNodes &N :
       match(findAll(expr(anyOf(lambdaExpr(), blockExpr())).bind("nested")),
             *Func->getBody(), Ctx)) {
    SourceRange R = N.getNodeAs<Expr>("nested")->getSourceRange();
    if (!SM.isBeforeInTranslationUnit(Loc, R.getBegin()) &&
        !SM.isBeforeInTranslationUnit(R.getEnd(), Loc))
      return true;
  }
  return false;
}

} // namespace clang::tidy::syscall
