//===--- SmallReadsCheck.h - syscall-small-reads -------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_SMALLREADSCHECK_H
#define SYSCALL_TIDY_CHECKS_SMALLREADSCHECK_H

#include "WalkingCheck.h"
#include "analysis/FdTracking.h"
#include "analysis/FlowAnalysis.h"

namespace clang::tidy::syscall {

/// Finds reads of a few bytes per syscall in a loop: `read(fd, buf, N)`
/// with a small constant N on a file the function opened by path, and
/// `fgetc`/`getc` on a stream it opened and made unbuffered. A buffered
/// reader makes one read(2) per block instead.
class SmallReadsCheck : public WalkingCheck {
public:
  SmallReadsCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void endUnit() override {
    ReadsAlone.clear();
    Unbufferings.reset();
    Reads.clear();
    Getcs.clear();
    Pubsetbufs.clear();
  }

private:
  void prepareUnit(ASTContext &Ctx) override;
  void checkFunction(const FunctionDecl *Walked, ASTContext &Ctx) override;
  void checkRead(const CallExpr *Call, const FunctionDecl *Func,
                 ASTContext &Ctx);
  void checkGetc(const CallExpr *Call, const FunctionDecl *Func,
                 ASTContext &Ctx);
  /// `in.rdbuf()->pubsetbuf(nullptr, 0)` on a local std::ifstream that a
  /// later loop reads with get().
  void checkPubsetbuf(const CXXMemberCallExpr *Call, const FunctionDecl *Func,
                      ASTContext &Ctx);
  /// The open of a regular file by path that every value of \p Var at
  /// \p Use comes from, read-only or read-write; none for devices, pipes,
  /// sockets and descriptors from elsewhere.
  std::optional<OpenCall> fileOpen(const VarDecl *Var, const Stmt *Use,
                                   bool Stream, const FunctionDecl *Func,
                                   ASTContext &Ctx);
  /// Whether \p Loop only reads \p Var (no seek, write or hand-over in it)
  /// and nothing uses it after the loop but a close: a reader that reads
  /// ahead then takes nothing from anyone.
  bool readsAlone(const VarDecl *Var, const Stmt *Loop,
                  const FunctionDecl *Func, ASTContext &Ctx);
  /// The `setvbuf(s, 0, _IONBF, 0)` or `setbuf(s, NULL)` of \p Stream in
  /// \p Func before \p Loop; null if none.
  const CallExpr *unbufferingOf(const VarDecl *Stream, const Stmt *Loop,
                                const FunctionDecl *Func, ASTContext &Ctx);

  const unsigned SmallReadLimit;
  const std::string RawOpenLikeFunctions;
  const OpenFunctionTable Opens;
  const FdOperationTable Operations{{}, {}};
  PosixConstants Constants;
  FunctionCache Functions;
  llvm::DenseMap<std::pair<const VarDecl *, const Stmt *>, bool> ReadsAlone;
  /// The unbuffering calls of the unit by stream, found once per unit.
  std::optional<llvm::DenseMap<const VarDecl *, llvm::SmallVector<CallSite, 1>>>
      Unbufferings;
  CallsByFunction Reads, Getcs, Pubsetbufs;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_SMALLREADSCHECK_H
