//===--- SeekWriteShapes.h - A write after a seek, in code's shapes ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A seek and the write that goes to its offset are one pwrite only when
// the write runs right after the seek on every path, however the code
// spells that: the write in the else of the seek's test, both tests joined
// by `||`, the seek alone under an `if`, an EINTR retry loop around the
// write; and when the descriptor cannot append (a test of the flags).
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_SEEKWRITESHAPES_H
#define SYSCALL_TIDY_CHECKS_SEEKWRITESHAPES_H

#include "FdTracking.h"
#include "StatementShape.h"
#include "StmtParents.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/STLExtras.h"

namespace clang::tidy::syscall {

/// Whether taking \p Branch of \p Cond implies that flags (what \p IsFlags
/// accepts) have the O_APPEND bit (\p Append) \p Set, or clear without
/// it: `!(flags & O_APPEND)`, `(flags & O_APPEND) == 0`.
bool impliesAppendBit(const Expr *Cond, bool Branch,
                      llvm::function_ref<bool(const Expr *)> IsFlags,
                      int64_t Append, bool Set, ASTContext &Ctx);

/// Whether \p Call, met again on a path from itself, is run again only by
/// an EINTR retry loop: the innermost loops around it only retry, and a
/// loop around those (a loop over records) sets the offset before each
/// write (\p SeeksFirst).
bool retriedOnEintr(const CallExpr *Call, const StmtParents &Parents,
                    const PosixConstants &Constants, ASTContext &Ctx,
                    llvm::function_ref<bool(const Stmt *)> SeeksFirst);

/// `lseek(fd, 0, SEEK_CUR); if (errno == ESPIPE) ...`: the call is made for
/// the errno it leaves, which the next statement reads.
bool errnoReadNext(const CallStatement &St, ASTContext &Ctx);

/// For `if (seek <cmp> v) { ... } else { write...; }` where \p Write is the
/// first statement of the else branch and always runs there: the if.
const IfStmt *seekWithWriteInElse(const CallExpr *Seek, const CallExpr *Write,
                                  const StmtParents &Parents);

/// For `if ((lseek(...) < 0) || (write(...) != n)) fail;`, no else, in a
/// block: the `||`, the seek's test on its left, the write's on its right.
/// The write runs right after a seek that succeeded, as with two `if`s.
/// With earlier tests, `if (fd < 0 || lseek(...) < 0 || write(...) != n)`,
/// the `||` that joins the seek's test to them in \p Earlier.
const BinaryOperator *
seekJoinedWithWrite(const CallExpr *Seek, const CallExpr *Write,
                    const StmtParents &Parents,
                    const BinaryOperator **Earlier = nullptr);

/// For `int bad = lseek(...) < 0; if (bad || write(...) != n) fail;`, the
/// flag set right before an `if` without else (or before the flag that
/// carries the `||` to it), in a block: the `||` (the flag on its left,
/// the write's test on its right) and the flag's statement in \p Flag.
/// With \p Earlier, the flag may also keep earlier tests joined before the
/// seek's (`int bad = fd < 0 || lseek(...) < 0;`), whose `||` it is set
/// to; null when the flag keeps the seek's test alone.
const BinaryOperator *
seekFlagJoinedWithWrite(const CallExpr *Seek, const CallExpr *Write,
                        const StmtParents &Parents, const Stmt *&Flag,
                        const BinaryOperator **Earlier = nullptr);

/// Whether the false edge of \p Cond, the test between \p Seek and the
/// write (the seek's own, a flag that keeps it, the terms joined before
/// the write's), rules out that the seek failed: `seek < 0`, `seek ==
/// -1`, `seek != off` with off the seek's own offset, through `!`, `||`
/// and flags. `if (lseek(...) >= 0 || write(...))` writes after a failure.
bool falseEdgeMeansSeekSucceeded(const Expr *Cond, const CallExpr *Seek,
                                 ASTContext &Ctx);

/// For `if (c) lseek(...);` (or a block holding only the seek), no else,
/// with \p Write in the statement right after the if, which always runs
/// it: the if. The write then follows the seek on one path and runs
/// without it on the other.
const IfStmt *seekOnOneBranch(const CallExpr *SeekCall,
                              const CallStatement &Seek, const CallExpr *Write,
                              const StmtParents &Parents,
                              const ASTContext &Ctx);

/// `if (!(flags & O_APPEND) && lseek(...) == -1) { fail } else { write }`,
/// the `&&` perhaps kept in a flag first: the `&&`, whose left term's true edge
/// rules out O_APPEND (\p Append) and whose right term tests \p Seek, with \p
/// Write first in the else. The write runs after a seek that succeeded, or
/// without one where the flags append.
const BinaryOperator *appendSkipsSeek(const CallExpr *Seek,
                                      const CallExpr *Write,
                                      const StmtParents &Parents,
                                      int64_t Append, ASTContext &Ctx);

/// `if (lseek(...) < 0) return -1; return read(...);`: the seek's test
/// returns -1, and \p Statement returns \p Transfer's result, which is -1
/// when it fails. A failed pread or pwrite there returns what a failed seek
/// did.
bool bothReturnMinusOne(const IfStmt *SeekCheck, const Stmt *Statement,
                        const CallExpr *Transfer, const ASTContext &Ctx);

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_SEEKWRITESHAPES_H
