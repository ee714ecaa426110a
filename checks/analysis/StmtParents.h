//===--- StmtParents.h - Each statement's parent in one function body ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What clang's ParentMap answers, for the checks' questions, on a map whose
// hash mixes every bit of a pointer: DenseMap's default pointer hash (two
// shifts XORed) collides on the nodes of one big function as clang lays
// them out, and its probes then grew with the square of the statements
// (a function of 32,000 blocks spent most of a check's time there).
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_STMTPARENTS_H
#define SYSCALL_TIDY_CHECKS_STMTPARENTS_H

#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include <cstdint>

namespace clang::tidy::syscall {

/// Pointer keys hashed with every bit mixed in (see above).
template <typename T> struct MixedPointerInfo : llvm::DenseMapInfo<T> {
  static unsigned getHashValue(T Ptr) {
    uint64_t X = reinterpret_cast<uintptr_t>(Ptr);
    X *= 0x9E3779B97F4A7C15ULL;
    return static_cast<unsigned>(X >> 32);
  }
};

/// The parent of every statement under a root (a function's body).
class StmtParents {
public:
  explicit StmtParents(const Stmt *Root);

  /// The statement \p S is a child of; null for the root and for
  /// statements outside it.
  const Stmt *getParent(const Stmt *S) const { return Parents.lookup(S); }
  Stmt *getParent(Stmt *S) const {
    return const_cast<Stmt *>(Parents.lookup(S));
  }
  /// The first parent that is not a parenthesis or a cast.
  const Stmt *getParentIgnoreParenCasts(const Stmt *S) const;
  Stmt *getParentIgnoreParenCasts(Stmt *S) const {
    return const_cast<Stmt *>(
        getParentIgnoreParenCasts(static_cast<const Stmt *>(S)));
  }

private:
  llvm::DenseMap<const Stmt *, const Stmt *, MixedPointerInfo<const Stmt *>>
      Parents;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_STMTPARENTS_H
