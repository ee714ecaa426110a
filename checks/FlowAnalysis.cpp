//===--- FlowAnalysis.cpp - Order and reachability over clang's CFG ------===//

#include "FlowAnalysis.h"
#include "FdTracking.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::syscall {

namespace {

/// Whether the address of \p Var escapes (then any call may redefine it).
class AddressTakenFinder : public RecursiveASTVisitor<AddressTakenFinder> {
public:
  explicit AddressTakenFinder(const VarDecl *Var) : Var(Var) {}
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf && refersTo(U->getSubExpr(), Var))
      Found = true;
    return !Found;
  }
  bool VisitVarDecl(VarDecl *D) {
    // A non-const reference bound to the variable aliases it.
    if (D->getType()->isReferenceType() &&
        !D->getType().getNonReferenceType().isConstQualified() &&
        D->getInit() && refersTo(D->getInit(), Var))
      Found = true;
    return !Found;
  }
  const VarDecl *Var;
  bool Found = false;
};

} // namespace

bool definesVariable(const Stmt *S, const VarDecl *Var, Definition &Def) {
  if (const auto *DS = llvm::dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (D == Var) {
        Def.Value = Var->getInit();
        return true;
      }
    return false;
  }
  if (const auto *BO = llvm::dyn_cast<BinaryOperator>(S)) {
    if (!BO->isAssignmentOp() || !refersTo(BO->getLHS(), Var))
      return false;
    Def.Value = BO->getOpcode() == BO_Assign ? BO->getRHS() : nullptr;
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
    const auto *FD =
        llvm::dyn_cast_or_null<FunctionDecl>(Call->getCalleeDecl());
    if (!FD || !FD->getIdentifier() || Call->getNumArgs() < 2 ||
        (FD->getName() != "dup2" && FD->getName() != "dup3") ||
        !refersTo(Call->getArg(1), Var))
      return false;
    Def.Value = nullptr;
    return true;
  }
  return false;
}

std::unique_ptr<FunctionFlow>
FunctionFlow::build(const Decl *Func, const Stmt *Body, ASTContext &Ctx) {
  CFG::BuildOptions Options;
  Options.setAllAlwaysAdd();
  Options.AddImplicitDtors = false;
  std::unique_ptr<CFG> Graph =
      CFG::buildCFG(Func, const_cast<Stmt *>(Body), &Ctx, Options);
  if (!Graph)
    return nullptr;
  auto Flow = std::unique_ptr<FunctionFlow>(new FunctionFlow());
  Flow->Body = Body;
  for (const CFGBlock *Block : *Graph) {
    unsigned Index = 0;
    for (const CFGElement &Element : *Block) {
      if (std::optional<CFGStmt> S = Element.getAs<CFGStmt>())
        Flow->Where.try_emplace(S->getStmt(), Position{Block, Index});
      ++Index;
    }
  }
  Flow->Graph = std::move(Graph);
  return Flow;
}

bool FunctionFlow::walkBackward(const Stmt *From,
                                llvm::function_ref<Step(const Stmt *)> Visit,
                                llvm::function_ref<Step()> AtEntry) const {
  auto It = Where.find(From);
  if (It == Where.end())
    return false;
  llvm::DenseSet<const CFGBlock *> Visited;
  llvm::SmallVector<Position, 16> Work{It->second};
  while (!Work.empty()) {
    Position P = Work.pop_back_val();
    Step Result = Step::Continue;
    for (unsigned I = P.Index; I > 0 && Result == Step::Continue; --I)
      if (std::optional<CFGStmt> S = (*P.Block)[I - 1].getAs<CFGStmt>())
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
  auto It = Where.find(From);
  if (It == Where.end())
    return false;
  llvm::DenseSet<const CFGBlock *> Visited;
  llvm::SmallVector<Position, 16> Work{
      Position{It->second.Block, It->second.Index + 1}};
  while (!Work.empty()) {
    Position P = Work.pop_back_val();
    Step Result = Step::Continue;
    for (unsigned I = P.Index; I < P.Block->size() && Result == Step::Continue;
         ++I)
      if (std::optional<CFGStmt> S = (*P.Block)[I].getAs<CFGStmt>())
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

bool FunctionFlow::reachingDefinitions(
    const VarDecl *Var, const Stmt *Use,
    llvm::SmallVectorImpl<Definition> &Defs) const {
  AddressTakenFinder Escape(Var);
  Escape.TraverseStmt(const_cast<Stmt *>(Body));
  if (Escape.Found) {
    Defs.push_back(Definition{});
    return Where.count(Use) != 0;
  }
  return walkBackward(
      Use,
      [&](const Stmt *S) {
        Definition Def;
        if (!definesVariable(S, Var, Def))
          return Step::Continue;
        Defs.push_back(Def);
        return Step::EndPath;
      },
      [&] {
        Defs.push_back(Definition{}); // A parameter or an unknown value.
        return Step::EndPath;
      });
}

bool FunctionFlow::reachable(
    const Stmt *From, const Stmt *To,
    llvm::function_ref<bool(const Expr *, bool)> Blocked) const {
  auto ToIt = Where.find(To);
  if (ToIt == Where.end())
    return false;
  const Position Target = ToIt->second;
  Position Start{&Graph->getEntry(), 0};
  if (From) {
    auto FromIt = Where.find(From);
    if (FromIt == Where.end())
      return false;
    Start = FromIt->second;
  }
  if (Start.Block == Target.Block && Start.Index < Target.Index)
    return true;
  llvm::DenseSet<const CFGBlock *> Visited;
  llvm::SmallVector<const CFGBlock *, 16> Work;
  auto Follow = [&](const CFGBlock *Block) {
    const auto *Cond =
        llvm::dyn_cast_or_null<Expr>(Block->getTerminatorCondition());
    unsigned SuccIndex = 0;
    for (const CFGBlock *Succ : Block->succs()) {
      bool TrueBranch = SuccIndex++ == 0;
      if (!Succ ||
          (Cond && Block->succ_size() == 2 && Blocked(Cond, TrueBranch)))
        continue;
      if (Visited.insert(Succ).second)
        Work.push_back(Succ);
    }
  };
  Follow(Start.Block);
  while (!Work.empty()) {
    const CFGBlock *Block = Work.pop_back_val();
    if (Block == Target.Block)
      return true;
    Follow(Block);
  }
  return false;
}

const FunctionFlow *FunctionCache::flow(const FunctionDecl *Func,
                                        ASTContext &Ctx) {
  Entry &E = Entries[Func];
  if (!E.FlowBuilt) {
    E.Flow = FunctionFlow::build(Func, Func->getBody(), Ctx);
    E.FlowBuilt = true;
  }
  return E.Flow.get();
}

const ParentMap &FunctionCache::parents(const FunctionDecl *Func) {
  Entry &E = Entries[Func];
  if (!E.Parents)
    E.Parents = std::make_unique<ParentMap>(Func->getBody());
  return *E.Parents;
}

} // namespace clang::tidy::syscall
