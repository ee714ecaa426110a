//===--- Callee.cpp - The function a call runs ----------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "Callee.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace clang::tidy::syscall {

namespace {

/// Initialisers nest no deeper in the tables real code writes; a bound
/// also ends a constant that names itself.
constexpr unsigned MaxDepth = 8;

using Exprs = llvm::SmallVectorImpl<const Expr *>;

/// The initialiser of \p E when it names a constant variable with one:
/// nothing can change what it holds.
const Expr *constantValue(const Expr *E) {
  const auto *Ref = llvm::dyn_cast<DeclRefExpr>(E);
  const auto *Var = Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Var || !Var->getType().isConstant(Var->getASTContext()))
    return nullptr;
  const VarDecl *Def = nullptr;
  return Var->getAnyInitializer(Def);
}

/// The value \p Field gets in the record initialiser \p List, or null
/// (a union's, an implicit zero).
const Expr *fieldValue(const Expr *Init, const FieldDecl *Field) {
  const auto *List = llvm::dyn_cast<InitListExpr>(Init->IgnoreParenImpCasts());
  if (!List || !List->isSemanticForm() || Field->isMutable() ||
      Field->getParent()->isUnion())
    return nullptr;
  unsigned Index = Field->getFieldIndex();
  if (Index >= List->getNumInits())
    return nullptr;
  const Expr *Value = List->getInit(Index);
  return llvm::isa<ImplicitValueInitExpr>(Value) ? nullptr : Value;
}

/// The elements of the array initialiser \p Init: all of them, or the
/// \p Index-th. Elements the initialiser leaves out are zero: no function.
bool elements(const Expr *Init, std::optional<uint64_t> Index, Exprs &Out) {
  const auto *List = llvm::dyn_cast<InitListExpr>(Init->IgnoreParenImpCasts());
  if (!List || !List->isSemanticForm() || !List->getType()->isArrayType())
    return false;
  for (unsigned I = 0; I < List->getNumInits(); ++I)
    if (!Index || *Index == I)
      Out.push_back(List->getInit(I));
  return true;
}

class Resolver {
public:
  /// Appends the functions the function pointer (or designator) \p E can
  /// hold, nothing for a null pointer; false when they are not all known.
  bool functions(const Expr *E, unsigned Depth,
                 llvm::SmallVectorImpl<const FunctionDecl *> &Out) {
    if (Depth > MaxDepth)
      return false;
    E = E->IgnoreParenImpCasts();
    if (isNull(E))
      return true;
    if (const auto *U = llvm::dyn_cast<UnaryOperator>(E);
        U && (U->getOpcode() == UO_AddrOf || U->getOpcode() == UO_Deref))
      return functions(U->getSubExpr(), Depth + 1, Out);
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(E))
      if (const auto *Func = llvm::dyn_cast<FunctionDecl>(Ref->getDecl())) {
        Out.push_back(Func->getCanonicalDecl());
        return true;
      }
    llvm::SmallVector<const Expr *, 4> Values;
    if (!objects(E, Depth, Values))
      return false;
    for (const Expr *Value : Values)
      if (!functions(Value, Depth + 1, Out))
        return false;
    return true;
  }

private:
  /// A null pointer: a call cannot run it (`{0}`, `NULL`, `nullptr`, a
  /// member the initialiser leaves out).
  static bool isNull(const Expr *E) {
    const Expr *Bare = E->IgnoreParenCasts();
    if (const auto *Literal = llvm::dyn_cast<IntegerLiteral>(Bare))
      return Literal->getValue() == 0;
    return llvm::isa<ImplicitValueInitExpr, GNUNullExpr, CXXNullPtrLiteralExpr>(
        Bare);
  }

  /// Appends the initialisers that give the object \p E denotes its value
  /// (for a pointer, a function or a record); false when some are unknown.
  bool objects(const Expr *E, unsigned Depth, Exprs &Out) {
    if (Depth > MaxDepth)
      return false;
    E = E->IgnoreParenImpCasts();
    if (const Expr *Init = constantValue(E)) {
      // A copy of another object holds what that one holds.
      const Expr *Bare = Init->IgnoreParenImpCasts();
      const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Bare);
      if (llvm::isa<MemberExpr, ArraySubscriptExpr>(Bare) ||
          (Ref && llvm::isa<VarDecl>(Ref->getDecl())))
        return objects(Init, Depth + 1, Out);
      Out.push_back(Init);
      return true;
    }
    if (const auto *Member = llvm::dyn_cast<MemberExpr>(E)) {
      const auto *Field = llvm::dyn_cast<FieldDecl>(Member->getMemberDecl());
      llvm::SmallVector<const Expr *, 4> Records;
      if (!Field ||
          !(Member->isArrow()
                ? pointees(Member->getBase(), uint64_t(0), Depth + 1, Records)
                : objects(Member->getBase(), Depth + 1, Records)))
        return false;
      for (const Expr *Record : Records)
        if (const Expr *Value = fieldValue(Record, Field))
          Out.push_back(Value);
        else if (!llvm::isa<InitListExpr>(Record->IgnoreParenImpCasts()))
          return false;
      return true;
    }
    if (const auto *Sub = llvm::dyn_cast<ArraySubscriptExpr>(E))
      return pointees(Sub->getBase(), constantIndex(Sub->getIdx()), Depth + 1,
                      Out);
    if (const auto *U = llvm::dyn_cast<UnaryOperator>(E);
        U && U->getOpcode() == UO_Deref)
      return pointees(U->getSubExpr(), uint64_t(0), Depth + 1, Out);
    return false;
  }

  /// Appends the initialisers of what the pointer \p P points at: the
  /// \p Index-th element, or any one when unknown.
  bool pointees(const Expr *P, std::optional<uint64_t> Index, unsigned Depth,
                Exprs &Out) {
    if (Depth > MaxDepth)
      return false;
    P = P->IgnoreParenImpCasts();
    // An array, decayed to a pointer to its first element.
    if (P->getType()->isArrayType()) {
      llvm::SmallVector<const Expr *, 4> Arrays;
      if (!objects(P, Depth + 1, Arrays))
        return false;
      for (const Expr *Array : Arrays)
        if (!elements(Array, Index, Out))
          return false;
      return true;
    }
    if (const auto *U = llvm::dyn_cast<UnaryOperator>(P);
        U && U->getOpcode() == UO_AddrOf)
      return (!Index || *Index == 0) &&
             objects(U->getSubExpr(), Depth + 1, Out);
    if (const Expr *Init = constantValue(P))
      return pointees(Init, Index, Depth + 1, Out);
    return false;
  }

  /// An index written as a number or an enumerator (`ops[BACKEND_FILE]`);
  /// any other stands for every element.
  static std::optional<uint64_t> constantIndex(const Expr *Index) {
    const Expr *Bare = Index->IgnoreParenImpCasts();
    if (const auto *Literal = llvm::dyn_cast<IntegerLiteral>(Bare))
      return Literal->getValue().getZExtValue();
    const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Bare);
    const auto *Enumerator =
        Ref ? llvm::dyn_cast<EnumConstantDecl>(Ref->getDecl()) : nullptr;
    if (Enumerator && !Enumerator->getInitVal().isNegative())
      return Enumerator->getInitVal().getZExtValue();
    return std::nullopt;
  }
};

} // namespace

bool isThroughPointer(const CallExpr *Call) {
  return !Call->getDirectCallee() && calleeOf(Call);
}

const FunctionDecl *calleeOf(const CallExpr *Call) {
  if (const FunctionDecl *Direct = Call->getDirectCallee())
    return Direct;
  const Expr *Callee = Call->getCallee();
  if (!Callee || Callee->isTypeDependent() || Callee->isValueDependent() ||
      !Callee->getType()->isFunctionPointerType())
    return nullptr;
  llvm::SmallVector<const FunctionDecl *, 4> Functions;
  if (!Resolver().functions(Callee, 0, Functions) || Functions.empty() ||
      llvm::any_of(Functions,
                   [&](const FunctionDecl *F) { return F != Functions[0]; }))
    return nullptr;
  // The definition where the unit has one, as a direct call's callee is
  // the declaration its name finds.
  const FunctionDecl *Def = Functions[0]->getDefinition();
  return Def ? Def : Functions[0];
}

} // namespace clang::tidy::syscall
