//===--- HeldFiles.h - Which files a block holds open, and closes ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_HELDFILES_H
#define SYSCALL_TIDY_CHECKS_HELDFILES_H

#include "FdTracking.h"
#include "FlowAnalysis.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::syscall {

/// A path that a block opened and still holds a descriptor or stream of.
struct HeldFile {
  const VarDecl *Var = nullptr; ///< the descriptor or stream
  const Expr *Path = nullptr;   ///< as the open names it
  const CallExpr *Open = nullptr;
  bool Stream = false;
  /// What other units must say for the open to be one (a wrapper there).
  Requirement Needs;
};

/// A call by path on a file the block held: a lookup made while it is
/// open, or a change made right after its close.
struct ByPathOnHeld {
  HeldFile File;
  const CallExpr *Close = nullptr; ///< null while the file is still open
};

/// Follows, statement by statement through a block, which paths it holds
/// open: an open of a path (following links, relative to the working
/// directory) stored in a local and tested for failure by a branch that
/// only fails; held until a call that may close the descriptor, hand it
/// on, or change the path, or a store to either. Reports the calls by
/// \p LookupNames of a held path (always evaluated in their statement),
/// and the first call by \p ChangeNames of the path of a file right after
/// its close, with only calls that leave files alone between. Each block
/// is followed once.
class HeldFiles {
public:
  HeldFiles(llvm::ArrayRef<llvm::StringRef> LookupNames,
            llvm::ArrayRef<llvm::StringRef> ChangeNames)
      : LookupNames(LookupNames), ChangeNames(ChangeNames) {}

  /// What \p Call, a call of LookupNames or ChangeNames, does to a held
  /// file; null if nothing.
  const ByPathOnHeld *find(const CallExpr *Call, const FunctionDecl *Func,
                           const OpenFunctionTable &Opens,
                           const PosixConstants &Constants,
                           FunctionCache &Functions, ASTContext &Ctx);
  void clear() {
    Followed.clear();
    Found.clear();
  }

private:
  void follow(const CompoundStmt *Block, const FunctionDecl *Func,
              const OpenFunctionTable &Opens, const PosixConstants &Constants,
              FunctionCache &Functions, ASTContext &Ctx);

  llvm::ArrayRef<llvm::StringRef> LookupNames, ChangeNames;
  const FdOperationTable Operations{{}, {}};
  llvm::DenseSet<const CompoundStmt *> Followed;
  llvm::DenseMap<const CallExpr *, ByPathOnHeld> Found;
};

/// Whether \p Call only reads memory, strings or errno (or a record
/// through its accessor), allocates or frees: it changes no file and no
/// path.
bool leavesFilesAlone(const CallExpr *Call);

/// The calls in \p S in source order, lambdas aside.
void callsIn(const Stmt *S, llvm::SmallVectorImpl<const CallExpr *> &Out);

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_HELDFILES_H
