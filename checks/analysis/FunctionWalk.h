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
// analyses are released (FunctionCache::release: its map and uses are kept
// while they fit in a tenth of the unit's AST, its flow graph goes).
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_FUNCTIONWALK_H
#define SYSCALL_TIDY_CHECKS_FUNCTIONWALK_H

#include "CallIndex.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/ArrayRef.h"
#include <map>
#include <memory>
#include <string>

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

/// A check that walks the unit's functions (WalkingCheck), as SharedWalk
/// drives it.
class FunctionWalker {
public:
  virtual ~FunctionWalker() = default;
  /// Starts the walk of \p Ctx's unit, before any function.
  virtual void beginWalk(ASTContext &Ctx) = 0;
  /// The work on the functions up to \p Reached (FunctionWalk::upTo).
  virtual void walkTo(const FunctionDecl *Reached, ASTContext &Ctx) = 0;
  virtual llvm::StringRef walkerName() const = 0;
};

/// The walking checks of one matcher (one set of the unit's checks). When
/// the matcher walks none of the unit's declarations (the tool empties its
/// traversal scope for a unit whose checks are all this module's: the
/// matcher's walk of every node was 3 % of a big C unit's process, two
/// thirds of a small C++ unit's checks, and found nothing the call index
/// and a look at the classes do not), it reaches the unit and no function;
/// this callback, matched on the unit, then hands each function to every
/// walking check in turn, as the matcher's visits would have.
class SharedWalk : public ast_matchers::MatchFinder::MatchCallback {
public:
  /// \p Finder's shared walk, registered on it with the first walker.
  static std::shared_ptr<SharedWalk> join(ast_matchers::MatchFinder *Finder,
                                          FunctionWalker *Walker);
  /// Whether the matcher reaches no declaration of \p Ctx's unit but the
  /// unit itself, and the shared walk does the walking checks' work.
  static bool drives(const ASTContext &Ctx);
  void run(const ast_matchers::MatchFinder::MatchResult &Result) override;
  llvm::StringRef getID() const override { return "syscall-walk"; }

  /// From now on, each walker's seconds in shared walks are timed (the
  /// matcher's profile times the walk as a whole).
  static void timeWalkers();
  /// The seconds timed since the last call, by walker.
  static std::map<std::string, double> takeWalkerSeconds();

private:
  std::vector<FunctionWalker *> Walkers;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_FUNCTIONWALK_H
