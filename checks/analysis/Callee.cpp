//===--- Callee.cpp - The function a call runs ----------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "Callee.h"
#include "CallIndex.h"
#include "MainFileUses.h"
#include "PerContext.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace clang::tidy::syscall {

namespace {

/// Initialisers nest no deeper in the tables real code writes; a bound
/// also ends a constant that names itself.
constexpr unsigned MaxDepth = 8;

using Exprs = llvm::SmallVectorImpl<const Expr *>;
using FunctionList = llvm::SmallVectorImpl<const FunctionDecl *>;

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

/// The brace initialiser \p Init as clang completes it, or null when
/// \p Init is no brace initialiser.
const InitListExpr *completedList(const Expr *Init) {
  return completedForm(
      llvm::dyn_cast<InitListExpr>(Init->IgnoreParenImpCasts()));
}

/// The value \p Field gets in the record initialiser \p Init: null for an
/// implicit zero; none when it cannot tell (no brace initialiser, a
/// union's member, a mutable field, a hole that error recovery left).
std::optional<const Expr *> fieldValue(const Expr *Init,
                                       const FieldDecl *Field) {
  const InitListExpr *List = completedList(Init);
  if (!List || Field->isMutable() || Field->getParent()->isUnion())
    return std::nullopt;
  unsigned Index = Field->getFieldIndex();
  if (Index >= List->getNumInits())
    return nullptr;
  const Expr *Value = List->getInit(Index);
  if (!Value)
    return std::nullopt;
  return llvm::isa<ImplicitValueInitExpr>(Value) ? nullptr : Value;
}

/// The elements of the array initialiser \p Init: all of them, or the
/// \p Index-th. Elements the initialiser leaves out are zero: no function.
/// False when it cannot tell (a hole that error recovery left).
bool elements(const Expr *Init, std::optional<uint64_t> Index, Exprs &Out) {
  const InitListExpr *List = completedList(Init);
  if (!List || !List->getType()->isArrayType())
    return false;
  for (unsigned I = 0; I < List->getNumInits(); ++I)
    if (!Index || *Index == I) {
      if (!List->getInit(I))
        return false;
      Out.push_back(List->getInit(I));
    }
  return true;
}

/// The functions \p Field, a function pointer of a record the main file
/// defines, holds (FieldFunctions); null when they are not all known.
const llvm::SmallVector<const FunctionDecl *, 2> *
fieldFunctions(const FieldDecl *Field);

class Resolver {
public:
  /// \p UseFields: whether a field of a main file's record may answer by
  /// every value the unit gives it (not while those are gathered).
  explicit Resolver(bool UseFields) : UseFields(UseFields) {}

  /// Appends the functions the function pointer (or designator) \p E can
  /// hold, nothing for a null pointer; false when they are not all known.
  bool functions(const Expr *E, unsigned Depth, FunctionList &Out) {
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
      return fromField(E, Out);
    for (const Expr *Value : Values)
      if (!functions(Value, Depth + 1, Out))
        return false;
    return true;
  }

private:
  bool UseFields;

  /// The field rule: \p E reads a function pointer field of a record that
  /// only this unit can name, and every value the unit gives it is known.
  bool fromField(const Expr *E, FunctionList &Out) const {
    const auto *Member = llvm::dyn_cast<MemberExpr>(E);
    const auto *Field =
        Member ? llvm::dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
    const auto *Held = UseFields && Field ? fieldFunctions(Field) : nullptr;
    if (!Held)
      return false;
    Out.append(Held->begin(), Held->end());
    return true;
  }

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
      for (const Expr *Record : Records) {
        std::optional<const Expr *> Value = fieldValue(Record, Field);
        if (!Value)
          return false;
        if (*Value)
          Out.push_back(*Value);
      }
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

/// Whether \p Field is a function pointer of a record defined in the main
/// file: no other unit can name the record, so the unit sees every value
/// the program gives the field (a program does not fill function pointers
/// from bytes it reads).
bool isPrivateFunctionField(const FieldDecl *Field) {
  const RecordDecl *Record = Field->getParent();
  const SourceManager &SM = Field->getASTContext().getSourceManager();
  return Field->getType()->isFunctionPointerType() && !Field->isMutable() &&
         !Record->isUnion() &&
         SM.isInMainFile(SM.getExpansionLoc(Record->getLocation()));
}

/// Feeds a FieldFunctions the main file's declarations, for a unit whose
/// call index does not (C++, or calleeOf() asked before the index).
class FieldFunctionWalk : public RecursiveASTVisitor<FieldFunctionWalk> {
  using Base = RecursiveASTVisitor<FieldFunctionWalk>;

public:
  FieldFunctionWalk(FieldFunctions &Values, const SourceManager &SM)
      : Values(Values), SM(SM) {}

  bool TraverseDecl(Decl *D) {
    if (D && !llvm::isa<TranslationUnitDecl>(D) &&
        !SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      return true;
    return Base::TraverseDecl(D);
  }
  bool VisitFunctionDecl(FunctionDecl *Func) {
    Values.declaration(Func);
    return true;
  }
  bool VisitVarDecl(VarDecl *Var) {
    Values.declaration(Var);
    return true;
  }
  bool VisitInitListExpr(InitListExpr *List) {
    forEachInitialisedField(List, SeenLists,
                            [&](const FieldDecl *Field, const Expr *Init) {
                              Values.initialiser(Field, Init);
                            });
    return true;
  }
  bool TraverseConstructorInitializer(CXXCtorInitializer *Init) {
    Values.memberInitialiser(Init);
    return Base::TraverseConstructorInitializer(Init);
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    Values.assignment(BO);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    Values.addressOf(UO);
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) {
    Values.call(Call);
    return true;
  }

private:
  FieldFunctions &Values;
  const SourceManager &SM;
  llvm::DenseSet<const InitListExpr *> SeenLists;
};

const llvm::SmallVector<const FunctionDecl *, 2> *
fieldFunctions(const FieldDecl *Field) {
  if (!isPrivateFunctionField(Field))
    return nullptr;
  const FieldFunctions::Held *Held =
      FieldFunctions::of(Field->getASTContext()).held(Field);
  return Held && !Held->Unknown ? &Held->Functions : nullptr;
}

const FieldDecl *memberField(const Expr *E) {
  const auto *Member = llvm::dyn_cast<MemberExpr>(E->IgnoreParens());
  return Member ? llvm::dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
}

} // namespace

bool declaredInSystemHeader(const Decl *D, const SourceManager &SM) {
  return SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
}

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
  if (!Resolver(/*UseFields=*/true).functions(Callee, 0, Functions) ||
      Functions.empty() || llvm::any_of(Functions, [&](const FunctionDecl *F) {
        return F != Functions[0];
      }))
    return nullptr;
  // The definition where the unit has one, as a direct call's callee is
  // the declaration its name finds.
  const FunctionDecl *Def = Functions[0]->getDefinition();
  return Def ? Def : Functions[0];
}

const FieldFunctions &FieldFunctions::of(ASTContext &Ctx) {
  return PerContext<FieldFunctions>::get(Ctx, [&] {
    auto Made = std::unique_ptr<FieldFunctions>(new FieldFunctions());
    // The unit's declarations, not the unit: the tool may have emptied
    // its traversal scope.
    FieldFunctionWalk Walk(*Made, Ctx.getSourceManager());
    for (Decl *D : userDeclarations(Ctx))
      Walk.TraverseDecl(D);
    return Made;
  });
}

FieldFunctions *FieldFunctions::gather(ASTContext &Ctx) {
  if (PerContext<FieldFunctions>::find(Ctx))
    return nullptr;
  FieldFunctions &Made = PerContext<FieldFunctions>::get(Ctx, [] {
    auto Made = std::unique_ptr<FieldFunctions>(new FieldFunctions());
    Made->Gathering = true;
    return Made;
  });
  return &Made;
}

const FieldFunctions::Held *FieldFunctions::held(const FieldDecl *Field) const {
  auto Found = Fields.find(Field);
  if (Gathering || Found == Fields.end() || Shared.count(Field->getParent()))
    return nullptr;
  return &Found->second;
}

void FieldFunctions::declaration(const Decl *D) {
  // A function of another unit that takes or returns the record, or an
  // object of it defined there, means that unit defines the record too:
  // its values are not seen here.
  if (const auto *Func = llvm::dyn_cast<FunctionDecl>(D)) {
    if (!Func->isDefined()) {
      share(Func->getReturnType());
      for (const ParmVarDecl *Param : Func->parameters())
        share(Param->getType());
    }
  } else if (const auto *Var = llvm::dyn_cast<VarDecl>(D)) {
    if (Var->hasExternalStorage() && !Var->getDefinition())
      share(Var->getType());
  }
}

void FieldFunctions::memberInitialiser(const CXXCtorInitializer *Init) {
  if (Init->isMemberInitializer())
    initialiser(Init->getMember(), Init->getInit());
}

void FieldFunctions::assignment(const BinaryOperator *BO) {
  if (BO->isAssignmentOp())
    initialiser(memberField(BO->getLHS()),
                BO->getOpcode() == BO_Assign ? BO->getRHS() : nullptr);
}

void FieldFunctions::addressOf(const UnaryOperator *UO) {
  if (UO->getOpcode() == UO_AddrOf)
    initialiser(memberField(UO->getSubExpr()), nullptr);
}

void FieldFunctions::call(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    const FieldDecl *Field = memberField(Call->getArg(I));
    QualType Param = Callee && I < Callee->getNumParams()
                         ? Callee->getParamDecl(I)->getType()
                         : QualType();
    // A reference the callee may store through, or one of a callee
    // unknown here.
    if (Field && Call->getArg(I)->isLValue() &&
        (Param.isNull() || (Param->isReferenceType() &&
                            !Param.getNonReferenceType().isConstQualified())))
      initialiser(Field, nullptr);
  }
}

void FieldFunctions::share(QualType T) {
  while (!T.isNull() &&
         (T->isPointerType() || T->isReferenceType() || T->isArrayType()))
    T = T->isArrayType() ? QualType(T->getArrayElementTypeNoTypeQual(), 0)
                         : T->getPointeeType();
  if (const RecordDecl *Record = T.isNull() ? nullptr : T->getAsRecordDecl())
    Shared.insert(Record->getDefinition() ? Record->getDefinition() : Record);
}

void FieldFunctions::initialiser(const FieldDecl *Field, const Expr *Value) {
  if (!Field || !isPrivateFunctionField(Field))
    return;
  Held &H = Fields[Field];
  // A copy of the same field adds no value (`a->write = b->write`).
  if (!Value || H.Unknown || memberField(Value->IgnoreParenImpCasts()) == Field)
    H.Unknown |= !Value;
  else if (!Resolver(/*UseFields=*/false).functions(Value, 0, H.Functions))
    H.Unknown = true;
}

} // namespace clang::tidy::syscall
