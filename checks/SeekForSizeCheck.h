//===--- SeekForSizeCheck.h - syscall-seek-for-size ----------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_SEEKFORSIZECHECK_H
#define SYSCALL_TIDY_CHECKS_SEEKFORSIZECHECK_H

#include "analysis/FdTracking.h"
#include "analysis/FlowAnalysis.h"
#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::syscall {

/// Finds `lseek(fd, 0, SEEK_END)` followed by a seek back (to 0, or to the
/// offset a `SEEK_CUR` saved) only to learn the size, which one `fstat`
/// gives; and `fseek(f, 0, SEEK_END)` + `ftell` + `rewind` (a note).
class SeekForSizeCheck : public ClangTidyCheck {
public:
  SeekForSizeCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  void checkSeekToEnd(const CallExpr *End, const FunctionDecl *Func,
                      ASTContext &Ctx);
  const std::string RawOpenLikeFunctions;
  const OpenFunctionTable Opens;
  const FdOperationTable Operations;
  PosixConstants Constants;
  FunctionCache Functions;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_SEEKFORSIZECHECK_H
