//===--- WalkingCheck.h - A check that works one function at a time ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The base of the checks whose work goes function by function with every
// other such check's (FunctionWalk): each says what it prepares for the
// unit and what it does with one function's calls.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_WALKINGCHECK_H
#define SYSCALL_TIDY_CHECKS_WALKINGCHECK_H

#include "analysis/FlowAnalysis.h"
#include "analysis/FunctionWalk.h"
#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::syscall {

class WalkingCheck : public ClangTidyCheck, public FunctionWalker {
public:
  using ClangTidyCheck::ClangTidyCheck;
  /// Matches the definitions a walk follows.
  void registerMatchers(ast_matchers::MatchFinder *Finder) override {
    Finder->addMatcher(unitToWalk(), this);
    Finder->addMatcher(functionsToWalk(), this);
    Shared = SharedWalk::join(Finder, this);
  }
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override {
    ASTContext &Ctx = *Result.Context;
    if (Result.Nodes.getNodeAs<TranslationUnitDecl>("walked-unit")) {
      if (!SharedWalk::drives(Ctx))
        beginUnit(Ctx);
      return;
    }
    const FunctionDecl *Reached = reachedFunction(Result);
    if (!Reached)
      return checkOther(Result);
    walkTo(Reached, Ctx);
  }
  void beginWalk(ASTContext &Ctx) override { beginUnit(Ctx); }
  void walkTo(const FunctionDecl *Reached, ASTContext &Ctx) override {
    if (!Walk.started(Ctx))
      beginUnit(Ctx);
    for (const FunctionDecl *Walked : Walk.upTo(Reached, Ctx))
      checkFunction(Walked, Ctx);
  }
  // The check's name (ClangTidyCheck's getID() is private before LLVM 15).
  llvm::StringRef walkerName() const override {
    return static_cast<const ast_matchers::MatchFinder::MatchCallback *>(this)
        ->getID();
  }
  void onEndOfTranslationUnit() override {
    if (ASTContext *Ctx = Walk.unit())
      for (const FunctionDecl *Walked : Walk.rest())
        checkFunction(Walked, *Ctx);
    Walk.clear();
    endUnit();
  }

protected:
  /// What the work on every function of \p Ctx's unit shares, before the
  /// first.
  virtual void prepareUnit(ASTContext &Ctx) {}
  /// The work on the calls of \p Walked (CallIndex::callsIn()).
  virtual void checkFunction(const FunctionDecl *Walked, ASTContext &Ctx) = 0;
  /// A match of another matcher the check registers.
  virtual void checkOther(const ast_matchers::MatchFinder::MatchResult &) {}
  /// Drops what the unit's work kept.
  virtual void endUnit() {}

private:
  /// Starts the walk of \p Ctx's unit and prepares it; what the
  /// preparation builds for functions the walk has not reached is dropped
  /// after it (FunctionCache::Scratch), or after every walking check's
  /// when a shared walk prepares them all.
  void beginUnit(ASTContext &Ctx) {
    Walk.begin(Ctx);
    FunctionCache::Scratch Scratch(Ctx, /*Joining=*/true);
    prepareUnit(Ctx);
  }

  FunctionWalk Walk;
  std::shared_ptr<SharedWalk> Shared;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_WALKINGCHECK_H
