//===--- LoopCalls.h - Calls made in every iteration of a loop -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_LOOPCALLS_H
#define SYSCALL_TIDY_CHECKS_LOOPCALLS_H

#include "CrossUnitFacts.h"
#include "FlowAnalysis.h"
#include "StatementShape.h"
#include "llvm/ADT/StringMap.h"
#include <memory>

namespace clang::tidy::syscall {

/// Whether a call of \p Name waits for something outside the process (a
/// sleep, a poll, a child, a connection): a loop that makes one asks its
/// other questions again to see what changed meanwhile.
bool waitsForOthers(llvm::StringRef Name);

/// Whether a call of \p Name may change what an existing path names or
/// where relative paths start (chdir, rename, unlink, rmdir, symlink,
/// mount...). mkdir and link only add names.
bool changesPaths(llvm::StringRef Name);

/// What the calls of a statement (a loop, a function's body) do, with the
/// calls of the unit's functions it calls one level down.
struct CallsSummary {
  bool Waits = false, Forks = false, ChangesPaths = false;
  /// For each string literal, how many of the statement's own calls take
  /// it as an argument.
  llvm::StringMap<unsigned> Named;
};

/// Where a call runs in every iteration of a loop.
struct IterationSite {
  /// The loop: of the call's own function, or of a caller in this file
  /// (then Through is that caller's call). Null when only a caller in
  /// another unit is known to loop.
  const Stmt *Loop = nullptr;
  const CallExpr *Through = nullptr;
  /// What other units must say: a loop there calls the function.
  Requirement Needs;
  explicit operator bool() const { return Loop || !Needs.empty(); }
};

/// Finds the loops that run a call in every iteration, directly or
/// through the function that makes it, in this unit and across units, and
/// tells other units which of their functions this one calls so.
class LoopCalls {
public:
  /// Where \p Call, of \p Func, runs in every iteration of a loop: a loop
  /// of \p Func; or, when it runs on every call of \p Func (not main), a
  /// loop of a caller in this file that calls \p Func in every iteration;
  /// or, for a function other units can call, a candidate that needs one
  /// of them to do so.
  IterationSite of(const CallExpr *Call, const FunctionDecl *Func,
                   ASTContext &Ctx);
  /// When the tool gathers facts: which functions other units may define
  /// this unit calls in every iteration of a loop, and which it calls on
  /// every call of a function of its own. For the calls of \p Walked (a
  /// function a walk hands out, with those written inside it), where the
  /// walk's parent maps serve the checks too; with none, for the calls of
  /// the unit left. Each function's calls once per unit, whichever check
  /// asks.
  void exportFacts(ASTContext &Ctx, const FunctionDecl *Walked = nullptr);
  /// What \p S's calls do, found once per statement.
  const CallsSummary &summary(const Stmt *S);
  FunctionCache &functions() { return Functions; }
  EveryRun &every() { return Every; }
  void clear() {
    Every.clear();
    Summaries.clear();
  }

private:
  FunctionCache Functions;
  EveryRun Every;
  llvm::DenseMap<const Stmt *, std::unique_ptr<CallsSummary>> Summaries;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_LOOPCALLS_H
