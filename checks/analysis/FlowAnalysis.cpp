//===--- FlowAnalysis.cpp - Order and reachability over clang's CFG ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "FlowAnalysis.h"
#include "CallIndex.h"
#include "Callee.h"
#include "Conditions.h"
#include "FdTracking.h"
#include "Forwarding.h"
#include "PerContext.h"
#include "Place.h"
#include "StatementShape.h"
#include "StaticStores.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"
#include <queue>

namespace clang::tidy::syscall {

namespace {

/// The places whose address escapes (then any call may redefine them and
/// what they alter), by base variable, found in one walk of the body.
class EscapeCollector : public RecursiveASTVisitor<EscapeCollector> {
public:
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf)
      if (std::optional<Place> P = Place::of(U->getSubExpr()))
        escape(*P, U);
    return true;
  }
  bool VisitVarDecl(VarDecl *D) {
    // A non-const reference bound to the variable aliases it.
    if (D->getType()->isReferenceType() &&
        !D->getType().getNonReferenceType().isConstQualified() && D->getInit())
      if (const VarDecl *Var = referencedVar(D->getInit()))
        Escaped[Var].All = true;
    return true;
  }
  void escape(const Place &P, const UnaryOperator *At) {
    EscapedPlaces &Of = Escaped[P.base()];
    // Many addresses of one base count as all of it: each question then
    // stays a few comparisons.
    if (Of.All)
      return;
    if (Of.Points.size() == 8) {
      Of.All = true;
      Of.Points.clear();
      return;
    }
    Of.Points.push_back(At);
  }
  llvm::DenseMap<const VarDecl *, EscapedPlaces> Escaped;
};

} // namespace

bool copiesVariable(const Stmt *S, const VarDecl *Var) {
  if (const auto *BO = llvm::dyn_cast<BinaryOperator>(S))
    return BO->isAssignmentOp() && refersTo(BO->getRHS(), Var);
  if (const auto *DS = llvm::dyn_cast<DeclStmt>(S))
    return llvm::any_of(DS->decls(), [&](const Decl *D) {
      const auto *V = llvm::dyn_cast<VarDecl>(D);
      return V && V != Var && refersTo(V->getInit(), Var);
    });
  return false;
}

bool definesVariable(const Stmt *S, const VarDecl *Var, Definition &Def) {
  if (const auto *DS = llvm::dyn_cast<DeclStmt>(S)) {
    // A static local is initialised once, not each time its declaration
    // runs: there it keeps what it held on entry.
    for (const Decl *D : DS->decls())
      if (D == Var && !Var->isStaticLocal()) {
        Def.Value = Var->getInit();
        Def.Site = S;
        return true;
      }
    return false;
  }
  if (const auto *BO = llvm::dyn_cast<BinaryOperator>(S)) {
    if (!BO->isAssignmentOp() || !refersTo(BO->getLHS(), Var))
      return false;
    Def.Value = BO->getOpcode() == BO_Assign ? BO->getRHS() : nullptr;
    Def.Site = S;
    return true;
  }
  if (const auto *UO = llvm::dyn_cast<UnaryOperator>(S)) {
    if (!UO->isIncrementDecrementOp() || !refersTo(UO->getSubExpr(), Var))
      return false;
    Def.Value = nullptr;
    return true;
  }
  // dup2(other, fd) and dup3(other, fd, flags) make fd name another file.
  if (const auto *Call = llvm::dyn_cast<CallExpr>(S)) {
    llvm::StringRef Name = calleeName(Call);
    if (Call->getNumArgs() < 2 || (Name != "dup2" && Name != "dup3") ||
        !refersTo(Call->getArg(1), Var))
      return false;
    Def.Value = nullptr;
    return true;
  }
  return false;
}

bool copiesPlace(const Stmt *S, const Place &P) {
  if (P.isVariable())
    return copiesVariable(S, P.base());
  if (const auto *BO = llvm::dyn_cast<BinaryOperator>(S))
    return BO->isAssignmentOp() && P.denotes(BO->getRHS());
  if (const auto *DS = llvm::dyn_cast<DeclStmt>(S))
    return llvm::any_of(DS->decls(), [&](const Decl *D) {
      const auto *V = llvm::dyn_cast<VarDecl>(D);
      return V && V->getInit() && P.denotes(V->getInit());
    });
  return false;
}

/// Whether the call \p Call may store into \p P: it is handed a pointer,
/// array or reference that \p P is reached through (`init(c)` for `c->fd`,
/// `&s` for `s.fd`).
static bool mayStoreInto(const CallExpr *Call, const Place &P) {
  const FunctionDecl *Callee = forwardedCallee(calleeOf(Call));
  // Any function of the program may store into a global (a static that
  // one function stores into, only by running that function); the C and
  // C++ libraries only into what they are handed.
  if (P.isGlobal() &&
      (!Callee || !Callee->getASTContext().getSourceManager().isInSystemHeader(
                      Callee->getLocation()))) {
    const FunctionDecl *Writer =
        P.isVariable() ? soleWriter(P.base()) : nullptr;
    return !Writer || mayRun(Call, Writer);
  }
  // A member function called on what the place is reached through
  // (`reset()` for a member `fd_`), unless it is const.
  if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(Call)) {
    const CXXMethodDecl *Method = Member->getMethodDecl();
    const Expr *Object = Member->getImplicitObjectArgument();
    if (Object && P.reachedThrough(Object) && !(Method && Method->isConst()))
      return true;
  }
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    const Expr *Arg = Call->getArg(I)->IgnoreParenCasts();
    if (const auto *Address = llvm::dyn_cast<UnaryOperator>(Arg);
        Address && Address->getOpcode() == UO_AddrOf &&
        P.reachedThrough(Address->getSubExpr()))
      return true;
    // The place's own value is a copy the callee cannot store through into
    // the place: a global's too (`fileno(log_stream)`), but for an array,
    // handed as the address of its elements.
    if (P.denotes(Arg) ||
        (P.isGlobal() && Place::ofOrGlobal(Arg) == P &&
         !Arg->getType()->isArrayType()) ||
        !P.reachedThrough(Arg))
      continue;
    bool ByReference = Callee && I < Callee->getNumParams() &&
                       Callee->getParamDecl(I)->getType()->isReferenceType() &&
                       !Callee->getParamDecl(I)
                            ->getType()
                            .getNonReferenceType()
                            .isConstQualified();
    if (Arg->getType()->isPointerType() || Arg->getType()->isArrayType() ||
        ByReference || !Callee)
      return true;
  }
  return false;
}

std::optional<HandleCopy>
copiedHandle(const Stmt *Use, const FunctionFlow &Flow,
             llvm::SmallVectorImpl<Definition> &Defs) {
  const Expr *Copy = Defs.size() == 1 ? Defs.front().Value : nullptr;
  bool FromStream = false;
  std::optional<Place> Source =
      Copy ? trackedPlace(Copy, &FromStream, /*GlobalToo=*/true) : std::nullopt;
  const Stmt *Site = Defs.empty() ? nullptr : Defs.front().Site;
  if (FromStream)
    Copy = underlyingCall(Copy);
  llvm::SmallVector<Definition, 4> AtCopy, AtUse;
  if (!Source || !Site || !Flow.reachingDefinitions(*Source, Copy, AtCopy) ||
      !Flow.reachingDefinitions(*Source, Use, AtUse) ||
      AtCopy.size() != AtUse.size() ||
      llvm::any_of(AtCopy, [&](const Definition &D) {
        return llvm::none_of(
            AtUse, [&](const Definition &E) { return E.Site == D.Site; });
      }))
    return std::nullopt;
  Defs.assign(AtCopy.begin(), AtCopy.end());
  return HandleCopy{*Source, Copy, Site, FromStream};
}

bool valuesOnEntry(const Place &P, const FunctionDecl *Func,
                   llvm::SmallVectorImpl<Definition> &Defs) {
  const VarDecl *Var = P.isVariable() ? P.base() : nullptr;
  const FunctionDecl *Writer = soleWriter(Var);
  if (!Writer || Writer != Func->getCanonicalDecl())
    return false;
  ASTContext &Ctx = Var->getASTContext();
  auto NoHandle = [&](const Expr *Value) {
    std::optional<int64_t> Known =
        Value ? constantValue(Value, Ctx) : std::optional<int64_t>(0);
    return Known &&
           (Var->getType()->isPointerType() ? *Known == 0 : *Known < 0);
  };
  const VarDecl *Initialised = Var->getInitializingDeclaration();
  const Expr *Initial = Initialised ? Initialised->getInit() : nullptr;
  if (!NoHandle(Initial))
    Defs.push_back(Definition{Initial, nullptr});
  for (const VarDecl *Decl : Var->redecls())
    for (auto [Assign, In] : CallIndex::of(Ctx).mainFile().of(Decl).Assignments)
      if (!NoHandle(Assign->getRHS()))
        Defs.push_back(Definition{Assign->getRHS(), Assign});
  return true;
}

/// The variables element \p S names in an operand: what a declaration
/// declares or is initialised with, an assignment's sides, `++`'s target, a
/// call's callee and arguments. A place of a local that definesPlace() or
/// copiesPlace() finds at \p S is named through one of them
/// (Place::variables()), and so is a buffer a call fills.
static void namedInOperands(const Stmt *S,
                            llvm::SmallVectorImpl<const ValueDecl *> &Out) {
  auto Named = [&](const Stmt *Root) {
    llvm::SmallVector<const Stmt *, 16> Work{Root};
    while (!Work.empty()) {
      const Stmt *X = Work.pop_back_val();
      if (!X)
        continue;
      if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(X))
        Out.push_back(Ref->getDecl());
      llvm::append_range(Work, X->children());
    }
  };
  if (const auto *DS = llvm::dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *Value = llvm::dyn_cast<ValueDecl>(D)) {
        Out.push_back(Value);
        if (const auto *Var = llvm::dyn_cast<VarDecl>(D))
          Named(Var->getInit());
      }
  } else if (const auto *BO = llvm::dyn_cast<BinaryOperator>(S)) {
    if (BO->isAssignmentOp()) {
      Named(BO->getLHS());
      Named(BO->getRHS());
    }
  } else if (const auto *UO = llvm::dyn_cast<UnaryOperator>(S)) {
    if (UO->isIncrementDecrementOp())
      Named(UO->getSubExpr());
  } else if (const auto *Call = llvm::dyn_cast<CallExpr>(S)) {
    Named(Call->getCallee());
    for (const Expr *Arg : Call->arguments())
      Named(Arg);
  }
}

int pairArrayArgument(llvm::StringRef Name) {
  return Name == "pipe" || Name == "pipe2" ? 0 : Name == "socketpair" ? 3 : -1;
}

bool definesPlace(const Stmt *S, const Place &P, Definition &Def) {
  if (P.isVariable()) {
    if (definesVariable(S, P.base(), Def))
      return true;
    // A global itself: any function of the program may store into it.
    const auto *Call = llvm::dyn_cast<CallExpr>(S);
    if (!P.isGlobal() || !Call || !mayStoreInto(Call, P))
      return false;
    Def = Definition{nullptr, S};
    return true;
  }
  auto Unknown = [&] {
    Def = Definition{nullptr, S};
    return true;
  };
  auto Moves = [&](const Expr *E) {
    const VarDecl *Var = referencedVar(E);
    return (Var && P.movedBy(Var)) || (!P.denotes(E) && P.reachedThrough(E));
  };
  if (const auto *BO = llvm::dyn_cast<BinaryOperator>(S)) {
    if (!BO->isAssignmentOp())
      return false;
    if (P.denotes(BO->getLHS())) {
      Def.Value = BO->getOpcode() == BO_Assign ? BO->getRHS() : nullptr;
      Def.Site = S;
      return true;
    }
    return Moves(BO->getLHS()) && Unknown();
  }
  if (const auto *UO = llvm::dyn_cast<UnaryOperator>(S))
    return UO->isIncrementDecrementOp() &&
           (P.denotes(UO->getSubExpr()) || Moves(UO->getSubExpr())) &&
           Unknown();
  if (const auto *DS = llvm::dyn_cast<DeclStmt>(S))
    return llvm::is_contained(DS->decls(), P.base()) && Unknown();
  const auto *Call = llvm::dyn_cast<CallExpr>(S);
  if (!Call)
    return false;
  llvm::StringRef Name = calleeName(Call);
  int ArrayArg = pairArrayArgument(Name);
  if (ArrayArg >= 0 && (unsigned)ArrayArg < Call->getNumArgs())
    for (int Element : {0, 1})
      if (P.isElement(Call->getArg(ArrayArg), Element)) {
        Def.Value = Call;
        Def.Site = S;
        return true;
      }
  if ((Name == "dup2" || Name == "dup3") && Call->getNumArgs() >= 2 &&
      P.denotes(Call->getArg(1)))
    return Unknown();
  return mayStoreInto(Call, P) && Unknown();
}

const MakerDefinitions::OfVariable &
MakerDefinitions::of(const VarDecl *Var, const FunctionDecl *Func,
                     FunctionCache &Functions,
                     llvm::function_ref<bool(const CallExpr *)> IsMaker) {
  if (auto Kept = Known.find({Func, Var}); Kept != Known.end())
    return Kept->second;
  OfVariable Found;
  auto Given = [&](const Expr *Value) {
    if (!Value)
      return;
    if (const CallExpr *Call = underlyingCall(Value))
      Found.Made = Found.Made || IsMaker(Call);
    else if (std::optional<Place> Source =
                 trackedPlace(Value, nullptr, /*GlobalToo=*/true))
      Found.Copied.push_back(*Source);
  };
  Given(Var->getInit());
  const StmtParents &Parents = Functions.parents(Func);
  for (const DeclRefExpr *Use : Functions.uses(Func).of(Var)) {
    // Up to the whole place the use names (`c->fd`, `fds[0]`, `*p`).
    const Stmt *Whole = Use;
    const Stmt *Up = Parents.getParent(Use);
    while (llvm::isa_and_nonnull<ParenExpr, CastExpr, MemberExpr,
                                 ArraySubscriptExpr, UnaryOperator>(Up)) {
      Whole = Up;
      Up = Parents.getParent(Up);
    }
    if (const auto *Assign = llvm::dyn_cast_or_null<BinaryOperator>(Up);
        Assign && Assign->isAssignmentOp() && Assign->getLHS() == Whole)
      Given(Assign->getRHS());
    if (const auto *Call = llvm::dyn_cast_or_null<CallExpr>(Up)) {
      int ArrayArg = pairArrayArgument(calleeName(Call));
      if (ArrayArg >= 0 && (unsigned)ArrayArg < Call->getNumArgs() &&
          Call->getArg(ArrayArg) == Whole)
        Found.Made = true;
    }
  }
  return Known[{Func, Var}] = std::move(Found);
}

bool MakerDefinitions::mayBeDefinedByCall(
    const Place &P, const FunctionDecl *Func, FunctionCache &Functions,
    llvm::function_ref<bool(const CallExpr *)> IsMaker) {
  const VarDecl *Var = P.base();
  if (!Var)
    return true;
  const OfVariable &Own = of(Var, Func, Functions, IsMaker);
  if (Own.Made)
    return true;
  // A copy of another place has what made that place (one step).
  llvm::SmallVector<Place, 1> Copied = Own.Copied;
  return llvm::any_of(Copied, [&](const Place &Source) {
    return !(Source == P) &&
           (!Source.base() || of(Source.base(), Func, Functions, IsMaker).Made);
  });
}

std::unique_ptr<FunctionFlow>
FunctionFlow::build(const Decl *Func, const Stmt *Body, ASTContext &Ctx) {
  CFG::BuildOptions Options;
  Options.setAllAlwaysAdd();
  // No question stops at a literal, a parenthesis or an implicit cast
  // (slotOf places one at its operand), and they were a third of a giant
  // function's elements: 7-10 % of the run's peak memory.
  for (Stmt::StmtClass Class :
       {Stmt::IntegerLiteralClass, Stmt::StringLiteralClass,
        Stmt::CharacterLiteralClass, Stmt::FloatingLiteralClass,
        Stmt::ParenExprClass, Stmt::ImplicitCastExprClass})
    Options.setAlwaysAdd(Class, false);
  Options.AddImplicitDtors = false;
  std::unique_ptr<CFG> Graph =
      CFG::buildCFG(Func, const_cast<Stmt *>(Body), &Ctx, Options);
  if (!Graph)
    return nullptr;
  auto Flow = std::unique_ptr<FunctionFlow>(new FunctionFlow());
  Flow->Body = Body;
  Flow->Ctx = &Ctx;
  Flow->BlocksById.resize(Graph->getNumBlockIDs());
  Flow->FirstElement.resize(Graph->getNumBlockIDs());
  size_t Elements = 0;
  for (const CFGBlock *Block : *Graph)
    Elements += Block->size();
  Flow->ElementBlock.reserve(Elements);
  uint32_t Number = 0;
  for (const CFGBlock *Block : *Graph) {
    Flow->BlocksById[Block->getBlockID()] = Block;
    Flow->FirstElement[Block->getBlockID()] = Number;
    for (const CFGElement &Element : *Block) {
      Flow->ElementBlock.push_back(Block->getBlockID());
      if (auto S = Element.getAs<CFGStmt>())
        Flow->Where.tryEmplace(S->getStmt(), Number + 1);
      ++Number;
    }
  }
  Flow->Graph = std::move(Graph);
  EscapeCollector Escapes;
  Escapes.TraverseStmt(const_cast<Stmt *>(Body));
  Flow->Escaped = std::move(Escapes.Escaped);
  return Flow;
}

bool FunctionFlow::walkBackward(const Stmt *From,
                                llvm::function_ref<Step(const Stmt *)> Visit,
                                llvm::function_ref<Step()> AtEntry) const {
  std::optional<Position> It = positionOf(From);
  if (!It)
    return false;
  llvm::DenseSet<const CFGBlock *> Visited;
  llvm::SmallVector<Position, 16> Work{*It};
  while (!Work.empty()) {
    Position P = Work.pop_back_val();
    Step Result = Step::Continue;
    for (unsigned I = P.Index; I > 0 && Result == Step::Continue; --I)
      if (auto S = (*P.Block)[I - 1].getAs<CFGStmt>())
        Result = Visit(S->getStmt());
    if (Result == Step::Continue && P.Block == &Graph->getEntry())
      Result = AtEntry();
    if (Result == Step::Fail)
      return false;
    if (Result == Step::EndPath)
      continue;
    for (const CFGBlock *Pred : P.Block->preds())
      if (Pred && Visited.insert(Pred).second)
        Work.push_back(Position{Pred, Pred->size()});
  }
  return true;
}

bool FunctionFlow::walkForward(const Stmt *From,
                               llvm::function_ref<Step(const Stmt *)> Visit,
                               llvm::function_ref<Step()> AtExit) const {
  std::optional<Position> It = positionOf(From);
  if (!It)
    return false;
  llvm::DenseSet<const CFGBlock *> Visited;
  llvm::SmallVector<Position, 16> Work{Position{It->Block, It->Index + 1}};
  while (!Work.empty()) {
    Position P = Work.pop_back_val();
    Step Result = Step::Continue;
    for (unsigned I = P.Index; I < P.Block->size() && Result == Step::Continue;
         ++I)
      if (auto S = (*P.Block)[I].getAs<CFGStmt>())
        Result = Visit(S->getStmt());
    if (Result == Step::Continue && P.Block == &Graph->getExit())
      Result = AtExit();
    if (Result == Step::Fail)
      return false;
    if (Result == Step::EndPath)
      continue;
    for (const CFGBlock *Succ : P.Block->succs())
      if (Succ && Visited.insert(Succ).second)
        Work.push_back(Position{Succ, 0});
  }
  return true;
}

int FunctionFlow::lastDefinitionBefore(VariableFlow &V, Defines IsDefinition,
                                       const CFGBlock *Block,
                                       unsigned Index) const {
  const uint64_t Key = static_cast<uint64_t>(V.Id) << 32 | Block->getBlockID();
  auto It = DefinedIn.find(Key);
  if (It == DefinedIn.end()) {
    const unsigned First = V.DefinedAt.size();
    auto Try = [&](const CFGElement &Element, unsigned At) {
      if (auto S = Element.getAs<CFGStmt>()) {
        Definition Def;
        if (IsDefinition(S->getStmt(), Def)) {
          V.DefinedAt.emplace_back(At, V.Defs.size());
          V.Defs.push_back(Def);
        }
      }
    };
    if (V.Candidates) {
      unsigned Id = Block->getBlockID() + 1;
      for (auto C = llvm::partition_point(
               *V.Candidates,
               [&](const Slot &S) { return S.BlockIdPlusOne < Id; });
           C != V.Candidates->end() && C->BlockIdPlusOne == Id; ++C)
        Try((*Block)[C->Index], C->Index);
    } else {
      unsigned At = 0;
      for (const CFGElement &Element : *Block)
        Try(Element, At++);
    }
    // Inserted after the search: a definition's test may ask about
    // another variable, which grows the map.
    It = DefinedIn.try_emplace(Key, First, V.DefinedAt.size()).first;
  }
  // The last definition at an element before Index.
  auto Defined =
      llvm::ArrayRef<std::pair<unsigned, unsigned>>(V.DefinedAt)
          .slice(It->second.first, It->second.second - It->second.first);
  auto After = llvm::partition_point(
      Defined, [&](const auto &D) { return D.first < Index; });
  return After == Defined.begin() ? -1 : static_cast<int>(After[-1].second);
}

const llvm::SmallVector<unsigned, 4> &
FunctionFlow::definitionsAtEntry(VariableFlow &V, Defines IsDefinition,
                                 const CFGBlock *Block) const {
  if (auto It = V.In.find(Block); It != V.In.end())
    return It->second;
  // The region whose entry values are not known yet: blocks backwards from
  // Block up to blocks that define the variable or were solved before.
  // Each block is solved once per variable, so the uses of a variable cost
  // the blocks between them and its definitions, not the function.
  auto OutKnown = [&](const CFGBlock *P) {
    return V.In.count(P) ||
           lastDefinitionBefore(V, IsDefinition, P, P->size()) >= 0;
  };
  llvm::SmallVector<const CFGBlock *, 16> Region{Block}, Stack{Block};
  llvm::DenseSet<const CFGBlock *> InRegion{Block};
  while (!Stack.empty()) {
    const CFGBlock *X = Stack.pop_back_val();
    for (const CFGBlock *P : X->preds())
      if (P && !OutKnown(P) && InRegion.insert(P).second) {
        Region.push_back(P);
        Stack.push_back(P);
      }
  }
  if (V.Outside < 0) {
    V.Outside = V.Defs.size();
    V.Defs.push_back(Definition{nullptr, nullptr, /*Entry=*/true});
  }
  llvm::DenseMap<const CFGBlock *, llvm::SmallVector<unsigned, 4>> Solved;
  auto Out = [&](const CFGBlock *P) -> llvm::SmallVector<unsigned, 4> {
    int Last = lastDefinitionBefore(V, IsDefinition, P, P->size());
    if (Last >= 0)
      return {static_cast<unsigned>(Last)};
    if (auto It = V.In.find(P); It != V.In.end())
      return It->second;
    return Solved.lookup(P);
  };
  // A worklist in flow order (components before those they reach, then
  // clang's block numbers, which fall along the flow): a block is solved
  // again only when a predecessor's set grew, so a loop body of n blocks
  // costs n steps, not n rounds of n.
  auto FlowsLater = [&](const CFGBlock *A, const CFGBlock *B) {
    unsigned OrderA = componentOrder(A), OrderB = componentOrder(B);
    if (OrderA != OrderB)
      return OrderA < OrderB;
    return A->getBlockID() < B->getBlockID();
  };
  std::priority_queue<const CFGBlock *, std::vector<const CFGBlock *>,
                      decltype(FlowsLater)>
      Queue(FlowsLater,
            std::vector<const CFGBlock *>(Region.begin(), Region.end()));
  llvm::DenseSet<const CFGBlock *> Queued = InRegion;
  while (!Queue.empty()) {
    const CFGBlock *X = Queue.top();
    Queue.pop();
    Queued.erase(X);
    llvm::SmallVector<unsigned, 4> &In = Solved[X];
    size_t Before = In.size();
    if (X == &Graph->getEntry() && !llvm::is_contained(In, V.Outside))
      In.push_back(V.Outside);
    for (const CFGBlock *P : X->preds())
      if (P)
        for (unsigned D : Out(P))
          if (!llvm::is_contained(In, D) &&
              !ruledOutOnEdge(V, IsDefinition, D, P, X))
            In.push_back(D);
    if (In.size() == Before ||
        lastDefinitionBefore(V, IsDefinition, X, X->size()) >= 0)
      continue;
    for (const CFGBlock *S : X->succs())
      if (S && InRegion.count(S) && Queued.insert(S).second)
        Queue.push(S);
  }
  for (auto &[X, Defs] : Solved)
    V.In[X] = std::move(Defs);
  return V.In[Block];
}

bool FunctionFlow::ruledOutOnEdge(VariableFlow &V, Defines IsDefinition,
                                  unsigned D, const CFGBlock *From,
                                  const CFGBlock *To) const {
  if (!V.Tracked || From->succ_size() != 2 || !V.Defs[D].Value)
    return false;
  const CFGBlock *Taken = *From->succ_begin();
  const CFGBlock *NotTaken = *std::next(From->succ_begin());
  const auto *Cond =
      llvm::dyn_cast_or_null<Expr>(From->getTerminatorCondition());
  if (!Cond || Taken == NotTaken)
    return false;
  if (V.Constants.size() <= D)
    V.Constants.resize(V.Defs.size());
  if (!V.Constants[D])
    V.Constants[D] = constantValue(V.Defs[D].Value, *Ctx);
  if (!*V.Constants[D])
    return false;
  // The test reads the value that leaves the block: it sits in it, and no
  // definition of the place follows it there.
  int Leaving = lastDefinitionBefore(V, IsDefinition, From, From->size());
  auto IsSubject = [&](const Expr *E) {
    if (!V.Tracked->denotes(E))
      return false;
    std::optional<Position> It = positionOf(E);
    if (!It)
      It = positionOf(E->IgnoreParenCasts());
    return It && It->Block == From &&
           lastDefinitionBefore(V, IsDefinition, From, It->Index) == Leaving;
  };
  return edgeRulesOut(Cond, To == Taken, IsSubject, **V.Constants[D], *Ctx);
}

/// Whether \p S stores through a pointer or into an array (`*p = v`,
/// `q->n++`, `a[i] = v`): into whatever an escaped address points to.
static bool storesThroughPointer(const Stmt *S) {
  const Expr *Target = nullptr;
  if (const auto *BO = llvm::dyn_cast<BinaryOperator>(S);
      BO && BO->isAssignmentOp())
    Target = BO->getLHS();
  else if (const auto *UO = llvm::dyn_cast<UnaryOperator>(S);
           UO && UO->isIncrementDecrementOp())
    Target = UO->getSubExpr();
  return Target && !llvm::isa<DeclRefExpr>(Target->IgnoreParenCasts());
}

bool FunctionFlow::escapeRegion(
    VariableFlow &V, llvm::ArrayRef<const UnaryOperator *> Points) const {
  VariableFlow::Escape Escape;
  llvm::SmallVector<const CFGBlock *, 16> Work;
  auto Reach = [&](const CFGBlock *Block, unsigned Index) {
    auto [It, New] = Escape.From.try_emplace(Block, Index);
    if (!New && It->second <= Index)
      return;
    It->second = Index;
    if (Index == 0 || New)
      Work.push_back(Block);
  };
  for (const UnaryOperator *Point : Points) {
    std::optional<Position> At = positionOf(Point);
    if (!At)
      return false;
    Escape.Points.insert(Point);
    Reach(At->Block, At->Index + 1);
  }
  llvm::DenseSet<const CFGBlock *> Spread;
  while (!Work.empty()) {
    const CFGBlock *Block = Work.pop_back_val();
    if (!Spread.insert(Block).second)
      continue;
    for (const CFGBlock *Next : Block->succs())
      if (Next)
        Reach(Next, 0);
  }
  V.Escapes = std::move(Escape);
  return true;
}

bool FunctionFlow::reachingDefinitions(
    const VarDecl *Var, const Stmt *Use,
    llvm::SmallVectorImpl<Definition> &Defs) const {
  return reachingDefinitions(Place::variable(Var), Use, Defs);
}

bool FunctionFlow::reachingDefinitions(
    const Place &P, const Stmt *Use,
    llvm::SmallVectorImpl<Definition> &Defs) const {
  std::optional<Position> It = positionOf(Use);
  if (!It)
    return false;
  std::unique_ptr<VariableFlow> &V =
      P.isVariable() ? Variables[P.base()] : Places[P.key()];
  if (!V) {
    V = std::make_unique<VariableFlow>(NextVariableId++);
    V->Tracked = P;
    // An address taken that may alter the place: from there on, any call
    // or store through a pointer may store into it.
    llvm::SmallVector<const UnaryOperator *, 2> Points;
    bool All = false;
    if (auto Found = Escaped.find(P.base()); Found != Escaped.end()) {
      All = Found->second.All;
      for (const UnaryOperator *Point : Found->second.Points)
        if (std::optional<Place> E = Place::of(Point->getSubExpr());
            E && E->mayAlter(P))
          Points.push_back(Point);
    }
    if (All || (!Points.empty() && !escapeRegion(*V, Points)))
      V.reset();
  }
  if (!V) { // escapes where the graph cannot say
    Defs.push_back(Definition{});
    return true;
  }
  // Without an escape, a local's place is defined only where it is named.
  if (!V->Escapes && !V->Candidates && P.base() && !P.isGlobal())
    V->Candidates = candidateDefinitions(P.variables());
  const VariableFlow::Escape *Escape = V->Escapes ? &*V->Escapes : nullptr;
  auto IsDefinition = [&](const Stmt *S, Definition &Def) {
    if (definesPlace(S, P, Def))
      return true;
    if (!Escape)
      return false;
    std::optional<Position> At = positionOf(S);
    auto From = At ? Escape->From.find(At->Block) : Escape->From.end();
    bool After = From != Escape->From.end() && At->Index >= From->second;
    if (Escape->Points.count(S) ||
        (After && (llvm::isa<CallExpr>(S) || storesThroughPointer(S)))) {
      Def = Definition{nullptr, S};
      return true;
    }
    return false;
  };
  for (unsigned D : definitionsAt(*V, IsDefinition, *It))
    Defs.push_back(V->Defs[D]);
  return true;
}

bool FunctionFlow::reachingDefinitions(
    llvm::StringRef Key, const Stmt *Use, Defines IsDefinition,
    llvm::SmallVectorImpl<Definition> &Defs) const {
  std::optional<Position> It = positionOf(Use);
  if (!It)
    return false;
  std::unique_ptr<VariableFlow> &V = Keyed[Key];
  if (!V)
    V = std::make_unique<VariableFlow>(NextVariableId++);
  for (unsigned D : definitionsAt(*V, IsDefinition, *It))
    Defs.push_back(V->Defs[D]);
  return true;
}

std::vector<FunctionFlow::Slot> FunctionFlow::candidateDefinitions(
    llvm::ArrayRef<const ValueDecl *> Vars) const {
  if (!Stores) {
    Stores.emplace();
    llvm::SmallVector<const ValueDecl *, 8> Named;
    for (const CFGBlock *Block : *Graph) {
      unsigned Index = 0;
      for (const CFGElement &Element : *Block) {
        if (auto S = Element.getAs<CFGStmt>()) {
          Named.clear();
          namedInOperands(S->getStmt(), Named);
          llvm::sort(Named);
          Named.erase(std::unique(Named.begin(), Named.end()), Named.end());
          for (const ValueDecl *D : Named)
            (*Stores)[D].push_back(Slot{Block->getBlockID() + 1, Index});
        }
        ++Index;
      }
    }
  }
  std::vector<Slot> Result;
  for (const ValueDecl *D : Vars)
    if (auto It = Stores->find(D); It != Stores->end())
      llvm::append_range(Result, It->second);
  sortSlots(Result);
  return Result;
}

void FunctionFlow::sortSlots(std::vector<Slot> &Slots) {
  auto Key = [](const Slot &S) {
    return std::make_pair(S.BlockIdPlusOne, S.Index);
  };
  llvm::sort(Slots,
             [&](const Slot &A, const Slot &B) { return Key(A) < Key(B); });
  Slots.erase(std::unique(Slots.begin(), Slots.end(),
                          [&](const Slot &A, const Slot &B) {
                            return Key(A) == Key(B);
                          }),
              Slots.end());
}

bool FunctionFlow::reachingDefinitions(
    llvm::StringRef Key, const Stmt *Use, Defines IsDefinition,
    llvm::ArrayRef<const ValueDecl *> Named, llvm::ArrayRef<const Stmt *> Also,
    llvm::SmallVectorImpl<Definition> &Defs) const {
  std::unique_ptr<VariableFlow> &V = Keyed[Key];
  if (!V) {
    V = std::make_unique<VariableFlow>(NextVariableId++);
    V->Candidates = candidateDefinitions(Named);
    // Sorted already; again only when Also adds slots.
    const size_t FromNamed = V->Candidates->size();
    for (const Stmt *S : Also)
      if (std::optional<Slot> At = slotOf(S))
        V->Candidates->push_back(*At);
    if (V->Candidates->size() > FromNamed)
      sortSlots(*V->Candidates);
  }
  return reachingDefinitions(Key, Use, IsDefinition, Defs);
}

llvm::SmallVector<unsigned, 4> FunctionFlow::definitionsAt(VariableFlow &V,
                                                           Defines IsDefinition,
                                                           Position At) const {
  int Last = lastDefinitionBefore(V, IsDefinition, At.Block, At.Index);
  if (Last >= 0)
    return {static_cast<unsigned>(Last)};
  // Copied: solving may grow the maps that hold the set.
  return definitionsAtEntry(V, IsDefinition, At.Block);
}

llvm::ArrayRef<const DeclRefExpr *>
FunctionFlow::bufferReaders(const VarDecl *Buffer, const Stmt *Writer,
                            llvm::ArrayRef<const DeclRefExpr *> Uses) const {
  if (BuffersSolved.insert(Buffer).second) {
    // Each call handed `&Buffer`, and the declaration, starts a new value.
    auto IsDefinition = [&](const Stmt *S, Definition &Def) {
      const auto *Call = llvm::dyn_cast<CallExpr>(S);
      bool Fills =
          Call && llvm::any_of(Call->arguments(), [&](const Expr *Arg) {
            const auto *Address =
                llvm::dyn_cast<UnaryOperator>(Arg->IgnoreParenCasts());
            return Address && Address->getOpcode() == UO_AddrOf &&
                   referencedVar(Address->getSubExpr()) == Buffer;
          });
      if (!Fills &&
          !(llvm::isa<DeclStmt>(S) &&
            llvm::is_contained(llvm::cast<DeclStmt>(S)->decls(), Buffer)))
        return false;
      Def = Definition{nullptr, S};
      return true;
    };
    VariableFlow V(NextVariableId++);
    V.Candidates = candidateDefinitions({Buffer});
    for (const DeclRefExpr *Use : Uses) {
      std::optional<Position> At = positionOf(Use);
      if (!At) {
        Readers[{Buffer, nullptr}].push_back(Use); // any value's
        continue;
      }
      for (unsigned D : definitionsAt(V, IsDefinition, *At))
        Readers[{Buffer, V.Defs[D].Site}].push_back(Use);
    }
  }
  auto Found = Readers.find({Buffer, Writer});
  return Found == Readers.end()
             ? llvm::ArrayRef<const DeclRefExpr *>()
             : llvm::ArrayRef<const DeclRefExpr *>(Found->second);
}

bool FunctionFlow::constantValues(const VarDecl *Var, const Stmt *Use,
                                  ASTContext &Ctx,
                                  llvm::SmallVectorImpl<int64_t> &Values,
                                  unsigned Depth) const {
  // A definition reached again through a loop (`flags |= X` per iteration)
  // ends the search: its values are not a small set.
  llvm::SmallVector<Definition, 4> Defs;
  if (Depth > 8 || !reachingDefinitions(Var, Use, Defs) || Defs.empty())
    return false;
  for (const Definition &Def : Defs) {
    if (Def.Value) {
      std::optional<int64_t> V = foldInteger(Def.Value, Ctx);
      if (!V)
        return false;
      Values.push_back(*V);
      continue;
    }
    const auto *Compound =
        llvm::dyn_cast_or_null<CompoundAssignOperator>(Def.Site);
    std::optional<int64_t> Bits =
        Compound ? foldInteger(Compound->getRHS(), Ctx) : std::nullopt;
    if (!Bits || (Compound->getOpcode() != BO_OrAssign &&
                  Compound->getOpcode() != BO_AndAssign))
      return false;
    llvm::SmallVector<int64_t, 4> Before;
    if (!constantValues(Var, Compound, Ctx, Before, Depth + 1))
      return false;
    for (int64_t V : Before)
      Values.push_back(Compound->getOpcode() == BO_OrAssign ? V | *Bits
                                                            : V & *Bits);
  }
  return Values.size() <= 64;
}

std::optional<OpenCall> agreeingOpen(const FunctionFlow &Flow, const Place &P,
                                     const Stmt *Use,
                                     const OpenFunctionTable &Opens,
                                     ASTContext &Ctx, const PosixConstants &C,
                                     bool AcrossUnits) {
  llvm::SmallVector<Definition, 4> Defs;
  if (!Flow.reachingDefinitions(P, Use, Defs) || Defs.empty())
    return std::nullopt;
  std::optional<OpenCall> Result;
  for (const Definition &Def : Defs) {
    std::optional<OpenCall> Open =
        Def.Value ? Opens.classify(Def.Value, Ctx, C, AcrossUnits)
                  : std::nullopt;
    if (!Open)
      return std::nullopt;
    refineModeByPath(*Open, Flow, Ctx, C);
    if (!Result)
      Result = Open;
    else if (!sameAccess(Result->Mode, Open->Mode))
      return std::nullopt;
    else
      llvm::append_range(Result->Needs, Open->Needs);
  }
  return Result;
}

void refineModeByPath(OpenCall &Open, const FunctionFlow &Flow, ASTContext &Ctx,
                      const PosixConstants &C) {
  if (Open.Mode.K != AccessMode::Runtime || Open.Mode.IsStream ||
      !Open.Mode.AccessExpr)
    return;
  const VarDecl *Flags = referencedVar(Open.Mode.AccessExpr);
  llvm::SmallVector<int64_t, 4> Values;
  if (!Flags || !Flags->isLocalVarDecl() ||
      !Flow.constantValues(Flags, Open.Call, Ctx, Values))
    return;
  AccessMode Known = modeFromFlagValues(Values, C);
  Known.Append |= Open.Mode.Append; // bits `| O_APPEND` at the call
  Known.FlagsExpr = Open.Mode.FlagsExpr;
  Known.AccessExpr = Open.Mode.AccessExpr;
  Open.Mode = Known;
}

bool openFlagValues(const OpenCall &Open, const FunctionFlow &Flow,
                    ASTContext &Ctx, llvm::SmallVectorImpl<int64_t> &Values) {
  if (Open.Mode.IsStream)
    return false;
  if (!Open.Mode.FlagsExpr) {
    if (Open.Flags)
      Values.push_back(*Open.Flags);
    return Open.Flags.has_value();
  }
  auto LocalValues = [&](const VarDecl *Var,
                         llvm::SmallVectorImpl<int64_t> &Of) {
    return Var->isLocalVarDecl() &&
           Flow.constantValues(Var, Open.Call, Ctx, Of);
  };
  return possibleValues(Open.Mode.FlagsExpr, Ctx, Values, LocalValues) &&
         !Values.empty();
}

/// Calls \p Visit(Successor, Condition, TookTrueBranch) for each successor
/// of \p Block; Condition is null unless the block branches two ways on it.
template <typename EdgeVisitor>
static void forEachEdge(const CFGBlock *Block, EdgeVisitor Visit) {
  const auto *Cond =
      llvm::dyn_cast_or_null<Expr>(Block->getTerminatorCondition());
  if (Block->succ_size() != 2)
    Cond = nullptr;
  unsigned SuccIndex = 0;
  for (const CFGBlock *Succ : Block->succs())
    if (bool TrueBranch = SuccIndex++ == 0; Succ)
      Visit(Succ, Cond, TrueBranch);
}

bool FunctionFlow::reachable(
    const Stmt *From, const Stmt *To,
    llvm::function_ref<bool(const Expr *, bool)> Blocked,
    llvm::function_ref<bool(const Stmt *)> Stops) const {
  std::optional<Position> ToIt = positionOf(To);
  if (!ToIt)
    return false;
  const Position Target = *ToIt;
  Position Start{&Graph->getEntry(), 0};
  if (From) {
    std::optional<Position> FromIt = positionOf(From);
    if (!FromIt)
      return false;
    Start = *FromIt;
  }
  // Whether an element of Block in [Begin, End) ends every path through it.
  auto Stopped = [&](const CFGBlock *Block, unsigned Begin, unsigned End) {
    if (!Stops)
      return false;
    for (unsigned I = Begin; I < End && I < Block->size(); ++I)
      if (auto Element = (*Block)[I].getAs<CFGStmt>())
        if (Stops(Element->getStmt()))
          return true;
    return false;
  };
  if (Start.Block == Target.Block && Start.Index < Target.Index)
    return !Stopped(Start.Block, From ? Start.Index + 1 : 0, Target.Index);
  // A path only ever descends in the order: a later component cannot reach
  // an earlier one, whatever is blocked.
  const unsigned TargetOrder = componentOrder(Target.Block);
  if (componentOrder(Start.Block) < TargetOrder)
    return false;
  llvm::DenseSet<const CFGBlock *> Visited;
  llvm::SmallVector<const CFGBlock *, 16> Work;
  auto Follow = [&](const CFGBlock *Block, unsigned Begin) {
    if (Stopped(Block, Begin, Block->size()))
      return;
    forEachEdge(Block, [&](const CFGBlock *Succ, const Expr *Cond,
                           bool TrueBranch) {
      // Nor can a successor past the target's component: a walk stays
      // between the two, whatever the function's size.
      if (componentOrder(Succ) >= TargetOrder &&
          !(Cond && Blocked(Cond, TrueBranch)) && Visited.insert(Succ).second)
        Work.push_back(Succ);
    });
  };
  Follow(Start.Block, From ? Start.Index + 1 : 0);
  while (!Work.empty()) {
    const CFGBlock *Block = Work.pop_back_val();
    if (Block == Target.Block && !Stopped(Block, 0, Target.Index))
      return true;
    Follow(Block, 0);
  }
  return false;
}

bool FunctionFlow::reachableFromEntry(
    llvm::StringRef Key, const Stmt *To,
    llvm::function_ref<bool(const Expr *, bool)> Blocked) const {
  std::optional<Position> At = positionOf(To);
  if (!At)
    return false;
  auto [It, New] = EntryReaches.try_emplace(Key);
  llvm::BitVector &Reached = It->second;
  if (New) {
    Reached.resize(Graph->getNumBlockIDs());
    const CFGBlock *Entry = &Graph->getEntry();
    Reached.set(Entry->getBlockID());
    llvm::SmallVector<const CFGBlock *, 16> Work{Entry};
    while (!Work.empty())
      forEachEdge(Work.pop_back_val(),
                  [&](const CFGBlock *Succ, const Expr *Cond, bool TrueBranch) {
                    if (Reached.test(Succ->getBlockID()) ||
                        (Cond && Blocked(Cond, TrueBranch)))
                      return;
                    Reached.set(Succ->getBlockID());
                    Work.push_back(Succ);
                  });
  }
  return Reached.test(At->Block->getBlockID());
}

/// The local variables \p E names, each once.
static llvm::SmallVector<const VarDecl *, 4> localsNamedIn(const Expr *E) {
  llvm::SmallVector<const VarDecl *, 4> Named;
  llvm::SmallVector<const Stmt *, 16> Work{E};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(S))
      if (const auto *Var = llvm::dyn_cast<VarDecl>(Ref->getDecl());
          Var && Var->hasLocalStorage() && !llvm::is_contained(Named, Var))
        Named.push_back(Var);
    for (const Stmt *Child : S->children())
      if (Child)
        Work.push_back(Child);
  }
  return Named;
}

/// Drops from \p Values those whose variable the elements [Begin, End) of
/// \p Block define again.
static void dropRedefined(const CFGBlock *Block, unsigned Begin, unsigned End,
                          llvm::SmallVectorImpl<TestedValue> &Values) {
  for (unsigned I = Begin; I < End && !Values.empty(); ++I)
    if (auto Element = (*Block)[I].getAs<CFGStmt>())
      llvm::erase_if(Values, [&](const TestedValue &V) {
        Definition Def;
        return definesVariable(Element->getStmt(), V.Var, Def);
      });
}

/// How many tested values testedValues() carries along a path.
static constexpr size_t MaxTestedValues = 8;

bool FunctionFlow::testedValues(
    llvm::StringRef Key, const Stmt *At, VariableTest Passes,
    llvm::SmallVectorImpl<TestedValue> &Tested) const {
  std::optional<Position> Where = positionOf(At);
  if (!Where)
    return false;
  auto [It, New] = TestedAtStart.try_emplace(Key);
  std::vector<std::optional<TestedValues>> &AtStart = It->second;
  if (New) {
    // A must-analysis: a block's values are those on every edge into it
    // (an edge not yet seen counts as all), so each block's set only
    // shrinks after its first visit and the walk ends.
    AtStart.assign(Graph->getNumBlockIDs(), std::nullopt);
    const CFGBlock *Entry = &Graph->getEntry();
    AtStart[Entry->getBlockID()].emplace();
    std::vector<bool> Queued(Graph->getNumBlockIDs(), false);
    llvm::SmallVector<const CFGBlock *, 16> Work{Entry};
    while (!Work.empty()) {
      const CFGBlock *Block = Work.pop_back_val();
      Queued[Block->getBlockID()] = false;
      TestedValues AtEnd = *AtStart[Block->getBlockID()];
      dropRedefined(Block, 0, Block->size(), AtEnd);
      // The locals the branch condition names; the one definition each has
      // there is asked once for both edges, and only of a local tested.
      llvm::SmallVector<const VarDecl *, 4> Named;
      if (const auto *Cond =
              llvm::dyn_cast_or_null<Expr>(Block->getTerminatorCondition());
          Cond && Block->succ_size() == 2)
        Named = localsNamedIn(Cond);
      llvm::SmallVector<std::optional<const Stmt *>, 4> Sites(Named.size());
      auto SiteOf = [&](unsigned I, const Expr *Cond) {
        if (!Sites[I]) {
          llvm::SmallVector<Definition, 2> Defs;
          Sites[I] =
              reachingDefinitions(Named[I], Cond, Defs) && Defs.size() == 1
                  ? Defs.front().Site
                  : nullptr;
        }
        return *Sites[I];
      };
      forEachEdge(
          Block, [&](const CFGBlock *Succ, const Expr *Cond, bool TrueBranch) {
            TestedValues OnEdge = AtEnd;
            for (unsigned I = 0; I < Named.size(); ++I)
              if (Cond && Passes(Cond, TrueBranch, Named[I]))
                if (const Stmt *Site = SiteOf(I, Cond);
                    Site &&
                    !llvm::is_contained(OnEdge, TestedValue{Named[I], Site}))
                  OnEdge.push_back({Named[I], Site});
            // Only the latest few: a function that tests thousands of locals
            // (one per block of generated code) would carry them all to every
            // block after. Forgetting a test loses a finding, never makes one.
            if (OnEdge.size() > MaxTestedValues)
              OnEdge.erase(OnEdge.begin(),
                           OnEdge.begin() + (OnEdge.size() - MaxTestedValues));
            std::optional<TestedValues> &Into = AtStart[Succ->getBlockID()];
            bool Changed = !Into;
            if (!Into) {
              Into = std::move(OnEdge);
            } else {
              size_t Before = Into->size();
              llvm::erase_if(*Into, [&](const TestedValue &V) {
                return !llvm::is_contained(OnEdge, V);
              });
              Changed = Into->size() != Before;
            }
            if (Changed && !Queued[Succ->getBlockID()]) {
              Queued[Succ->getBlockID()] = true;
              Work.push_back(Succ);
            }
          });
    }
  }
  const std::optional<TestedValues> &Start =
      AtStart[Where->Block->getBlockID()];
  if (!Start)
    return true;
  TestedValues Values = *Start;
  dropRedefined(Where->Block, 0, Where->Index, Values);
  Tested.append(Values.begin(), Values.end());
  return true;
}

unsigned FunctionFlow::componentOrder(const CFGBlock *Block) const {
  if (!ComponentOrder.empty())
    return ComponentOrder[Block->getBlockID()];
  // Tarjan's algorithm without recursion, over every block (unreachable
  // ones too) and skipping pruned edges; components complete sinks first.
  unsigned N = Graph->getNumBlockIDs();
  ComponentOrder.assign(N, 0);
  std::vector<unsigned> Index(N, 0), Low(N, 0);
  std::vector<bool> OnStack(N, false);
  std::vector<const CFGBlock *> Stack;
  llvm::SmallVector<std::pair<const CFGBlock *, unsigned>, 16> Calls;
  unsigned Next = 1, Order = 0;
  for (const CFGBlock *Root : *Graph) {
    if (Index[Root->getBlockID()])
      continue;
    Calls.push_back({Root, 0});
    while (!Calls.empty()) {
      auto &[B, Edge] = Calls.back();
      unsigned Id = B->getBlockID();
      if (Edge == 0 && !Index[Id]) {
        Index[Id] = Low[Id] = Next++;
        Stack.push_back(B);
        OnStack[Id] = true;
      }
      if (Edge < B->succ_size()) {
        const CFGBlock *Succ = *(B->succ_begin() + Edge++);
        if (!Succ)
          continue;
        unsigned S = Succ->getBlockID();
        if (!Index[S])
          Calls.push_back({Succ, 0});
        else if (OnStack[S])
          Low[Id] = std::min(Low[Id], Index[S]);
        continue;
      }
      if (Low[Id] == Index[Id]) {
        const CFGBlock *Member;
        do {
          Member = Stack.back();
          Stack.pop_back();
          OnStack[Member->getBlockID()] = false;
          ComponentOrder[Member->getBlockID()] = Order;
        } while (Member != B);
        ++Order;
      }
      Calls.pop_back();
      if (!Calls.empty()) {
        unsigned Parent = Calls.back().first->getBlockID();
        Low[Parent] = std::min(Low[Parent], Low[Id]);
      }
    }
  }
  return ComponentOrder[Block->getBlockID()];
}

FunctionCache::Store &FunctionCache::store(const ASTContext &Ctx) {
  return PerContext<Store>::get(Ctx, [&Ctx] {
    return std::make_unique<Store>(Ctx.getASTAllocatedMemory() / 10);
  });
}

void FunctionCache::forget(const ASTContext &Ctx) {
  PerContext<Store>::forget(Ctx);
}

void FunctionCache::release(const FunctionDecl *Func) {
  Store &S = store(Func->getASTContext());
  auto Found = S.Entries.find(Func);
  if (Found == S.Entries.end() || Found->second.Kept)
    return;
  Entry &E = Found->second;
  E.Flow.reset();
  E.FlowBuilt = false;
  E.Bytes = (E.Parents ? E.Parents->memoryBytes() : 0) +
            (E.Uses ? E.Uses->memoryBytes() : 0) +
            (E.Changed ? E.Changed->getMemorySize() : 0);
  E.Kept = ++S.Releases;
  S.KeptBytes += E.Bytes;
  S.Kept.push_back({Func, E.Kept});
  while (S.KeptBytes > S.Budget && !S.Kept.empty()) {
    auto [Oldest, Release] = S.Kept.front();
    S.Kept.pop_front();
    auto It = S.Entries.find(Oldest);
    if (It == S.Entries.end() || It->second.Kept != Release)
      continue; // revived since
    S.KeptBytes -= It->second.Bytes;
    drop(S, It);
  }
}

void FunctionCache::drop(
    Store &S, llvm::DenseMap<const FunctionDecl *, Entry>::iterator It) {
  if (It->second.Parents)
    forgetLoopsOf(*It->second.Parents);
  S.Entries.erase(It);
}

FunctionCache::Store::~Store() {
  for (auto &[Func, E] : Entries)
    if (E.Parents)
      forgetLoopsOf(*E.Parents);
}

FunctionCache::Entry &FunctionCache::entry(const FunctionDecl *Func,
                                           const ASTContext &Ctx) {
  Store &S = store(Ctx);
  auto [It, New] = S.Entries.try_emplace(Func);
  Entry &E = It->second;
  if (E.Kept) { // revived: released again as if new
    S.KeptBytes -= E.Bytes;
    E.Kept = 0;
    New = true;
  }
  if (New && S.Scratched)
    S.Scratched->push_back(Func);
  return E;
}

FunctionCache::Scratch::Scratch(const ASTContext &Ctx, bool Joining)
    : Ctx(Ctx), Outer(store(Ctx).Scratched), Joined(Joining && Outer) {
  if (!Joined)
    store(Ctx).Scratched = &Made;
}

FunctionCache::Scratch::~Scratch() {
  if (Joined)
    return;
  store(Ctx).Scratched = Outer;
  for (const FunctionDecl *Func : Made)
    release(Func);
}

void FunctionCache::ScratchPerFunction::at(const FunctionDecl *Func) {
  if (Func == Current)
    return;
  Current = Func;
  const FunctionDecl *Outermost = Func;
  for (const DeclContext *DC = Func->getParent(); DC; DC = DC->getParent())
    if (const auto *Around = llvm::dyn_cast<FunctionDecl>(DC))
      Outermost = Around;
  if (Outermost == CurrentOutermost)
    return;
  CurrentOutermost = Outermost;
  Live.reset();
  Live.emplace(Ctx);
}

const FunctionFlow *FunctionCache::flow(const FunctionDecl *Func,
                                        ASTContext &Ctx) {
  Entry &E = entry(Func, Ctx);
  if (!E.FlowBuilt) {
    E.Flow = FunctionFlow::build(Func, Func->getBody(), Ctx);
    E.FlowBuilt = true;
  }
  return E.Flow.get();
}

const StmtParents &FunctionCache::parents(const FunctionDecl *Func) {
  Entry &E = entry(Func, Func->getASTContext());
  if (!E.Parents) {
    E.Parents = std::make_unique<StmtParents>(Func->getBody());
    rememberLoopsOf(*E.Parents);
  }
  return *E.Parents;
}

const MainFileUses &FunctionCache::mainFileUses(const ValueDecl *D,
                                                ASTContext &Ctx) {
  return CallIndex::of(Ctx).mainFile().of(D);
}

CompoundStmt::const_body_iterator
FunctionCache::positionIn(const CompoundStmt *Block, const Stmt *S,
                          const ASTContext &Ctx) {
  // A small block is searched: an index kept for each of a unit's small
  // functions cost more memory than their parse.
  if (Block->size() <= 16)
    return llvm::find(Block->body(), S);
  auto [It, New] = store(Ctx).Positions.try_emplace(Block);
  if (New) {
    unsigned Index = 0;
    for (const Stmt *Child : Block->body())
      It->second.try_emplace(Child, Index++);
  }
  auto Found = It->second.find(S);
  return Found == It->second.end() ? Block->body_end()
                                   : Block->body_begin() + Found->second;
}

const VariableUses &FunctionCache::uses(const FunctionDecl *Func) {
  Entry &E = entry(Func, Func->getASTContext());
  if (!E.Uses)
    E.Uses = std::make_unique<VariableUses>(Func->getBody());
  return *E.Uses;
}

const llvm::DenseSet<const ValueDecl *> &
FunctionCache::changedVariables(const FunctionDecl *Func) {
  Entry &E = entry(Func, Func->getASTContext());
  if (!E.Changed)
    E.Changed = changedIn(Func->getBody());
  return *E.Changed;
}

} // namespace clang::tidy::syscall
