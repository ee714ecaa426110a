//===--- FstatAfterWriteOpenCheck.h - syscall-fstat-after-write-open -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_FSTATAFTERWRITEOPENCHECK_H
#define SYSCALL_TIDY_CHECKS_FSTATAFTERWRITEOPENCHECK_H

#include "WalkingCheck.h"
#include "analysis/DirectoryRejection.h"
#include "analysis/FdTracking.h"
#include "analysis/FieldFacts.h"
#include "analysis/FlowAnalysis.h"
#include "llvm/ADT/DenseMap.h"

namespace clang::tidy::syscall {

/// Finds fstat/stat calls made only to reject a directory around an open
/// with a write access mode, which already fails with EISDIR there.
class FstatAfterWriteOpenCheck : public WalkingCheck {
public:
  FstatAfterWriteOpenCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;

private:
  void prepareUnit(ASTContext &Ctx) override;
  void checkFunction(const FunctionDecl *Walked, ASTContext &Ctx) override;
  void endUnit() override;
  /// The open every definition of \p Var reaching \p Use comes from, when
  /// all are opens with a write (or run-time) access mode. With \p
  /// CopiedFrom, the place \p Var is a copy of, if it is one.
  std::optional<OpenCall>
  writeOpenOf(const Place &Var, const Stmt *Use, const FunctionDecl *Func,
              bool Stream, ASTContext &Ctx,
              std::optional<Place> *CopiedFrom = nullptr);
  void checkDescriptorStat(const CallExpr *Stat, const FunctionDecl *Func,
                           ASTContext &Ctx);
  void checkPathStat(const CallExpr *Stat, const FunctionDecl *Func,
                     ASTContext &Ctx);
  /// When \p Site calls a function of the file that only tests whether a
  /// descriptor argument is a directory: that argument's index (kept per
  /// callee: every call of the unit asks).
  std::optional<unsigned> directoryTest(const CallSite &Site, ASTContext &Ctx);
  /// That index for any call of \p Func.
  std::optional<unsigned> testedParamOf(const FunctionDecl *Func,
                                        ASTContext &Ctx);
  /// `if (is_dir(fd)) <reject>` on a descriptor opened for writing.
  void checkDirectoryTestCall(const CallExpr *Call, unsigned Param,
                              const FunctionDecl *Func, ASTContext &Ctx);
  std::optional<OpenCall> followingOpen(const CallExpr *Stat,
                                        const RejectionPlan &Plan,
                                        const StmtParents &Parents,
                                        ASTContext &Ctx) const;
  /// A stat of a field of a header's record (`fstat(im->fd, &st)`) only to
  /// reject directories: a candidate for the tool, which settles it over
  /// what every unit stores into the field.
  void checkSharedFieldStat(const CallExpr *Stat, const Place &Tracked,
                            const VarDecl *Buffer, llvm::StringRef ModeField,
                            bool Stream, const FunctionDecl *Func,
                            ASTContext &Ctx);
  void report(const CallExpr *Stat, const OpenCall &Open,
              const RejectionPlan &Plan, const StmtParents &Parents,
              bool StatBeforeOpen, ASTContext &Ctx);

  const std::string RawOpenLikeFunctions;
  const std::string RawFopenLikeFunctions;
  const bool FlagRuntimeAccessMode;
  const OpenFunctionTable Opens;
  PosixConstants Constants;
  FunctionCache Functions;
  CallsByFunction Stats;
  const FdOperationTable Operations{{}, {}};
  FieldFacts Fields{Functions, Opens, Operations, Constants};
  llvm::DenseMap<const FunctionDecl *, std::optional<unsigned>> DirectoryTests;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_FSTATAFTERWRITEOPENCHECK_H
