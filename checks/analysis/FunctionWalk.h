//===--- FunctionWalk.h - The checks' work, one function at a time -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Most of a check's work on a call reads the flow graph, parent map and
// uses of the function that makes it. Done check by check over the whole
// unit, every function's analyses had to stay built until the unit ended
// (the next check asks again): memory grew with the unit, to 5x the parse
// on a file of 16,000 I/O helpers. Each check now matches function
// definitions, and clang's matcher calls every check on one definition
// before it moves on; a walk hands the check the call index's functions up
// to the one reached, in source order (lambdas and local classes go with
// the function they are written in, functions no matcher reaches with the
// next one it does). Once every check that walks is past a function, its
// analyses are let go: one asked for again later is built again.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_FUNCTIONWALK_H
#define SYSCALL_TIDY_CHECKS_FUNCTIONWALK_H

#include "CallIndex.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/ArrayRef.h"

namespace clang::tidy::syscall {

/// The matcher a walking check registers: every function definition that
/// holds calls of the call index.
ast_matchers::DeclarationMatcher functionsToWalk();
/// The matcher of the unit itself, which the matcher reaches before any
/// function.
ast_matchers::DeclarationMatcher unitToWalk();

class FunctionWalk {
public:
  /// The call index's functions that hold calls, up to and including the
  /// one \p Reached belongs to (the node bound by functionsToWalk()), that
  /// this walk has not handed out yet; every one left when \p Reached is
  /// null. Functions behind every walk of the unit let their analyses go.
  llvm::ArrayRef<const FunctionDecl *> upTo(const FunctionDecl *Reached,
                                            ASTContext &Ctx);
  /// Starts the walk of \p Ctx's unit, before any function: a unit without
  /// calls still stores into fields that other units ask about.
  void begin(ASTContext &Ctx);
  /// The functions not handed out yet, at the end of the unit.
  llvm::ArrayRef<const FunctionDecl *> rest();
  /// Forgets the unit (onEndOfTranslationUnit, after rest()).
  void clear();
  /// Whether the walk of \p Ctx's unit has begun: a check prepares what its
  /// work on every function shares before the first batch.
  bool started(const ASTContext &Ctx) const { return Unit == &Ctx; }
  /// The unit being walked; null before the first upTo().
  ASTContext *unit() const { return Unit; }

private:
  ASTContext *Unit = nullptr;
  unsigned Next = 0;
};

/// Calls of the unit (CallIndex::callsTo()'s, say) by the function a walk
/// hands out that holds them.
class CallsByFunction {
public:
  void assign(llvm::ArrayRef<CallSite> Sites, ASTContext &Ctx);
  /// The calls in \p Walked (as upTo() handed it out), in source order.
  llvm::ArrayRef<CallSite> in(const FunctionDecl *Walked) const;
  void clear() { Calls.clear(); }

private:
  llvm::DenseMap<const FunctionDecl *, std::vector<CallSite>> Calls;
};

/// The node functionsToWalk() binds.
const FunctionDecl *
reachedFunction(const ast_matchers::MatchFinder::MatchResult &Result);

/// Drops \p Ctx's order of functions (forgetUnitAnalyses()).
void forgetWalkOrder(ASTContext &Ctx);

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_FUNCTIONWALK_H
