//===--- AccessBeforeOpenCheck.h - syscall-access-before-open ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_ACCESSBEFOREOPENCHECK_H
#define SYSCALL_TIDY_CHECKS_ACCESSBEFOREOPENCHECK_H

#include "WalkingCheck.h"
#include "analysis/FdTracking.h"
#include "analysis/FlowAnalysis.h"

namespace clang::tidy::syscall {

/// Finds `access` (`faccessat`, `euidaccess`, `eaccess`) of a path right
/// before an open of the same path that fails the same way, when the test
/// only decides whether to attempt the open.
class AccessBeforeOpenCheck : public WalkingCheck {
public:
  AccessBeforeOpenCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;

private:
  void prepareUnit(ASTContext &Ctx) override;
  void endUnit() override { Tests.clear(); }
  void checkFunction(const FunctionDecl *Walked, ASTContext &Ctx) override;
  /// Whether \p Test (an access-like call or a stat whose buffer nothing
  /// reads) only asks whether the path can be opened; \p Buffer is the
  /// stat's buffer.
  bool onlyTestsExistence(const CallExpr *Test, const FunctionDecl *Func,
                          ASTContext &Ctx, const VarDecl *&Buffer);
  void checkAccess(const CallExpr *Access, const FunctionDecl *Func,
                   ASTContext &Ctx);
  const std::string RawOpenLikeFunctions;
  const std::string RawFopenLikeFunctions;
  const OpenFunctionTable Opens;
  PosixConstants Constants;
  FunctionCache Functions;
  CallsByFunction Tests;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_ACCESSBEFOREOPENCHECK_H
