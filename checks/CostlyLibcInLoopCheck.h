//===--- CostlyLibcInLoopCheck.h - syscall-costly-libc-in-loop -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_COSTLYLIBCINLOOPCHECK_H
#define SYSCALL_TIDY_CHECKS_COSTLYLIBCINLOOPCHECK_H

#include "analysis/LoopCalls.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/DenseMap.h"

namespace clang::tidy::syscall {

/// Per variable and loop, whether the loop only hands the variable to the
/// call asked about (its value is the same in every iteration).
using SameValueMemo =
    llvm::DenseMap<std::pair<const VarDecl *, const Stmt *>, bool>;

/// Finds C library calls that make syscalls on every call, made in every
/// iteration of a loop (directly, or in a function that makes them on
/// every call and that a loop of this unit or another calls so): the user and
/// group lookups, whose files backend reads /etc/passwd or /etc/group anew each
/// time, and the time calls that stat /etc/localtime each time while TZ is
/// unset.
class CostlyLibcInLoopCheck : public ClangTidyCheck {
public:
  CostlyLibcInLoopCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context) {}
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override {
    // After the walk of the checks that walk, which exports most calls
    // with the parent maps it builds anyway.
    if (Unit)
      Loops.exportFacts(*Unit);
    Unit = nullptr;
    Loops.clear();
    GrowsBuffer.clear();
    Same.clear();
    WalksComponents.clear();
  }

private:
  /// realpath, getcwd, getaddrinfo, gethostbyname with the same inputs in
  /// every iteration of a loop that cannot change their answer.
  void checkInvariant(const CallSite &Site, ASTContext &Ctx);
  /// mkdir -p per item: a mkdir in every iteration whose EEXIST is success.
  void checkDirectoryPerItem(const CallSite &Site, ASTContext &Ctx);
  bool acceptsExisting(const CallExpr *Mkdir, const FunctionDecl *Func);

  LoopCalls Loops;
  /// The unit checked, until its end.
  ASTContext *Unit = nullptr;
  SameValueMemo Same;
  /// Per loop, whether it retries a lookup with a bigger buffer (its text
  /// is read once, however many lookups it holds).
  llvm::DenseMap<const Stmt *, bool> GrowsBuffer;
  /// Per loop, whether it uses the character '/' (read once per loop).
  llvm::DenseMap<const Stmt *, bool> WalksComponents;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_COSTLYLIBCINLOOPCHECK_H
