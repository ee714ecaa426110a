//===--- RejectionFix.h - Fix-its for a redundant directory check --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_REJECTIONFIX_H
#define SYSCALL_TIDY_CHECKS_REJECTIONFIX_H

#include "DirectoryRejection.h"
#include "clang/Basic/Diagnostic.h"
#include <string>

namespace clang::tidy::syscall {

/// The edits of one fix, or why there is none.
struct RejectionFix {
  llvm::SmallVector<FixItHint, 4> Fixes;
  std::string Unfixable;
};

/// Deletes the stat, its checks and the declarations only they used; an
/// `if` whose body held nothing else goes with them.
RejectionFix removeRejection(const RejectionPlan &Plan,
                             const StmtParents &Parents, ASTContext &Ctx);

/// Keeps the check, byte for byte, for read-only opens only: adds
/// `(Flags & O_ACCMODE) == O_RDONLY` to the condition that holds it, or
/// wraps the statements in an `if` with that condition.
RejectionFix guardRejection(const RejectionPlan &Plan,
                            const StmtParents &Parents, const Expr *Flags,
                            const PosixConstants &Constants, ASTContext &Ctx);

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_REJECTIONFIX_H
