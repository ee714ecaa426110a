//===--- GetpidForkCheck.h - syscall-getpid-fork-check -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_GETPIDFORKCHECK_H
#define SYSCALL_TIDY_CHECKS_GETPIDFORKCHECK_H

#include "analysis/FdTracking.h"
#include "analysis/FlowAnalysis.h"
#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::syscall {

/// Finds getpid() compared with a pid the program saved from getpid()
/// before, in a global, a static or a field: the way a library notices
/// that it runs in a child after fork. Each comparison is a syscall (glibc
/// has not cached the pid since 2.25); a counter that a pthread_atfork
/// child handler bumps tells the same without one.
class GetpidForkCheck : public ClangTidyCheck {
public:
  GetpidForkCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  const std::string RawGetpidFunctions;
  PosixConstants Constants;
  FunctionCache Functions;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_GETPIDFORKCHECK_H
