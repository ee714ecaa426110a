//===--- FtruncateAfterOpenCheck.h - syscall-ftruncate-after-open --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_FTRUNCATEAFTEROPENCHECK_H
#define SYSCALL_TIDY_CHECKS_FTRUNCATEAFTEROPENCHECK_H

#include "analysis/FdTracking.h"
#include "analysis/FlowAnalysis.h"
#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::syscall {

/// Finds `ftruncate(fd, 0)` on a descriptor that its open already left
/// empty (O_TRUNC, O_CREAT|O_EXCL, creat, fopen "w") with nothing written
/// in between.
class FtruncateAfterOpenCheck : public ClangTidyCheck {
public:
  FtruncateAfterOpenCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  void checkTruncate(const CallExpr *Trunc, const FunctionDecl *Func,
                     ASTContext &Ctx);
  /// Why the file is empty when \p Open returns, or "" when it may not be.
  std::string whyEmpty(const OpenCall &Open, const FunctionFlow &Flow,
                       ASTContext &Ctx) const;

  const std::string RawOpenLikeFunctions;
  const std::string RawWriteFunctions;
  const OpenFunctionTable Opens;
  const FdOperationTable Operations;
  PosixConstants Constants;
  FunctionCache Functions;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_FTRUNCATEAFTEROPENCHECK_H
