//===--- Forwarding.cpp - Calls of helpers that only pass a call on ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Forwarding.h"
#include "FdTracking.h"
#include "StatementShape.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

namespace clang::tidy::syscall {

const CallExpr *passedOnCall(const FunctionDecl *Def) {
  if (Def->isVariadic() || llvm::isa<CXXMethodDecl>(Def) ||
      Def->isTemplated() || Def->isTemplateInstantiation())
    return nullptr;
  // The body's one statement, empty statements aside, seen through a
  // do { } while (0) macro of one statement.
  const auto *Body = llvm::dyn_cast_or_null<CompoundStmt>(Def->getBody());
  const Stmt *Only = nullptr;
  for (const Stmt *S = Body; S;) {
    const auto *Block = llvm::dyn_cast<CompoundStmt>(S);
    if (!Block) {
      Only = S;
      break;
    }
    const Stmt *Single = nullptr;
    for (const Stmt *Child : Block->body())
      if (!llvm::isa<NullStmt>(Child)) {
        if (Single)
          return nullptr;
        Single = Child;
      }
    S = Single && isStatementMacro(Single)
            ? llvm::cast<DoStmt>(Single)->getBody()
            : Single;
    if (S == Single) {
      Only = S;
      break;
    }
  }
  if (!Only)
    return nullptr;
  const Expr *Value = nullptr;
  if (const auto *Ret = llvm::dyn_cast<ReturnStmt>(Only))
    Value = Ret->getRetValue();
  else if (Def->getReturnType()->isVoidType())
    Value = llvm::dyn_cast<Expr>(Only);
  const auto *Call =
      Value ? llvm::dyn_cast<CallExpr>(Value->IgnoreParenCasts()) : nullptr;
  const FunctionDecl *Target = Call ? Call->getDirectCallee() : nullptr;
  if (!Target || Target->getCanonicalDecl() == Def->getCanonicalDecl() ||
      Def->getASTContext().getSourceManager().isInSystemHeader(
          Def->getLocation()) ||
      llvm::isa<CXXMethodDecl>(Target) ||
      Call->getNumArgs() != Def->getNumParams())
    return nullptr;
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    const auto *Ref =
        llvm::dyn_cast<DeclRefExpr>(Call->getArg(I)->IgnoreParenImpCasts());
    if (!Ref || Ref->getDecl() != Def->getParamDecl(I))
      return nullptr;
  }
  return Call;
}

const FunctionDecl *forwardedCallee(const FunctionDecl *Func) {
  // A few helpers deep is what code writes; the bound ends a cycle.
  for (unsigned Depth = 0; Func && Depth < 8; ++Depth) {
    const FunctionDecl *Def = Func->getDefinition();
    const CallExpr *Call = Def ? passedOnCall(Def) : nullptr;
    const FunctionDecl *Next = Call ? Call->getDirectCallee() : nullptr;
    if (!Next)
      return Func;
    Func = Next;
  }
  return Func;
}

bool makesCall(const Stmt *S, llvm::StringRef Name) {
  if (!S)
    return false;
  if (const auto *Call = llvm::dyn_cast<CallExpr>(S);
      Call && calleeName(Call) == Name)
    return true;
  return llvm::any_of(
      S->children(), [&](const Stmt *Child) { return makesCall(Child, Name); });
}

bool callNeverReturns(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  return Callee &&
         (Callee->isNoReturn() || forwardedCallee(Callee)->isNoReturn());
}

} // namespace clang::tidy::syscall
