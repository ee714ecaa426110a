//===--- OffsetSync.h - Does a variable track a descriptor's offset? -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Write loops often keep the file position in a variable and seek to it
// before each write:
//
//   off_t pos = 0;                            // right after the open
//   for (...) {
//     lseek(fd, pos, SEEK_SET);               // pos == offset already
//     ssize_t n = write(fd, buf, len);
//     if (n < 0) return -1;
//     pos += n;                               // offset == pos again
//   }
//
// On a write-only descriptor nothing else moves the offset, so the seek goes
// where the offset already is. This is a forward dataflow over the CFG that
// proves `pos == offset` at the seek on every path.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_OFFSETSYNC_H
#define SYSCALL_TIDY_CHECKS_OFFSETSYNC_H

#include "FdTracking.h"
#include "FlowAnalysis.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::syscall {

class OffsetSync {
public:
  OffsetSync(const FunctionFlow &Flow, const Stmt *Body,
             const FdOperationTable &Operations, ASTContext &Ctx);

  /// Whether \p Pos equals the file offset of \p Fd whenever \p Seek runs.
  /// \p IsFreshOpen tells whether an assignment to \p Fd is an open that
  /// leaves the offset at 0 for this rule (write-only, no O_APPEND).
  bool inSyncAt(const CallExpr *Seek, const VarDecl *Fd, const VarDecl *Pos,
                llvm::function_ref<bool(const Expr *)> IsFreshOpen);

private:
  /// What is known about `Pos` and the offset on entry to a point.
  struct State {
    bool Reached = false;
    bool PosZero = false, OffsetZero = false;
    bool Sync = false;                ///< Pos == offset
    const VarDecl *Pending = nullptr; ///< offset == Pos + Pending
    bool PendingChecked = false;      ///< Pending >= 0 on this path
    bool operator==(const State &O) const;
  };
  static State join(const State &A, const State &B);
  void transfer(const Stmt *S, State &St) const;
  bool impliesNonNegative(const Expr *Cond, bool Branch,
                          const VarDecl *N) const;

  const FunctionFlow &Flow;
  const Stmt *Body;
  const FdOperationTable &Operations;
  ASTContext &Ctx;
  // Per query.
  const VarDecl *Fd = nullptr, *Pos = nullptr;
  llvm::function_ref<bool(const Expr *)> IsFreshOpen;
  /// Each write of Fd whose result is stored, with the statement that
  /// stores it (`n = TEMP_FAILURE_RETRY(write(...))`, not the macro's own
  /// store inside).
  llvm::DenseMap<const CallExpr *, const Stmt *> AssignedWrites;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_OFFSETSYNC_H
