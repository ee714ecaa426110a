//===--- Accessors.cpp - Values a record holds, read through its accessor -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "Accessors.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::syscall {

namespace {

/// Whether \p E reads a member of what \p Param points to (`p->data`,
/// `p->name.text`).
bool readsMemberOf(const Expr *E, const ParmVarDecl *Param) {
  const auto *Member = llvm::dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  while (Member && !Member->isArrow())
    Member =
        llvm::dyn_cast<MemberExpr>(Member->getBase()->IgnoreParenImpCasts());
  const auto *Base = Member ? llvm::dyn_cast<DeclRefExpr>(
                                  Member->getBase()->IgnoreParenImpCasts())
                            : nullptr;
  return Base && Base->getDecl() == Param;
}

/// A value that is the same on every call: a literal, a null pointer.
bool isConstant(const Expr *E, ASTContext &Ctx) {
  const Expr *Inner = E->IgnoreParenCasts();
  return llvm::isa<StringLiteral>(Inner) ||
         Inner->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull);
}

/// What one accessor's body does: the values it returns and the values its
/// locals take, read in one walk.
struct AccessorBody {
  llvm::SmallVector<const Expr *, 4> Returned;
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const Expr *, 2>> Stored;
  llvm::DenseSet<const VarDecl *> Changed; ///< `n += ...`, `++n`
  unsigned Budget = 64;                    ///< nodes: a one-line accessor

  /// Reads \p S; false when it calls, stores outside its locals, or is too
  /// big to be an accessor.
  bool read(const Stmt *S) {
    if (!S)
      return true;
    if (Budget-- == 0 || llvm::isa<CallExpr, AsmStmt, StmtExpr>(S))
      return false;
    if (const auto *Decl = llvm::dyn_cast<DeclStmt>(S))
      for (const auto *D : Decl->decls())
        if (const auto *Var = llvm::dyn_cast<VarDecl>(D); Var && Var->getInit())
          Stored[Var].push_back(Var->getInit());
    if (const auto *Return = llvm::dyn_cast<ReturnStmt>(S))
      Returned.push_back(Return->getRetValue());
    if (const auto *Op = llvm::dyn_cast<BinaryOperator>(S);
        Op && Op->isAssignmentOp()) {
      const VarDecl *Var = local(Op->getLHS());
      if (!Var)
        return false;
      if (Op->getOpcode() == BO_Assign)
        Stored[Var].push_back(Op->getRHS());
      else
        Changed.insert(Var);
    }
    if (const auto *Op = llvm::dyn_cast<UnaryOperator>(S);
        Op && Op->isIncrementDecrementOp()) {
      const VarDecl *Var = local(Op->getSubExpr());
      if (!Var)
        return false;
      Changed.insert(Var);
    }
    return llvm::all_of(S->children(),
                        [&](const Stmt *Child) { return read(Child); });
  }

  /// Whether \p E is a member read through \p Param or a constant, also
  /// through `?:` and the locals that only ever hold such values.
  bool gives(const Expr *E, const ParmVarDecl *Param, ASTContext &Ctx,
             bool &Member, unsigned Depth = 0) const {
    if (!E || Depth > 4)
      return false;
    if (readsMemberOf(E, Param)) {
      Member = true;
      return true;
    }
    if (isConstant(E, Ctx))
      return true;
    if (const auto *Choice =
            llvm::dyn_cast<ConditionalOperator>(E->IgnoreParenCasts()))
      return gives(Choice->getTrueExpr(), Param, Ctx, Member, Depth + 1) &&
             gives(Choice->getFalseExpr(), Param, Ctx, Member, Depth + 1);
    const VarDecl *Var = local(E);
    auto Values = Var ? Stored.find(Var) : Stored.end();
    return Values != Stored.end() && !Changed.contains(Var) &&
           llvm::all_of(Values->second, [&](const Expr *V) {
             return gives(V, Param, Ctx, Member, Depth + 1);
           });
  }

private:
  /// The function's own non-static local \p E names, or null.
  static const VarDecl *local(const Expr *E) {
    const auto *Ref = llvm::dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
    const auto *Var = Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    return Var && Var->isLocalVarDecl() && !Var->isStaticLocal() ? Var
                                                                 : nullptr;
  }
};

/// A function of one pointer parameter that calls nothing, stores only
/// into its locals, and returns a member read through the parameter or a
/// constant (`if (!b || !b->data) return ""; return b->data;`, in any
/// spelling: a ternary, a result local and a cleanup label, a flag).
bool isAccessor(const FunctionDecl *Func) {
  const FunctionDecl *Definition = nullptr;
  if (!Func || !Func->hasBody(Definition) || Definition->getNumParams() != 1 ||
      !Definition->getParamDecl(0)->getType()->isPointerType())
    return false;
  AccessorBody Body;
  if (!Body.read(Definition->getBody()) || Body.Returned.empty())
    return false;
  ASTContext &Ctx = Definition->getASTContext();
  bool Member = false;
  return llvm::all_of(Body.Returned,
                      [&](const Expr *E) {
                        return Body.gives(E, Definition->getParamDecl(0), Ctx,
                                          Member);
                      }) &&
         Member;
}

} // namespace

const Expr *accessedRecord(const Expr *E) {
  const auto *Call = llvm::dyn_cast<CallExpr>(E->IgnoreParenCasts());
  return Call && Call->getNumArgs() == 1 && isAccessor(Call->getDirectCallee())
             ? Call->getArg(0)->IgnoreParenImpCasts()
             : nullptr;
}

bool sameAccess(const Expr *A, const Expr *B) {
  const Expr *RecordA = accessedRecord(A), *RecordB = accessedRecord(B);
  const auto *RefA = RecordA ? llvm::dyn_cast<DeclRefExpr>(RecordA) : nullptr;
  const auto *RefB = RecordB ? llvm::dyn_cast<DeclRefExpr>(RecordB) : nullptr;
  return RefA && RefB && RefA->getDecl() == RefB->getDecl() &&
         llvm::cast<CallExpr>(A->IgnoreParenCasts())->getDirectCallee() ==
             llvm::cast<CallExpr>(B->IgnoreParenCasts())->getDirectCallee();
}

} // namespace clang::tidy::syscall
