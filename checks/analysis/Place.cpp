//===--- Place.cpp - Where a descriptor or stream is kept ----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "Place.h"
#include "FdTracking.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/Support/raw_ostream.h"

namespace clang::tidy::syscall {

std::optional<Place> Place::of(const Expr *E) {
  // A global's own value is left to the checks that follow globals across
  // the file; what is reached from it is a place like any other.
  std::optional<Place> P = reached(E);
  if (P && P->isVariable() && P->isGlobal())
    return std::nullopt;
  return P;
}

bool Place::mayAlter(const Place &Other) const {
  if (Base != Other.Base || FromThis != Other.FromThis)
    return false;
  size_t Common = std::min(Steps.size(), Other.Steps.size());
  for (size_t I = 0; I < Common; ++I) {
    const Step &A = Steps[I], &B = Other.Steps[I];
    if (A == B)
      continue;
    if (A.K == Step::Field && B.K == Step::Field)
      return llvm::cast<FieldDecl>(A.Decl)->getParent()->isUnion();
    return !(A.K == Step::Index && B.K == Step::Index && !A.Decl && !B.Decl);
  }
  // Other is reached through this place; or this place lies within Other's
  // storage unless a pointer leads out of it.
  return llvm::none_of(llvm::ArrayRef<Step>(Steps).drop_front(Common),
                       [](const Step &S) { return S.K == Step::Deref; });
}

std::optional<Place> Place::reached(const Expr *E) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreParenCasts();
  if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(E)) {
    const auto *Var = llvm::dyn_cast<VarDecl>(Ref->getDecl());
    if (!Var || (!Var->isLocalVarDeclOrParm() && !Var->hasGlobalStorage()))
      return std::nullopt;
    return variable(Var);
  }
  if (llvm::isa<CXXThisExpr>(E)) {
    Place P;
    P.FromThis = true;
    return P;
  }
  std::optional<Place> Inner;
  if (const auto *Member = llvm::dyn_cast<MemberExpr>(E)) {
    const auto *Field = llvm::dyn_cast<FieldDecl>(Member->getMemberDecl());
    if (!Field || !(Inner = reached(Member->getBase())))
      return std::nullopt;
    if (Member->isArrow())
      Inner->Steps.push_back({Step::Deref});
    Inner->Steps.push_back({Step::Field, Field});
    return Inner;
  }
  if (const auto *Unary = llvm::dyn_cast<UnaryOperator>(E)) {
    if (Unary->getOpcode() != UO_Deref ||
        !(Inner = reached(Unary->getSubExpr())))
      return std::nullopt;
    Inner->Steps.push_back({Step::Deref});
    return Inner;
  }
  if (const auto *Subscript = llvm::dyn_cast<ArraySubscriptExpr>(E)) {
    if (!(Inner = reached(Subscript->getBase())))
      return std::nullopt;
    const Expr *Index = Subscript->getIdx()->IgnoreParenCasts();
    if (const auto *Literal = llvm::dyn_cast<IntegerLiteral>(Index))
      Inner->Steps.push_back(
          {Step::Index, nullptr, Literal->getValue().getSExtValue()});
    else if (const VarDecl *Var = referencedVar(Index);
             Var && Var->isLocalVarDeclOrParm())
      Inner->Steps.push_back({Step::Index, Var});
    else
      return std::nullopt;
    return Inner;
  }
  return std::nullopt;
}

Place Place::variable(const VarDecl *Var) {
  Place P;
  P.Base = Var;
  return P;
}

bool Place::denotes(const Expr *E) const {
  std::optional<Place> Other = of(E);
  return Other && *Other == *this;
}

bool Place::reachedThrough(const Expr *E) const {
  std::optional<Place> Other = reached(E);
  if (!Other || Other->Base != Base || Other->FromThis != FromThis ||
      Other->Steps.size() > Steps.size())
    return false;
  return std::equal(Other->Steps.begin(), Other->Steps.end(), Steps.begin());
}

bool Place::isElement(const Expr *Array, int64_t Index) const {
  std::optional<Place> Whole = reached(Array);
  return Whole && Whole->Base == Base && Whole->FromThis == FromThis &&
         Whole->Steps.size() + 1 == Steps.size() &&
         std::equal(Whole->Steps.begin(), Whole->Steps.end(), Steps.begin()) &&
         Steps.back().K == Step::Index && !Steps.back().Decl &&
         Steps.back().Constant == Index;
}

bool Place::isPairedElement(const Place &Other) const {
  if (Other.Base != Base || Other.FromThis != FromThis ||
      Other.Steps.size() != Steps.size() || Steps.empty() ||
      !std::equal(Steps.begin(), Steps.end() - 1, Other.Steps.begin()))
    return false;
  const Step &Mine = Steps.back(), &Theirs = Other.Steps.back();
  return Mine.K == Step::Index && Theirs.K == Step::Index && !Mine.Decl &&
         !Theirs.Decl && Mine.Constant + Theirs.Constant == 1 &&
         (Mine.Constant == 0 || Mine.Constant == 1);
}

bool Place::movedBy(const VarDecl *Var) const {
  return !isVariable() &&
         (Var == Base || llvm::any_of(Steps, [&](const Step &S) {
            return S.K == Step::Index && S.Decl == Var;
          }));
}

llvm::SmallVector<const ValueDecl *, 2> Place::variables() const {
  llvm::SmallVector<const ValueDecl *, 2> Result;
  if (Base)
    Result.push_back(Base);
  for (const Step &S : Steps)
    if (S.K == Step::Index && S.Decl)
      Result.push_back(S.Decl);
  return Result;
}

std::string Place::key() const {
  std::string Key;
  llvm::raw_string_ostream OS(Key);
  OS << (FromThis ? "this" : "") << static_cast<const void *>(Base);
  for (const Step &S : Steps)
    OS << (S.K == Step::Field   ? '.'
           : S.K == Step::Deref ? '*'
                                : '[')
       << static_cast<const void *>(S.Decl) << ':' << S.Constant;
  return OS.str();
}

std::optional<Place> trackedPlace(const Expr *E, bool *ViaFileno,
                                  bool GlobalToo) {
  if (ViaFileno)
    *ViaFileno = false;
  if (!E)
    return std::nullopt;
  E = E->IgnoreParenCasts();
  if (const auto *Call = llvm::dyn_cast<CallExpr>(E)) {
    if (calleeName(Call) != "fileno" || Call->getNumArgs() != 1)
      return std::nullopt;
    if (ViaFileno)
      *ViaFileno = true;
    E = Call->getArg(0);
  }
  return GlobalToo ? Place::ofOrGlobal(E) : Place::of(E);
}

bool canHoldHandle(QualType T) {
  if (T.isNull())
    return false;
  if (T->isIntegerType())
    return !T->isBooleanType();
  const RecordDecl *Pointee =
      T->isPointerType() ? T->getPointeeType()->getAsRecordDecl() : nullptr;
  return Pointee && Pointee->getIdentifier() &&
         (Pointee->getName() == "_IO_FILE" || Pointee->getName() == "__sFILE");
}

} // namespace clang::tidy::syscall
