//===--- Accessors.h - Values a record holds, read through its accessor --===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// C projects keep paths in their own buffer records and read them through
// a one-line accessor (`buf_string(b)`: `if (!b || !b->data) return "";
// return b->data;`), as C++ code calls `path.c_str()`. A call of such an
// accessor is a read of the record its argument points to: the path
// changes only where the record does.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_ACCESSORS_H
#define SYSCALL_TIDY_CHECKS_ACCESSORS_H

#include "clang/AST/Expr.h"

namespace clang::tidy::syscall {

/// For \p E a call of an accessor of this unit (one pointer parameter; a
/// body that calls nothing, stores only into its own locals, and returns a
/// member read through the parameter or a constant), the argument whose
/// record holds the value; null for any other expression.
const Expr *accessedRecord(const Expr *E);

/// Whether \p A and \p B are calls of one accessor on the same variable
/// (`buf_string(buf)` twice).
bool sameAccess(const Expr *A, const Expr *B);

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_ACCESSORS_H
