//===--- FtruncateAfterOpenCheck.h - syscall-ftruncate-after-open --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_FTRUNCATEAFTEROPENCHECK_H
#define SYSCALL_TIDY_CHECKS_FTRUNCATEAFTEROPENCHECK_H

#include "WalkingCheck.h"
#include "analysis/FdTracking.h"
#include "analysis/FlowAnalysis.h"

namespace clang::tidy::syscall {

/// Finds `ftruncate(fd, 0)` on a descriptor that its open already left
/// empty (O_TRUNC, O_CREAT|O_EXCL, creat, fopen "w") with nothing written
/// in between.
class FtruncateAfterOpenCheck : public WalkingCheck {
public:
  FtruncateAfterOpenCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;

private:
  void prepareUnit(ASTContext &Ctx) override;
  void endUnit() override { Truncations.clear(); }
  void checkFunction(const FunctionDecl *Walked, ASTContext &Ctx) override;
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
  CallsByFunction Truncations;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_FTRUNCATEAFTEROPENCHECK_H
