//===--- DescriptorStat.h - Stat calls on a descriptor and what they test -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_DESCRIPTORSTAT_H
#define SYSCALL_TIDY_CHECKS_DESCRIPTORSTAT_H

#include "FdTracking.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include <optional>

namespace clang::tidy::syscall {

/// The descriptor, buffer and mode field of a stat-like call on a descriptor.
struct DescriptorStat {
  const Expr *Target;
  const Expr *Buffer;
  llvm::StringRef ModeField;
};

/// fstat, fstat64, fstatat(fd, "", &st, AT_EMPTY_PATH), statx(fd, "",
/// AT_EMPTY_PATH, ...): the descriptor they stat and where to.
std::optional<DescriptorStat>
descriptorStat(const CallExpr *Call, ASTContext &Ctx, const PosixConstants &C);

/// The local whose address \p E takes (`&st`), or null.
const VarDecl *bufferVariable(const Expr *E);

/// When \p Func only tells whether one of its descriptor parameters is a
/// directory (`return fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);`, or the
/// failed stat returning 0 first): that parameter's index. Its result is
/// then true exactly for a directory, and it does nothing else.
std::optional<unsigned> directoryTestedParam(const FunctionDecl *Func,
                                             ASTContext &Ctx,
                                             const PosixConstants &C);

/// The same for a path: `static int is_dir(const char *p) { struct stat
/// st; return stat(p, &st) == 0 && S_ISDIR(st.st_mode); }`. Its path
/// parameter, and whether the stat follows symlinks (stat, not lstat).
struct DirectoryTestedPath {
  unsigned Param;
  bool Follows;
};
std::optional<DirectoryTestedPath> directoryTestedPath(const FunctionDecl *Func,
                                                       ASTContext &Ctx,
                                                       const PosixConstants &C);

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_DESCRIPTORSTAT_H
