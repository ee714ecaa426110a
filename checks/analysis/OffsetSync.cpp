//===--- OffsetSync.cpp - Does a variable track a descriptor's offset? ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "OffsetSync.h"
#include "Conditions.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang::ast_matchers;

namespace clang::tidy::syscall {

namespace {

/// The variable \p E reads, or assigns and yields (`(n = write(...)) < 0`).
const VarDecl *varOf(const Expr *E) {
  E = E ? E->IgnoreParenCasts() : nullptr;
  if (const auto *Store = llvm::dyn_cast_or_null<BinaryOperator>(E);
      Store && Store->getOpcode() == BO_Assign)
    E = Store->getLHS()->IgnoreParenCasts();
  const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(E);
  return Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

/// `N = write(fd, ...)` or `ssize_t N = write(fd, ...)`: the variable and
/// the call.
std::pair<const VarDecl *, const CallExpr *> assignedCall(const Stmt *S) {
  if (const auto *BO = llvm::dyn_cast<BinaryOperator>(S))
    if (BO->getOpcode() == BO_Assign)
      return {varOf(BO->getLHS()), underlyingCall(BO->getRHS())};
  if (const auto *DS = llvm::dyn_cast<DeclStmt>(S))
    if (DS->isSingleDecl())
      if (const auto *V = llvm::dyn_cast<VarDecl>(DS->getSingleDecl()))
        if (V->getInit())
          return {V, underlyingCall(V->getInit())};
  return {nullptr, nullptr};
}

/// Whether store \p S stores \p Call's result itself, not a statement
/// expression's around it.
bool storesDirectly(const Stmt *S, const CallExpr *Call) {
  const Expr *Value = nullptr;
  if (const auto *BO = llvm::dyn_cast<BinaryOperator>(S))
    Value = BO->getRHS();
  else if (const auto *DS = llvm::dyn_cast<DeclStmt>(S))
    Value = llvm::cast<VarDecl>(DS->getSingleDecl())->getInit();
  return Value && Value->IgnoreParenCasts() == Call;
}

} // namespace

bool OffsetSync::State::operator==(const State &O) const {
  return Reached == O.Reached && PosZero == O.PosZero &&
         OffsetZero == O.OffsetZero && Sync == O.Sync && Pending == O.Pending &&
         PendingChecked == O.PendingChecked;
}

OffsetSync::State OffsetSync::join(const State &A, const State &B) {
  if (!A.Reached)
    return B;
  if (!B.Reached)
    return A;
  State J;
  J.Reached = true;
  J.PosZero = A.PosZero && B.PosZero;
  J.OffsetZero = A.OffsetZero && B.OffsetZero;
  J.Sync = A.Sync && B.Sync;
  if (A.Pending == B.Pending) {
    J.Pending = A.Pending;
    J.PendingChecked = A.PendingChecked && B.PendingChecked;
  }
  return J;
}

OffsetSync::OffsetSync(const FunctionFlow &Flow, const Stmt *Body,
                       const FdOperationTable &Operations, ASTContext &Ctx)
    : Flow(Flow), Body(Body), Operations(Operations), Ctx(Ctx) {}

void OffsetSync::transfer(const Stmt *S, State &St) const {
  auto Forget = [&] { St.Sync = St.OffsetZero = false, St.Pending = nullptr; };
  Definition Def;
  if (definesVariable(S, Fd, Def)) {
    Forget();
    St.OffsetZero = Def.Value && IsFreshOpen(Def.Value);
    St.Sync = St.OffsetZero && St.PosZero;
    return;
  }
  if (definesVariable(S, Pos, Def)) {
    const auto *Add = llvm::dyn_cast<CompoundAssignOperator>(S);
    bool Advances = Add && Add->getOpcode() == BO_AddAssign && St.Pending &&
                    varOf(Add->getRHS()) == St.Pending && St.PendingChecked;
    std::optional<int64_t> Value =
        Def.Value ? foldInteger(Def.Value, Ctx) : std::nullopt;
    St.PosZero = Value && *Value == 0;
    St.Sync = Advances || (St.PosZero && St.OffsetZero);
    St.Pending = nullptr;
    return;
  }
  // n = write(fd, buf, len): the offset runs n ahead of Pos.
  auto [Var, Call] = assignedCall(S);
  if (Call && AssignedWrites.count(Call)) {
    if (AssignedWrites.lookup(Call) != S)
      return; // the retry macro's own store: the outer one counts
    bool WasSync = St.Sync;
    Forget();
    if (WasSync) {
      St.Pending = Var;
      St.PendingChecked = false;
    }
    return;
  }
  if (St.Pending && definesVariable(S, St.Pending, Def)) {
    Forget();
    return;
  }
  const auto *C = llvm::dyn_cast<CallExpr>(S);
  std::optional<OffsetEffect> Effect =
      C ? Operations.effectOn(C, Fd) : std::nullopt;
  if (!Effect || *Effect == OffsetEffect::None ||
      *Effect == OffsetEffect::Positional ||
      (*Effect == OffsetEffect::Writes && AssignedWrites.count(C)))
    return;
  if (*Effect == OffsetEffect::Seeks && C->getNumArgs() == 3 &&
      varOf(C->getArg(1)) == Pos && foldInteger(C->getArg(2), Ctx) == 0) {
    Forget();
    St.Sync = true; // lseek(fd, pos, SEEK_SET)
    return;
  }
  Forget();
}

bool OffsetSync::impliesNonNegative(const Expr *Cond, bool Branch,
                                    const VarDecl *N) const {
  return edgeImplies(
      Cond, Branch,
      [&](const Expr *Term, bool Value) {
        const auto *BO = llvm::dyn_cast<BinaryOperator>(Term);
        if (!BO || !BO->isComparisonOp())
          return false;
        // Normalise to `N op Other` on the edge taken.
        BinaryOperatorKind Op = BO->getOpcode();
        const Expr *Other = BO->getRHS();
        if (varOf(BO->getRHS()) == N) {
          Op = BinaryOperator::reverseComparisonOp(Op);
          Other = BO->getLHS();
        } else if (varOf(BO->getLHS()) != N) {
          return false;
        }
        if (!Value)
          Op = BinaryOperator::negateComparisonOp(Op);
        std::optional<int64_t> C = foldInteger(Other, Ctx);
        if (!C) // n == len, where len is a size: the whole piece was written
          return Op == BO_EQ &&
                 Other->IgnoreParenCasts()->getType()->isUnsignedIntegerType();
        switch (Op) {
        case BO_GE:
        case BO_EQ:
          return *C >= 0;
        case BO_GT:
          return *C >= -1;
        case BO_NE: // write() returns -1 or a count
          return *C == -1;
        default:
          return false;
        }
      },
      &Ctx);
}

bool OffsetSync::inSyncAt(const CallExpr *Seek, const VarDecl *FdVar,
                          const VarDecl *PosVar,
                          llvm::function_ref<bool(const Expr *)> FreshOpen) {
  Fd = FdVar;
  Pos = PosVar;
  IsFreshOpen = FreshOpen;
  // Pointers to either variable would let any call change them.
  for (const VarDecl *V : {Fd, Pos})
    if (!match(findAll(unaryOperator(hasOperatorName("&"),
                                     hasUnaryOperand(ignoringParenCasts(
                                         declRefExpr(to(equalsNode(V))))))),
               *Body, Ctx)
             .empty())
      return false;
  AssignedWrites.clear();
  for (const CFGBlock *Block : Flow.graph())
    for (const CFGElement &E : *Block)
      if (auto S = E.getAs<CFGStmt>()) {
        auto [Var, Call] = assignedCall(S->getStmt());
        if (!Var || !Call || !Operations.isWrite(Call) ||
            Call->getNumArgs() != 3 || trackedVariable(Call->getArg(0)) != Fd)
          continue;
        // Of two stores of one write, the outer holds it through a macro.
        auto [It, New] = AssignedWrites.try_emplace(Call, S->getStmt());
        if (!New && !storesDirectly(S->getStmt(), Call))
          It->second = S->getStmt();
      }

  const CFGBlock *SeekBlock = nullptr;
  unsigned SeekIndex = 0;
  if (!Flow.locate(Seek, SeekBlock, SeekIndex))
    return false;
  // Forward to a fixpoint: the state on entry to each block.
  llvm::DenseMap<const CFGBlock *, State> In;
  In[&Flow.graph().getEntry()].Reached = true;
  llvm::SmallVector<const CFGBlock *, 16> Work{&Flow.graph().getEntry()};
  while (!Work.empty()) {
    const CFGBlock *Block = Work.pop_back_val();
    State St = In[Block];
    for (const CFGElement &E : *Block)
      if (auto S = E.getAs<CFGStmt>())
        transfer(S->getStmt(), St);
    const auto *Cond =
        llvm::dyn_cast_or_null<Expr>(Block->getTerminatorCondition());
    unsigned Index = 0;
    for (const CFGBlock *Succ : Block->succs()) {
      bool TrueBranch = Index++ == 0;
      if (!Succ)
        continue;
      State Out = St;
      if (Cond && Block->succ_size() == 2 && Out.Pending &&
          impliesNonNegative(Cond, TrueBranch, Out.Pending))
        Out.PendingChecked = true;
      State Joined = join(In[Succ], Out);
      if (!(Joined == In[Succ]) || !In[Succ].Reached) {
        In[Succ] = Joined;
        Work.push_back(Succ);
      }
    }
  }
  State St = In[SeekBlock];
  for (unsigned I = 0; I < SeekIndex; ++I)
    if (auto S = (*SeekBlock)[I].getAs<CFGStmt>())
      transfer(S->getStmt(), St);
  return St.Reached && St.Sync;
}

} // namespace clang::tidy::syscall
