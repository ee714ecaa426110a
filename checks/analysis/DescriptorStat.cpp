//===--- DescriptorStat.cpp - Stat calls on a descriptor and what they test ==//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "DescriptorStat.h"
#include "Conditions.h"
#include "StatementShape.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::syscall {

std::optional<DescriptorStat>
descriptorStat(const CallExpr *Call, ASTContext &Ctx, const PosixConstants &C) {
  llvm::StringRef Name = calleeName(Call);
  unsigned N = Call->getNumArgs();
  if (N >= 2 && (Name == "fstat" || Name == "fstat64" || Name == "__fstat64"))
    return DescriptorStat{Call->getArg(0), Call->getArg(1), "st_mode"};
  // fstatat(fd, "", &st, AT_EMPTY_PATH) and statx(fd, "", AT_EMPTY_PATH, ...)
  // stat the descriptor itself.
  auto StatsDescriptor = [&](unsigned PathIdx, unsigned FlagsIdx) {
    std::optional<llvm::StringRef> Path = stringValue(Call->getArg(PathIdx));
    std::optional<int64_t> Flags = foldInteger(Call->getArg(FlagsIdx), Ctx);
    return Path && Path->empty() && Flags &&
           (*Flags & C.get("AT_EMPTY_PATH")) != 0;
  };
  if (N >= 4 &&
      (Name == "fstatat" || Name == "fstatat64" || Name == "newfstatat") &&
      StatsDescriptor(1, 3))
    return DescriptorStat{Call->getArg(0), Call->getArg(2), "st_mode"};
  if (N >= 5 && Name == "statx" && StatsDescriptor(1, 2))
    return DescriptorStat{Call->getArg(0), Call->getArg(4), "stx_mode"};
  return std::nullopt;
}

const VarDecl *bufferVariable(const Expr *E) {
  const auto *Addr = llvm::dyn_cast<UnaryOperator>(E->IgnoreParenCasts());
  if (!Addr || Addr->getOpcode() != UO_AddrOf)
    return nullptr;
  const auto *Ref =
      llvm::dyn_cast<DeclRefExpr>(Addr->getSubExpr()->IgnoreParenCasts());
  const auto *Var = Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return Var && Var->isLocalVarDecl() ? Var : nullptr;
}

namespace {

/// `(st.st_mode & S_IFMT) == S_IFDIR` in any spelling that folds to it
/// (glibc's S_ISDIR expands to this), on \p Buffer.
bool isDirectoryTestOf(const Expr *E, const VarDecl *Buffer, ASTContext &Ctx,
                       const PosixConstants &C) {
  const auto *Eq = llvm::dyn_cast<BinaryOperator>(E->IgnoreParenCasts());
  auto IsMode = [&](const Expr *X) {
    const auto *Field = llvm::dyn_cast<MemberExpr>(X->IgnoreParenCasts());
    return Field && Field->getMemberDecl()->getName() == "st_mode" &&
           referencedVar(Field->getBase()) == Buffer;
  };
  return Eq && Eq->getOpcode() == BO_EQ &&
         matchEquality(Eq, [&](const Expr *Masked, const Expr *Kind) {
           return maskOf(Masked, IsMode, Ctx) == C.get("S_IFMT") &&
                  foldInteger(Kind, Ctx) == C.get("S_IFDIR");
         });
}

/// Whether \p E is true exactly when the stat \p Stat succeeded (`== 0`,
/// `!stat`), or, with \p Failed, exactly when it failed (`!= 0`, `< 0`,
/// `== -1`, the call alone).
bool testsStat(const Expr *E, const CallExpr *Stat, bool Failed,
               ASTContext &Ctx) {
  E = E->IgnoreParenCasts();
  if (E == Stat)
    return Failed;
  if (const auto *Not = llvm::dyn_cast<UnaryOperator>(E))
    return Not->getOpcode() == UO_LNot &&
           Not->getSubExpr()->IgnoreParenCasts() == Stat && !Failed;
  const auto *Cmp = llvm::dyn_cast<BinaryOperator>(E);
  if (!Cmp)
    return false;
  const Expr *Other = Cmp->getLHS()->IgnoreParenCasts() == Stat ? Cmp->getRHS()
                      : Cmp->getRHS()->IgnoreParenCasts() == Stat
                          ? Cmp->getLHS()
                          : nullptr;
  std::optional<int64_t> V = Other ? foldInteger(Other, Ctx) : std::nullopt;
  if (!V)
    return false;
  BinaryOperatorKind Op = Cmp->getOpcode();
  if (Failed)
    return (Op == BO_NE && *V == 0) || (Op == BO_EQ && *V == -1) ||
           (Op == BO_LT && *V == 0 &&
            Cmp->getLHS()->IgnoreParenCasts() == Stat);
  return Op == BO_EQ && *V == 0;
}

/// The call a stat test compares: `fstat(...)` in `fstat(...) < 0`.
const CallExpr *statCallIn(const Expr *Cond) {
  Cond = Cond->IgnoreParenCasts();
  if (const auto *Not = llvm::dyn_cast<UnaryOperator>(Cond))
    return Not->getOpcode() == UO_LNot ? underlyingCall(Not->getSubExpr())
                                       : nullptr;
  if (const auto *Cmp = llvm::dyn_cast<BinaryOperator>(Cond)) {
    if (!Cmp->isComparisonOp())
      return nullptr;
    const CallExpr *Left = underlyingCall(Cmp->getLHS());
    return Left ? Left : underlyingCall(Cmp->getRHS());
  }
  return underlyingCall(Cond);
}

} // namespace

namespace {

/// The stat call and buffer of a function whose body is only `struct stat
/// st;` and a directory test of one stat's result: `return stat(...) == 0
/// && S_ISDIR(st.st_mode);`, or the failed stat returning 0 first.
std::optional<std::pair<const CallExpr *, const VarDecl *>>
directoryTestShape(const FunctionDecl *Func, ASTContext &Ctx,
                   const PosixConstants &C) {
  const auto *Body = llvm::dyn_cast_or_null<CompoundStmt>(Func->getBody());
  if (!Body || Body->size() < 2)
    return std::nullopt;
  // struct stat st; then the test.
  const auto *Decl = llvm::dyn_cast<DeclStmt>(Body->body_front());
  const auto *Buffer = Decl && Decl->isSingleDecl()
                           ? llvm::dyn_cast<VarDecl>(Decl->getSingleDecl())
                           : nullptr;
  // (C++ gives `struct stat st;` a default construction.)
  const auto *Construct =
      Buffer ? llvm::dyn_cast_or_null<CXXConstructExpr>(Buffer->getInit())
             : nullptr;
  if (!Buffer ||
      (Buffer->hasInit() && !(Construct && Construct->getNumArgs() == 0)))
    return std::nullopt;
  // Declarations without a value (`int dir; dir = ...;`) do nothing.
  llvm::SmallVector<const Stmt *, 4> Rest;
  for (const Stmt *S : llvm::drop_begin(Body->body()))
    if (const auto *DS = llvm::dyn_cast<DeclStmt>(S);
        !DS || !DS->isSingleDecl() ||
        !llvm::isa<VarDecl>(DS->getSingleDecl()) ||
        llvm::cast<VarDecl>(DS->getSingleDecl())->hasInit())
      Rest.push_back(S);
  if (Rest.empty())
    return std::nullopt;
  const auto *Last = llvm::dyn_cast<ReturnStmt>(Rest.back());
  if (!Last || !Last->getRetValue())
    return std::nullopt;
  // `int r = <test>; return r;` and `int bad = <test>; if (bad)`: the flags
  // are the tests they carry.
  const Expr *Result = Last->getRetValue();
  if (Rest.size() >= 2 &&
      (Result = carriedValue(Result, Rest[Rest.size() - 2])) !=
          Last->getRetValue())
    Rest.erase(Rest.end() - 2);
  Result = Result->IgnoreParenCasts();
  const Stmt *Carrier = nullptr;
  if (Rest.size() == 3) {
    Carrier = Rest.front();
    Rest.erase(Rest.begin());
  }
  const CallExpr *Stat = nullptr;
  const Expr *Test = nullptr;
  if (Rest.size() == 1 && !Carrier) {
    // return fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);
    const auto *And = llvm::dyn_cast<BinaryOperator>(Result);
    if (!And || And->getOpcode() != BO_LAnd)
      return std::nullopt;
    Stat = statCallIn(And->getLHS());
    if (!Stat || !testsStat(And->getLHS(), Stat, /*Failed=*/false, Ctx))
      return std::nullopt;
    Test = And->getRHS();
  } else if (Rest.size() == 2) {
    // if (fstat(fd, &st) < 0) return 0; return S_ISDIR(st.st_mode);
    const auto *If = llvm::dyn_cast<IfStmt>(Rest.front());
    if (!If || If->getElse() || If->getInit() || If->getConditionVariable())
      return std::nullopt;
    const Expr *Cond = testedValue(If, Carrier);
    if (Carrier && Cond == If->getCond())
      return std::nullopt;
    const Stmt *Then = If->getThen();
    if (const auto *Block = llvm::dyn_cast<CompoundStmt>(Then))
      Then = Block->size() == 1 ? Block->body_front() : nullptr;
    const auto *Early = llvm::dyn_cast_or_null<ReturnStmt>(Then);
    Stat = statCallIn(Cond);
    if (!Stat || !testsStat(Cond, Stat, /*Failed=*/true, Ctx) || !Early ||
        !Early->getRetValue() || foldInteger(Early->getRetValue(), Ctx) != 0)
      return std::nullopt;
    Test = Result;
  } else {
    return std::nullopt;
  }
  if (!isDirectoryTestOf(Test, Buffer, Ctx, C))
    return std::nullopt;
  return std::make_pair(Stat, Buffer);
}

} // namespace

std::optional<unsigned> directoryTestedParam(const FunctionDecl *Func,
                                             ASTContext &Ctx,
                                             const PosixConstants &C) {
  auto Shape = directoryTestShape(Func, Ctx, C);
  std::optional<DescriptorStat> Args =
      Shape ? descriptorStat(Shape->first, Ctx, C) : std::nullopt;
  const auto *Param =
      Args ? llvm::dyn_cast_or_null<ParmVarDecl>(referencedVar(Args->Target))
           : nullptr;
  if (!Param || Args->ModeField != "st_mode" ||
      bufferVariable(Args->Buffer) != Shape->second)
    return std::nullopt;
  return Param->getFunctionScopeIndex();
}

std::optional<DirectoryTestedPath>
directoryTestedPath(const FunctionDecl *Func, ASTContext &Ctx,
                    const PosixConstants &C) {
  auto Shape = directoryTestShape(Func, Ctx, C);
  if (!Shape)
    return std::nullopt;
  const CallExpr *Stat = Shape->first;
  llvm::StringRef Name = calleeName(Stat);
  bool Follows = Name == "stat" || Name == "stat64";
  if ((!Follows && Name != "lstat" && Name != "lstat64") ||
      Stat->getNumArgs() != 2 ||
      bufferVariable(Stat->getArg(1)) != Shape->second)
    return std::nullopt;
  const auto *Param =
      llvm::dyn_cast_or_null<ParmVarDecl>(referencedVar(Stat->getArg(0)));
  if (!Param)
    return std::nullopt;
  return DirectoryTestedPath{Param->getFunctionScopeIndex(), Follows};
}

} // namespace clang::tidy::syscall
