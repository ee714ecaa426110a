//===--- SeekForSizeCheck.h - syscall-seek-for-size ----------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_SEEKFORSIZECHECK_H
#define SYSCALL_TIDY_CHECKS_SEEKFORSIZECHECK_H

#include "WalkingCheck.h"
#include "analysis/FdTracking.h"
#include "analysis/FlowAnalysis.h"

namespace clang::tidy::syscall {

/// Finds `lseek(fd, 0, SEEK_END)` followed by a seek back (to 0, or to the
/// offset a `SEEK_CUR` saved) only to learn the size, which one `fstat`
/// gives; and `fseek(f, 0, SEEK_END)` + `ftell` + `rewind` (a note).
class SeekForSizeCheck : public WalkingCheck {
public:
  SeekForSizeCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;

private:
  void prepareUnit(ASTContext &Ctx) override;
  void endUnit() override { Seeks.clear(); }
  void checkFunction(const FunctionDecl *Walked, ASTContext &Ctx) override;
  void checkSeekToEnd(const CallExpr *End, const FunctionDecl *Func,
                      ASTContext &Ctx);
  const std::string RawOpenLikeFunctions;
  const OpenFunctionTable Opens;
  const FdOperationTable Operations;
  PosixConstants Constants;
  FunctionCache Functions;
  CallsByFunction Seeks;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_SEEKFORSIZECHECK_H
