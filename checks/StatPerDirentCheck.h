//===--- StatPerDirentCheck.h - syscall-stat-per-dirent ------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_STATPERDIRENTCHECK_H
#define SYSCALL_TIDY_CHECKS_STATPERDIRENTCHECK_H

#include "WalkingCheck.h"
#include "analysis/DescriptorStat.h"
#include "analysis/FdTracking.h"
#include "analysis/FlowAnalysis.h"
#include <vector>

namespace clang::tidy::syscall {

/// Finds a stat, lstat or fstatat of each entry readdir returns whose
/// result is used only for the file type: the entry's d_type already says
/// it on the file systems that fill it in, without a syscall per entry.
class StatPerDirentCheck : public WalkingCheck {
public:
  StatPerDirentCheck(StringRef Name, ClangTidyContext *Context)
      : WalkingCheck(Name, Context) {}
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;

private:
  void prepareUnit(ASTContext &Ctx) override;
  void checkFunction(const FunctionDecl *Walked, ASTContext &Ctx) override;
  void endUnit() override {
    Helpers.clear();
    Stats.clear();
    OtherUses.clear();
    LoopsAskingType.clear();
    Fillers.clear();
  }
  void checkStat(const CallExpr *Stat, const FunctionDecl *Func,
                 ASTContext &Ctx);
  void checkDirectoryHelper(const CallExpr *Call,
                            const DirectoryTestedPath &Test,
                            const FunctionDecl *Func, ASTContext &Ctx);
  /// A call on \p Path per readdir entry: its loop's entry and the readdir
  /// that gives it, when the path is the entry's name or built from it in
  /// the loop and the loop does not ask d_type itself.
  struct EntryCall {
    const VarDecl *Entry;
    const CallExpr *Readdir;
  };
  std::optional<EntryCall> perEntry(const CallExpr *Call, const Expr *Path,
                                    const FunctionDecl *Func, ASTContext &Ctx);
  /// The readdir entry variable whose name \p Path is, or is built from in
  /// \p Loop before \p Stat (`snprintf(path, ..., e->d_name)`); null if none.
  const VarDecl *entryNamed(const Expr *Path, const CallExpr *Stat,
                            const Stmt *Loop, const FunctionDecl *Func,
                            ASTContext &Ctx);
  /// Per use of \p Buffer in \p Func (VariableUses order), the call that
  /// last handed it somewhere it may change, up to that use; null where
  /// the last such use is no call (`path[0] = 0`).
  llvm::ArrayRef<const CallExpr *> fillersOf(const VarDecl *Buffer,
                                             const FunctionDecl *Func);
  /// Whether every use of \p Buffer in \p Func but the stat's own
  /// \p OwnAddress is a file type test of its st_mode.
  bool onlyTypeTested(const VarDecl *Buffer, const Expr *OwnAddress,
                      const FunctionDecl *Func, ASTContext &Ctx);
  /// The uses of \p Buffer in \p Func that are no file type test, the
  /// first two (a stat's own `&st` among them).
  llvm::SmallVector<const Stmt *, 2>
  usesBesideTypeTests(const VarDecl *Buffer, const FunctionDecl *Func,
                      ASTContext &Ctx);

  PosixConstants Constants;
  FunctionCache Functions;
  CallsByFunction Stats;
  /// The functions of the unit that only test a path for a directory.
  llvm::DenseMap<const FunctionDecl *, std::optional<DirectoryTestedPath>>
      Helpers;
  /// usesBesideTypeTests() per stat buffer: asked once per stat, each a
  /// walk of all the buffer's uses.
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const Stmt *, 2>> OtherUses;
  /// fillersOf() per buffer: asked once per stat.
  llvm::DenseMap<const VarDecl *, std::vector<const CallExpr *>> Fillers;
  /// Whether a readdir loop reads d_type, per loop: asked once per stat.
  llvm::DenseMap<const Stmt *, bool> LoopsAskingType;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_STATPERDIRENTCHECK_H
