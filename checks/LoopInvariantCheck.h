//===--- LoopInvariantCheck.h - syscall-loop-invariant -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_LOOPINVARIANTCHECK_H
#define SYSCALL_TIDY_CHECKS_LOOPINVARIANTCHECK_H

#include "analysis/CrossUnitFacts.h"
#include "analysis/FdTracking.h"
#include "analysis/FlowAnalysis.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::syscall {

/// A call whose value a loop can keep (LoopInvariantCheck.cpp).
struct InvariantCall;

/// Finds getpid, gettid, getuid, geteuid, getgid, getegid, isatty and the
/// sysconf values glibc asks the kernel for, called in every iteration of a
/// loop with the same arguments: each call is one or more syscalls (glibc
/// caches none of them) for the same value until the process forks,
/// changes credentials or redirects the descriptor.
class LoopInvariantCheck : public ClangTidyCheck {
public:
  LoopInvariantCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override {
    Reported.clear();
    LoopAround.clear();
    Changers.clear();
    LoopChanges.clear();
    Outermost.clear();
  }

  /// What a call in a loop may change, so that a value stops holding.
  enum Change : unsigned {
    Forks = 1,
    Credentials = 2,
    Descriptors = 4,
    Waits = 8,  ///< sleeps or blocks: the loop is not hot
    Limits = 16 ///< setrlimit, prlimit
  };

private:
  /// Calls of one function with one argument that a loop can make once.
  struct Hoist {
    const Stmt *Loop;
    const FunctionDecl *Func;
    llvm::StringRef Name; ///< the callee
    std::string Type;     ///< the local's type
    std::string Local;    ///< the local's preferred name
    llvm::SmallVector<const CallExpr *, 4> Calls;
    /// For a call that fills a buffer (`uname(&u);`): its statement, which
    /// moves before the loop whole.
    const Stmt *Moved = nullptr;
    /// What other units must say: the callee, defined in one of them, only
    /// passes on one of the calls the check knows.
    Requirement Needs;
  };
  /// The hoist of `uname(&u);` or `getrlimit(R, &rl);`, a statement of
  /// its loop's body whose buffer the loop only reads.
  std::optional<Hoist> bufferHoistOf(const CallExpr *Call,
                                     const FunctionDecl *Func, ASTContext &Ctx);
  std::optional<Hoist> hoistOf(const CallExpr *Call, const FunctionDecl *Func,
                               ASTContext &Ctx);
  /// The hoist of a call of a function that another unit defines, when it
  /// only passes on one of the id calls (getpid, getuid, ...).
  std::optional<Hoist> elsewhereHoistOf(const CallExpr *Call,
                                        const FunctionDecl *Func,
                                        ASTContext &Ctx);
  std::optional<Hoist> hoistAs(const InvariantCall &What, const CallExpr *Call,
                               const FunctionDecl *Func, ASTContext &Ctx);
  /// One finding and one fix for the hoists out of the same loop.
  void report(llvm::ArrayRef<Hoist> Hoists, ASTContext &Ctx);
  /// The outermost loop of \p Func around \p Call in whose every iteration
  /// \p Call gives the same value (and, with \p EveryIteration, runs in
  /// every iteration of the innermost one); null if none.
  const Stmt *invariantLoop(const CallExpr *Call, const FunctionDecl *Func,
                            unsigned EndedBy, bool EveryIteration,
                            ASTContext &Ctx);
  /// What \p Loop may change: the calls it makes, and one level into the
  /// functions of the file they call; memoised per loop.
  unsigned changesIn(const Stmt *Loop, ASTContext &Ctx);
  /// What call \p C may change (with \p FollowCalls, through its body).
  unsigned changesOfCall(const CallExpr *C, ASTContext &Ctx, bool FollowCalls);
  /// The innermost loop around \p S whose iterations run \p S again, and
  /// the child of it that holds \p S; nulls if none.
  std::pair<const Stmt *, const Stmt *>
  enclosingLoop(const Stmt *S, const StmtParents &Parents, ASTContext &Ctx);
  /// enclosingLoop()'s answer for each statement a climb went through.
  llvm::DenseMap<const Stmt *, std::pair<const Stmt *, const Stmt *>>
      LoopAround;
  /// The outermost loop from \p Loop outwards in whose iterations nothing
  /// in \p EndedBy happens; null if \p Loop itself has such a change.
  /// Memoised, so that nested loops cost each one step.
  const Stmt *outermostFrom(const Stmt *Loop, unsigned EndedBy,
                            const StmtParents &Parents, ASTContext &Ctx);

  const std::string RawForkFunctions;
  llvm::SmallVector<llvm::StringRef, 8> ExtraForkNames; ///< ForkFunctions
  PosixConstants Constants;
  FunctionCache Functions;
  llvm::DenseSet<const CallExpr *> Reported;
  llvm::DenseMap<const FunctionDecl *, unsigned> Changers;
  llvm::DenseMap<const Stmt *, unsigned> LoopChanges;
  llvm::DenseMap<std::pair<const Stmt *, unsigned>, const Stmt *> Outermost;
  /// The locals earlier fixes in a function declare: a later loop's fix
  /// in the same function picks another name.
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<std::string, 2>>
      LocalsGiven;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_LOOPINVARIANTCHECK_H
