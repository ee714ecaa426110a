//===--- FunctionSummary.cpp - What a function does, read from its body --===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "FunctionSummary.h"
#include "CallIndex.h"
#include "Callee.h"
#include "Conditions.h"
#include "FlowAnalysis.h"
#include "Forwarding.h"
#include "PerContext.h"
#include "StatementShape.h"
#include "StmtParents.h"
#include "StringHelpers.h"
#include "VariableUses.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include <functional>

namespace clang::tidy::syscall {

namespace {

/// \p E with parentheses and casts the code wrote or clang added stripped.
const Expr *bare(const Expr *E) { return E->IgnoreParenCasts(); }

/// The parent of \p E past parentheses and casts.
const Stmt *userOf(const Expr *E, const StmtParents &Parents) {
  const Stmt *S = E;
  while ((S = Parents.getParent(S)) && llvm::isa<ParenExpr, CastExpr>(S))
    ;
  return S;
}

/// The user of \p Value past any `fileno()` around it (which hands on the
/// stream's descriptor); \p Value becomes the outermost such call.
const Stmt *userPastFileno(const Expr *&Value, const StmtParents &Parents) {
  const Stmt *User = userOf(Value, Parents);
  while (const auto *Call = llvm::dyn_cast_or_null<CallExpr>(User)) {
    if (calleeName(Call) != "fileno")
      break;
    Value = Call;
    User = userOf(Value, Parents);
  }
  return User;
}

/// Whether \p E, whose parent is \p User, is only tested: `fd < 0`, `!f`,
/// `if (f)`, `f && ...`.
bool isOnlyTested(const Expr *E, const Stmt *User) {
  if (!User)
    return false;
  if (const auto *B = llvm::dyn_cast<BinaryOperator>(User))
    return B->isComparisonOp() || B->isLogicalOp();
  if (const auto *U = llvm::dyn_cast<UnaryOperator>(User))
    return U->getOpcode() == UO_LNot;
  auto IsCond = [&](const Stmt *C) {
    return C && llvm::isa<Expr>(C) && bare(llvm::cast<Expr>(C)) == bare(E);
  };
  if (const auto *If = llvm::dyn_cast<IfStmt>(User))
    return IsCond(If->getCond());
  if (const auto *While = llvm::dyn_cast<WhileStmt>(User))
    return IsCond(While->getCond());
  if (const auto *C = llvm::dyn_cast<ConditionalOperator>(User))
    return IsCond(C->getCond());
  return false;
}

/// `return -1;`, `return NULL;`, `return -errno;`: what a wrapper returns
/// on failure.
bool isFailureValue(const Expr *E, ASTContext &Ctx) {
  if (E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return true;
  if (const auto *Minus = llvm::dyn_cast<UnaryOperator>(bare(E));
      Minus && Minus->getOpcode() == UO_Minus)
    return true;
  Expr::EvalResult R;
  return !E->isValueDependent() && E->EvaluateAsInt(R, Ctx) &&
         R.Val.getInt().isNegative();
}

/// Whether the block around \p S ends by returning a failure value: `if
/// (fstat(fileno(f), &st) != 0) { fclose(f); return NULL; }`.
bool onFailurePath(const Stmt *S, const StmtParents &Parents, ASTContext &Ctx) {
  while (S && !llvm::isa<CompoundStmt>(S))
    S = Parents.getParent(S);
  const auto *Block = llvm::dyn_cast_or_null<CompoundStmt>(S);
  const auto *Return = Block && !Block->body_empty()
                           ? llvm::dyn_cast<ReturnStmt>(Block->body_back())
                           : nullptr;
  return Return && Return->getRetValue() &&
         isFailureValue(Return->getRetValue(), Ctx);
}

/// Whether a wrapper that hands \p Call its fresh descriptor or stream
/// still returns it as the open left it: a stat, fileno, a close on the
/// way to a failure return; not fcntl, ioctl or a change of buffering.
bool keepsWhatItOpened(const CallExpr *Call, const StmtParents &Parents,
                       ASTContext &Ctx) {
  llvm::StringRef Name = calleeName(Call);
  std::optional<OffsetEffect> Effect = knownOffsetEffect(Name);
  if (Effect == OffsetEffect::Closes)
    return onFailurePath(Call, Parents, Ctx);
  return Effect == OffsetEffect::None && !startsWith(Name, "fcntl") &&
         Name != "ioctl" && !startsWith(Name, "setbuf") && Name != "setvbuf" &&
         Name != "setlinebuf";
}

/// The constant bits `a | B | C` ORs in, where the rest is not constant.
int64_t orConstants(const Expr *E, ASTContext &Ctx) {
  const auto *Or = llvm::dyn_cast<BinaryOperator>(bare(E));
  if (!Or || Or->getOpcode() != BO_Or)
    return 0;
  int64_t Bits = 0;
  for (const Expr *Side : {Or->getLHS(), Or->getRHS()}) {
    if (std::optional<int64_t> V = foldInteger(Side, Ctx))
      Bits |= *V;
    else
      Bits |= orConstants(Side, Ctx);
  }
  return Bits;
}

/// The index of the parameter of \p Func that \p E names, if any.
std::optional<unsigned> paramIndex(const FunctionDecl *Func, const Expr *E) {
  if (!E)
    return std::nullopt;
  const auto *Ref = llvm::dyn_cast<DeclRefExpr>(bare(E));
  const auto *Param =
      Ref ? llvm::dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  if (!Param || Param->getDeclContext() != Func)
    return std::nullopt;
  return Param->getFunctionScopeIndex();
}

/// The return statements of a body, not those of lambdas or blocks in it.
void collectReturns(const Stmt *S,
                    llvm::SmallVectorImpl<const ReturnStmt *> &Out) {
  if (!S || llvm::isa<LambdaExpr, BlockExpr>(S))
    return;
  if (const auto *R = llvm::dyn_cast<ReturnStmt>(S))
    Out.push_back(R);
  for (const Stmt *Child : S->children())
    collectReturns(Child, Out);
}

/// The one operation kind of \p A and \p B together: tests (None) add
/// nothing, two different kinds are Unknown.
OffsetEffect combine(OffsetEffect A, OffsetEffect B) {
  if (A == OffsetEffect::None)
    return B;
  if (B == OffsetEffect::None || A == B)
    return A;
  return OffsetEffect::Unknown;
}

/// For a test of one of \p Def's integer parameters against zero (`state`,
/// `!state`, `state == 0`, `state != 0`): the parameter, and whether the
/// test holds when it is zero.
std::optional<std::pair<unsigned, bool>>
testOfParam(const Expr *Cond, const FunctionDecl *Def, ASTContext &Ctx) {
  bool HoldsWhenZero = false;
  Cond = bare(Cond);
  if (const auto *Not = llvm::dyn_cast<UnaryOperator>(Cond);
      Not && Not->getOpcode() == UO_LNot) {
    HoldsWhenZero = true;
    Cond = bare(Not->getSubExpr());
  } else if (const auto *Cmp = llvm::dyn_cast<BinaryOperator>(Cond);
             Cmp && Cmp->isEqualityOp()) {
    HoldsWhenZero = Cmp->getOpcode() == BO_EQ;
    const Expr *Zero = bare(Cmp->getRHS());
    Cond = bare(Cmp->getLHS());
    if (foldInteger(Cond, Ctx))
      std::swap(Cond, Zero);
    if (foldInteger(Zero, Ctx) != 0)
      return std::nullopt;
  }
  const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Cond);
  const auto *Param =
      Ref ? llvm::dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  if (!Param || Param->getDeclContext() != Def ||
      !Param->getType()->isIntegerType())
    return std::nullopt;
  return std::pair(Param->getFunctionScopeIndex(), HoldsWhenZero);
}

bool isFcntl(const CallExpr *Call) {
  llvm::StringRef Name = calleeName(Call);
  return Name == "fcntl" || Name == "fcntl64";
}

/// The definition of \p Func whose body a summary may read: user code, not
/// a template pattern.
const FunctionDecl *summarisable(const FunctionDecl *Func,
                                 const SourceManager &SM) {
  const FunctionDecl *Def = Func ? Func->getDefinition() : nullptr;
  if (!Def || !Def->getBody() || Def->isDependentContext() ||
      declaredInSystemHeader(Def, SM))
    return nullptr;
  return Def;
}

} // namespace

bool OpenSummary::operator==(const OpenSummary &O) const {
  return Opener == O.Opener && PathParam == O.PathParam &&
         FlagsParam == O.FlagsParam && Mode.K == O.Mode.K &&
         Mode.Append == O.Mode.Append && Mode.Reads == O.Mode.Reads &&
         Mode.IsStream == O.Mode.IsStream && Flags == O.Flags &&
         AddedFlags == O.AddedFlags && ModeText == O.ModeText;
}

FunctionSummaries &FunctionSummaries::of(ASTContext &Ctx) {
  return PerContext<FunctionSummaries>::get(Ctx, [&] {
    return std::unique_ptr<FunctionSummaries>(new FunctionSummaries(Ctx));
  });
}

void FunctionSummaries::forget(ASTContext &Ctx) {
  PerContext<FunctionSummaries>::forget(Ctx);
}

const OpenSummary *FunctionSummaries::opens(const FunctionDecl *Func,
                                            const PosixConstants &Constants) {
  const FunctionDecl *Def = summarisable(Func, Ctx.getSourceManager());
  if (!Def)
    return nullptr;
  auto [It, New] = Opens.try_emplace(Def, State::Computing, nullptr);
  if (!New)
    return It->second.first == State::Done ? It->second.second : nullptr;
  std::optional<OpenSummary> Result;
  {
    FunctionCache::Scratch Scratch(Ctx);
    Result = computeOpens(Def, Constants);
  }
  const OpenSummary *Kept = nullptr;
  if (Result)
    Kept = &OpenStore.emplace_back(std::move(*Result));
  Opens[Def] = {State::Done, Kept}; // the map may have grown meanwhile
  return Kept;
}

ParamOffsetEffect FunctionSummaries::paramEffect(const FunctionDecl *Func,
                                                 unsigned Param) {
  const FunctionDecl *Def = summarisable(Func, Ctx.getSourceManager());
  if (!Def || Param >= Def->getNumParams())
    return {};
  auto [It, New] =
      Effects.try_emplace({Def, Param}, State::Computing, ParamOffsetEffect{});
  if (!New)
    return It->second.second;
  ParamOffsetEffect Result = computeParamEffect(Def, Param);
  Effects[{Def, Param}] = {State::Done, Result};
  return Result;
}

ParamOffsetEffect FunctionSummaries::computeParamEffect(const FunctionDecl *Def,
                                                        unsigned Param) {
  const StmtParents &Parents = Functions.parents(Def);
  ParamOffsetEffect Result{OffsetEffect::None};
  llvm::ArrayRef<const DeclRefExpr *> Uses =
      Functions.uses(Def).of(Def->getParamDecl(Param));
  if (Uses.empty())
    return {};
  for (const DeclRefExpr *Use : Uses) {
    const Expr *Value = Use;
    const Stmt *User = userPastFileno(Value, Parents);
    if (isOnlyTested(Value, User) || storedForPoll(User, Value, Def))
      continue;
    const auto *Call = llvm::dyn_cast_or_null<CallExpr>(User);
    if (!Call || bare(Call->getCallee()) == bare(Value))
      return {};
    bool Handed = false;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      if (bare(Call->getArg(I)) != bare(Value))
        continue;
      Handed = true;
      ParamOffsetEffect Of = effectAtCall(Call, I, Def, nullptr);
      if (Of.ThroughParam >= 0) {
        if (Result.ThroughParam >= 0 &&
            (Result.ThroughParam != Of.ThroughParam ||
             Result.ThroughArg != Of.ThroughArg))
          return {};
        Result.ThroughParam = Of.ThroughParam;
        Result.ThroughArg = Of.ThroughArg;
      }
      Result.Effect = combine(Result.Effect, Of.Effect);
      if (Result.Effect == OffsetEffect::Unknown)
        return {};
    }
    if (!Handed)
      return {};
  }
  return Result;
}

namespace {

/// The function \p E names (`write`, `&write`, `(ssize_t (*)(int, void *,
/// size_t))write`); null for anything else.
const FunctionDecl *namedFunction(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *Addr = llvm::dyn_cast<UnaryOperator>(E);
      Addr && Addr->getOpcode() == UO_AddrOf)
    E = Addr->getSubExpr()->IgnoreParenCasts();
  const auto *Ref = llvm::dyn_cast<DeclRefExpr>(E);
  return Ref ? llvm::dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
}

/// The index of \p Within's function-pointer parameter \p E names (`f`,
/// `*f`, `(f)`), if any.
std::optional<unsigned> functionParam(const FunctionDecl *Within,
                                      const Expr *E) {
  if (!Within)
    return std::nullopt;
  E = E->IgnoreParenCasts();
  if (const auto *Deref = llvm::dyn_cast<UnaryOperator>(E);
      Deref && Deref->getOpcode() == UO_Deref)
    E = Deref->getSubExpr();
  std::optional<unsigned> Index = paramIndex(Within, E);
  if (!Index ||
      !Within->getParamDecl(*Index)->getType()->isFunctionPointerType())
    return std::nullopt;
  return Index;
}

/// The I/O functions whose descriptor a caller's helper may be handed to
/// call (`atomicio(vwrite, fd, ...)`), with the descriptor first.
bool isDescriptorIo(llvm::StringRef Name) {
  return Name == "write" || Name == "read" || Name == "pwrite" ||
         Name == "pread";
}

} // namespace

ParamOffsetEffect FunctionSummaries::effectAtCall(const CallExpr *Call,
                                                  unsigned Arg,
                                                  const FunctionDecl *Within,
                                                  Requirement *Needs) {
  const FunctionDecl *Callee = calleeOf(Call);
  if (!Callee) {
    // `(f)(fd, s + pos, n - pos)`, f a parameter: whatever the caller's
    // function does.
    if (std::optional<unsigned> F = functionParam(Within, Call->getCallee()))
      return {OffsetEffect::None, static_cast<int>(*F), Arg};
    return {};
  }
  if (std::optional<OffsetEffect> Known = knownOffsetEffect(calleeName(Call)))
    return {*Known};
  ParamOffsetEffect Summary = paramEffect(Callee, Arg);
  if (!Callee->hasBody() && Needs && CrossUnitFacts::current()) {
    // Another unit's function handed an I/O function beside the descriptor
    // is taken to call it with the descriptor first; its unit must say so.
    for (unsigned J = 0; J < Call->getNumArgs(); ++J)
      if (const FunctionDecl *Passed = namedFunction(Call->getArg(J));
          Passed && J != Arg &&
          isDescriptorIo(unfortifiedName(Passed->getName()))) {
        std::string Name = crossUnitName(Callee);
        if (Name.empty())
          return {};
        Summary = {OffsetEffect::None, static_cast<int>(J), 0};
        Needs->push_back({offsetThroughFact(Name, Arg, J, 0)});
        break;
      }
  }
  if (Summary.ThroughParam < 0)
    return Summary;
  if (static_cast<unsigned>(Summary.ThroughParam) >= Call->getNumArgs())
    return {};
  const Expr *Passed = Call->getArg(Summary.ThroughParam);
  // Handed on: the caller's own parameter.
  if (std::optional<unsigned> F = functionParam(Within, Passed))
    return {Summary.Effect, static_cast<int>(*F), Summary.ThroughArg};
  const FunctionDecl *Named = namedFunction(Passed);
  if (!Named)
    return {};
  OffsetEffect Of = OffsetEffect::Unknown;
  if (std::optional<OffsetEffect> Known =
          knownOffsetEffect(unfortifiedName(Named->getName())))
    Of = *Known;
  else if (ParamOffsetEffect Own = paramEffect(Named, Summary.ThroughArg);
           Own.ThroughParam < 0)
    Of = Own.Effect;
  return {combine(Summary.Effect, Of)};
}

OffsetEffect FunctionSummaries::argumentEffect(const CallExpr *Call,
                                               unsigned Arg,
                                               Requirement *Needs) {
  ParamOffsetEffect Of = effectAtCall(Call, Arg, nullptr, Needs);
  return Of.ThroughParam < 0 ? Of.Effect : OffsetEffect::Unknown;
}

bool FunctionSummaries::storedForPoll(const Stmt *Store, const Expr *Value,
                                      const FunctionDecl *Def) {
  const auto *Assign = llvm::dyn_cast_or_null<BinaryOperator>(Store);
  if (!Assign || Assign->getOpcode() != BO_Assign ||
      bare(Assign->getRHS()) != bare(Value))
    return false;
  const auto *Field =
      llvm::dyn_cast<MemberExpr>(Assign->getLHS()->IgnoreParenImpCasts());
  const auto *Base =
      Field && !Field->isArrow()
          ? llvm::dyn_cast<DeclRefExpr>(Field->getBase()->IgnoreParenImpCasts())
          : nullptr;
  const auto *Record =
      Base ? llvm::dyn_cast<VarDecl>(Base->getDecl()) : nullptr;
  if (!Record || !Record->isLocalVarDecl() ||
      !Record->getType()->isRecordType())
    return false;
  // Every use names a field of it (not its address), or hands its address
  // to poll.
  const StmtParents &Parents = Functions.parents(Def);
  auto AddressOf = [](const Stmt *S) {
    const auto *Op = llvm::dyn_cast_or_null<UnaryOperator>(S);
    return Op && Op->getOpcode() == UO_AddrOf ? Op : nullptr;
  };
  for (const DeclRefExpr *Use : Functions.uses(Def).of(Record)) {
    const Stmt *Up = userOf(Use, Parents);
    if (const auto *Member = llvm::dyn_cast_or_null<MemberExpr>(Up)) {
      if (AddressOf(userOf(Member, Parents)))
        return false;
      continue;
    }
    const UnaryOperator *Addr = AddressOf(Up);
    const auto *Poll =
        Addr ? llvm::dyn_cast_or_null<CallExpr>(userOf(Addr, Parents))
             : nullptr;
    if (!Poll || (calleeName(Poll) != "poll" && calleeName(Poll) != "ppoll"))
      return false;
  }
  return true;
}

unsigned fcntlSetsFlag(const CallExpr *Call, const PosixConstants &Constants,
                       ASTContext &Ctx) {
  if (!isFcntl(Call) || Call->getNumArgs() != 3)
    return 0;
  std::optional<int64_t> Cmd = foldInteger(Call->getArg(1), Ctx);
  if (Cmd == Constants.get("F_SETFD") &&
      setsBit(Call->getArg(2), Constants.get("FD_CLOEXEC"), Ctx))
    return SetsCloseOnExec;
  if (Cmd == Constants.get("F_SETFL") &&
      setsBit(Call->getArg(2), Constants.get("O_NONBLOCK"), Ctx))
    return SetsNonBlocking;
  return 0;
}

bool FdFlagEffect::holdsFor(const CallExpr *Call, ASTContext &Ctx) const {
  if (WhenParam < 0)
    return true;
  if (static_cast<unsigned>(WhenParam) >= Call->getNumArgs())
    return false;
  std::optional<int64_t> Value = foldInteger(Call->getArg(WhenParam), Ctx);
  return Value && (*Value == 0) == WhenZero;
}

/// Whether \p T may be a descriptor: an int (or a typedef of one), not a
/// character or a flag. Asked before a parameter's summary is kept: most
/// parameters are pointers, and a map entry for each cost more memory than
/// the parse of a file of small functions.
static bool mayBeDescriptor(QualType T) {
  return T->isIntegerType() && !T->isCharType() && !T->isBooleanType();
}

FdFlagEffect FunctionSummaries::fdFlagsSet(const FunctionDecl *Func,
                                           unsigned Param,
                                           const PosixConstants &Constants) {
  const FunctionDecl *Def = summarisable(Func, Ctx.getSourceManager());
  if (!Def || Param >= Def->getNumParams())
    return {};
  QualType T = Def->getParamDecl(Param)->getType();
  if (!mayBeDescriptor(T->isPointerType() ? T->getPointeeType() : T))
    return {};
  auto [It, New] = FdFlags.try_emplace({Def, Param});
  if (!New)
    return It->second;
  FdFlagEffect Effect = computeFdFlags(Def, Param, Constants);
  FdFlags[{Def, Param}] = Effect;
  return Effect;
}

bool FunctionSummaries::afterFailedFcntl(const Stmt *S,
                                         const FunctionDecl *Def) {
  const StmtParents &Parents = Functions.parents(Def);
  // Whether every value the local \p Ref names holds there (the
  // definitions that reach it) passes \p Holds.
  auto EveryValue = [&](const DeclRefExpr *Ref,
                        llvm::function_ref<bool(const Expr *)> Holds) {
    const auto *Var = llvm::dyn_cast<VarDecl>(Ref->getDecl());
    const FunctionFlow *Flow =
        Var && Var->isLocalVarDecl() && !Var->isStaticLocal()
            ? Functions.flow(Def, Ctx)
            : nullptr;
    llvm::SmallVector<Definition, 2> Values;
    return Flow && Flow->reachingDefinitions(Var, Ref, Values) &&
           !Values.empty() && llvm::all_of(Values, [&](const Definition &D) {
             return D.Value && Holds(D.Value);
           });
  };
  // The condition names an fcntl, or a local whose values there do (`int
  // fl = fcntl(...); if (fl == -1)`, `int bad = fcntl(...) < 0; if (bad)`,
  // `int fl = 0; fl = fcntl(...); if (fl == -1)`, a read-back later given
  // `fl |= FD_CLOEXEC`), a few locals deep.
  auto TestsFcntl = [&](const Stmt *Cond, unsigned Depth, auto &Self) -> bool {
    if (!Cond)
      return false;
    if (const auto *Call = llvm::dyn_cast<CallExpr>(Cond))
      return isFcntl(Call);
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Cond))
      return Depth < 4 && EveryValue(Ref, [&](const Expr *Value) {
               return Self(Value, Depth + 1, Self);
             });
    return llvm::any_of(Cond->children(),
                        [&](const Stmt *C) { return Self(C, Depth, Self); });
  };
  // `v == -1` or `v < 0` for an fcntl's answer `v` (the call, or a local
  // that holds it there) is true only when the fcntl failed: such a branch
  // may go on (`if (errno == ENODEV) ...; else fatal(...)`).
  auto IsFcntlCall = [](const Expr *E) {
    const CallExpr *Call = underlyingCall(E);
    return Call && isFcntl(Call);
  };
  auto IsAnswer = [&](const Expr *E) {
    E = E->IgnoreParenCasts();
    if (const auto *Call = llvm::dyn_cast<CallExpr>(E))
      return isFcntl(Call);
    const auto *Ref = llvm::dyn_cast<DeclRefExpr>(E);
    return Ref && EveryValue(Ref, IsFcntlCall);
  };
  // Through a local that keeps the test (`int failed = !!(fl == -1); if
  // (failed)`), a few locals deep.
  auto OnlyOnFailure = [&](const Expr *Cond, unsigned Depth,
                           auto &Self) -> bool {
    Cond = Cond->IgnoreParenCasts();
    if (const auto *Not = llvm::dyn_cast<UnaryOperator>(Cond);
        Not && Not->getOpcode() == UO_LNot)
      if (const auto *Twice = llvm::dyn_cast<UnaryOperator>(
              Not->getSubExpr()->IgnoreParenCasts());
          Twice && Twice->getOpcode() == UO_LNot)
        return Self(Twice->getSubExpr(), Depth, Self);
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Cond))
      return Depth < 4 && EveryValue(Ref, [&](const Expr *Value) {
               return Self(Value, Depth + 1, Self);
             });
    const auto *Cmp = llvm::dyn_cast<BinaryOperator>(Cond);
    if (!Cmp || !Cmp->isComparisonOp())
      return false;
    BinaryOperatorKind Op = Cmp->getOpcode();
    const Expr *Answer = Cmp->getLHS();
    std::optional<int64_t> Bound = constantValue(Cmp->getRHS(), Ctx);
    if (!Bound) {
      Answer = Cmp->getRHS();
      Bound = constantValue(Cmp->getLHS(), Ctx);
      Op = BinaryOperator::reverseComparisonOp(Op);
    }
    return Bound &&
           ((Op == BO_EQ && *Bound < 0) || (Op == BO_LT && *Bound <= 0) ||
            (Op == BO_LE && *Bound < 0)) &&
           IsAnswer(Answer);
  };
  for (const Stmt *Child = S, *Up = Parents.getParent(S); Up;
       Child = Up, Up = Parents.getParent(Up))
    if (const auto *If = llvm::dyn_cast<IfStmt>(Up))
      if (If->getThen() == Child &&
          ((onlyFails(Child) && TestsFcntl(If->getCond(), 0, TestsFcntl)) ||
           OnlyOnFailure(If->getCond(), 0, OnlyOnFailure)))
        return true;
  return false;
}

FdFlagEffect
FunctionSummaries::computeFdFlags(const FunctionDecl *Def, unsigned Param,
                                  const PosixConstants &Constants) {
  // Most functions are answered before any map of the body is built.
  const ParmVarDecl *P = Def->getParamDecl(Param);
  bool ThroughPointer = P->getType()->isPointerType();
  llvm::ArrayRef<CallSite> Calls = CallIndex::of(Ctx).callsIn(Def);
  if (!llvm::any_of(Calls, [&](const CallSite &C) { return isFcntl(C.Call); }))
    return {};
  const StmtParents &Parents = Functions.parents(Def);
  FdFlagEffect Effect;
  llvm::ArrayRef<const DeclRefExpr *> Uses = Functions.uses(Def).of(P);
  for (const DeclRefExpr *Use : Uses) {
    const Expr *Fd = Use;
    const Stmt *User = userOf(Fd, Parents);
    if (ThroughPointer) {
      const auto *Deref = llvm::dyn_cast_or_null<UnaryOperator>(User);
      if (!Deref || Deref->getOpcode() != UO_Deref)
        return {};
      Fd = Deref;
      User = userOf(Fd, Parents);
    }
    const auto *Call = llvm::dyn_cast_or_null<CallExpr>(User);
    if (Call && isFcntl(Call) && Call->getNumArgs() >= 2 &&
        bare(Call->getArg(0)) == bare(Fd)) {
      std::optional<int64_t> Cmd = foldInteger(Call->getArg(1), Ctx);
      if (Cmd == Constants.get("F_GETFD") || Cmd == Constants.get("F_GETFL"))
        continue;
      if (unsigned Bit = fcntlSetsFlag(Call, Constants, Ctx)) {
        Effect.Bits |= Bit;
        continue;
      }
      // One set on a test of another parameter decides for them all.
      std::optional<FdFlagEffect> OnTest =
          Effect.WhenParam < 0 && !ThroughPointer
              ? flagSetOnTest(Call, Def, P, Constants)
              : std::nullopt;
      if (!OnTest)
        return {};
      Effect.Bits |= OnTest->Bits;
      Effect.WhenParam = OnTest->WhenParam;
      Effect.WhenZero = OnTest->WhenZero;
      continue;
    }
    if (!afterFailedFcntl(Fd, Def))
      return {};
  }
  // Nothing else on the way to success: dropping a call of it loses only
  // the flags.
  for (const CallSite &C : Calls)
    if (!isFcntl(C.Call) && !afterFailedFcntl(C.Call, Def))
      return {};
  return Effect;
}

std::optional<FdFlagEffect>
FunctionSummaries::flagSetOnTest(const CallExpr *Set, const FunctionDecl *Def,
                                 const ParmVarDecl *Fd,
                                 const PosixConstants &Constants) {
  std::optional<int64_t> Cmd = foldInteger(Set->getArg(1), Ctx);
  bool Status = Cmd == Constants.get("F_SETFL");
  if (Set->getNumArgs() != 3 || (!Status && Cmd != Constants.get("F_SETFD")))
    return std::nullopt;
  const int64_t Flag = Constants.get(Status ? "O_NONBLOCK" : "FD_CLOEXEC");
  const auto *Ref = llvm::dyn_cast<DeclRefExpr>(bare(Set->getArg(2)));
  const auto *Flags = Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Flags || !Flags->isLocalVarDecl() || Flags->isStaticLocal())
    return std::nullopt;
  const StmtParents &Parents = Functions.parents(Def);
  const SourceManager &SM = Ctx.getSourceManager();
  auto Before = [&](const Stmt *A, const Stmt *B) {
    return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  };
  // The flags read back from the descriptor.
  auto IsReadBack = [&](const Expr *E) {
    const auto *Get = llvm::dyn_cast<CallExpr>(bare(E));
    std::optional<int64_t> GetCmd =
        Get && isFcntl(Get) && Get->getNumArgs() >= 2
            ? foldInteger(Get->getArg(1), Ctx)
            : std::nullopt;
    const auto *Of =
        Get ? llvm::dyn_cast<DeclRefExpr>(bare(Get->getArg(0))) : nullptr;
    return Of && Of->getDecl() == Fd &&
           GetCmd == Constants.get(Status ? "F_GETFL" : "F_GETFD");
  };
  // Each store: the flags read back (first), the flag set or cleared
  // (then, each on its side of one parameter's test), before the fcntl.
  const Stmt *ReadBack = nullptr;
  if (const Expr *Init = Flags->getInit()) {
    if (!IsReadBack(Init))
      return std::nullopt;
    ReadBack = Init;
  }
  std::optional<FdFlagEffect> Effect;
  bool AnySet = false;
  for (const DeclRefExpr *Use : Functions.uses(Def).of(Flags)) {
    const Stmt *User = userOf(Use, Parents);
    const auto *Store = llvm::dyn_cast_or_null<BinaryOperator>(User);
    if (Use == Ref || (Store && Store->isComparisonOp()))
      continue; // read: the fcntl's argument, or a test of the read back
    if (!Store || bare(Store->getLHS()) != Use || !Before(Store, Set))
      return std::nullopt;
    if (Store->getOpcode() == BO_Assign) {
      if (ReadBack || !IsReadBack(Store->getRHS()))
        return std::nullopt;
      ReadBack = Store;
      continue;
    }
    // `fl |= O_NONBLOCK`, or `fl &= ~O_NONBLOCK` on the other side of a
    // test of a parameter: the nearest `if` but those that test the flags
    // read back (`if (fl != -1)`), with the store in their success branch.
    const auto *Clear = llvm::dyn_cast<UnaryOperator>(bare(Store->getRHS()));
    bool Sets = Store->getOpcode() == BO_OrAssign &&
                setsBit(Store->getRHS(), Flag, Ctx);
    bool Clears = Store->getOpcode() == BO_AndAssign && Clear &&
                  Clear->getOpcode() == UO_Not &&
                  setsBit(Clear->getSubExpr(), Flag, Ctx);
    if ((!Sets && !Clears) || !ReadBack || !Before(ReadBack, Store))
      return std::nullopt;
    const IfStmt *If = nullptr;
    const Stmt *Branch = Store;
    for (const Stmt *Up = Parents.getParent(Branch); Up && !If;
         Up = Parents.getParent(Up)) {
      If = llvm::dyn_cast<IfStmt>(Up);
      if (If && Branch == If->getThen() && refersTo(If->getCond(), Flags))
        If = nullptr;
      if (!If)
        Branch = Up;
    }
    std::optional<std::pair<unsigned, bool>> Test =
        If && (Branch == If->getThen() || Branch == If->getElse())
            ? testOfParam(If->getCond(), Def, Ctx)
            : std::nullopt;
    if ((If && !Test) || (!If && Clears))
      return std::nullopt;
    FdFlagEffect Side{Status ? SetsNonBlocking : SetsCloseOnExec};
    if (Test) {
      // The side the store is on, for a parameter of zero.
      bool WhenZero = (Branch == If->getThen()) == Test->second;
      Side.WhenParam = static_cast<int>(Test->first);
      Side.WhenZero = Sets ? WhenZero : !WhenZero;
    }
    if (Test && Test->first == Fd->getFunctionScopeIndex())
      return std::nullopt;
    if (Effect && (Effect->WhenParam != Side.WhenParam ||
                   Effect->WhenZero != Side.WhenZero))
      return std::nullopt;
    Effect = Side;
    AnySet |= Sets;
  }
  return AnySet ? Effect : std::nullopt;
}

FlagsSetOnFd FunctionSummaries::flagsSetFirst(const FunctionDecl *Func,
                                              unsigned Param,
                                              const PosixConstants &Constants) {
  const FunctionDecl *Def = summarisable(Func, Ctx.getSourceManager());
  if (!Def || Param >= Def->getNumParams() ||
      !mayBeDescriptor(Def->getParamDecl(Param)->getType()))
    return {};
  auto [It, New] = FirstFlags.try_emplace({Def, Param});
  if (!New)
    return It->second;
  FlagsSetOnFd First = computeFirstFlags(Def, Param, Constants);
  FirstFlags[{Def, Param}] = First;
  return First;
}

/// The function \p Call calls, when its body or its unit may say what it
/// does (null for the C library's); \p Elsewhere when that is another unit.
static const FunctionDecl *helperCalledBy(const CallExpr *Call, bool &Elsewhere,
                                          const SourceManager &SM) {
  const FunctionDecl *Callee = calleeOf(Call);
  if (!Callee || declaredInSystemHeader(Callee, SM))
    return nullptr;
  Elsewhere = !Callee->hasBody();
  return Elsewhere && !CrossUnitFacts::current() ? nullptr : Callee;
}

FlagsSetOnFd
FunctionSummaries::flagsSetByCall(const CallExpr *Call, unsigned Arg,
                                  const PosixConstants &Constants) {
  if (isFcntl(Call))
    return {Arg == 0 ? fcntlSetsFlag(Call, Constants, Ctx) : 0, {}};
  bool Elsewhere = false;
  const FunctionDecl *Callee =
      helperCalledBy(Call, Elsewhere, Ctx.getSourceManager());
  if (!Callee)
    return {};
  if (!Elsewhere) {
    FdFlagEffect Effect = fdFlagsSet(Callee, Arg, Constants);
    return {Effect.holdsFor(Call, Ctx) ? Effect.Bits : 0, {}};
  }
  // The name other units know it by (a USR) is made only for a flag name.
  unsigned Bit = flagNamedBy(Callee->getName());
  std::string Name = Bit ? crossUnitName(Callee) : std::string();
  if (Name.empty())
    return {};
  return {Bit, {elsewhereFlagFacts(Call, Name, Arg, Bit, Ctx)}};
}

FlagsSetOnFd
FunctionSummaries::flagsSetFirstByCall(const CallExpr *Call, unsigned Arg,
                                       const PosixConstants &Constants) {
  bool Elsewhere = false;
  const FunctionDecl *Callee =
      helperCalledBy(Call, Elsewhere, Ctx.getSourceManager());
  if (!Callee || Arg >= Callee->getNumParams())
    return {};
  if (!Elsewhere)
    return flagsSetFirst(Callee, Arg, Constants);
  // A guess: only a parameter that can take a descriptor, or point to one
  // (not `const char *name`, `char **out`).
  QualType Param = Callee->getParamDecl(Arg)->getType();
  if (!canHoldHandle(Param) &&
      !(Param->isPointerType() && canHoldHandle(Param->getPointeeType())))
    return {};
  // One candidate per call (flagNamedBy).
  std::string Name = crossUnitName(Callee);
  if (Name.empty())
    return {};
  return {SetsNonBlocking, {{firstFlagFact(Name, Arg, SetsNonBlocking)}}};
}

FlagsSetOnFd
FunctionSummaries::computeFirstFlags(const FunctionDecl *Def, unsigned Param,
                                     const PosixConstants &Constants) {
  const ParmVarDecl *P = Def->getParamDecl(Param);
  const auto *Body = llvm::dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body)
    return {};
  // The first call handed the parameter itself, from the call index (most
  // functions are answered here, before any map of the body is built).
  const CallExpr *First = nullptr;
  unsigned Arg = 0;
  for (const CallSite &Site : CallIndex::of(Ctx).callsIn(Def)) {
    for (unsigned I = 0; I < Site.Call->getNumArgs() && !First; ++I)
      if (refersTo(Site.Call->getArg(I), P))
        First = Site.Call, Arg = I;
    if (First)
      break;
  }
  if (!First)
    return {};
  FlagsSetOnFd Result = flagsSetByCall(First, Arg, Constants);
  if (!Result.Bits)
    return {};
  // Nothing before the call uses the parameter (the call index saw no call
  // with it; a use outside a call is any other use).
  const SourceManager &SM = Ctx.getSourceManager();
  for (const DeclRefExpr *Use : Functions.uses(Def).of(P))
    if (SM.isBeforeInTranslationUnit(Use->getBeginLoc(), First->getBeginLoc()))
      return {};
  // The call is a statement of the body, or of blocks and `do { } while
  // (0)`s in it, after statements that may not leave their block (error
  // paths too: before anything else means on every path).
  const StmtParents &Parents = Functions.parents(Def);
  for (const Stmt *Child = First, *Up = Parents.getParent(Child); Child != Body;
       Child = Up, Up = Parents.getParent(Up)) {
    if (const auto *Block = llvm::dyn_cast_or_null<CompoundStmt>(Up)) {
      for (const Stmt *S : Block->body()) {
        if (S == Child)
          break;
        if (mayLeave(S))
          return {};
      }
    } else if (const auto *Do = llvm::dyn_cast_or_null<DoStmt>(Up)) {
      if (Do->getBody() != Child || foldInteger(Do->getCond(), Ctx) != 0)
        return {};
    } else if (!llvm::isa_and_nonnull<CastExpr, ParenExpr, ExprWithCleanups>(
                   Up)) {
      return {};
    }
  }
  return Result;
}

std::optional<OpenSummary>
FunctionSummaries::computeOpens(const FunctionDecl *Def,
                                const PosixConstants &Constants) {
  static const OpenFunctionTable Plain({}, {});
  // What a function returns is an open only when its body makes one (the
  // call index has its calls, but not an instantiation's): the test spares
  // the walks for returns and the uses of returned locals in the many
  // functions that open nothing. A call back into a summary being made may
  // open: its answer is not known yet.
  auto MayOpen = [&](const CallSite &Site) {
    if (Site.Func != Def)
      return false;
    const FunctionDecl *Callee =
        summarisable(Site.Callee, Ctx.getSourceManager());
    auto Known = Callee ? Opens.find(Callee) : Opens.end();
    return (Known != Opens.end() && Known->second.first == State::Computing) ||
           Plain.classify(Site.Call, Ctx, Constants, /*AcrossUnits=*/true);
  };
  if (!Def->isTemplateInstantiation() &&
      llvm::none_of(CallIndex::of(Ctx).callsIn(Def), MayOpen))
    return std::nullopt;

  // What each successful return hands back: an open call, or a local that
  // only ever holds one (or a failure value) and is otherwise only tested.
  std::optional<OpenSummary> Result;
  auto Take = [&](const Expr *Value) {
    std::optional<OpenCall> Open =
        Plain.classify(Value, Ctx, Constants, /*AcrossUnits=*/true);
    if (!Open)
      return false;
    OpenSummary S;
    S.Opener = Open->Function.str();
    S.PathParam = paramIndex(Def, Open->Path);
    S.Flags = Open->Flags;
    S.ModeText = Open->ModeText;
    if (Open->Mode.K != AccessMode::Runtime) {
      S.Mode = Open->Mode;
      if (!S.Flags && !Open->Mode.IsStream)
        S.Flags = foldInteger(Open->Mode.FlagsExpr, Ctx);
      // fdopen's "w" truncates nothing: no mode text to reason from.
      if (!S.ModeText && Open->Mode.IsStream && Open->Function != "fdopen")
        if (std::optional<llvm::StringRef> Text =
                stringValue(Open->Mode.FlagsExpr))
          S.ModeText = Text->str();
    } else if ((S.FlagsParam = paramIndex(Def, Open->Mode.AccessExpr))) {
      // The caller's flags decide; O_APPEND added here stays.
      S.Mode.Append = Open->Mode.Append;
      S.Mode.IsStream = Open->Mode.IsStream;
      if (!S.Mode.IsStream && Open->Mode.FlagsExpr)
        S.AddedFlags = orConstants(Open->Mode.FlagsExpr, Ctx);
      if (S.Mode.IsStream &&
          bare(Open->Mode.AccessExpr) != bare(Open->Mode.FlagsExpr))
        return false;
    } else {
      return false; // decided by something the caller cannot see
    }
    S.Mode.FlagsExpr = S.Mode.AccessExpr = nullptr;
    S.Needs = Open->Needs;
    if (Result && !(*Result == S))
      return false;
    if (Result)
      llvm::append_range(Result->Needs, S.Needs);
    else
      Result = std::move(S);
    return true;
  };
  llvm::SmallPtrSet<const VarDecl *, 2> Locals;
  // `ret = fd; goto out; ... out: return ret;`: a copy into the returned
  // local is the descriptor it copies.
  std::function<bool(const VarDecl *)> TakeLocal;
  auto TakeCopy = [&](const Expr *E) {
    const auto *Ref = llvm::dyn_cast<DeclRefExpr>(bare(E));
    const auto *Var = Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    return Var && TakeLocal(Var);
  };
  TakeLocal = [&](const VarDecl *Var) {
    if (!Locals.insert(Var).second)
      return true;
    const VariableUses &Uses = Functions.uses(Def);
    if (!Var->hasLocalStorage() || llvm::isa<ParmVarDecl>(Var) ||
        Var->getType()->isReferenceType() || Uses.changedInPlace(Var))
      return false;
    // Indexed only for a function that returns a local that may hold an
    // open's result: most return none, and a sum is no such local.
    const StmtParents &Parents = Functions.parents(Def);
    if (const Expr *Init = Var->getInit())
      if (!isFailureValue(Init, Ctx) && !Take(Init))
        return false;
    for (const DeclRefExpr *Use : Uses.of(Var)) {
      const Stmt *User = userOf(Use, Parents);
      const auto *Assign = llvm::dyn_cast_or_null<BinaryOperator>(User);
      if (Assign && Assign->getOpcode() == BO_Assign &&
          bare(Assign->getLHS()) == Use) {
        if (!isFailureValue(Assign->getRHS(), Ctx) && !Take(Assign->getRHS()) &&
            !TakeCopy(Assign->getRHS()))
          return false;
        continue;
      }
      if (llvm::isa_and_nonnull<ReturnStmt>(User) || isOnlyTested(Use, User))
        continue;
      if (const VarDecl *Into = Assign && Assign->getOpcode() == BO_Assign &&
                                        bare(Assign->getRHS()) == Use
                                    ? referencedVar(Assign->getLHS())
                                    : nullptr;
          Into && Locals.count(Into))
        continue;
      // fileno(f) handed on: what is done with the descriptor decides.
      const Expr *Value = Use;
      User = userPastFileno(Value, Parents);
      if (const auto *Call = llvm::dyn_cast_or_null<CallExpr>(User);
          Call && bare(Call->getCallee()) != bare(Value) &&
          keepsWhatItOpened(Call, Parents, Ctx))
        continue;
      return false;
    }
    return true;
  };

  llvm::SmallVector<const ReturnStmt *, 4> Returns;
  collectReturns(Def->getBody(), Returns);
  for (const ReturnStmt *Return : Returns) {
    const Expr *Value = Return->getRetValue();
    if (!Value)
      return std::nullopt;
    if (isFailureValue(Value, Ctx) || Take(Value))
      continue;
    const auto *Ref = llvm::dyn_cast<DeclRefExpr>(bare(Value));
    const auto *Var = Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!Var || !TakeLocal(Var))
      return std::nullopt;
  }
  if (Result && Returns.size() == 1)
    Result->Dies = diesOnFailure(Def, Returns.front()) ||
                   returnsDyingOpen(Returns.front(), Constants);
  return Result;
}

bool FunctionSummaries::returnsDyingOpen(const ReturnStmt *Return,
                                         const PosixConstants &Constants) {
  // `return open_or_die(path, O_RDONLY);`: what the inner wrapper returns
  // is never a failure, as this unit's summary of it says (on what it
  // needs of other units, which this summary needs too).
  const auto *Call = llvm::dyn_cast<CallExpr>(bare(Return->getRetValue()));
  const FunctionDecl *Callee = Call ? calleeOf(Call) : nullptr;
  const OpenSummary *Inner = Callee ? opens(Callee, Constants) : nullptr;
  return Inner && Inner->Dies;
}

bool FunctionSummaries::diesOnFailure(const FunctionDecl *Def,
                                      const ReturnStmt *Return) {
  // `...; if (fd < 0) { ...; exit(1); } return fd;` at the end of the
  // body, no label on the return: every path to it has passed the test.
  const auto *Body = llvm::dyn_cast<CompoundStmt>(Def->getBody());
  if (!Body || Body->size() < 2 || Body->body_back() != Return)
    return false;
  const auto *If = llvm::dyn_cast<IfStmt>(*std::prev(Body->body_end(), 2));
  const auto *Ref = llvm::dyn_cast<DeclRefExpr>(bare(Return->getRetValue()));
  if (!If || If->getElse() || If->getInit() || If->getConditionVariable() ||
      !Ref)
    return false;
  const Stmt *Last = If->getThen();
  while (const auto *Block = llvm::dyn_cast_or_null<CompoundStmt>(Last))
    Last = Block->body_empty() ? nullptr : Block->body_back();
  if (!Last || !isProcessEnd(Last))
    return false;
  // Past the test the result is no failure: not -1 (nor negative), not
  // null.
  return edgeRulesOut(
      If->getCond(), /*Branch=*/false,
      [&](const Expr *E) { return refersTo(E, Ref->getDecl()); },
      Ref->getType()->isPointerType() ? 0 : -1, Ctx);
}

const Expr *FunctionSummaries::exitingCall(const FunctionDecl *Def,
                                           llvm::ArrayRef<const Stmt *> Body) {
  auto [It, New] = Exiting.try_emplace(Def, nullptr);
  if (!New)
    return It->second;
  const auto *Ret = llvm::cast<ReturnStmt>(Body.back());
  const auto *Result = llvm::cast<VarDecl>(
      llvm::cast<DeclRefExpr>(Ret->getRetValue()->IgnoreParenImpCasts())
          ->getDecl());
  const auto *If = llvm::cast<IfStmt>(Body[Body.size() - 2]);
  const Expr *Value = Result->isLocalVarDecl() ? soleValue(Result) : nullptr;
  if (!Value || !underlyingCall(Value) || If->getElse() || If->getInit() ||
      If->getConditionVariable())
    return nullptr;
  const Stmt *Before = Body.size() > 2 ? Body[Body.size() - 3] : nullptr;
  const Expr *Test = testedValue(If, Before);
  // Before the test: the result's declaration, its store, the flag.
  for (const Stmt *S : Body.drop_back(2)) {
    const auto *Store = llvm::dyn_cast<BinaryOperator>(S);
    const auto *Decl = llvm::dyn_cast<DeclStmt>(S);
    bool Ok =
        (Decl && Decl->isSingleDecl() && Decl->getSingleDecl() == Result) ||
        (Store && Store->getOpcode() == BO_Assign &&
         Store->getRHS() == Value) ||
        (S == Before && Test != If->getCond());
    if (!Ok)
      return nullptr;
  }
  // The test reads the result (or makes its call) and constants only.
  llvm::SmallVector<const Stmt *, 8> Work{Test};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (S == Value)
      continue;
    if (llvm::isa<CallExpr>(S))
      return nullptr;
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(S);
        Ref && Ref->getDecl() != Result &&
        !llvm::isa<EnumConstantDecl>(Ref->getDecl()))
      return nullptr;
    for (const Stmt *Child : S->children())
      if (Child)
        Work.push_back(Child);
  }
  // The failure branch ends the process.
  const Stmt *Last = If->getThen();
  while (const auto *Block = llvm::dyn_cast_or_null<CompoundStmt>(Last))
    Last = Block->body_empty() ? nullptr : Block->body_back();
  if (!Last || !isProcessEnd(Last))
    return nullptr;
  return It->second = Value;
}

const Expr *FunctionSummaries::soleValue(const VarDecl *Var) {
  const auto *Func =
      llvm::dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod());
  if (!Func || !Func->getBody() || !Var->isLocalVarDecl())
    return nullptr;
  if (Var->getInit())
    return isNeverModified(Var, Func->getBody(), Ctx) ? Var->getInit()
                                                      : nullptr;
  // Every other use reads it: no second store, `++`, `&v`, reference.
  const llvm::SmallVector<const Expr *, 2> *Values = storedValues(Var);
  return Values && Values->size() == 1 ? Values->front() : nullptr;
}

const llvm::SmallVector<const Expr *, 2> *
FunctionSummaries::storedValues(const VarDecl *Var) {
  auto [Known, New] = Stored.try_emplace(Var);
  if (!New)
    return Known->second ? &*Known->second : nullptr;
  const auto *Func =
      llvm::dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod());
  if (!Func || !Func->getBody() || !Var->isLocalVarDecl())
    return nullptr;
  llvm::SmallVector<const Expr *, 2> Values;
  if (Var->getInit())
    Values.push_back(Var->getInit());
  const StmtParents &Parents = Functions.parents(Func);
  for (const DeclRefExpr *Ref : Functions.uses(Func).of(Var)) {
    const Stmt *Child = Ref;
    const Stmt *Up = Parents.getParent(Ref);
    while (llvm::isa_and_nonnull<ParenExpr>(Up)) {
      Child = Up;
      Up = Parents.getParent(Up);
    }
    const auto *Store = llvm::dyn_cast_or_null<BinaryOperator>(Up);
    if (Store && Store->getLHS() == Child && Store->getOpcode() == BO_Assign) {
      Values.push_back(Store->getRHS());
      continue;
    }
    const auto *Read = llvm::dyn_cast_or_null<ImplicitCastExpr>(Up);
    if (!Read || Read->getCastKind() != CK_LValueToRValue)
      return nullptr;
  }
  if (Values.empty())
    return nullptr;
  auto &Kept = Stored[Var]; // looked up again: the map may have grown
  Kept = std::move(Values);
  return &*Kept;
}

std::optional<OpenSummary>
FunctionSummaries::openingCall(const FunctionDecl *Callee,
                               const PosixConstants &Constants,
                               bool AcrossUnits) {
  if (const OpenSummary *Known = opens(Callee, Constants))
    return Known->Needs.empty() || AcrossUnits
               ? std::optional<OpenSummary>(*Known)
               : std::nullopt;
  std::optional<OpenSummary> Assumed = AcrossUnits && CrossUnitFacts::current()
                                           ? assumedOpen(Callee)
                                           : std::nullopt;
  if (Assumed)
    Assumed->Needs = {{opensFact(crossUnitName(Callee), *Assumed)}};
  return Assumed;
}

std::string opensFact(llvm::StringRef Name, const OpenSummary &S) {
  std::string Fact = (S.Mode.IsStream ? "fopens:" : "opens:") + Name.str();
  llvm::raw_string_ostream(Fact)
      << "=p" << *S.PathParam << ",f" << *S.FlagsParam
      << (S.Mode.Append ? ",append" : "");
  return Fact;
}

std::string diesFact(llvm::StringRef Name) { return ("dies:" + Name).str(); }

std::string fdFlagFact(llvm::StringRef Name, unsigned Param, unsigned Bit,
                       int WhenParam, bool WhenZero) {
  std::string Fact =
      ((Bit == SetsCloseOnExec ? "sets-cloexec:" : "sets-nonblock:") + Name +
       ":p" + llvm::Twine(Param))
          .str();
  if (WhenParam >= 0)
    Fact += (":if-p" + llvm::Twine(WhenParam) + (WhenZero ? "-zero" : "-not"))
                .str();
  return Fact;
}

std::string firstFlagFact(llvm::StringRef Name, unsigned Param, unsigned Bit) {
  return "first-" + fdFlagFact(Name, Param, Bit);
}

std::string offsetThroughFact(llvm::StringRef Name, unsigned Param,
                              unsigned Through, unsigned At) {
  return ("offset-through:" + Name + ":p" + llvm::Twine(Param) + ":p" +
          llvm::Twine(Through) + ":a" + llvm::Twine(At))
      .str();
}

unsigned flagNamedBy(llvm::StringRef Name) {
  std::string Lower = Name.lower();
  llvm::StringRef N(Lower);
  bool Cloexec = N.contains("cloexec") || N.contains("inherit");
  bool Nonblock = N.contains("nonblock") || N.contains("blocking");
  return Cloexec == Nonblock ? 0 : Cloexec ? SetsCloseOnExec : SetsNonBlocking;
}

std::vector<std::string> elsewhereFlagFacts(const CallExpr *Call,
                                            llvm::StringRef Name,
                                            unsigned Param, unsigned Bit,
                                            ASTContext &Ctx) {
  std::vector<std::string> Facts{fdFlagFact(Name, Param, Bit)};
  for (unsigned J = 0; J < Call->getNumArgs(); ++J)
    if (std::optional<int64_t> Value = foldInteger(Call->getArg(J), Ctx);
        Value && J != Param)
      Facts.push_back(fdFlagFact(Name, Param, Bit, J, *Value == 0));
  return Facts;
}

std::optional<OpenSummary> assumedOpen(const FunctionDecl *Func) {
  // The name (a USR) last: most calls fail the cheap tests first.
  if (!Func || Func->getDefinition() || Func->getNumParams() < 2)
    return std::nullopt;
  auto IsCharPointer = [](QualType T) {
    return T->isPointerType() && T->getPointeeType()->isCharType();
  };
  QualType Path = Func->getParamDecl(0)->getType(),
           Flags = Func->getParamDecl(1)->getType(),
           Result = Func->getReturnType();
  OpenSummary S;
  S.PathParam = 0;
  S.FlagsParam = 1;
  if (!IsCharPointer(Path))
    return std::nullopt;
  if (!Flags->isIntegerType() || !Result->isIntegerType()) {
    S.Mode.IsStream = true;
    if (!IsCharPointer(Flags) || !Result->isPointerType() ||
        Func->getNumParams() != 2)
      return std::nullopt;
  }
  if (Func->getASTContext().getSourceManager().isInSystemHeader(
          Func->getCanonicalDecl()->getLocation()) ||
      crossUnitName(Func).empty())
    return std::nullopt;
  return S;
}

void FunctionSummaries::exportOffsetThrough(const FunctionDecl *Func,
                                            llvm::StringRef Name,
                                            CrossUnitFacts &Facts) {
  // Only functions that take a function pointer can pass a descriptor on
  // through one.
  if (llvm::none_of(Func->parameters(), [](const ParmVarDecl *P) {
        return P->getType()->isFunctionPointerType();
      }))
    return;
  for (unsigned P = 0; P < Func->getNumParams(); ++P) {
    if (!Func->getParamDecl(P)->getType()->isIntegerType())
      continue;
    ParamOffsetEffect Of = paramEffect(Func, P);
    if (Of.ThroughParam >= 0 && Of.Effect == OffsetEffect::None)
      Facts.add(offsetThroughFact(Name, P, Of.ThroughParam, Of.ThroughArg));
  }
}

void FunctionSummaries::exportFacts(const PosixConstants &Constants) {
  CrossUnitFacts *Facts = CrossUnitFacts::current();
  if (!Facts || !Facts->kept() || Exported)
    return;
  Exported = true;
  const FunctionDecl *Last = nullptr;
  for (const CallSite &Site : CallIndex::of(Ctx).all()) {
    if (Site.PassedOn)
      if (std::string Fact = forwardsFactOf(Site.Func); !Fact.empty())
        Facts->add(Fact);
    if (Site.Func == Last)
      continue;
    Last = Site.Func;
    std::string Name = crossUnitName(Site.Func);
    if (!Name.empty())
      exportOffsetThrough(Site.Func, Name, *Facts);
    if (!Name.empty())
      for (unsigned P = 0; P < Site.Func->getNumParams(); ++P) {
        FdFlagEffect Effect = fdFlagsSet(Site.Func, P, Constants);
        // Set first thing: true outright, or when another unit's helper
        // sets it (any fact of the one clause).
        FlagsSetOnFd First = flagsSetFirst(Site.Func, P, Constants);
        for (unsigned Bit : {SetsCloseOnExec, SetsNonBlocking}) {
          if (Effect.Bits & Bit)
            Facts->add(
                fdFlagFact(Name, P, Bit, Effect.WhenParam, Effect.WhenZero));
          if (!(First.Bits & Bit))
            continue;
          if (First.Needs.empty())
            Facts->add(firstFlagFact(Name, P, Bit));
          for (const std::vector<std::string> &Clause : First.Needs)
            for (const std::string &Premise : Clause)
              Facts->addImplication(firstFlagFact(Name, P, Bit), Premise);
        }
      }
    const OpenSummary *S = Name.empty() ? nullptr : opens(Site.Func, Constants);
    if (!S || !S->PathParam || !S->FlagsParam)
      continue;
    // Through another unit's wrapper: true when what that one needs is.
    if (S->Needs.empty()) {
      Facts->add(opensFact(Name, *S));
      if (S->Dies)
        Facts->add(diesFact(Name));
    } else if (S->Needs.size() == 1 && S->Needs.front().size() == 1)
      Facts->addImplication(opensFact(Name, *S), S->Needs.front().front());
  }
}

} // namespace clang::tidy::syscall
