//===--- StaticStores.cpp - Statics that one function stores into --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "StaticStores.h"
#include "CallIndex.h"
#include "Callee.h"
#include "Forwarding.h"
#include "PerContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <optional>
#include <vector>

namespace clang::tidy::syscall {

namespace {

/// The functions that may run a writer before they return (canonical
/// declarations), and whether it can be entered other than by the unit's
/// direct calls.
struct Reach {
  llvm::DenseSet<const FunctionDecl *> Functions;
  bool FromOutside = false;
};

bool runsLibrary(const FunctionDecl *Runs) {
  return declaredInSystemHeader(Runs, Runs->getASTContext().getSourceManager());
}

/// Whether \p Call of \p Callee, which runs \p Runs (what a helper only
/// passes on), hands control to code of the program the unit does not see:
/// another unit's function, or the C library given a function.
bool callsOutward(const CallExpr *Call, const FunctionDecl *Callee,
                  const FunctionDecl *Runs) {
  if (!runsLibrary(Runs))
    return !Callee->isDefined();
  return llvm::any_of(Call->arguments(), [](const Expr *Arg) {
    return Arg->getType()->isFunctionPointerType();
  });
}

/// A unit's answers, each found once.
class StaticStores {
public:
  explicit StaticStores(ASTContext &Ctx) : Ctx(Ctx) {}

  const FunctionDecl *writer(const VarDecl *Var) {
    auto [It, New] = Writers.try_emplace(Var->getCanonicalDecl(), nullptr);
    if (New)
      It->second = findWriter(Var);
    return It->second;
  }

  const Reach &reachOf(const FunctionDecl *Writer) {
    std::unique_ptr<Reach> &Kept = Reaches[Writer->getCanonicalDecl()];
    if (!Kept)
      Kept = findReach(Writer);
    return *Kept;
  }

private:
  const FunctionDecl *findWriter(const VarDecl *Var) const {
    const SourceManager &SM = Ctx.getSourceManager();
    if (Ctx.getLangOpts().CPlusPlus ||
        !(Var->isFileVarDecl() || Var->isStaticLocal()) ||
        Var->isExternallyVisible() || !Var->getType()->isScalarType() ||
        Var->getType().isVolatileQualified() ||
        !SM.isInMainFile(SM.getExpansionLoc(Var->getLocation())))
      return nullptr;
    const MainFileIndex &Uses = CallIndex::of(Ctx).mainFile();
    const FunctionDecl *Writer = nullptr;
    size_t References = 0, Accounted = 0;
    for (const VarDecl *Decl : Var->redecls()) {
      const MainFileUses &Of = Uses.of(Decl);
      References += Of.References;
      Accounted += Of.ValueReads + Of.Assignments.size();
      for (auto [Assign, Func] : Of.Assignments) {
        if (Assign->getOpcode() != BO_Assign || !Func ||
            (Writer && Writer != Func->getCanonicalDecl()))
          return nullptr;
        Writer = Func->getCanonicalDecl();
      }
    }
    return References == Accounted ? Writer : nullptr;
  }

  /// Whether \p Func can be entered other than by a direct call of the
  /// unit: it is external, or named other than as a call's callee.
  bool enteredFromOutside(const FunctionDecl *Func) const {
    const SourceManager &SM = Ctx.getSourceManager();
    if (Func->isExternallyVisible() ||
        !SM.isInMainFile(SM.getExpansionLoc(Func->getLocation())))
      return true;
    const MainFileIndex &Uses = CallIndex::of(Ctx).mainFile();
    size_t References = 0, Calls = 0;
    for (const FunctionDecl *Decl : Func->redecls()) {
      References += Uses.of(Decl).References;
      Calls += Uses.of(Decl).Calls.size();
    }
    return References != Calls;
  }

  std::unique_ptr<Reach> findReach(const FunctionDecl *Writer) {
    const CallIndex &Index = CallIndex::of(Ctx);
    if (!CallersOf) {
      CallersOf.emplace();
      for (const CallSite &Site : Index.all()) {
        const FunctionDecl *Caller = Site.Func->getCanonicalDecl();
        (*CallersOf)[Site.Callee->getCanonicalDecl()].push_back(Caller);
        if (Index.callsIndirectly(Site.Func) ||
            callsOutward(Site.Call, Site.Callee,
                         Site.Forwarded ? Site.Forwarded : Site.Callee))
          Outward.push_back(Caller);
      }
    }
    auto Result = std::make_unique<Reach>();
    llvm::SmallVector<const FunctionDecl *, 8> Work;
    auto Enter = [&](const FunctionDecl *Func) {
      if (!Result->Functions.insert(Func).second)
        return;
      Work.push_back(Func);
      Result->FromOutside |= enteredFromOutside(Func);
    };
    Enter(Writer->getCanonicalDecl());
    bool OutwardEntered = false;
    while (!Work.empty()) {
      const FunctionDecl *Func = Work.pop_back_val();
      if (auto It = CallersOf->find(Func); It != CallersOf->end())
        for (const FunctionDecl *Caller : It->second)
          Enter(Caller);
      // Entered from outside, the writer may run whenever the unit hands
      // control to code it does not see.
      if (Result->FromOutside && !OutwardEntered) {
        OutwardEntered = true;
        for (const FunctionDecl *Func : Outward)
          Enter(Func);
      }
    }
    return Result;
  }

  ASTContext &Ctx;
  llvm::DenseMap<const VarDecl *, const FunctionDecl *> Writers;
  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<Reach>> Reaches;
  /// Built for the first writer asked about.
  std::optional<llvm::DenseMap<const FunctionDecl *,
                               llvm::SmallVector<const FunctionDecl *, 2>>>
      CallersOf;
  std::vector<const FunctionDecl *> Outward;
};

StaticStores &storesOf(ASTContext &Ctx) {
  return PerContext<StaticStores>::get(
      Ctx, [&] { return std::make_unique<StaticStores>(Ctx); });
}

} // namespace

void forgetStaticStores(ASTContext &Ctx) {
  PerContext<StaticStores>::forget(Ctx);
}

const FunctionDecl *soleWriter(const VarDecl *Var) {
  return Var ? storesOf(Var->getASTContext()).writer(Var) : nullptr;
}

bool mayRun(const CallExpr *Call, const FunctionDecl *Writer) {
  StaticStores &Stores = storesOf(Writer->getASTContext());
  const Reach &R = Stores.reachOf(Writer);
  const FunctionDecl *Callee = calleeOf(Call);
  if (!Callee)
    return R.FromOutside;
  // A helper that only passes a C library call on (here, or guessed in
  // another unit) runs that call.
  const FunctionDecl *Runs = forwardedCallee(Callee);
  if (callsOutward(Call, Callee, Runs))
    return R.FromOutside;
  return !runsLibrary(Runs) && R.Functions.count(Callee->getCanonicalDecl());
}

} // namespace clang::tidy::syscall
