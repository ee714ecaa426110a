//===--- Forwarding.h - Calls of helpers that only pass a call on --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Real code puts a C library call behind a one-line helper of its own
// (`static ssize_t put(int fd, const void *b, size_t n) { return write(fd,
// b, n); }`). Such a helper's call is the call it passes on, with the same
// arguments in the same places, so every check reads it as that call: by
// name, by its arguments, and in the call index.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_FORWARDING_H
#define SYSCALL_TIDY_CHECKS_FORWARDING_H

#include "CrossUnitFacts.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include <optional>
#include <set>
#include <string>

namespace clang::tidy::syscall {

/// The call \p Def's body makes when that is all it does: its parameters
/// passed, each once and in its own place, to one other function written
/// outside the system headers' (the C library's own inline definitions are
/// what the checks look for); or when it also exits on that call's failure
/// and returns its result otherwise (`T r = g(p0, p1); if (r == -1) {
/// perror("g"); exit(1); } return r;`, a project's xwrite). Null for any
/// other function.
const CallExpr *passedOnCall(const FunctionDecl *Def);

/// Whether a helper on the way from \p Call to the call it passes on exits
/// when that call fails: a fix that writes another call in its place would
/// lose the exit.
bool exitsOnFailure(const CallExpr *Call);

/// The function a call of \p Func makes in the end: \p Func itself, or,
/// when \p Func is defined in this unit as a helper that passes its call on
/// (passedOnCall), the function that helper's call makes, followed through
/// helpers of helpers. Null for null.
const FunctionDecl *forwardedCallee(const FunctionDecl *Func);

/// Whether \p S makes a call of \p Name (by calleeName: through helpers
/// that only pass it on).
bool makesCall(const Stmt *S, llvm::StringRef Name);

/// The fact a unit exports for \p Def, a helper of this unit that other
/// units can call and that only passes a call on (passedOnCall, not one
/// that exits on failure): "forwards:USR=NAME", NAME the function its call
/// makes in the end. "" for any other function.
std::string forwardsFactOf(const FunctionDecl *Def);

/// The fact that \p Name (a USR) is a helper passing its call on to
/// \p Target: "forwards:Name=Target".
std::string forwardsFact(llvm::StringRef Name, llvm::StringRef Target);
/// Whether \p Fact is forwardsFact(some helper, \p Target).
bool isForwardsFactTo(llvm::StringRef Fact, llvm::StringRef Target);

/// The USR of \p Callee when it may be a helper of an id call (getpid,
/// getuid, ...) that another unit defines: this unit declares it with no
/// body, outside the system headers, callable from other units, with no
/// parameters and an integer result. "" for any other callee.
std::string elsewhereIdHelper(const FunctionDecl *Callee);

/// Guesses about helpers that another unit defines, for the tool's second
/// run of a unit's checks: a function declared here with no body, outside
/// the system headers and callable from other units, whose name holds the
/// name of a C library function declared here at the end of a word
/// (`xwrite`, `fstat_or_die`, `safe_read`; not `not_exiting`) and whose
/// parameters and result are that function's, is
/// read as a helper that only passes that call on. Only what that unit
/// says makes a guess true: each guess used is a fact ("forwards:USR=write")
/// that the second run's own findings need.
class ElsewhereGuesses {
public:
  /// \p Named: functions the user's options name, which are not guessed.
  ElsewhereGuesses(ASTContext &Ctx, llvm::StringSet<> Named);

  /// The guesses of this thread's second run; null outside one.
  static ElsewhereGuesses *current();

  /// Makes \p Guesses current on this thread while it lives.
  class Scope {
  public:
    explicit Scope(ElsewhereGuesses &Guesses);
    ~Scope();
    Scope(const Scope &) = delete;
    Scope &operator=(const Scope &) = delete;

  private:
    ElsewhereGuesses *Previous;
  };

  /// The C library function a call of \p Callee is guessed to make, the
  /// guess recorded as used; null when there is none.
  const FunctionDecl *use(const FunctionDecl *Callee);
  /// Whether some call of the unit's code has a guess of a library call
  /// that may make a system call, and that says more than the helper's
  /// declaration (not a noreturn helper guessed as `_exit`). A guess of a
  /// handler's registration (`ssh_signal` as signal) only makes its
  /// handler one, which only takes away pid findings that rest on an id
  /// helper elsewhere: it counts when \p IdHelpersAssumed.
  bool anyInUnit(bool IdHelpersAssumed);
  /// The helpers with a guess that \p Func's code calls.
  llvm::SmallVector<const FunctionDecl *, 4>
  guessedIn(const FunctionDecl *Func);
  /// From now on, only the helpers in \p Only are guessed; and none has
  /// been used yet.
  void restrictTo(llvm::ArrayRef<const FunctionDecl *> Only);
  /// The facts of the guesses used, each a clause of its own.
  Requirement used() const;

private:
  const FunctionDecl *targetOf(const FunctionDecl *Callee);

  ASTContext &Ctx;
  llvm::StringSet<> Named;
  llvm::DenseMap<const FunctionDecl *, const FunctionDecl *> Targets;
  std::optional<llvm::DenseSet<const FunctionDecl *>> Allowed;
  std::set<std::string> Used;
};

/// The C library functions that register a handler, which runs once per
/// process or per event: atexit, signal, pthread_atfork...
llvm::ArrayRef<llvm::StringRef> handlerRegistrations();

/// Drops the unit's shared analyses that guesses change (what the call
/// index says of helpers, the summaries, the flow graphs): the checks'
/// second run builds them anew, with guesses.
void forgetUnitAnalyses(ASTContext &Ctx);

/// Whether \p Call never returns: its callee, or the function a helper
/// that only passes the call on calls, is declared noreturn.
bool callNeverReturns(const CallExpr *Call);

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_FORWARDING_H
