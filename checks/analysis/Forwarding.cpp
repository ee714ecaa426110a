//===--- Forwarding.cpp - Calls of helpers that only pass a call on ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Forwarding.h"
#include "CrossUnitFacts.h"
#include "FdTracking.h"
#include "FunctionSummary.h"
#include "StatementShape.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

namespace clang::tidy::syscall {

namespace {

/// The statements of \p Body but empty ones, seen through a do { } while
/// (0) macro that is all of it.
llvm::SmallVector<const Stmt *, 4> statementsOf(const Stmt *Body) {
  llvm::SmallVector<const Stmt *, 4> Out;
  // A helper's body is a few statements: a function's of thousands is
  // no helper, and is not walked for every call it makes.
  const auto *Block = llvm::dyn_cast_or_null<CompoundStmt>(Body);
  if (!Block || Block->size() > 8)
    return Out;
  for (const Stmt *Child : Block->body())
    if (!llvm::isa<NullStmt>(Child))
      Out.push_back(Child);
  if (Out.size() == 1 && isStatementMacro(Out.front())) {
    const Stmt *Inner = llvm::cast<DoStmt>(Out.front())->getBody();
    if (llvm::isa<CompoundStmt>(Inner))
      return statementsOf(Inner);
    Out.front() = Inner;
  }
  return Out;
}

/// The call \p Def passes on (passedOnCall), and in \p Dies whether \p
/// Def exits when it fails: `T r = g(p0, p1); if (r == -1) { perror(...);
/// exit(1); } return r;`.
const CallExpr *passedOn(const FunctionDecl *Def, bool &Dies) {
  Dies = false;
  if (Def->isVariadic() || llvm::isa<CXXMethodDecl>(Def) ||
      Def->isTemplated() || Def->isTemplateInstantiation())
    return nullptr;
  llvm::SmallVector<const Stmt *, 4> Body = statementsOf(Def->getBody());
  const Expr *Value = nullptr;
  if (Body.size() == 1) {
    if (const auto *Ret = llvm::dyn_cast<ReturnStmt>(Body.front()))
      Value = Ret->getRetValue();
    else if (Def->getReturnType()->isVoidType())
      Value = llvm::dyn_cast<Expr>(Body.front());
  } else if (Body.size() >= 3 && Body.size() <= 5 &&
             llvm::isa<IfStmt>(Body[Body.size() - 2])) {
    // `T r = g(...); if (failed) exit; return r;` in any spelling: asked
    // of the summaries, which keep the answer.
    const auto *Ret = llvm::dyn_cast<ReturnStmt>(Body.back());
    const auto *Returned = Ret && Ret->getRetValue()
                               ? llvm::dyn_cast<DeclRefExpr>(
                                     Ret->getRetValue()->IgnoreParenImpCasts())
                               : nullptr;
    if (Returned && llvm::isa<VarDecl>(Returned->getDecl()) &&
        (Value = FunctionSummaries::of(Def->getASTContext())
                     .exitingCall(Def, Body)))
      Dies = true;
  }
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

} // namespace

const CallExpr *passedOnCall(const FunctionDecl *Def) {
  bool Dies;
  return passedOn(Def, Dies);
}

bool exitsOnFailure(const CallExpr *Call) {
  const FunctionDecl *Func = Call->getDirectCallee();
  for (unsigned Depth = 0; Func && Depth < 8; ++Depth) {
    const FunctionDecl *Def = Func->getDefinition();
    bool Dies = false;
    const CallExpr *Inner = Def ? passedOn(Def, Dies) : nullptr;
    if (Dies)
      return true;
    Func = Inner ? Inner->getDirectCallee() : nullptr;
  }
  return false;
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

std::string forwardsFact(llvm::StringRef Name, llvm::StringRef Target) {
  return ("forwards:" + Name + "=" + Target).str();
}

std::string forwardsFactOf(const FunctionDecl *Def) {
  bool Dies = false;
  const CallExpr *Call = passedOn(Def, Dies);
  std::string Name = Call && !Dies ? crossUnitName(Def) : "";
  return Name.empty() ? "" : forwardsFact(Name, calleeName(Call));
}

std::string elsewhereIdHelper(const FunctionDecl *Callee) {
  if (!Callee || Callee->isDefined() || Callee->getNumParams() != 0 ||
      Callee->isVariadic() || !Callee->getReturnType()->isIntegerType() ||
      Callee->getASTContext().getSourceManager().isInSystemHeader(
          Callee->getLocation()))
    return "";
  return crossUnitName(Callee);
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
