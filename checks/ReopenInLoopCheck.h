//===--- ReopenInLoopCheck.h - syscall-reopen-in-loop --------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_REOPENINLOOPCHECK_H
#define SYSCALL_TIDY_CHECKS_REOPENINLOOPCHECK_H

#include "WalkingCheck.h"
#include "analysis/FdTracking.h"
#include "analysis/LoopCalls.h"
#include "llvm/ADT/DenseMap.h"

namespace clang::tidy::syscall {

/// Finds a read-only open of the same /proc or /sys file in every
/// iteration of a loop, read and closed in the iteration: the kernel
/// makes such files anew on each read from offset 0, so one descriptor
/// kept across the loop and read with pread(fd, buf, n, 0) (or rewind for
/// a stream) saves an open and a close per sample. Also a configuration
/// file opened, read and closed per iteration (read it once), and
/// /dev/urandom opened, read and closed in one call, where getrandom(2) is
/// one syscall.
class ReopenInLoopCheck : public WalkingCheck {
public:
  ReopenInLoopCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void endUnit() override {
    Loops.clear();
    AsksKernelForRandom.reset();
    OpenCalls.clear();
    LastCloses.clear();
  }

private:
  void prepareUnit(ASTContext &Ctx) override;
  void checkFunction(const FunctionDecl *Walked, ASTContext &Ctx) override;
  void checkOpen(const CallExpr *Call, const FunctionDecl *Func,
                 ASTContext &Ctx);
  /// A file that changes only when edited (a configuration file), opened,
  /// read and closed in every iteration of a loop, directly or through
  /// \p Func.
  void checkSteadyFile(const OpenCall &Open, llvm::StringRef Path,
                       const FunctionDecl *Func, ASTContext &Ctx);
  /// /dev/urandom opened, read and closed in one call of \p Func.
  void checkRandomDevice(const OpenCall &Open, llvm::StringRef Path,
                         const FunctionDecl *Func, ASTContext &Ctx);
  /// The close of \p Var in \p Loop after \p Open, when the loop also reads
  /// it and makes no other use of it that outlives the iteration; null
  /// otherwise.
  const CallExpr *closedInIteration(const VarDecl *Var, const CallExpr *Open,
                                    const Stmt *Loop, const FunctionDecl *Func,
                                    ASTContext &Ctx);
  /// The last close of \p Var in \p Loop when the loop also reads it and
  /// makes no other use of it that outlives the iteration; null otherwise.
  const CallExpr *lastCloseInIteration(const VarDecl *Var, const Stmt *Loop,
                                       const FunctionDecl *Func,
                                       ASTContext &Ctx);

  const std::string RawPathPrefixes;
  const std::string RawOpenLikeFunctions;
  const OpenFunctionTable Opens;
  const FdOperationTable Operations{{}, {}};
  PosixConstants Constants;
  LoopCalls Loops;
  /// Whether the unit calls getrandom or getentropy, asked once per unit.
  std::optional<bool> AsksKernelForRandom;
  CallsByFunction OpenCalls;
  /// lastCloseInIteration() per descriptor and loop: asked once per open,
  /// each a walk of all the descriptor's uses (one `fd` for n opens).
  llvm::DenseMap<std::pair<const VarDecl *, const Stmt *>, const CallExpr *>
      LastCloses;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_REOPENINLOOPCHECK_H
