//===--- LoopCalls.cpp - Calls made in every iteration of a loop ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "LoopCalls.h"
#include "CallIndex.h"
#include "Callee.h"
#include "HeldFiles.h"
#include "PerContext.h"
#include "StringHelpers.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>

namespace clang::tidy::syscall {

namespace {

/// The fact that some unit calls the function other units know as
/// \p Name in every iteration of a loop.
std::string loopCallFact(llvm::StringRef Name) {
  return ("every-iteration " + Name).str();
}

} // namespace

bool waitsForOthers(llvm::StringRef Name) {
  static const llvm::StringRef Names[] = {"sleep",
                                          "usleep",
                                          "nanosleep",
                                          "clock_nanosleep",
                                          "poll",
                                          "ppoll",
                                          "select",
                                          "pselect",
                                          "epoll_wait",
                                          "epoll_pwait",
                                          "wait",
                                          "waitpid",
                                          "wait3",
                                          "wait4",
                                          "waitid",
                                          "pause",
                                          "sigsuspend",
                                          "sigwait",
                                          "sigwaitinfo",
                                          "sigtimedwait",
                                          "accept",
                                          "accept4",
                                          "recv",
                                          "recvfrom",
                                          "recvmsg",
                                          "sem_wait",
                                          "pthread_cond_wait",
                                          "pthread_cond_timedwait"};
  return llvm::is_contained(Names, Name);
}

bool changesPaths(llvm::StringRef Name) {
  static const llvm::StringRef Names[] = {
      "chdir",     "fchdir", "chroot",   "rename", "renameat",
      "renameat2", "unlink", "unlinkat", "rmdir",  "symlink",
      "symlinkat", "mount",  "umount",   "umount2"};
  return llvm::is_contained(Names, Name);
}

const CallsSummary &LoopCalls::summary(const Stmt *S) {
  std::unique_ptr<CallsSummary> &Entry = Summaries[S];
  if (Entry)
    return *Entry;
  Entry = std::make_unique<CallsSummary>();
  llvm::SmallVector<const CallExpr *, 32> Direct, Reached;
  callsIn(S, Direct);
  for (const CallExpr *Call : Direct) {
    Reached.push_back(Call);
    for (const Expr *Arg : Call->arguments())
      if (std::optional<llvm::StringRef> Text = stringValue(Arg))
        ++Entry->Named[*Text];
    const FunctionDecl *Callee = calleeOf(Call);
    if (Callee && Callee->hasBody() &&
        !Callee->getASTContext().getSourceManager().isInSystemHeader(
            Callee->getLocation()))
      callsIn(Callee->getBody(), Reached);
  }
  for (const CallExpr *Call : Reached) {
    llvm::StringRef Name = calleeName(Call);
    Entry->Waits |= waitsForOthers(Name);
    Entry->Forks |= isForkName(Name);
    Entry->ChangesPaths |= changesPaths(Name);
  }
  return *Entry;
}

IterationSite LoopCalls::of(const CallExpr *Call, const FunctionDecl *Func,
                            ASTContext &Ctx) {
  IterationSite Site;
  if ((Site.Loop = Every.loopOf(Call, Functions.parents(Func), Ctx)))
    return Site;
  const auto *Body = llvm::dyn_cast_or_null<CompoundStmt>(Func->getBody());
  if (!Body || Func->isMain() ||
      !Every.ofBlock(Call, Body, Functions.parents(Func), Ctx))
    return Site;
  for (const auto &[Caller, In] : Functions.mainFileUses(Func, Ctx).Calls)
    if (In && (Site.Loop = Every.loopOf(Caller, Functions.parents(In), Ctx))) {
      Site.Through = Caller;
      return Site;
    }
  std::string Name = crossUnitName(Func);
  if (!Name.empty() && CrossUnitFacts::current())
    Site.Needs = {{loopCallFact(Name)}};
  return Site;
}

namespace {

/// How far a unit's export has gone, shared by the checks that export.
struct LoopCallExports {
  /// The functions whose calls are exported.
  llvm::DenseSet<const FunctionDecl *> Done;
  /// Callees found called in every iteration of a loop.
  llvm::DenseSet<const FunctionDecl *> LoopCalled;
  /// Callees found called on every call of a function (callee, function).
  llvm::DenseSet<std::pair<const FunctionDecl *, const FunctionDecl *>> Implied;
};

} // namespace

void LoopCalls::exportFacts(ASTContext &Ctx, const FunctionDecl *Walked) {
  CrossUnitFacts *Facts = CrossUnitFacts::current();
  if (!Facts || !Facts->kept())
    return;
  LoopCallExports &Export = PerContext<LoopCallExports>::get(
      Ctx, [] { return std::make_unique<LoopCallExports>(); });
  // What is built for the unit's functions outside a walk is let go, each
  // function's when the next one's calls begin.
  std::optional<FunctionCache::ScratchPerFunction> Scratch;
  if (!Walked)
    Scratch.emplace(Ctx);
  const SourceManager &SM = Ctx.getSourceManager();
  const CallIndex &Index = CallIndex::of(Ctx);
  llvm::SmallPtrSet<const FunctionDecl *, 4> Exported;
  // Each fact once: a callee found called in every iteration says all that
  // its other calls could (and asking costs a walk of the loop's paths).
  for (const CallSite &Site : Walked ? Index.callsIn(Walked) : Index.all()) {
    if (Export.Done.contains(Site.Func))
      continue;
    if (Scratch)
      Scratch->at(Site.Func);
    Exported.insert(Site.Func);
    const FunctionDecl *Callee = Site.Callee;
    if (!Callee || Export.LoopCalled.contains(Callee->getFirstDecl()) ||
        SM.isInSystemHeader(Callee->getLocation()))
      continue;
    std::string Name = crossUnitName(Callee);
    if (Name.empty())
      continue;
    if (Site.InLoop &&
        Every.loopOf(Site.Call, Functions.parents(Site.Func), Ctx)) {
      Facts->add(loopCallFact(Name));
      Export.LoopCalled.insert(Callee->getFirstDecl());
      continue;
    }
    // Called on every call of a function that a loop elsewhere may call.
    if (Export.Implied.contains({Callee->getFirstDecl(), Site.Func}))
      continue;
    const auto *Body =
        llvm::dyn_cast_or_null<CompoundStmt>(Site.Func->getBody());
    std::string Caller = crossUnitName(Site.Func);
    if (Body && !Caller.empty() && !Site.Func->isMain() &&
        Every.ofBlock(Site.Call, Body, Functions.parents(Site.Func), Ctx)) {
      Facts->addImplication(loopCallFact(Name), loopCallFact(Caller));
      Export.Implied.insert({Callee->getFirstDecl(), Site.Func});
    }
  }
  Export.Done.insert(Exported.begin(), Exported.end());
}

} // namespace clang::tidy::syscall
