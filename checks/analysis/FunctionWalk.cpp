//===--- FunctionWalk.cpp - The checks' work, one function at a time -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "FunctionWalk.h"
#include "CallIndex.h"
#include "FlowAnalysis.h"
#include "PerContext.h"
#include "llvm/ADT/DenseMap.h"
#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <vector>

namespace clang::tidy::syscall {

using namespace ast_matchers;

namespace {

/// The call index's functions in source order: those written at the top
/// level, each with the lambdas and local classes' methods inside it.
struct WalkOrder {
  explicit WalkOrder(ASTContext &Ctx) {
    const CallIndex &Index = CallIndex::of(Ctx);
    // Each function's calls are one range of the index's; a nested
    // function's range lies inside its outer function's.
    struct Span {
      unsigned First, End;
      const FunctionDecl *Func;
    };
    std::vector<Span> Spans;
    llvm::DenseMap<const FunctionDecl *, unsigned> Seen;
    for (const CallSite &Site : Index.all()) {
      if (!Site.Func || !Seen.try_emplace(Site.Func, 0).second)
        continue;
      llvm::ArrayRef<CallSite> Calls = Index.callsIn(Site.Func);
      if (Calls.empty())
        continue;
      unsigned First = Calls.data() - Index.all().data();
      Spans.push_back(
          {First, First + static_cast<unsigned>(Calls.size()), Site.Func});
    }
    // Outer functions first among those that start at one call.
    std::sort(Spans.begin(), Spans.end(), [](const Span &A, const Span &B) {
      return A.First != B.First ? A.First < B.First : A.End > B.End;
    });
    unsigned OuterEnd = 0;
    for (const Span &S : Spans) {
      if (Functions.empty() || S.First >= OuterEnd) {
        Functions.push_back(S.Func);
        Members.emplace_back();
        OuterEnd = S.End;
      }
      Members.back().push_back(S.Func);
      Position[S.Func] = Functions.size() - 1;
    }
  }

  /// Top-level functions in source order.
  std::vector<const FunctionDecl *> Functions;
  /// Per top-level function, it and the functions inside it.
  std::vector<std::vector<const FunctionDecl *>> Members;
  /// The top-level function each function with calls belongs to.
  llvm::DenseMap<const FunctionDecl *, unsigned> Position;
  /// Functions before this one have let their analyses go.
  unsigned Released = 0;
};

WalkOrder &orderOf(ASTContext &Ctx) {
  return PerContext<WalkOrder>::get(
      Ctx, [&] { return std::make_unique<WalkOrder>(Ctx); });
}

/// Only definitions with calls in the index: a callback of every walking
/// check on a definition costs about 0.25 us, and most definitions of a
/// header-heavy unit hold no call to analyse.
AST_MATCHER(FunctionDecl, holdsIndexedCalls) {
  return !CallIndex::of(Finder->getASTContext()).callsIn(&Node).empty();
}

} // namespace

DeclarationMatcher functionsToWalk() {
  return functionDecl(isDefinition(), holdsIndexedCalls())
      .bind("walked-function");
}

DeclarationMatcher unitToWalk() {
  return translationUnitDecl().bind("walked-unit");
}

const FunctionDecl *reachedFunction(const MatchFinder::MatchResult &Result) {
  return Result.Nodes.getNodeAs<FunctionDecl>("walked-function");
}

void FunctionWalk::begin(ASTContext &Ctx) {
  Unit = &Ctx;
  Next = 0;
}

llvm::ArrayRef<const FunctionDecl *>
FunctionWalk::upTo(const FunctionDecl *Reached, ASTContext &Ctx) {
  if (Unit != &Ctx)
    begin(Ctx);
  WalkOrder &Order = orderOf(Ctx);
  // Every walking check matches the same definitions, and the matcher
  // calls each of them on one before it moves on: what this walk handed
  // out before this call, every walk is past.
  for (; Order.Released < Next; ++Order.Released)
    for (const FunctionDecl *Func : Order.Members[Order.Released])
      FunctionCache::release(Func);
  unsigned End = Order.Functions.size();
  if (Reached) {
    auto Found = Order.Position.find(Reached);
    if (Found == Order.Position.end())
      return {};
    End = Found->second + 1;
  }
  if (End <= Next)
    return {};
  llvm::ArrayRef<const FunctionDecl *> Batch =
      llvm::ArrayRef<const FunctionDecl *>(Order.Functions)
          .slice(Next, End - Next);
  Next = End;
  return Batch;
}

llvm::ArrayRef<const FunctionDecl *> FunctionWalk::rest() {
  return Unit ? upTo(nullptr, *Unit) : llvm::ArrayRef<const FunctionDecl *>();
}

void FunctionWalk::clear() {
  Unit = nullptr;
  Next = 0;
}

void CallsByFunction::assign(llvm::ArrayRef<CallSite> Sites, ASTContext &Ctx) {
  WalkOrder &Order = orderOf(Ctx);
  Calls.clear();
  for (const CallSite &Site : Sites)
    if (auto Found = Order.Position.find(Site.Func);
        Found != Order.Position.end())
      Calls[Order.Functions[Found->second]].push_back(Site);
}

llvm::ArrayRef<CallSite> CallsByFunction::in(const FunctionDecl *Walked) const {
  auto Found = Calls.find(Walked);
  if (Found == Calls.end())
    return {};
  return Found->second;
}

void forgetWalkOrder(ASTContext &Ctx) { PerContext<WalkOrder>::forget(Ctx); }

namespace {

struct SharedWalks {
  std::mutex Lock;
  /// Each matcher's walk while a check of its set lives: the checks own
  /// it, the matcher only points at it.
  llvm::DenseMap<const MatchFinder *, std::weak_ptr<SharedWalk>> ByFinder;
  std::atomic<bool> Timed{false};
  std::map<std::string, double> Seconds;
};

SharedWalks &sharedWalks() {
  static SharedWalks All;
  return All;
}

} // namespace

std::shared_ptr<SharedWalk> SharedWalk::join(MatchFinder *Finder,
                                             FunctionWalker *Walker) {
  SharedWalks &All = sharedWalks();
  std::lock_guard<std::mutex> Guard(All.Lock);
  std::shared_ptr<SharedWalk> Walk = All.ByFinder.lookup(Finder).lock();
  if (!Walk) {
    // Sets of checks that are gone leave their entries expired.
    llvm::SmallVector<const MatchFinder *, 4> Gone;
    for (const auto &[Other, Entry] : All.ByFinder)
      if (Entry.expired())
        Gone.push_back(Other);
    for (const MatchFinder *Other : Gone)
      All.ByFinder.erase(Other);
    Walk = std::make_shared<SharedWalk>();
    All.ByFinder[Finder] = Walk;
    Finder->addMatcher(translationUnitDecl(), Walk.get());
  }
  Walk->Walkers.push_back(Walker);
  return Walk;
}

bool SharedWalk::drives(const ASTContext &Ctx) {
  return Ctx.getTraversalScope().empty();
}

void SharedWalk::run(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  if (!drives(Ctx))
    return;
  SharedWalks &All = sharedWalks();
  bool Timed = All.Timed.load(std::memory_order_relaxed);
  std::vector<double> Seconds(Walkers.size());
  using Clock = std::chrono::steady_clock;
  // The clock is read only for the profile.
  auto Each = [&](auto Work) {
    for (unsigned I = 0; I < Walkers.size(); ++I) {
      Clock::time_point Start = Timed ? Clock::now() : Clock::time_point();
      Work(*Walkers[I]);
      if (Timed)
        Seconds[I] +=
            std::chrono::duration<double>(Clock::now() - Start).count();
    }
  };
  {
    // The preparations look into the same functions: what they build is
    // kept until the last is done.
    FunctionCache::Scratch Preparations(Ctx);
    Each([&](FunctionWalker &W) { W.beginWalk(Ctx); });
  }
  // The order's vector stays: nothing forgets it during the walk.
  for (const FunctionDecl *Top : orderOf(Ctx).Functions)
    Each([&](FunctionWalker &W) { W.walkTo(Top, Ctx); });
  if (!Timed)
    return;
  std::lock_guard<std::mutex> Guard(All.Lock);
  for (unsigned I = 0; I < Walkers.size(); ++I)
    All.Seconds[Walkers[I]->walkerName().str()] += Seconds[I];
}

void SharedWalk::timeWalkers() {
  sharedWalks().Timed.store(true, std::memory_order_relaxed);
}

std::map<std::string, double> SharedWalk::takeWalkerSeconds() {
  SharedWalks &All = sharedWalks();
  std::lock_guard<std::mutex> Guard(All.Lock);
  return std::exchange(All.Seconds, {});
}

} // namespace clang::tidy::syscall
